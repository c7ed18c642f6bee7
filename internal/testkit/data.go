package testkit

import (
	"encoding/json"
	"testing"

	"gpuadvisor/chat"
)

// DataOf is the Data of a reply to what (the command line, for the
// message), as the command's own type T; an error reply or Data of another
// type fails the test.
func DataOf[T any](t testing.TB, what string, rep chat.Reply) T {
	t.Helper()
	if rep.Error != nil {
		t.Fatalf("%s: unexpected error %+v", what, rep.Error)
	}
	d, ok := rep.Data.(T)
	if !ok {
		var want T
		t.Fatalf("%s: Data is %T, want %T", what, rep.Data, want)
	}
	return d
}

// DecodeReply decodes the JSON the reply renders (chat.RenderJSON) into v,
// as a program reading --json would; JSON that does not decode fails the
// test.
func DecodeReply(t testing.TB, rep chat.Reply, v any) {
	t.Helper()
	if err := json.Unmarshal(chat.RenderJSON(rep), v); err != nil {
		t.Fatalf("the reply's JSON does not decode into %T: %v", v, err)
	}
}
