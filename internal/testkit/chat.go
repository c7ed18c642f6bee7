package testkit

import (
	"context"
	"testing"

	"gpuadvisor/chat"
)

// Router is a router with only cmds, so a command's tests do not depend on
// the other commands being built.
func Router(cmds ...*chat.Command) *chat.Router {
	r := chat.NewRouter()
	r.Register(cmds...)
	return r
}

// Rendered is rep as the terminal shows it, or with asJSON its JSON.
func Rendered(rep chat.Reply, asJSON bool) []byte {
	if asJSON {
		return chat.RenderJSON(rep)
	}
	return []byte(chat.RenderText(rep))
}

// GoldenReply pins rep as the terminal shows it in testdata/name.golden and
// its JSON in testdata/name.json.
func GoldenReply(t testing.TB, name string, rep chat.Reply) {
	t.Helper()
	Testdata(t, name+".golden", Rendered(rep, false))
	Testdata(t, name+".json", Rendered(rep, true))
}

// Bench answers req with r b.N times, rendering the text (and with asJSON
// the JSON too) as the platforms do; an error reply fails the benchmark.
func Bench(b *testing.B, r *chat.Router, req chat.Request, asJSON bool) {
	b.Helper()
	b.ReportAllocs()
	for b.Loop() {
		rep := r.Handle(context.Background(), req)
		if rep.Error != nil {
			b.Fatal(rep.Error)
		}
		_ = chat.RenderText(rep)
		if asJSON {
			_ = chat.RenderJSON(rep)
		}
	}
}
