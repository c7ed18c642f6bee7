package testkit

import (
	"encoding/json"
	"strings"
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

// WantInvalid checks that rep is what bad input must get: an
// invalid_input error on key whose message says says, with an example;
// it reports what is not, naming what (the command line or the case).
func WantInvalid(t testing.TB, what string, rep chat.Reply, key, says string) {
	t.Helper()
	e := rep.Error
	if e == nil || e.Code != chat.CodeInvalid || e.Key != key || !strings.Contains(e.Message, says) || e.Example == "" {
		t.Errorf("%s: error %+v (reply %q); want invalid_input on %q saying %q, with an example", what, e, rep.Title, key, says)
	}
}
