package vendor

import (
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

// Only vendor remove with confirm=yes writes; every other call reads.
func TestWrites(t *testing.T) {
	r := testkit.Router(Command(Deps{}))
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"vendor remove EvilCloud confirm=yes", true},
		{"供应商 删除 酷算云 确认=是", true},
		{"vendor remove EvilCloud", false},
		{"vendor compare cards=8", false},
		{"vendor list", false},
		{"vendor", false},
	} {
		cmd, args, lang, err := r.Parse(chat.Request{Text: tt.line})
		if err != nil {
			t.Fatalf("%q: %v", tt.line, err)
		}
		if got := r.Writes(cmd, &chat.Call{Args: args, Lang: lang}); got != tt.want {
			t.Errorf("%q writes: got %v, want %v", tt.line, got, tt.want)
		}
	}
}
