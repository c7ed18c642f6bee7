package checklist

import (
	"sync"
)

// Status is how a vendor's text answers one item.
type Status string

// The statuses, from best to worst.
const (
	Covered Status = "covered" // a concrete answer: numbers with units, named models, a measurement
	Vague   Status = "vague"   // the topic is touched but without specifics, or hedged
	Missing Status = "missing" // nothing in the text touches the topic
)

// Finding is one item's status with the phrase that decided it.
type Finding struct {
	Item   Item
	Status Status
	// Evidence quotes the vendor's text that decided the status (at most
	// 140 characters); empty when Missing.
	Evidence string
	// Hedged is set when a concrete answer was hedged ("视情况", "best
	// effort") and so counts as Vague.
	Hedged bool
}

// Score counts one dimension's findings.
type Score struct {
	Covered, Vague, Missing int
	// Percent is (covered + vague/2) / items × 100, rounded.
	Percent int
}

// Result is the gap analysis of one vendor text.
type Result struct {
	// Findings has one entry per item, in checklist order.
	Findings []Finding
	// Scores per dimension.
	Scores map[Dimension]Score
	// Overall is the score over all items, computed like Score.Percent.
	Overall int
	// RedFlags are the vague phrases found, in order of first appearance.
	RedFlags []RedFlag
	// FollowUp are the vague and missing findings, in checklist order: the
	// questions to send the vendor.
	FollowUp []Finding
	// Verdict is the decision by VerdictRule.
	Verdict Verdict
	// Reasons say which parts of VerdictRule decided the verdict.
	Reasons []Text
}

// maxWindowsPerItem bounds the passages examined per item; the first ones
// in the text are kept. It keeps a long answer fast, and a topic touched
// this many times has had its chance to be answered concretely.
const maxWindowsPerItem = 48

// hedges make a concrete-looking answer vague: they are not commitments.
var hedges = w("视情况|看情况|再议|再谈|另谈|可以谈|商量|尽量|争取|酌情|原则上|一般|通常|大概|大约|不一定|待定|另议|case by case|case-by-case|best effort|best-effort|depending on|depends on|to be discussed|~tbd~|we'll try|we will try|should be fine|~usually|~typically|~generally|in principle|~roughly")

// matcher holds the automaton over every item topic and red-flag trigger.
type matcher struct {
	auto   *automaton
	terms  []term
	owners [][]owner // per term id
}

// owner is who a term belongs to: an item (index into all) or a red flag.
type owner struct {
	item int // -1 for a red flag
	flag int
}

var (
	matchOnce sync.Once
	theMatch  *matcher
)

func getMatcher() *matcher {
	matchOnce.Do(func() {
		m := &matcher{}
		ids := map[string]int{}
		add := func(raw string, o owner) {
			t := parseTerm(raw)
			if t.text == "" {
				return
			}
			key := raw
			id, ok := ids[key]
			if !ok {
				id = len(m.terms)
				ids[key] = id
				m.terms = append(m.terms, t)
				m.owners = append(m.owners, nil)
			}
			m.owners[id] = append(m.owners[id], o)
		}
		for i, it := range all {
			for _, x := range it.topics {
				add(x, owner{item: i, flag: -1})
			}
		}
		for f, fl := range flags {
			for _, x := range fl.triggers {
				add(x, owner{item: -1, flag: f})
			}
		}
		texts := make([]string, len(m.terms))
		for i, t := range m.terms {
			texts[i] = t.text
		}
		m.auto = newAutomaton(texts)
		theMatch = m
	})
	return theMatch
}

// hit is where a red-flag trigger matched.
type hit struct {
	seg    int
	phrase string
}

// Check reads a vendor's text and returns the gap analysis. It never fails:
// empty text gives every item Missing. Callers bound the size (the chat
// command refuses over 100 KB); the work is linear in the text's length.
func Check(text string) Result {
	d := parse(text)
	m := getMatcher()
	itemSegs := make([][]int, len(all))
	flagHits := make([][]hit, len(flags))
	m.auto.scan(d.norm, func(id int32, end int) {
		t := m.terms[id]
		start := end - len(t.text)
		if !t.boundaryOK(d.norm, start) {
			return
		}
		seg := d.segAt(start)
		for _, o := range m.owners[id] {
			if o.item >= 0 {
				s := itemSegs[o.item]
				if len(s) == 0 || s[len(s)-1] != seg {
					itemSegs[o.item] = append(s, seg)
				}
				continue
			}
			flagHits[o.flag] = append(flagHits[o.flag], hit{seg: seg, phrase: t.text})
		}
	})

	res := Result{Scores: map[Dimension]Score{}}
	covered := map[string]bool{}
	for i := range all {
		f := evalItem(d, &all[i], itemSegs[i])
		res.Findings = append(res.Findings, f)
		if f.Status == Covered {
			covered[f.Item.ID] = true
		} else {
			res.FollowUp = append(res.FollowUp, f)
		}
	}
	res.RedFlags = findRedFlags(d, flagHits, covered)
	total := Score{}
	for _, f := range res.Findings {
		s := res.Scores[f.Item.Dimension]
		bump(&s, f.Status)
		res.Scores[f.Item.Dimension] = s
		bump(&total, f.Status)
	}
	for dim, s := range res.Scores {
		s.Percent = percent(s)
		res.Scores[dim] = s
	}
	res.Overall = percent(total)
	res.Verdict, res.Reasons = decide(res)
	return res
}

func bump(s *Score, st Status) {
	switch st {
	case Covered:
		s.Covered++
	case Vague:
		s.Vague++
	default:
		s.Missing++
	}
}

func percent(s Score) int {
	n := s.Covered + s.Vague + s.Missing
	if n == 0 {
		return 0
	}
	// (covered + vague/2) / n × 100, rounded half up, in integers.
	return (200*s.Covered + 100*s.Vague + n) / (2 * n)
}

// evalItem decides one item from the clauses that touch its topic.
func evalItem(d *doc, it *Item, segs []int) Finding {
	f := Finding{Item: *it, Status: Missing}
	if g := it.gate; len(g.need) > 0 || len(g.not) > 0 {
		kept := segs[:0:0]
		for _, s := range segs {
			if g.admits(d.normText(window{s, s})) {
				kept = append(kept, s)
			}
		}
		segs = kept
	}
	if len(segs) == 0 {
		return f
	}
	var wins []window
	for _, s := range segs {
		w := d.windowOf(s)
		if n := len(wins); n > 0 && wins[n-1] == w {
			continue
		}
		wins = append(wins, w)
		if len(wins) == maxWindowsPerItem {
			break
		}
	}
	f.Status = Vague
	f.Evidence = d.evidence(window{segs[0], segs[0]})
	need := max(it.min, 1)
	satisfied := make([]bool, len(it.signals))
	count := 0
	first := -1
	hedgedAt := -1
	for wi, w := range wins {
		if d.asks(w.lo) {
			continue // a question names the topic but answers nothing
		}
		txt := d.normText(w)
		hedged := containsAny(txt, hedges)
		for si := range it.signals {
			if satisfied[si] || !it.signals[si].holds(txt) {
				continue
			}
			if hedged {
				if hedgedAt < 0 {
					hedgedAt = wi
				}
				continue
			}
			satisfied[si] = true
			count++
			if first < 0 {
				first = wi
			}
		}
		if count >= need {
			f.Status = Covered
			f.Evidence = d.evidence(wins[first])
			return f
		}
	}
	if hedgedAt >= 0 {
		f.Hedged = true
		f.Evidence = d.evidence(wins[hedgedAt])
	}
	return f
}

// holds reports whether every part of the signal is present in txt.
func (s *signal) holds(txt string) bool {
	if len(s.terms) > 0 && !s.version && !containsAny(txt, s.terms) {
		return false
	}
	if len(s.also) > 0 && !containsAny(txt, s.also) {
		return false
	}
	if len(s.units) > 0 && !hasNumberUnit(txt, s.units) {
		return false
	}
	if s.version && !hasVersion(txt, s.terms) {
		return false
	}
	return true
}
