package chat_test

import (
	"testing"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

func TestName(t *testing.T) {
	names := map[int]advisor.Text{1: {EN: "one", ZH: "一"}, 2: {EN: "two", ZH: "二"}}
	other := advisor.Text{EN: "many", ZH: "许多"}
	for _, tt := range []struct {
		lang chat.Lang
		k    int
		want string
	}{
		{chat.EN, 1, "one"}, {chat.ZH, 2, "二"},
		{chat.EN, 0, "many"}, {chat.ZH, 7, "许多"}, // not in the table: other
	} {
		if got := chat.Name(tt.lang, names, tt.k, other); got != tt.want {
			t.Errorf("Name(%s, %d) = %q, want %q", tt.lang, tt.k, got, tt.want)
		}
	}
}
