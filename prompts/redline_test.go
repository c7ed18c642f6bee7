package prompts

import (
	"strings"
	"testing"
)

// TestRedlineChanges: what a rewording changed, clause by clause, with
// the words around each change kept out of it.
func TestRedlineChanges(t *testing.T) {
	rows := []struct {
		name, job string
		edits     [][2]string
		want      []Change // Clause, Removed, Added
	}{
		{"identical", "sla.en", nil, nil},
		{"one clause", "sla.en", [][2]string{{"delivers a written destruction certificate", "provides a written certificate of destruction"}},
			[]Change{{Clause: "6", Removed: "delivers … destruction", Added: "provides … of destruction"}}},
		{"two clauses", "sla.zh", [][2]string{{"并出具书面销毁证明", "并提供书面的销毁证明"}, {"合同期内价格不变", "合同期内价格保持不变"}},
			[]Change{{Clause: "6", Removed: "出具", Added: "提供 … 的"}, {Clause: "7", Added: "保持"}}},
		{"a prose line", "renewal.en", [][2]string{{"Before it renews, we have compared our actual usage with the price.", "Ahead of the renewal we compared what we actually used with what we pay."}},
			[]Change{{Clause: "line 5", Removed: "Before it renews, we have … our actual usage … the price", Added: "Ahead of the renewal we … what we actually used … what we pay"}}},
		{"a line added", "questions.zh", [][2]string{{"谢谢！", "谢谢！\n祝好"}}, []Change{{Clause: "line 23", Added: "祝好"}}},
	}
	for _, r := range rows {
		j := jobFor(t, r.job)
		cand := j.text
		for _, e := range r.edits {
			if !strings.Contains(cand, e[0]) {
				t.Fatalf("%s: %q is not in the template", r.name, e[0])
			}
			cand = strings.Replace(cand, e[0], e[1], 1)
		}
		got := Redline(j.text, cand)
		if len(got) != len(r.want) {
			t.Errorf("%s: %d changes %+v, want %d", r.name, len(got), got, len(r.want))
			continue
		}
		for i, w := range r.want {
			g := got[i]
			if g.Clause != w.Clause || g.Removed != w.Removed || g.Added != w.Added {
				t.Errorf("%s: change %d is %q -%q +%q, want %q -%q +%q", r.name, i, g.Clause, g.Removed, g.Added, w.Clause, w.Removed, w.Added)
			}
		}
	}
}

// TestRedlineRebuilds: the kept and removed runs of every change are the
// template's line, the kept and added runs the LLM's, for every harmless
// rewording of the corpus.
func TestRedlineRebuilds(t *testing.T) {
	for _, r := range loadRewrites(t, "testdata/benign_rewrites.txt") {
		j := jobFor(t, r.job)
		cs := Redline(j.text, r.apply(t, j.text))
		if len(cs) == 0 {
			t.Errorf("%s: no change found", r.name)
		}
		for _, c := range cs {
			var before, after strings.Builder
			for _, s := range c.Spans {
				if s.Op != '+' {
					before.WriteString(s.Text)
				}
				if s.Op != '-' {
					after.WriteString(s.Text)
				}
			}
			if before.String() != c.Before || after.String() != c.After {
				t.Errorf("%s, %s: spans rebuild %q / %q, want %q / %q", r.name, c.Clause, before.String(), after.String(), c.Before, c.After)
			}
		}
	}
}

// FuzzRedline: for any two texts the redline's spans rebuild both lines
// of every change, and equal texts have no change.
func FuzzRedline(f *testing.F) {
	f.Add("1. A is replaced within 4 hours.\nBye", "1. A should be replaced within 4 hours.\nBye")
	f.Add("酷算云须在4小时内", "酷算云可在4小时内\n新的一行")
	f.Fuzz(func(t *testing.T, a, b string) {
		if a == b && len(Redline(a, b)) != 0 {
			t.Fatalf("equal texts have changes")
		}
		for _, c := range Redline(a, b) {
			var before, after strings.Builder
			for _, s := range c.Spans {
				if s.Op != '+' {
					before.WriteString(s.Text)
				}
				if s.Op != '-' {
					after.WriteString(s.Text)
				}
			}
			if before.String() != c.Before || after.String() != c.After {
				t.Fatalf("spans rebuild %q / %q, want %q / %q", before.String(), after.String(), c.Before, c.After)
			}
		}
	})
}
