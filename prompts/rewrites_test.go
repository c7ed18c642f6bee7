package prompts

import (
	"context"
	"os"
	"strings"
	"testing"
)

// rewrite is one stanza of testdata/rewrites.txt or benign_rewrites.txt.
type rewrite struct {
	name, job, want string
	edits           [][2]string // old, new; old "" appends new as a line
}

func loadRewrites(t *testing.T, file string) []rewrite {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []rewrite
	var old *string
	for n, line := range strings.Split(string(b), "\n") {
		cur := func() *rewrite {
			if len(out) == 0 {
				t.Fatalf("%s:%d: %q before the first ## stanza", file, n+1, line)
			}
			return &out[len(out)-1]
		}
		switch {
		case strings.HasPrefix(line, "## "):
			out = append(out, rewrite{name: line[3:]})
		case strings.HasPrefix(line, "job: "):
			cur().job = line[5:]
		case strings.HasPrefix(line, "want: "):
			cur().want = line[6:]
		case strings.HasPrefix(line, "- "):
			s := line[2:]
			old = &s
		case strings.HasPrefix(line, "+ "):
			if old == nil {
				t.Fatalf("%s:%d: + without -", file, n+1)
			}
			cur().edits = append(cur().edits, [2]string{*old, line[2:]})
			old = nil
		case strings.HasPrefix(line, "> "):
			cur().edits = append(cur().edits, [2]string{"", line[2:]})
		}
	}
	return out
}

// jobFor builds the template job a stanza names ("sla.en").
func jobFor(t *testing.T, name string) job {
	t.Helper()
	kind, lang, _ := strings.Cut(name, ".")
	var j job
	var err error
	switch kind {
	case "sla":
		j, err = slaTerms.job(lang)
	case "renewal":
		j, err = renewalTerms.job(lang)
	case "questions":
		in := questionsEN
		if lang == ZH {
			in = questionsZH
		}
		j, err = in.job(lang)
	default:
		t.Fatalf("unknown job %q", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return j
}

func (r rewrite) apply(t *testing.T, text string) string {
	t.Helper()
	for _, e := range r.edits {
		if e[0] == "" {
			text += "\n" + e[1]
			continue
		}
		if !strings.Contains(text, e[0]) {
			t.Fatalf("%s: %q is not in the %s draft", r.name, e[0], r.job)
		}
		text = strings.ReplaceAll(text, e[0], e[1])
	}
	return text
}

// draftWith runs a job through the Service with an LLM that answers text.
func draftWith(t *testing.T, j job, text string) Draft {
	t.Helper()
	s := &Service{LLM: &scripted{results: []result{{out: text}}}, Retries: -1, Log: quiet}
	d, err := s.write(context.Background(), j)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestAdversarialRewrites: every rewrite in testdata/rewrites.txt changes
// what the draft commits to (a number's unit or clause, a weakening
// qualifier, a negation, a link in disguise). Each must fall back to the
// template, and the reason shown must name the check the stanza expects.
// With presence checks only (before grounding by structure), 45 of the
// first 55 were used as the draft; with the structure checks but before
// the clause-by-clause ones, 65 of the 86 newer ones were.
func TestAdversarialRewrites(t *testing.T) {
	rws := loadRewrites(t, "testdata/rewrites.txt")
	langs, kinds, wants := map[string]int{}, map[string]int{}, map[string]int{}
	for _, r := range rws {
		j := jobFor(t, r.job)
		langs[j.lang]++
		kinds[r.job]++
		wants[r.want]++
		d := draftWith(t, j, r.apply(t, j.text))
		if d.Source != SourceTemplate || d.Text != j.text {
			t.Errorf("%s (%s): the rewrite was used as the draft (%s)", r.name, r.job, d)
			continue
		}
		if d.Reason == nil || d.Reason.Code != ReasonCheckFailed {
			t.Errorf("%s (%s): path %s, want a failed check", r.name, r.job, d)
			continue
		}
		// the check the stanza names must catch it, whichever is shown first
		var caught []string
		var named *Reason
		for _, f := range j.failures(r.apply(t, j.text), "") {
			caught = append(caught, f.Check)
			if f.Check == r.want && named == nil {
				named = f
			}
		}
		if named == nil {
			t.Errorf("%s (%s): caught by %v, want %s among them", r.name, r.job, caught, r.want)
			continue
		}
		for _, f := range []*Reason{d.Reason, named} {
			msg := f.Message(j.lang)
			if msg == "" || strings.Contains(msg, "%!") || !strings.Contains(msg, CheckLabel(j.lang, f.Check)) || j.lang == ZH && strings.Contains(msg, f.Check) {
				t.Errorf("%s: reason shown as %q", r.name, msg)
			}
		}
	}
	if len(rws) < 80 || langs[EN] < 30 || langs[ZH] < 30 {
		t.Errorf("corpus has %d rewrites (%d en, %d zh), want at least 80 with 30 of each language", len(rws), langs[EN], langs[ZH])
	}
	// every kind in both languages, and every check of meaning at least once
	for _, k := range []string{"sla.en", "sla.zh", "renewal.en", "renewal.zh", "questions.en", "questions.zh"} {
		if kinds[k] < 3 {
			t.Errorf("corpus has %d rewrites of %s, want at least 3", kinds[k], k)
		}
	}
	for _, c := range []string{CheckModal, CheckExclusion, CheckCap, CheckWaiver, CheckChoice, CheckResponsibility, CheckCondition,
		CheckDirection, CheckClauseOrder, CheckSubject, CheckClause, CheckUnknownNumber, CheckSpelledNumber, CheckURL, CheckEmail,
		CheckMention, CheckPhone, CheckContact, CheckInstruction, CheckAlignment} {
		if wants[c] == 0 {
			t.Errorf("no rewrite in the corpus wants the %s check", c)
		}
	}
}

// TestBenignRewrites: faithful rewordings are accepted (no false positive).
func TestBenignRewrites(t *testing.T) {
	for _, r := range loadRewrites(t, "testdata/benign_rewrites.txt") {
		j := jobFor(t, r.job)
		cand := r.apply(t, j.text)
		if d := draftWith(t, j, cand); d.Source != SourceLLM {
			t.Errorf("%s (%s): rejected: %s", r.name, r.job, d.Reason.Message(EN))
		}
	}
}

// TestTemplateClauses: in each template the fact numbers sit in the clause
// they belong to, so the clause check compares like with like.
func TestTemplateClauses(t *testing.T) {
	want := map[string]string{"30 min": "response", "4 h": "replacement|outage", "2 x": "compensation"}
	for _, lang := range []string{EN, ZH} {
		j := jobFor(t, "sla."+lang)
		got := map[string][]string{}
		for _, p := range quantities(j.text) {
			if p.clause != "" {
				got[p.q.String()] = append(got[p.q.String()], p.clause)
			}
		}
		for q, w := range want {
			if g := strings.Join(got[q], "|"); g != w {
				t.Errorf("%s: %s is in %q, want %q", lang, q, g, w)
			}
		}
	}
}

// BenchmarkCheck: every grounding check on an accepted LLM draft (the
// slowest path: nothing fails early), SLA clauses in English and Chinese.
func BenchmarkCheck(b *testing.B) {
	for _, lang := range []string{EN, ZH} {
		j, err := slaTerms.job(lang)
		if err != nil {
			b.Fatal(err)
		}
		cand := strings.Replace(j.text, "1. ", "1) ", 1)
		b.Run(lang, func(b *testing.B) {
			for b.Loop() {
				if r := j.check(cand, "VENDOR_DATA_X"); r != nil {
					b.Fatal(r)
				}
			}
		})
	}
}

// TestReasonWords: a quantity in a reason is written in the user's words.
func TestReasonWords(t *testing.T) {
	rows := []struct{ check, value, lang, want string }{
		{CheckQuantityAdded, "4 d", EN, "it added 4 days, which is not in the facts"},
		{CheckQuantityAdded, "4 d", ZH, "加入了事实中没有的 4 天"},
		{CheckQuantityDropped, "2 x", EN, "it dropped or changed 2x"},
		{CheckQuantityDropped, "¥35/h", ZH, "遗漏或改动了 每小时 ¥35"},
		{CheckClause, "4 h / response time", EN, "4 hours no longer belongs to the response time clause, or a number moved into it"},
		{CheckQuantityAdded, "¥3000/card/mo", ZH, "加入了事实中没有的 每卡每月 ¥3000"},
		{CheckQuantityAdded, "$5/card/h", EN, "it added $5 per card per hour, which is not in the facts"},
		{CheckQuantityDropped, "8 cards", ZH, "遗漏或改动了 8 张卡"},
		{CheckNegation, "moved:9", ZH, "在第 9 条把否定移到了别的内容上（原本承诺不发生的事变成会发生，或反之）"},
		{CheckNegation, "免费", EN, "it removed what cost nothing (\"免费\")"},
	}
	for _, r := range rows {
		if got := checkMessage(r.lang, r.check, r.value); got != r.want {
			t.Errorf("%s %q (%s) = %q, want %q", r.check, r.value, r.lang, got, r.want)
		}
	}
}

// TestCheckLabels: every check has a Chinese name, so a Chinese reason
// holds no English key.
func TestCheckLabels(t *testing.T) {
	for check := range checkTexts.Get() {
		if l := CheckLabel(ZH, check); l == check {
			t.Errorf("check %s has no Chinese name", check)
		}
	}
	for _, c := range []string{CheckClause, CheckNegation} { // their texts are written in checkMessage
		if l := CheckLabel(ZH, c); l == c {
			t.Errorf("check %s has no Chinese name", c)
		}
	}
}
