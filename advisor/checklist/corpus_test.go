package checklist

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusCase is one vendor answer of testdata/corpus.txt with the statuses
// a careful buyer reads in it.
type corpusCase struct {
	name    string
	expect  map[string]Status
	verdict Verdict
	text    string
}

// readCorpus parses testdata/corpus.txt (its format is described at its top).
func readCorpus(t testing.TB) []corpusCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "corpus.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []corpusCase
	for _, block := range strings.Split(string(b), "\n=== ")[1:] {
		head, text, ok := strings.Cut(block, "\n---\n")
		if !ok {
			t.Fatalf("corpus case %.40q has no --- line", block)
		}
		lines := strings.Split(head, "\n")
		c := corpusCase{name: strings.TrimSpace(lines[0]), expect: map[string]Status{}, text: strings.TrimSpace(text)}
		for _, l := range lines[1:] {
			k, v, _ := strings.Cut(l, ":")
			switch strings.TrimSpace(k) {
			case "expect":
				for _, pair := range strings.Fields(v) {
					id, st, _ := strings.Cut(pair, "=")
					if _, ok := Lookup(id); !ok {
						t.Fatalf("%s: unknown item %q", c.name, id)
					}
					c.expect[id] = Status(st)
				}
			case "verdict":
				c.verdict = Verdict(strings.TrimSpace(v))
			}
		}
		if len(c.expect) == 0 || c.text == "" {
			t.Fatalf("%s: needs expect: lines and a text", c.name)
		}
		out = append(out, c)
	}
	return out
}

// TestCorpus: each realistic answer gives the statuses it must, with
// evidence quoted from the text and a reason, and an item never touched by
// an answer stays missing only where the case says so.
func TestCorpus(t *testing.T) {
	cases := readCorpus(t)
	var zh, en int
	for _, c := range cases {
		if strings.HasPrefix(c.name, "zh-") {
			zh++
		} else if strings.HasPrefix(c.name, "en-") {
			en++
		}
		t.Run(c.name, func(t *testing.T) {
			r := Check(c.text)
			for id, want := range c.expect {
				f := findingOf(r, id)
				if f.Status != want {
					t.Errorf("%s: got %s (%q: %s), want %s", id, f.Status, f.Evidence, f.Why.EN, want)
				}
				if want != Missing && (f.Why.EN == "" || !strings.Contains(strings.Join(strings.Fields(c.text), " "), strings.TrimSuffix(f.Evidence, "…"))) {
					t.Errorf("%s: evidence %q is not quoted from the text, or no why", id, f.Evidence)
				}
			}
			if c.verdict != "" && r.Verdict != c.verdict {
				t.Errorf("verdict: got %s %v, want %s", r.Verdict, r.Reasons, c.verdict)
			}
		})
	}
	if len(cases) < 40 || zh < 15 || en < 15 {
		t.Errorf("the corpus has %d cases (%d Chinese, %d English); want at least 40, 15 of each", len(cases), zh, en)
	}
}
