package prompts

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"gpuadvisor/advisor"
)

// Clause by clause (docs/drafting.md#meaning-clause-by-clause): a draft is cut into its
// numbered clauses and the prose around them, and each part of the
// candidate is compared with the same part of the template.

// segment is one part of a draft: a numbered clause (key "3", the line
// that starts with the number and the lines right after it) or, key "",
// all the prose around the clauses. Text is folded.
type segment struct {
	key  string
	text string
}

// segments cuts s into its numbered clauses, in order, and one prose
// segment last.
func segments(s string) []segment {
	var out []segment
	var prose []string
	inItem := false
	for _, line := range strings.Split(fold(s), "\n") {
		trimmed := strings.TrimSpace(line)
		if n, ok := marker(line); ok {
			out = append(out, segment{key: strconv.Itoa(n), text: line})
			inItem = true
			continue
		}
		if trimmed == "" || strings.HasPrefix(trimmed, "-") || strings.HasPrefix(trimmed, "•") {
			inItem = false
		}
		if inItem {
			out[len(out)-1].text += "\n" + line
			continue
		}
		if trimmed != "" {
			prose = append(prose, line)
		}
	}
	return append(out, segment{key: "", text: strings.Join(prose, "\n")})
}

// segmentText is the text of the segment key, "" when there is none.
func segmentText(segs []segment, key string) string {
	for _, s := range segs {
		if s.key == key {
			return s.text
		}
	}
	return ""
}

// clauseName names a segment in a reason: "clause 3", "第 3 条", or the
// text around the clauses.
func clauseName(lang, key string) string {
	if key == "" {
		return pick(lang, [2]string{"the text around the clauses", "条款以外的文字"})
	}
	return fmt.Sprintf(pick(lang, [2]string{"clause %s", "第 %s 条"}), key)
}

// checkClauses runs the clause-by-clause checks and returns every failure,
// in a fixed order: the numbered clauses in the template's order, each
// clause's quantities, the subject of each number, the lexicon (modal
// strength, exclusions, caps, waivers, choices, responsibility,
// conditions, directions, contacts, instructions), who chooses and who is
// liable, and the alignment of every sentence.
func (j job) checkClauses(cand string) []*Reason {
	var out []*Reason
	fail := func(check, value string) {
		out = append(out, &Reason{Code: ReasonCheckFailed, Check: check, Value: value})
	}
	ref, got := segments(j.text), segments(cand)
	var rk, gk []string
	for _, s := range ref {
		if s.key != "" {
			rk = append(rk, s.key)
		}
	}
	for _, s := range got {
		if s.key != "" {
			gk = append(gk, s.key)
		}
	}
	if strings.Join(rk, ",") != strings.Join(gk, ",") {
		fail(CheckClauseOrder, strings.Join(rk, " ")+" → "+strings.Join(gk, " "))
	}
	keys := append(append([]string{}, rk...), "")
	for _, k := range keys {
		r, g := segmentText(ref, k), segmentText(got, k)
		if k != "" && g == "" {
			continue // reported as clause order
		}
		if q, _, ok := quantityDiff(quantities(r), quantities(g)); !ok && k != "" {
			fail(CheckClause, q.String()+" / "+clauseName(j.lang, k))
		}
		for _, f := range lexiconDiff(r, g, k == "") {
			fail(f[0], f[1])
		}
		if p := periodDiff(r, g); p != "" {
			fail(CheckDirection, p)
		}
		for _, f := range partyDiff(r, g) {
			fail(f[0], f[1])
		}
		if p := partyChanged(j.lang, r, g, j.vendor); p != "" {
			fail(CheckParty, clauseName(j.lang, k)+pick(j.lang, [2]string{": ", "："})+p)
		}
		if negationMoved(r, g) {
			fail(CheckNegation, "moved:"+k)
		}
		if s := droppedSentence(r, g); s != "" {
			fail(CheckDropped, clauseName(j.lang, k)+pick(j.lang, [2]string{": ", "："})+s)
		}
		if t := droppedTerm(r, g, k != ""); t != "" {
			fail(CheckTerm, clauseName(j.lang, k)+pick(j.lang, [2]string{": ", "："})+t)
		}
		if k != "" && strings.ContainsAny(r, "?？") && !strings.ContainsAny(g, "?？") {
			fail(CheckAlignment, clauseName(j.lang, k)+pick(j.lang, [2]string{": no longer a question", "：不再是问题"}))
		}
		if k != "" && j.kind == Questions {
			if st := addedStatement(r, g); st != "" {
				fail(CheckAlignment, clauseName(j.lang, k)+pick(j.lang, [2]string{": a statement added to a question: ", "：问题里加入了陈述："})+st)
			}
		}
		if s := unaligned(r, g, k == ""); s != "" {
			fail(CheckAlignment, clauseName(j.lang, k)+": "+s)
		}
	}
	if q := subjectMoved(j.text, cand); q != "" {
		fail(CheckSubject, q)
	} else if q := quantitySwapped(j.text, cand); q != "" {
		fail(CheckSubject, q)
	}
	return out
}

// lexiconDiff compares the lexicon's categories in a template part and the
// candidate's: a category held more often is reported with its first
// phrase the template does not hold as often; a direction held a
// different number of times either way. Modal words in questions do not
// count, nor in the prose (prose) the words that narrow a clause's scope
// (the first, main, 主要: a letter may say "the main questions").
func lexiconDiff(ref, cand string, prose bool) [][2]string {
	type tally struct {
		n       map[lexCat]int
		phrases map[lexCat]map[string]int
		order   []lexHit
	}
	count := func(s string) tally {
		t := tally{n: map[lexCat]int{}, phrases: map[lexCat]map[string]int{}}
		for _, h := range scanLexicon(s) {
			if h.cat == catModal && h.question || h.cat == catScope && prose {
				continue
			}
			t.n[h.cat]++
			if t.phrases[h.cat] == nil {
				t.phrases[h.cat] = map[string]int{}
			}
			t.phrases[h.cat][h.phrase]++
			t.order = append(t.order, h)
		}
		return t
	}
	r, c := count(ref), count(cand)
	var out [][2]string
	seen := map[lexCat]bool{}
	report := func(cat lexCat, phrase string, dropped bool) {
		if seen[cat] {
			return
		}
		seen[cat] = true
		check := string(cat)
		switch {
		case cat == dirCNY || cat == dirUSD || cat == dirFX:
			check = CheckCurrency
		case cat == dirUnless:
			check = CheckCondition // unless → if
		case cat == catHost:
			check = CheckScope // per card → per node
		case cat == catStart:
			check = CheckDirection // is replaced → starts to be replaced
		case cat == dirFree && dropped:
			check = CheckNegation // at no charge → at cost
		case cat == dirFree:
			check = CheckPromise // free hours added
		case strings.HasPrefix(check, "dir:"):
			check = CheckDirection
		}
		out = append(out, [2]string{check, phrase})
	}
	for _, h := range c.order {
		if c.n[h.cat] > r.n[h.cat] && c.phrases[h.cat][h.phrase] > r.phrases[h.cat][h.phrase] {
			report(h.cat, h.phrase, false)
		}
	}
	for _, h := range c.order { // more of a category, each phrase of it in the template too
		if c.n[h.cat] > r.n[h.cat] {
			report(h.cat, h.phrase, false)
		}
	}
	for _, h := range r.order { // a direction dropped
		if strings.HasPrefix(string(h.cat), "dir:") && c.n[h.cat] < r.n[h.cat] {
			report(h.cat, h.phrase, true)
		}
	}
	return out
}

// Who chooses and who is liable: the party named with the words (the
// first group of each pattern).
type partyPatterns struct{ choice, liable []*regexp.Regexp }

var partyRES = advisor.Lazy[partyPatterns]{New: func() (res partyPatterns) {
	res.choice = []*regexp.Regexp{
		regexp.MustCompile(`\b(?:at|in) (?:the )?([\p{L}\p{N}-]+(?: [\p{L}\p{N}-]+)?)'s (?:sole |own |absolute )?(?:choice|discretion|option|election)`),
		regexp.MustCompile(`\b(?:at|in) the (?:sole |absolute )?(?:choice|discretion|option|election) of (?:the )?([\p{L}\p{N}-]+)`),
		regexp.MustCompile(`\b(?:as|whichever|whatever) (?:the )?([\p{L}\p{N}-]+) (?:may |shall |will )?(?:choose|chooses|decide|decides|elect|elects|prefer|prefers|see fit|sees fit)`),
		regexp.MustCompile(`由([\p{Han}a-z0-9]{1,8}?)(?:自行|单方|自主)?(?:选择|决定|确定|酌情)`),
	}
	res.liable = []*regexp.Regexp{
		regexp.MustCompile(`\b([\p{L}\p{N}-]+) (?:is|are|shall be|will be|remains|remain) (?:solely |fully |not )?(?:liable|responsible)`),
		regexp.MustCompile(`\b(?:borne|paid|covered) by (?:the )?([\p{L}\p{N}-]+)`),
		regexp.MustCompile(`由([\p{Han}a-z0-9]{1,8}?)(?:自行|全额|全部)?(?:承担|负责|负担|赔偿)`),
	}
	return res
}}

// partyDiff reports a party that chooses or is liable in the candidate
// part and in no such phrase of the template's (at Acme's choice, 由客户自行
// 承担); the same party named in other words is no change.
func partyDiff(ref, cand string) [][2]string {
	var out [][2]string
	for _, p := range []struct {
		check string
		res   []*regexp.Regexp
	}{{CheckChoice, partyRES.Get().choice}, {CheckResponsibility, partyRES.Get().liable}} {
		have := map[string]bool{}
		for _, re := range p.res {
			for _, m := range re.FindAllStringSubmatch(ref, -1) {
				have[m[1]] = true
			}
		}
		found := false
		for _, re := range p.res {
			for _, m := range re.FindAllStringSubmatch(cand, -1) {
				if !have[m[1]] && !found {
					out = append(out, [2]string{p.check, strings.TrimSpace(m[0])})
					found = true
				}
			}
		}
	}
	return out
}

// stopWords are English words that say nothing about a sentence's content.
var stopWords = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return wordSet("the and for with that this are was were from into onto our your its their any all each every has have had not but you they them which who whom whose within than then there here also such only per via been being will shall must may can should would could does did its it's under over about after before until when while where what how more most less some other same very just both either into upon")
}}

// zhFunction are Chinese characters too common to say what a sentence is about.
const zhFunction = "的了和与及或在由将对为等从到被把是而只不也都就并且其之以于须应可每个该此这那些们我您贵方时内后前中上下有无"

// contentTokens are what a sentence is about: English words of three
// letters or more, not stop words, lightly stemmed; Chinese character pairs
// of the Han runs, function characters removed.
func contentTokens(s string) map[string]bool {
	out := map[string]bool{}
	var word []rune
	var han []rune
	flushWord := func() {
		if len(word) >= 3 {
			w := string(word)
			if !stopWords.Get()[w] {
				out[stem(w)] = true
			}
		}
		word = word[:0]
	}
	flushHan := func() {
		switch {
		case len(han) == 1:
			out[string(han)] = true
		case len(han) > 1:
			for i := 0; i+1 < len(han); i++ {
				out[string(han[i:i+2])] = true
			}
		}
		han = han[:0]
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			flushHan()
			word = append(word, r)
		case unicode.Is(unicode.Han, r):
			flushWord()
			if !strings.ContainsRune(zhFunction, r) {
				han = append(han, r)
			} else {
				flushHan()
			}
		default:
			flushWord()
			flushHan()
		}
	}
	flushWord()
	flushHan()
	return out
}

// stem takes common English endings off (responds, responded -> respond).
func stem(w string) string {
	for _, suf := range []string{"ing", "ed", "es", "s", "al", "ly", "age"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 4 {
			return strings.TrimSuffix(w, suf)
		}
	}
	return w
}

// sentences splits folded text into sentences, list markers removed.
func sentences(s string) []string {
	rs := []rune(stripMarkers(s))
	var out []string
	start := 0
	for i := 0; i <= len(rs); i++ {
		if i == len(rs) || isSentenceBreak(rs[i], rs, i) {
			if t := strings.TrimSpace(string(rs[start:i])); t != "" {
				out = append(out, t)
			}
			start = i + 1
		}
	}
	return out
}

// courtesy marks a sentence that only greets or thanks: a friendlier
// opening or closing line aligns with nothing and may still be added.
var courtesy = []string{"hope", "thank", "thanks", "appreciate", "regards", "pleasure", "glad", "happy to", "greetings", "hello", "dear", "look forward", "looking forward", "wishes",
	"您好", "你好", "感谢", "谢谢", "希望", "祝", "很高兴", "辛苦", "期待", "此致", "敬礼", "顺颂", "商祺"}

// minAlignment is the share of a sentence's content words that a sentence
// of the template must hold for the two to align.
const minAlignment = 0.3

// unaligned returns the first sentence of cand (a short excerpt) that
// aligns with no sentence of ref: fewer than minAlignment of its content
// words in common. In the prose a courtesy sentence is let through.
func unaligned(ref, cand string, prose bool) string {
	var refs []map[string]bool
	for _, s := range sentences(ref) {
		refs = append(refs, contentTokens(s))
	}
	for _, s := range sentences(cand) {
		c := contentTokens(s)
		if len(c) == 0 {
			continue
		}
		best := 0.0
		for _, r := range refs {
			n := 0
			for w := range c {
				if r[w] {
					n++
				}
			}
			best = max(best, float64(n)/float64(len(c)))
		}
		if best >= minAlignment {
			continue
		}
		if prose && isCourtesy(s) {
			continue
		}
		return excerpt(s)
	}
	return ""
}

func isCourtesy(s string) bool {
	if len(scanLexicon(s)) > 0 {
		return false // a greeting carries no commitment, condition or contact
	}
	for _, w := range courtesy {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// excerpt is the first words of a sentence for a reason, without
// anything a link check would refuse to echo.
func excerpt(s string) string {
	rs := []rune(s)
	if len(rs) > 40 {
		return string(rs[:40]) + "…"
	}
	return s
}

// subjectMoved returns the first quantity of the template whose clause
// word sits in the same part of its sentence ("a response ... within 30
// minutes") and which, in the candidate, sits in a part without that word
// whose content words are none of the template part's ("工单须在30分钟内创建"):
// the number now says something else.
func subjectMoved(ref, cand string) string {
	rt, ct := []rune(stripMarkers(ref)), []rune(stripMarkers(cand))
	got := quantities(cand)
	used := map[int]bool{}
	for _, p := range quantities(ref) {
		if !p.part {
			continue
		}
		for k, g := range got {
			if used[k] || g.q != p.q {
				continue
			}
			used[k] = true
			if g.part && g.clause == p.clause {
				break
			}
			c := partTokens(ct, g.start, g.end)
			if len(c) == 0 {
				break
			}
			r := partTokens(rt, p.start, p.end)
			common := false
			for w := range c {
				common = common || r[w]
			}
			if !common {
				return p.q.String()
			}
			break
		}
	}
	return ""
}

// partTokens are the content words of the part of the sentence around
// runes [qs, qe), the quantity itself left out.
func partTokens(rs []rune, qs, qe int) map[string]bool {
	lo, hi := qs, qe
	for lo > 0 && !isPartBreak(rs[lo-1], rs, lo-1) {
		lo--
	}
	for hi < len(rs) && !isPartBreak(rs[hi], rs, hi) {
		hi++
	}
	toks := contentTokens(string(rs[lo:qs]) + " " + string(rs[qe:hi]))
	for _, u := range units {
		delete(toks, stem(u.word))
	}
	return toks
}

// requestWords mark a sentence that asks for something (please send…).
var requestWords = []string{"please", "kindly", "could you", "would you", "can you", "请", "烦请", "麻烦", "能否", "可否"}

// addedStatement returns a sentence of a numbered question of the draft
// that neither asks (a question, a request) nor rewords a statement of the
// template's question, or "": "We understand your on-duty engineers answer
// at once." added to a question presumes the answer.
func addedStatement(ref, cand string) string {
	isStatement := func(s string) bool {
		if strings.ContainsAny(s, "?？") {
			return false
		}
		for _, w := range requestWords {
			if strings.Contains(s, w) {
				return false
			}
		}
		return true
	}
	var refStatements []map[string]bool
	for _, s := range questionSentences(ref) {
		if isStatement(s) {
			refStatements = append(refStatements, contentTokens(s))
		}
	}
	for _, s := range questionSentences(cand) {
		if !isStatement(s) {
			continue
		}
		c := contentTokens(s)
		if len(c) == 0 {
			continue
		}
		best := 0.0
		for _, r := range refStatements {
			n := 0
			for w := range c {
				if r[w] {
					n++
				}
			}
			best = max(best, float64(n)/float64(len(c)))
		}
		if best < minAlignment {
			return excerpt(s)
		}
	}
	return ""
}

// questionSentences splits folded text into sentences, each with its end
// mark (a question keeps its ?).
func questionSentences(s string) []string {
	rs := []rune(stripMarkers(s))
	var out []string
	start := 0
	for i := 0; i <= len(rs); i++ {
		if i == len(rs) || isSentenceBreak(rs[i], rs, i) {
			end := min(i+1, len(rs))
			if t := strings.TrimSpace(string(rs[start:end])); t != "" {
				out = append(out, t)
			}
			start = i + 1
		}
	}
	return out
}

// periodWords are the words of the period a quota, a price or an
// availability is counted over, by class (month, year, quarter; English
// ones on word boundaries, * for a word's start): "the first 500 GB per
// month" as "per year", or a monthly availability as an annual one,
// changes no number.
var periodWords = [3][]string{
	{"per month", "a month", "each month", "every month", "monthly", "-month", "/month", "/mo", "每月", "月度", "按月", "包月", "月租", "月付", "月可用", "月均", "/月"},
	{"per year", "a year", "each year", "every year", "annual*", "yearly", "per annum", "-year", "/year", "/yr", "每年", "年度", "按年", "包年", "年付", "年可用", "全年", "年均", "/年"},
	{"quarter*", "季度", "每季", "按季"},
}

// periodDiff returns the first period word of a part whose class the
// draft holds a different number of times than the template, either way,
// or "".
func periodDiff(ref, cand string) string {
	count := func(s string) (n [3]int, first [3]string) {
		for k, words := range periodWords {
			for _, w := range words {
				if c := countWord(s, w); c > 0 {
					if n[k] == 0 {
						first[k] = strings.TrimSuffix(w, "*")
					}
					n[k] += c
				}
			}
		}
		return n, first
	}
	rn, rf := count(ref)
	cn, cf := count(cand)
	for k := range 3 {
		switch {
		case cn[k] > rn[k]:
			return cf[k]
		case cn[k] < rn[k]:
			return rf[k]
		}
	}
	return ""
}

// countWord counts w in folded s: an English word (or one starting with
// - or /) on word boundaries, its start only with a trailing *.
func countWord(s, w string) int {
	prefix := strings.HasSuffix(w, "*")
	w = strings.TrimSuffix(w, "*")
	if w[0] >= 0x80 {
		return strings.Count(s, w)
	}
	n := 0
	for off := 0; ; {
		k := strings.Index(s[off:], w)
		if k < 0 {
			return n
		}
		at, end := off+k, off+k+len(w)
		if (w[0] == '-' || w[0] == '/' || at == 0 || !isWordByte(s[at-1])) && (prefix || end == len(s) || !isWordByte(s[end])) {
			n++
		}
		off = end
	}
}
