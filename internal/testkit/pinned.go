package testkit

import (
	"testing"

	"gpuadvisor/chat"
)

// Pinned is one request of a command's golden table: the golden files'
// name, the command line, a file that goes with it (a pasted answer, a
// quotes file; how is the test's choice) and the language it forces.
type Pinned struct {
	Name, Text, File string
	Lang             chat.Lang
}

// GoldenTable pins, in a subtest per request, the reply answer gives, as
// GoldenReply does; an error reply fails the subtest (a golden table pins
// answers; bad input is tested where its key and words are checked).
func GoldenTable(t *testing.T, pins []Pinned, answer func(t testing.TB, p Pinned) chat.Reply) {
	t.Helper()
	for _, p := range pins {
		t.Run(p.Name, func(t *testing.T) {
			rep := answer(t, p)
			if rep.Error != nil {
				t.Fatalf("%q: unexpected error %v", p.Name, rep.Error)
			}
			GoldenReply(t, p.Name, rep)
		})
	}
}
