package prompts

import (
	"fmt"
	"strings"
	"unicode"

	"gpuadvisor/advisor"
)

// Who and what a number is about (docs/drafting.md#meaning-clause-by-clause): the
// same numbers in other places say something else. "renews on 2027-01-30,
// and the notice deadline is 2027-03-01" holds the template's two dates;
// "Actual usage: 600 h" and "pays off above 700 h" its two hours.

// contextWords is how many content words on each side of a number say
// what it is about.
const contextWords = 4

// quantityContext is what a quantity is about: the content words nearest
// to it on each side (contextWords each) within its part of the sentence,
// units left out; the whole sentence when the part holds none ("- Actual
// usage: 310 h per card per month"). Two numbers in one part ("The notice
// deadline is 2027-03-01 and our contract renews on 2027-01-30") each have
// their own words.
func quantityContext(rs []rune, p placed) map[string]bool {
	lo, hi := p.start, p.end
	for lo > 0 && !isPartBreak(rs[lo-1], rs, lo-1) {
		lo--
	}
	for hi < len(rs) && !isPartBreak(rs[hi], rs, hi) {
		hi++
	}
	leftText, rightText := string(rs[lo:p.start]), string(rs[p.end:hi])
	// a conjunction starts another statement: "is 2027-03-01 and our
	// contract renews on …" says nothing about 2027-03-01 after the "and"
	for _, c := range conjunctions {
		if k := strings.LastIndex(leftText, c); k >= 0 {
			leftText = leftText[k+len(c):]
		}
		if k := strings.Index(rightText, c); k >= 0 {
			rightText = rightText[:k]
		}
	}
	left, right := orderedTokens(leftText), orderedTokens(rightText)
	out := map[string]bool{}
	for _, w := range left[max(0, len(left)-contextWords):] {
		out[w] = true
	}
	for _, w := range right[:min(len(right), contextWords)] {
		out[w] = true
	}
	if len(out) > 0 {
		return out
	}
	for lo > 0 && !isSentenceBreak(rs[lo-1], rs, lo-1) {
		lo--
	}
	for hi < len(rs) && !isSentenceBreak(rs[hi], rs, hi) {
		hi++
	}
	for _, w := range orderedTokens(string(rs[lo:p.start]) + " " + string(rs[p.end:hi])) {
		out[w] = true
	}
	return out
}

// conjunctions join two statements in one part of a sentence.
var conjunctions = []string{" and ", " but ", " while ", " whereas ", "并将", "并且", "而且", "但是", "，并", "；"}

// orderedTokens are contentTokens in the order they come, units left out.
func orderedTokens(s string) []string {
	var out []string
	var word, han []rune
	unit := unitWordSet.Get()
	flushWord := func() {
		if len(word) >= 3 {
			if w := string(word); !stopWords.Get()[w] && !unit[stem(w)] {
				out = append(out, stem(w))
			}
		}
		word = word[:0]
	}
	flushHan := func() {
		for i := 0; i+1 < len(han); i++ {
			if t := string(han[i : i+2]); !unit[t] {
				out = append(out, t)
			}
		}
		if len(han) == 1 && !unit[string(han)] {
			out = append(out, string(han))
		}
		han = han[:0]
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			flushHan()
			word = append(word, r)
		case unicode.Is(unicode.Han, r) && !strings.ContainsRune(zhFunction, r):
			flushWord()
			han = append(han, r)
		default:
			flushWord()
			flushHan()
		}
	}
	flushWord()
	flushHan()
	return out
}

// unitWordSet are the unit words (stemmed), which say nothing about what a
// number counts.
var unitWordSet = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, u := range units {
		m[stem(u.word)] = true
	}
	return m
}}

// jaccard is the share of words two contexts have in common.
func jaccard(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := 0
	for w := range a {
		if b[w] {
			n++
		}
	}
	return float64(n) / float64(len(a)+len(b)-n)
}

// swapMargin is how much closer a number must sit to another number's
// words of the template than to its own to count as moved there.
const swapMargin = 0.2

// quantitySwapped returns the first quantity of cand that sits in the words
// the template gives another value of the same unit (the renewal date where
// the notice deadline was, the usage where the break-even was), or "".
func quantitySwapped(ref, cand string) string {
	rt, ct := []rune(stripMarkers(ref)), []rune(stripMarkers(cand))
	type ctx struct {
		q   quantity
		ctx map[string]bool
	}
	var refs []ctx
	for _, p := range quantities(ref) {
		if p.q.unit != "name" {
			refs = append(refs, ctx{p.q, quantityContext(rt, p)})
		}
	}
	for _, g := range quantities(cand) {
		if g.q.unit == "name" {
			continue
		}
		c := quantityContext(ct, g)
		own, other, held := 0.0, 0.0, false
		for _, r := range refs {
			if unitFamily(r.q.unit) != unitFamily(g.q.unit) {
				continue
			}
			j := jaccard(c, r.ctx)
			if r.q == g.q {
				own, held = max(own, j), true
			} else {
				other = max(other, j)
			}
		}
		if held && other > own+swapMargin {
			return g.q.String()
		}
	}
	return ""
}

// A party is who a clause binds: the vendor (by name or as the vendor,
// provider, supplier; 供应商, 服务商), the customer (客户), we and you
// (the team and the vendor in an e-mail), and 甲方/乙方, which the
// templates never use.
type party string

// partyWords are the words that name each party, folded; the vendor's
// name is added per draft.
var partyWords = []struct {
	p     party
	words []string
}{
	{"vendor", []string{"the vendor", "vendor", "the provider", "provider", "the supplier", "supplier", "供应商", "服务商", "厂商", "贵司"}},
	{"customer", []string{"the customer", "customer's", "customers", "customer", "the client", "client", "客户", "用户"}},
	{"we", []string{"we", "us", "our", "ours", "我们", "我方"}},
	{"you", []string{"you", "your", "yours", "贵方", "您", "你们", "你方"}},
	{"party a", []string{"party a", "甲方"}},
	{"party b", []string{"party b", "乙方"}},
}

// mention is a party named in a sentence; agent marks
// one named as who acts (after 由), object one that does not act
// (after a preposition, possessive: to the customer, the customer's data,
// us, 给我们, 客户的数据).
type mention struct {
	p      party
	end    int // the rune after the mention
	agent  bool
	object bool
}

// objectBefore are the words after which a party is not who acts.
var (
	objectBeforeEN = []string{"to", "for", "with", "from", "of", "on", "about", "towards", "toward", "than"}
	objectBeforeZH = []string{"给", "向", "对", "为", "与", "和", "跟", "替", "帮", "将", "把", "经", "应"}
)

// mentions lists the parties a folded sentence names, in order.
func mentions(s, vendor string) []mention {
	var out []mention
	rs := []rune(s)
	v := []rune(fold(vendor))
	for i := 0; i < len(rs); {
		p, n := partyAt(rs, i, v)
		if n == 0 {
			i++
			continue
		}
		word := string(rs[i : i+n])
		before := strings.TrimSuffix(strings.TrimRight(string(rs[max(0, i-12):i]), " "), " the")
		before = strings.TrimRight(before, " ")
		prev := before
		if k := strings.LastIndexAny(before, " ,;:(（，、"); k >= 0 {
			prev = before[k+1:]
		}
		m := mention{p: p}
		m.agent = strings.HasSuffix(before, "由") // 由酷算云承担: who acts, wherever it stands
		m.object = word == "us" || word == "our" || word == "your" || word == "yours" || strings.HasSuffix(word, "'s") ||
			at(rs, i+n) == '\'' || at(rs, i+n) == '的'
		for _, w := range objectBeforeEN {
			m.object = m.object || prev == w
		}
		for _, w := range objectBeforeZH {
			m.object = m.object || strings.HasSuffix(before, w)
		}
		if k := len(out) - 1; k >= 0 && out[k].p == p && strings.Trim(string(rs[out[k].end:i]), " ,，、()（）") == "" {
			i += n // "the provider, 酷算云": one mention
			continue
		}
		m.end = i + n
		out = append(out, m)
		i += n
	}
	return out
}

// partyRunes are partyWords as runes, by their first rune.
var partyRunes = advisor.Lazy[map[rune][]struct {
	p party
	w []rune
}]{New: func() map[rune][]struct {
	p party
	w []rune
} {
	m := map[rune][]struct {
		p party
		w []rune
	}{}
	for _, pw := range partyWords {
		for _, w := range pw.words {
			wr := []rune(w)
			m[wr[0]] = append(m[wr[0]], struct {
				p party
				w []rune
			}{pw.p, wr})
		}
	}
	return m
}}

// partyAt reads a party word at rune i (English words on word boundaries).
func partyAt(rs []rune, i int, vendor []rune) (party, int) {
	if len(vendor) > 0 && rs[i] == vendor[0] && hasRunes(rs, i, vendor) && !(isASCIIWord(vendor[0]) && i > 0 && isASCIIWord(rs[i-1])) {
		return "vendor", len(vendor)
	}
	for _, e := range partyRunes.Get()[rs[i]] {
		wr := e.w
		if !hasRunes(rs, i, wr) {
			continue
		}
		if isASCIIWord(wr[0]) && (i > 0 && isASCIIWord(rs[i-1]) || i+len(wr) < len(rs) && isASCIIWord(rs[i+len(wr)])) {
			continue
		}
		return e.p, len(wr)
	}
	return "", 0
}

func hasRunes(rs []rune, i int, w []rune) bool {
	if i+len(w) > len(rs) {
		return false
	}
	for k, r := range w {
		if rs[i+k] != r {
			return false
		}
	}
	return true
}

func isASCIIWord(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '\'' }

// agentOf is who acts in a sentence: the party named after 由, else the
// first party named that is not an object or a possessive ("the
// customer's environment is moved by 酷算云": 酷算云); "" for none.
func agentOf(ms []mention) party {
	for _, m := range ms {
		if m.agent {
			return m.p
		}
	}
	for _, m := range ms {
		if !m.object {
			return m.p
		}
	}
	return ""
}

// partyChanged compares the parties of a template part and the draft's: a
// party named more often than in the template (the destination the
// customer names → 酷算云 names; 由甲方承担), or a sentence whose actor is
// another party than in the template sentence it rewords (酷算云 moves the
// customer's environment → the customer moves its environment; could you
// send us → we will send you). Naming a party fewer times (its, it) is no
// change. It returns what changed in lang's words, "" for nothing.
func partyChanged(lang, ref, cand, vendor string) string {
	count := func(s string) map[party]int {
		m := map[party]int{}
		for _, x := range mentions(s, vendor) {
			m[x.p]++
		}
		return m
	}
	rc, cc := count(ref), count(cand)
	for _, pw := range partyWords {
		p := pw.p
		if cc[p] > rc[p] && (p != "we" && p != "you" || rc[p] == 0 && rc[otherSide(p)] > 0) {
			if rc[p] == 0 {
				return fmt.Sprintf(pick(lang, [2]string{"it names %s, which the template does not", "出现了模板没有的%s"}), partyName(lang, p))
			}
			return fmt.Sprintf(pick(lang, [2]string{"it names %s %d more time(s) than the template", "比模板多提到%s %d 次"}), partyName(lang, p), cc[p]-rc[p])
		}
	}
	refS := sentences(ref)
	refTok := make([]map[string]bool, len(refS))
	for i, s := range refS {
		refTok[i] = contentTokens(s)
	}
	for _, s := range sentences(cand) {
		cm := mentions(s, vendor)
		if len(cm) == 0 {
			continue
		}
		best, bi := 0.0, -1
		c := contentTokens(s)
		for i, r := range refTok {
			if j := jaccard(c, r); j > best {
				best, bi = j, i
			}
		}
		if bi < 0 {
			continue
		}
		rm := mentions(refS[bi], vendor)
		if a, ra := agentOf(cm), agentOf(rm); a != "" && ra != "" && ra != a {
			if lang == ZH {
				return fmt.Sprintf("原本由%s做的事改成由%s做", partyName(lang, ra), partyName(lang, a))
			}
			return fmt.Sprintf("%s now does what %s did", partyName(lang, a), partyName(lang, ra))
		}
		if p, q := rolesSwapped(rm, cm); p != "" {
			if lang == ZH {
				return fmt.Sprintf("原本是%s的位置换成了%s", partyName(lang, q), partyName(lang, p))
			}
			return fmt.Sprintf("%s now stands where %s stood", partyName(lang, p), partyName(lang, q))
		}
	}
	return ""
}

// side is the side of the contract a party is on: in an e-mail we are
// the customer and you the vendor, so "could you send us" and "could
// 酷算云 send us" name the same sides.
func side(p party) party {
	switch p {
	case "we":
		return "customer"
	case "you":
		return "vendor"
	}
	return p
}

// rolesSwapped compares the parties of a template sentence and of the
// draft sentence that rewords it, by side and by role (object or not):
// it returns the party p that took the place of q, or "". A side that
// takes a role another side lost ("quoted for us" → "quoted for you";
// "the information you sent us" → "…we sent you"), or that becomes an
// actor without being named more often while no other side stops being
// one, is swapped; a passive voice ("is moved by 酷算云") keeps every role.
func rolesSwapped(ref, cand []mention) (party, party) {
	type key struct {
		p   party
		obj bool
	}
	r, c := map[key]int{}, map[key]int{}
	rn, cn := map[party]int{}, map[party]int{}
	var sides []party
	for _, m := range ref {
		p := side(m.p)
		r[key{p, m.object && !m.agent}]++
		rn[p]++
	}
	for _, m := range cand {
		p := side(m.p)
		c[key{p, m.object && !m.agent}]++
		cn[p]++
		if cn[p] == 1 {
			sides = append(sides, p)
		}
	}
	for _, m := range ref {
		if p := side(m.p); cn[p] == 0 {
			sides = append(sides, p)
			cn[p] = 0
		}
	}
	for _, p := range sides {
		for _, obj := range []bool{false, true} {
			if c[key{p, obj}] <= r[key{p, obj}] {
				continue
			}
			for _, q := range sides {
				// the same role, another side; unless the two traded roles
				// (a voice changed: "you sent us" → "we received from you")
				mirrored := c[key{q, !obj}] > r[key{q, !obj}] && c[key{p, !obj}] < r[key{p, !obj}]
				if q != p && c[key{q, obj}] < r[key{q, obj}] && !mirrored {
					return p, q
				}
			}
			if obj || cn[p] > rn[p] {
				continue
			}
			lost := false
			for _, q := range sides {
				lost = lost || q != p && c[key{q, false}] < r[key{q, false}]
			}
			if !lost && r[key{p, true}] > c[key{p, true}] {
				for _, q := range sides {
					if q != p && r[key{q, false}] > 0 {
						return p, q // an object made the actor, the actor kept
					}
				}
			}
		}
	}
	return "", ""
}

// otherSide: in an e-mail we write to you; a draft that adds "we" where the
// template only says "you" (or the other way round) changed who acts.
func otherSide(p party) party {
	if p == "we" {
		return "you"
	}
	return "we"
}

// partyName names a party in a reason.
func partyName(lang string, p party) string {
	names := map[party][2]string{
		"vendor": {"the vendor", "供应商"}, "customer": {"the customer", "客户"}, "we": {"we (the team)", "我方"},
		"you": {"you (the vendor)", "对方"}, "party a": {"Party A (甲方)", "甲方"}, "party b": {"Party B (乙方)", "乙方"},
	}
	return pick(lang, names[p])
}
