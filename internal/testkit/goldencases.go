package testkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// Case is one pinned reply: the command line, the lines run before it on
// a fresh store (setup), and the golden file it is pinned in.
type Case struct {
	// Name names the golden file: testdata/<name>.golden holds the text the
	// terminal shows, or, for a name that starts with json_,
	// testdata/<name>.json holds the JSON.
	Name  string
	Text  string
	Setup []string
}

// JSON reports whether the case pins the JSON rather than the text.
func (c Case) JSON() bool { return strings.HasPrefix(c.Name, "json_") }

// ReadCases reads the cases of a golden test from testdata/<file>: a case
// is `name: command line`; lines indented under it are its setup, run
// first; blank lines and lines starting with # are skipped. The requests
// are data beside the goldens they pin, so a reviewer reads both together.
func ReadCases(t testing.TB, file string) []Case {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var out []Case
	for i, line := range strings.Split(string(b), "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#"):
		case trimmed != line && len(out) > 0: // indented: setup of the case above
			out[len(out)-1].Setup = append(out[len(out)-1].Setup, trimmed)
		default:
			name, text, ok := strings.Cut(trimmed, ": ")
			if !ok || name == "" || strings.ContainsAny(name, " /") {
				t.Fatalf("%s:%d: want `name: command line`, got %q", file, i+1, line)
			}
			out = append(out, Case{Name: name, Text: text})
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no cases", file)
	}
	return out
}

// GoldenCases pins, in a subtest per case of testdata/<file>, the reply
// answer gives.
func GoldenCases(t *testing.T, file string, answer func(t testing.TB, c Case) chat.Reply) {
	t.Helper()
	for _, c := range ReadCases(t, file) {
		t.Run(c.Name, func(t *testing.T) {
			rep := answer(t, c)
			if c.JSON() {
				Testdata(t, c.Name+".json", Rendered(rep, true))
			} else {
				Testdata(t, c.Name+".golden", Rendered(rep, false))
			}
		})
	}
}
