package checklist

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Status is how a vendor's text answers one item.
type Status string

// The statuses. Risk is clear and bad; Missing is a question to send.
const (
	Covered Status = "covered" // clear and acceptable: numbers with units, named models, a commitment
	Risk    Status = "risk"    // clear, and a known trap (no NVLink, logical deletion only, office hours only, ...)
	Vague   Status = "vague"   // the topic is touched without what makes it checkable, or hedged
	Missing Status = "missing" // nothing in the text touches the topic
)

// Finding is one item's status with the phrase that decided it and why.
type Finding struct {
	Item   Item
	Status Status
	// Evidence quotes the vendor's text that decided the status (at most
	// 140 characters); empty when Missing.
	Evidence string
	// Why says in one sentence why the phrase gives this status.
	Why Text
	// Hedged is set when a concrete answer was hedged ("视情况", "best
	// effort") and so counts as Vague.
	Hedged bool
}

// Counts counts findings by status: answered items (covered, risk, vague)
// and open ones (missing) are kept apart.
type Counts struct {
	Covered int `json:"covered"`
	Risk    int `json:"risk"`
	Vague   int `json:"vague"`
	Missing int `json:"missing"`
}

// Answered is how many items the text addressed.
func (c Counts) Answered() int { return c.Covered + c.Risk + c.Vague }

func (c *Counts) add(st Status) {
	switch st {
	case Covered:
		c.Covered++
	case Risk:
		c.Risk++
	case Vague:
		c.Vague++
	default:
		c.Missing++
	}
}

// Result is the gap analysis of one vendor text.
type Result struct {
	// Findings has one entry per item, in checklist order.
	Findings []Finding
	// Counts over all items, and per dimension.
	Counts Counts
	Scores map[Dimension]Counts
	// RedFlags are the vague phrases found, in order of first appearance.
	RedFlags []RedFlag
	// FollowUp are the vague and missing findings in checklist order: the
	// questions to send. AskNext orders them by importance.
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
var hedges = []string{"视情况", "看情况", "再议", "再谈", "另谈", "可以谈", "商量", "协商", "面议", "尽量", "尽可能", "尽快", "尽力", "力争", "争取", "酌情", "原则上", "一般", "通常", "大概", "大约", "不一定", "待定", "另议", "妥善", "基本上", "基本都能", "基本都会", "基本都在", "基本能", "基本可以", "基本会", "基本不会", "基本没", "基本保证", "基本在", "基本0", "基本1", "基本2", "基本3", "基本4", "基本5", "基本6", "基本7", "基本8", "基本9", "多数情况", "大多数情况", "大部分情况", "具体情况", "看具体", "看量", "看用量", "看数量", "看您的量", "~where possible", "~if possible", "~as far as possible", "~as soon as possible", "~asap~", "~reasonable efforts", "~we aim to", "~aim to", "case by case", "case-by-case", "best effort", "best-effort", "depending on", "depends on", "to be discussed", "~tbd~", "we'll try", "we will try", "should be fine", "~usually", "~typically", "~generally", "in principle", "~roughly", "~in most cases", "~most of the time", "~normally", "~do our best", "~try our best", "~try to", "~subject to", "~aim for", "~we target", "~our target", "目标是",
	// guesses: a salesperson unsure of the answer (应该是有的, I think it's SXM4)
	"应该", "可能是", "可能有", "可能会", "估计", "好像", "印象中", "我记得", "记得是", "理论上", "按理说", "没记错的话", "如果没记错",
	"~probably", "~i think~", "~i believe~", "~afaik~", "~as far as i know", "~iirc~", "~if i recall", "~i guess~", "~should be~",
	"~should have~", "~should support", "~maybe~", "~perhaps~", "~presumably", "~most likely", "~likely~"}

// notHedges begin with a hedge but are names, not hedges (一般纳税人, a
// general VAT taxpayer, is what can issue a special invoice).
var notHedges = []string{"一般纳税人", "一般纳税", "一般户"}

// matcher holds the automaton over every item topic and red-flag trigger.
type matcher struct {
	auto   *automaton
	terms  []term
	owners [][]owner // per term id
}

// owner is who a term belongs to: an item (index into all) or a red flag.
type owner struct {
	item int  // -1 for a red flag, a negator or a hedge
	flag int  // -1 for an item, a negator or a hedge
	trap bool // the term is a trap's positive phrase of the item
	neg  bool // the term is a negator or a denial
	edge bool // the term is a hedge
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
		for i, it := range allItems() {
			when := map[string]bool{}
			for _, t := range it.traps {
				for _, x := range t.when {
					when[x] = true
				}
			}
			for _, x := range it.topics {
				add(x, owner{item: i, flag: -1, trap: when[x]})
			}
		}
		for f, fl := range flags {
			for _, x := range fl.triggers {
				add(x, owner{item: -1, flag: f})
			}
		}
		for _, x := range append(append([]string(nil), negators...), denials...) {
			add(x, owner{item: -1, flag: -1, neg: true})
		}
		for _, x := range hedges {
			add(x, owner{item: -1, flag: -1, edge: true})
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
	d.segNeg, d.segHedge = make([]bool, len(d.segs)), make([]string, len(d.segs))
	all := allItems()
	itemSegs := make([][]int, len(all))
	trapHit := make([]bool, len(all)) // a trap's positive phrase is in the text
	flagHits := make([][]hit, len(flags))
	m.auto.scan(d.norm, func(id int32, end int) {
		t := m.terms[id]
		start := end - len(t.text)
		if !t.boundaryOK(d.norm, start) {
			return
		}
		seg := d.segAt(start)
		for _, o := range m.owners[id] {
			switch {
			case o.neg:
				d.segNeg[seg] = true
				continue
			case o.edge:
				if startsAny(d.norm[start:], notHedges) {
					continue
				}
				if d.segHedge[seg] == "" {
					d.segHedge[seg] = t.text // the first hedge to end in the clause
				}
				continue
			}
			if o.item >= 0 {
				trapHit[o.item] = trapHit[o.item] || o.trap
				s := itemSegs[o.item]
				if len(s) == 0 || s[len(s)-1] != seg {
					itemSegs[o.item] = append(s, seg)
				}
				continue
			}
			flagHits[o.flag] = append(flagHits[o.flag], hit{seg: seg, phrase: t.text})
		}
	})

	for i, t := range d.tag {
		if t != "" && d.segHedge[i] == "" {
			d.segHedge[i] = t
		}
	}
	res := Result{Scores: map[Dimension]Counts{}}
	covered := map[string]bool{}
	for i := range all {
		f := evalItem(d, &all[i], itemSegs[i], trapHit[i])
		if f.Item.ID == "hw.interconnect" {
			f = nvlBound(d, f)
		}
		res.Findings = append(res.Findings, f)
		if f.Status == Covered {
			covered[f.Item.ID] = true
		}
	}
	res.RedFlags = findRedFlags(d, flagHits, covered)
	offTheBooks(res.Findings, res.RedFlags)
	explainByFlags(res.Findings, res.RedFlags)
	for _, f := range res.Findings {
		c := res.Scores[f.Item.Dimension]
		c.add(f.Status)
		res.Scores[f.Item.Dimension] = c
		res.Counts.add(f.Status)
	}
	for _, f := range res.Findings {
		if f.Status == Vague || f.Status == Missing {
			res.FollowUp = append(res.FollowUp, f)
		}
	}
	res.Verdict, res.Reasons = decide(res)
	return res
}

// offTheBooks makes the invoice item a risk when a severe red flag (no
// invoice, a personal account) is found: that is the invoice question
// answered, and badly, whatever else the text says about invoices.
func offTheBooks(fs []Finding, flags []RedFlag) {
	for _, fl := range flags {
		if !fl.Severe {
			continue
		}
		for i := range fs {
			if f := &fs[i]; f.Item.ID == "bill.invoice" && f.Status != Risk {
				f.Status, f.Evidence, f.Hedged = Risk, fl.Evidence, false
				f.Why = Text{EN: sentence(fl.Why.EN), ZH: fl.Why.ZH + "。"}
			}
		}
		return
	}
}

// explainByFlags gives a vague item without a reason of its own the reason
// of the red flag found in the same phrase ("流量免费" lacks a quota).
func explainByFlags(fs []Finding, flags []RedFlag) {
	for i := range fs {
		f := &fs[i]
		if f.Status != Vague || f.Why != whyVague {
			continue
		}
		for _, fl := range flags {
			if strings.Contains(normalize(f.Evidence), fl.Phrase) && (len(fl.explains) == 0 || slices.Contains(fl.explains, f.Item.ID)) {
				f.Why = Text{EN: sentence(fl.Why.EN), ZH: fl.Why.ZH + "。"}
				break
			}
		}
	}
}

// sentence capitalizes s and ends it with a full stop.
func sentence(s string) string {
	if s != "" && s[0] >= 'a' && s[0] <= 'z' {
		s = string(s[0]-'a'+'A') + s[1:]
	}
	return s + "."
}

// AskNext is FollowUp by importance: key items first, vague before
// missing, otherwise in checklist order.
func (r Result) AskNext() []Finding {
	out := make([]Finding, 0, len(r.FollowUp))
	for _, key := range []bool{true, false} {
		for _, st := range []Status{Vague, Missing} {
			for _, f := range r.FollowUp {
				if f.Item.Key == key && f.Status == st {
					out = append(out, f)
				}
			}
		}
	}
	return out
}

// evalItem decides one item from the clauses that touch its topic.
// whenHit says whether a trap's positive phrase occurs in the text at all
// (the automaton saw it); without one only negated terms can spring a trap.
func evalItem(d *doc, it *Item, segs []int, whenHit bool) Finding {
	f := Finding{Item: *it, Status: Missing, Why: whyMissing}
	if g := it.gate; len(g.need) > 0 || len(g.not) > 0 {
		kept := segs[:0:0]
		for _, s := range segs {
			w := window{s, s}
			if g.wide {
				w = d.windowOf(s)
			}
			if g.admits(d.normText(w)) {
				kept = append(kept, s)
			}
		}
		segs = kept
	}
	if len(segs) == 0 {
		return f
	}
	var wins []window
	var at []int // the clause each window was found at
	for _, s := range segs {
		w := d.windowOf(s)
		if n := len(wins); n > 0 && wins[n-1] == w {
			continue
		}
		wins = append(wins, w)
		at = append(at, s)
		if len(wins) == maxWindowsPerItem {
			break
		}
	}
	// A trap anywhere decides: a careful buyer reads the bad answer first.
	for wi, w := range wins {
		if d.asks(w.lo) {
			continue
		}
		if len(it.traps) == 0 {
			break
		}
		txt, claims, negs := d.normText(w), d.claims(), d.negated(w)
		if !whenHit && !negs {
			continue
		}
		for ti := range it.traps {
			t := &it.traps[ti]
			if t.sprung(txt, claims, negs) {
				in := func(s string) bool { return t.sprung(s, claims, true) }
				f.Status, f.Evidence, f.Why = Risk, d.evidence(narrow(d, w, at[wi], in)), t.why
				if t.vague {
					f.Status = Vague
				}
				return f
			}
		}
	}
	f.Status = Vague
	f.Why = whyVague
	need := max(it.min, 1)
	satisfied := make([]bool, len(it.signals))
	count := 0
	first := -1
	var firstWin window // the clauses the first signal held in
	hedgedAt, hedge := -1, ""
	var hedgedWin window // the clauses the hedge was found in
	answered := false
	for wi, w := range wins {
		if d.asks(w.lo) {
			continue // a question names the topic but answers nothing
		}
		if !answered {
			answered = true
			f.Evidence = d.evidence(window{at[wi], at[wi]})
		}
		txt := d.normText(w)
		for si := range it.signals {
			sig := &it.signals[si]
			if satisfied[si] {
				continue
			}
			var n window
			switch own := (window{at[wi], at[wi]}); {
			case sig.holds(txt):
				// A hedge marks its own clause only: the clauses the signal
				// holds in, not a neighbour ("机房在成都天府新区，一般……").
				n = narrow(d, w, at[wi], sig.holds)
			case sig.sentence && sig.termsHold(d.normText(own)) && sig.holds(d.sentenceText(at[wi])):
				n = reach(d, at[wi], sig.holds)
			default:
				continue
			}
			if h := d.hedge(n); h != "" {
				if hedgedAt < 0 {
					hedgedAt, hedgedWin, hedge = wi, n, h
				}
				continue
			}
			satisfied[si] = true
			count++
			if first < 0 {
				first, firstWin = wi, n
			}
		}
		if count >= need {
			f.Status = Covered
			f.Evidence = d.evidence(firstWin)
			f.Why = whyCovered
			return f
		}
		if own := (window{at[wi], at[wi]}); hedgedAt < 0 && d.hedge(own) != "" {
			hedgedAt, hedgedWin, hedge = wi, own, d.hedge(own)
		}
	}
	switch {
	case !answered: // only asked about or quoted: still a question to send
		f.Status, f.Evidence, f.Why = Missing, "", whyMissing
	case hedgedAt >= 0:
		f.Hedged = true
		f.Evidence = d.evidence(hedgedWin)
		f.Why = Text{EN: fmt.Sprintf("\"%s\" is a hedge, not a commitment: ask for the number in writing.", hedge),
			ZH: fmt.Sprintf("“%s”是留余地的说法，不是承诺：要求对方书面给出数字。", hedge)}
		if strings.HasPrefix(hedge, "…") {
			f.Why = Text{EN: fmt.Sprintf("\"%s\" asks you to confirm instead of stating it (a tag question), not a commitment: ask them to state it in writing.", hedge),
				ZH: fmt.Sprintf("“%s”是反问让你确认，不是陈述，更不是承诺：要求对方书面写明。", hedge)}
		}
	case count > 0:
		f.Why = Text{EN: fmt.Sprintf("Partly answered: %d of the %d specifics a clear answer has.", count, need),
			ZH: fmt.Sprintf("只答了一部分：清楚的回答应有 %d 项具体内容，这里只有 %d 项。", need, count)}
	}
	return f
}

// reach returns the shortest run of clauses from c back (or on) within its
// sentence in which test holds: a contract clause with the commitments
// before it.
func reach(d *doc, c int, test func(string) bool) window {
	s := d.span(c, len(d.segs))
	for lo := c - 1; lo >= s.lo; lo-- {
		if w := (window{lo, c}); test(d.normText(w)) {
			return w
		}
	}
	for hi := c + 1; hi <= s.hi; hi++ {
		if w := (window{c, hi}); test(d.normText(w)) {
			return w
		}
	}
	return s
}

// narrow returns the clause c alone when test holds in it, else c with the
// next clause, or with the previous one, else the window w: evidence is the
// shortest phrase that decided.
func narrow(d *doc, w window, c int, test func(string) bool) window {
	for _, n := range []window{{c, c}, {c, w.hi}, {w.lo, c}} {
		if test(d.normText(n)) {
			return n
		}
	}
	return w
}

// The reasons of a covered and of a touched but unspecific item.
var (
	whyCovered = Text{EN: "Clear and acceptable: it names what can be checked in the trial and written into the contract.",
		ZH: "答得清楚且可以接受：给出了能在试用中核验、能写进合同的内容。"}
	whyVague = Text{EN: "Names the topic without the number, model or commitment that would make it checkable.",
		ZH: "只提到了话题，没有可核验的数字、型号或承诺。"}
	whyMissing = Text{EN: "Not addressed: a question to send, not a failure.", ZH: "未提及：这是要发出的追问，不是扣分项。"}
)

// termsHold reports whether the signal's terms (affirmed, unless any
// polarity counts) are in txt; true for a signal without terms.
func (s *signal) termsHold(txt string) bool {
	return len(s.terms) == 0 || s.anyPolarity && containsAny(txt, s.terms) || containsAffirmed(txt, s.terms)
}

// holds reports whether every part of the signal is present in txt.
func (s *signal) holds(txt string) bool {
	if len(s.terms) > 0 && !s.version && !(s.anyPolarity && containsAny(txt, s.terms) || containsAffirmed(txt, s.terms)) {
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
