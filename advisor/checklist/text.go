package checklist

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"gpuadvisor/advisor"
)

// maxSegmentRunes bounds a clause, so that text without punctuation still
// gives small windows: a longer clause is cut at the next space.
const maxSegmentRunes = 240

// doc is pasted text cut into sentences and clauses, with a normalized copy
// for matching. Evidence is always quoted from the original.
type doc struct {
	orig     string
	segs     []segment
	norm     string // normalized clauses joined by '\n'
	nsegs    []int  // start of each clause in norm
	question []bool // per sentence: it asks rather than answers
	// tag is, per clause, the tag question that hedges it ("…的吧？",
	// "…, right?"): the vendor asks you to confirm instead of stating it.
	tag     []string
	claimed *string
	// per clause, found by Check's automaton: whether it holds a negator
	// or a denial, and its first hedge.
	segNeg   []bool
	segHedge []string
}

// hedge returns the first hedge in window w, or "".
func (d *doc) hedge(w window) string {
	for i := w.lo; i <= w.hi; i++ {
		if d.segHedge[i] != "" {
			return d.segHedge[i]
		}
	}
	return ""
}

// negated reports whether window w holds a negator or a denial (found by
// the automaton; negatedAt and deniedAfter then say what they negate).
func (d *doc) negated(w window) bool {
	for i := w.lo; i <= w.hi; i++ {
		if d.segNeg[i] {
			return true
		}
	}
	return false
}

// questionMarks make a sentence a question even without "?" (是否支持…).
var questionMarks = []string{"是否", "能否", "有没有", "是不是", "~whether~"}

// segment is a clause: a byte range of the original and its sentence.
type segment struct {
	start, end int
	sentence   int
}

// window is a run of clauses lo..hi (inclusive) of one sentence.
type window struct{ lo, hi int }

func isSentenceEnd(r rune) bool {
	switch r {
	case '。', '！', '？', '；', '\n', '!', '?', ';':
		return true
	}
	return false
}

// listNumber reports whether the '.' at i ends a list number ("1. ", "12. ")
// or a number after a space ("version 12. "), which do not end a sentence.
func listNumber(text string, i int) bool {
	j := i
	for j > 0 && isDigit(text[j-1]) {
		j--
	}
	return j < i && (j == 0 || text[j-1] == ' ' || text[j-1] == '\n')
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || isDigit(b)
}

// parse cuts text into sentences (。！？；!?; line breaks, ". ") and clauses
// (，and "," not between digits), and normalizes each clause.
func parse(text string) *doc {
	d := &doc{orig: text}
	quoted := quotedRanges(text)
	chat := chatSpaced(text)
	sentence := 0
	start := 0
	runes := 0
	var qmark, inQuote []bool // per sentence: it ends in a question mark; it is quoted
	cut := func(end int, endSentence bool) {
		if strings.TrimSpace(text[start:end]) != "" {
			d.segs = append(d.segs, segment{start: start, end: end, sentence: sentence})
		}
		if endSentence {
			qm := end < len(text) && (text[end] == '?' || strings.HasPrefix(text[end:], "？"))
			q := quoted.has(start)
			d.question = append(d.question, qm || q)
			qmark, inQuote = append(qmark, qm), append(inQuote, q)
			sentence++
		}
		runes = 0
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		next := i + size
		runes++
		switch {
		case (r == '?' || r == '？') && topicAsked(text[start:i]) && answerAt(text, next):
			// a spec sheet's "NVLink? No.", "IB？有的，200G": the mark joins the
			// bare topic to its answer, as a colon would
		case isSentenceEnd(r):
			cut(i, true)
			start = next
		case r == '.' && (next >= len(text) || text[next] == ' ' || text[next] == '\n') && !listNumber(text, i):
			cut(i, true)
			start = next
		case r == '，' || r == ',' && !(i > 0 && isDigit(text[i-1]) && next < len(text) && isDigit(text[next])):
			cut(i, false)
			start = next
		case i > start && clauseWordAt(text, i, r):
			cut(i, false) // the clause word starts the next clause
			start = i
		case chat && isEmoji(r) && i > start && next < len(text) && hanAt(text, next):
			cut(next, false) // "价格好商量👌网络这块您放心": the emoji ends a thought
			start = next
		case chat && (r == ' ' || r == '\t' || r == '\u3000') && spaceBreak(text, start, i, next):
			cut(i, false) // a chat message that runs its clauses on with spaces
			start = next
		case runes >= maxSegmentRunes && (r == ' ' || runes >= 2*maxSegmentRunes):
			cut(next, false)
			start = next
		}
		i = next
	}
	cut(len(text), true)

	var b strings.Builder
	b.Grow(len(text) + len(d.segs))
	d.nsegs = make([]int, len(d.segs))
	for i, s := range d.segs {
		d.nsegs[i] = b.Len()
		b.WriteString(normalize(text[s.start:s.end]))
		b.WriteByte('\n')
	}
	d.norm = b.String()
	for i, s := range d.segs {
		if !d.question[s.sentence] && containsAny(d.normText(window{i, i}), questionMarks) {
			d.question[s.sentence] = true
		}
	}
	d.findTags(qmark, inQuote)
	return d
}

// findTags marks the clauses a tag question hedges. A sentence that ends
// in a question mark after 吧 or a tag (…的吧？, …，对吧？, "…, right?")
// asserts and asks you to confirm: it is not a question left open (it
// claims something) nor a commitment, so every clause of it is hedged.
// Without the mark, a clause ending in a presumptive 吧 (…没问题吧, 应该是有
// NVLink的吧) is hedged on its own, and a tag alone (…，对吧) hedges its
// sentence; a 吧 of suggestion (先试用两天吧) is not a tag.
func (d *doc) findTags(qmark, inQuote []bool) {
	d.tag = make([]string, len(d.segs))
	for lo := 0; lo < len(d.segs); {
		sent := d.segs[lo].sentence
		hi := lo
		for hi+1 < len(d.segs) && d.segs[hi+1].sentence == sent {
			hi++
		}
		mark := func(t string, a, b int) {
			for i := a; i <= b; i++ {
				d.tag[i] = t
			}
		}
		if !inQuote[sent] {
			if qmark[sent] {
				if t, _ := tagEnd(tagTail(d.normText(window{hi, hi})), true); t != "" {
					mark(t, lo, hi)
					d.question[sent] = false
				}
			} else {
				for i := lo; i <= hi; i++ {
					if t, alone := tagEnd(tagTail(d.normText(window{i, i})), false); alone {
						mark(t, lo, hi)
						d.question[sent] = false
					} else if t != "" {
						d.tag[i] = t
					}
				}
			}
		}
		lo = hi + 1
	}
}

// tagTail is a normalized clause without what chat messages end a line
// with: spaces, ~, full stops, laughs and emoji.
func tagTail(c string) string {
	return strings.TrimFunc(c, func(r rune) bool {
		return r == '\n' || r == ' ' || r == '~' || r == '.' || r == '。' || r == '!' || r == '…' || r == '哈' || r == '啊' || r == '呀' || r == '哦' || r == '哟' || isEmoji(r)
	})
}

// Tags: the words after a statement that ask for its confirmation.
var (
	zhTags = []string{"对吧", "是吧", "对不对", "是不是", "没错吧", "对吗", "对么"}
	enTags = []string{"right", "correct", "isn't it", "isn't that right", "aren't they", "aren't we", "don't we", "don't they", "doesn't it", "won't it", "can't we", "yes", "yeah", "no", "ok", "okay"}
	// presumed are the words before a 吧 that make it presume, not suggest.
	presumed = []string{"的吧", "了吧", "有吧", "没问题吧", "没事吧", "可以吧", "能吧", "会吧", "行吧", "够吧", "没错吧", "支持吧"}
	// guesses in a clause make any 吧 at its end a guess.
	guesses = []string{"应该", "估计", "可能", "大概", "好像", "我记得", "印象中"}
)

// tagEnd returns the tag a clause ends with, as the reply quotes it ("…吧？",
// "…, right?"), and whether the clause is the tag alone. qm says the
// sentence ends in a question mark: then any 吧 is a tag, and so are the
// English ones.
func tagEnd(c string, qm bool) (string, bool) {
	q := ""
	if qm {
		q = "？"
	}
	for _, t := range zhTags {
		if strings.HasSuffix(c, t) {
			return "…" + t + q, c == t
		}
	}
	if strings.HasSuffix(c, "吧") {
		for _, p := range presumed {
			if strings.HasSuffix(c, p) {
				return "…" + p + q, false
			}
		}
		if qm || containsAny(c, guesses) {
			return "…吧" + q, false
		}
		return "", false
	}
	if !qm {
		return "", false
	}
	for _, t := range enTags {
		if c == t || strings.HasSuffix(c, ", "+t) || (t == "right" || t == "correct") && strings.HasSuffix(c, " "+t) {
			return "…, " + t + "?", c == t
		}
	}
	return "", false
}

// topicAsked reports whether a clause before a question mark names a topic
// and asks nothing else ("NVLink", "Q: IB", "问：加密"): no question word, a
// few words at most.
func topicAsked(c string) bool {
	c = strings.TrimSpace(c)
	for _, p := range []string{"Q:", "q:", "Q：", "问：", "问:"} {
		c = strings.TrimSpace(strings.TrimPrefix(c, p))
	}
	if c == "" || len(c) > 24 || strings.Count(c, " ") > 2 {
		return false
	}
	low := strings.ToLower(c)
	for _, w := range []string{"吗", "么", "是否", "能否", "有没有", "多少", "几", "怎么", "什么", "哪", "吧", "do ", "does ", "is ", "are ", "can ", "what", "how", "which", "any "} {
		if strings.Contains(low, w) {
			return false
		}
	}
	return true
}

// answerAt reports whether text[i:] starts with an answer to a bare topic:
// yes, no, A:, 答：, 有, 没有, 无, 支持, 不支持, 是, 否, N/A.
func answerAt(text string, i int) bool {
	rest := strings.ToLower(strings.TrimLeft(text[i:], " \t"))
	for _, a := range []string{"yes", "no", "none", "n/a", "a:", "答：", "答:", "有", "没有", "沒有", "无", "無", "支持", "不支持", "是", "否", "不"} {
		if strings.HasPrefix(rest, a) && (a[0] >= 0x80 || len(rest) == len(a) || !isWordByte(rest[len(a)])) {
			return true
		}
	}
	return false
}

// Clause words start a new clause without punctuation: a hedge or a
// negation after one is about what follows it ("A100 80G SXM4但一般要排队",
// "8x H100 SXM5 but support is best effort"). English "and" starts a clause
// only before a new subject ("and we", "and support"), not between nouns
// ("TCP and UDP").
var (
	zhClauseWords = []string{"但是", "但", "不过", "另外", "此外", "同时", "而且", "并且", "然而", "可是"}
	enClauseWords = []string{"but", "however", "although", "though", "whereas", "also", "and we", "and our", "and it", "and its", "and there", "and they", "and their", "and you", "and your", "and this", "and that", "and the", "and support", "and billing", "and storage", "and data"}
)

// clauseWordAt reports whether a clause word starts at byte i of text (r
// is the rune there): a Chinese one anywhere but inside 不但 or 另外收费
// (charged extra), an English one after a space and before a word end.
func clauseWordAt(text string, i int, r rune) bool {
	switch r {
	case '但', '不', '另', '此', '同', '而', '并', '然', '可':
		rest := text[i:]
		for _, x := range zhClauseWords {
			if !strings.HasPrefix(rest, x) {
				continue
			}
			after := rest[len(x):]
			switch {
			case x == "但" && strings.HasSuffix(text[:i], "不"), // 不但 = not only
				x == "另外" && startsAny(after, []string{"收", "付", "计", "加", "算", "购", "按"}): // 另外收费 = charged extra
				return false
			}
			return true
		}
	case ' ':
		rest := text[i+1:]
		if len(rest) < 3 || !strings.ContainsRune("abhotwABHOTW", rune(rest[0])) {
			return false
		}
		for _, x := range enClauseWords {
			if len(rest) >= len(x) && strings.EqualFold(rest[:len(x)], x) && (len(rest) == len(x) || !isWordByte(rest[len(x)])) {
				// "we also offer": the subject stays with its verb
				return x != "also" || !endsWithPronoun(text[:i])
			}
		}
	}
	return false
}

// chatSpaced reports whether text separates its clauses with spaces rather
// than punctuation, as chat messages do: it has a space between two Chinese
// characters, and more of those than clause punctuation. Text
// that spaces Latin words and numbers out of Chinese ("坏卡 4 小时内更换，
// 公网带宽 100Mbps 独享") but punctuates its clauses is not.
func chatSpaced(text string) bool {
	hh, punct := 0, 0
	var prev rune
	for i, r := range text {
		switch r {
		case '，', '。', '！', '？', '；', ',', ';', '、', '\n':
			punct++
		case ' ', '\u3000':
			if unicode.Is(unicode.Han, prev) && i+1 < len(text) && hanAt(text, i+1) {
				hh++
			}
		}
		if r != ' ' {
			prev = r
		}
	}
	return hh > 0 && hh > punct
}

// spaceBreak reports whether the space at text[i:next] ends a clause: chat
// messages run their clauses on with spaces and no punctuation ("4090现货哈
// 单机8卡 24G显存 1.8/卡时 包月1w2 机房在成都"). A space does between two
// Chinese characters (or after a Latin word: "数据盘4T NVMe 有需要", "0.8一个G
// 内网不收费"), unless the words around it belong together: a negator,
// hedge or verb before it ("没有 发票", "一般 半小时内", "走 对公"), or a
// negator, denial, hedge or verb after it ("发票 暂不提供", "响应 一般", "机房
// 在成都"). A space
// after a digit or before a Latin word is typography, never a break ("坏卡 4
// 小时内更换", "A100 80G SXM4").
func spaceBreak(text string, start, i, next int) bool {
	if i <= start || i > 0 && isSpaceByte(text[i-1]) {
		return false
	}
	j := next
	for j < len(text) && (isSpaceByte(text[j]) || strings.HasPrefix(text[j:], "\u3000")) {
		j += len(string([]rune(text[j:])[0]))
	}
	if j >= len(text) {
		return false
	}
	prev, _ := utf8.DecodeLastRuneInString(text[start:i])
	after, _ := utf8.DecodeRuneInString(text[j:])
	letter := prev < utf8.RuneSelf && isWordByte(byte(prev)) && !isDigit(byte(prev))
	if !(unicode.Is(unicode.Han, prev) || isEmoji(prev) || letter) || !unicode.Is(unicode.Han, after) {
		// a space beside digits or before Latin letters is typography ("坏卡 4
		// 小时内更换", "内网 iperf3 实测")
		return false
	}
	before := text[start:i]
	for _, w := range spaceJoinBefore {
		if strings.HasSuffix(before, w) {
			return false
		}
	}
	return !startsAny(text[j:], spaceJoinAfter)
}

// isEmoji reports whether r is a pictograph or other symbol chat messages
// end a thought with (😊, 👌, ✅); digits, letters and punctuation are not.
func isEmoji(r rune) bool { return r >= 0x2600 && unicode.Is(unicode.So, r) }

// hanAt reports whether text[i:] starts with a Chinese character.
func hanAt(text string, i int) bool {
	r, _ := utf8.DecodeRuneInString(text[i:])
	return unicode.Is(unicode.Han, r)
}

func isSpaceByte(b byte) bool { return b == ' ' || b == '\t' }

// spaceJoinBefore and spaceJoinAfter are the words a space does not cut
// from what follows or precedes them (see spaceBreak).
var (
	spaceJoinBefore = []string{"没有", "没", "无", "不", "未", "暂不", "暂无", "非", "禁止", "拒绝", "只", "仅", "只有", "仅限",
		"一般", "原则上", "通常", "大概", "大约", "基本", "基本上", "尽量", "预计", "约", "最多", "最少", "至少",
		"是", "为", "走", "用", "在", "按", "每", "共", "达", "支持", "提供", "采用", "配", "带", "含", "有", "和", "及", "或", "与", "的", "、"}
	spaceJoinAfter = []string{"没有", "没", "无", "不", "未", "暂不", "暂无", "非", "只", "仅", "一般", "原则上", "通常", "大概", "基本", "尽量",
		"在", "是", "为", "走", "用", "有", "支持", "提供", "采用", "按", "可", "能", "会", "都", "也", "就", "还", "已", "要", "需",
		"的", "和", "及", "或", "与", "、", "版", "卡", "张", "台", "块", "个", "元", "块钱"}
)

// endsWithPronoun reports whether s ends with a subject pronoun word.
func endsWithPronoun(s string) bool {
	j := strings.LastIndexByte(s, ' ') + 1
	switch strings.ToLower(s[j:]) {
	case "we", "i", "it", "they", "you", "he", "she":
		return true
	}
	return false
}

// spans are byte ranges of the text.
type spans [][2]int

// has reports whether p falls in one of the spans (sorted, disjoint).
func (s spans) has(p int) bool {
	i := sort.Search(len(s), func(i int) bool { return s[i][1] > p })
	return i < len(s) && p >= s[i][0]
}

// mayHead is a cheap test for a line that may be a reply header or
// sign-off: it starts with a letter or dash those start with, or holds one
// of the Chinese ones.
func mayHead(line string) bool {
	return strings.ContainsRune("-fFoObBkKrRtT", rune(line[0])) || strings.Contains(line, "写道") || strings.Contains(line, "原始邮件") ||
		strings.HasPrefix(line, "发件人") || strings.HasPrefix(line, "此致") || strings.HasPrefix(line, "祝好")
}

// maxHeaderBytes bounds the lines read as a reply header or sign-off.
const maxHeaderBytes = 160

// quotedRanges finds the lines a pasted e-mail quotes ("> ..."), and the
// part from a reply header or signature separator ("-- ", "On ... wrote:",
// "发件人：") to the end. They are read as questions: they claim nothing.
func quotedRanges(text string) spans {
	var out spans
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		line := strings.TrimSpace(text[off:end])
		low := ""
		if line != "" && len(line) <= maxHeaderBytes && mayHead(line) { // reply headers and sign-offs are short lines
			low = strings.ToLower(line)
		}
		switch {
		case strings.HasPrefix(line, ">") || strings.HasPrefix(line, "＞"):
			out = append(out, [2]int{off, end + 1})
		case low == "":
		case low == "--" || low == "-- " || strings.HasPrefix(low, "-----original message") || strings.HasPrefix(low, "----- original message") ||
			strings.Contains(low, "原始邮件") || strings.HasPrefix(low, "发件人:") || strings.HasPrefix(low, "发件人：") ||
			strings.HasPrefix(low, "from:") || strings.HasPrefix(low, "on ") && strings.HasSuffix(low, "wrote:") ||
			strings.HasSuffix(low, "写道:") || strings.HasSuffix(low, "写道：") ||
			strings.HasPrefix(low, "best regards") || strings.HasPrefix(low, "kind regards") || low == "regards," || low == "regards" ||
			strings.HasPrefix(low, "此致") || low == "祝好" || low == "祝好！":
			return append(out, [2]int{off, len(text) + 1})
		}
		off = end + 1
	}
	return out
}

// claims is the normalized text of every clause that is not a question
// or quoted, built on first use.
func (d *doc) claims() string {
	if d.claimed == nil {
		var b strings.Builder
		for i := range d.segs {
			if !d.asks(i) {
				b.WriteString(d.normText(window{i, i}))
			}
		}
		s := b.String()
		d.claimed = &s
	}
	return *d.claimed
}

// asks reports whether clause i belongs to a question.
func (d *doc) asks(i int) bool { return d.question[d.segs[i].sentence] }

// segAt returns the clause holding byte p of norm.
func (d *doc) segAt(p int) int {
	return sort.SearchInts(d.nsegs, p+1) - 1
}

// windowOf is clause i with its neighbours in the same sentence.
func (d *doc) windowOf(i int) window { return d.span(i, 1) }

// span is clause i with up to reach clauses on each side, all in its sentence.
func (d *doc) span(i, reach int) window {
	lo, hi := i, i
	for k := 0; k < reach && lo > 0 && d.segs[lo-1].sentence == d.segs[i].sentence; k++ {
		lo--
	}
	for k := 0; k < reach && hi+1 < len(d.segs) && d.segs[hi+1].sentence == d.segs[i].sentence; k++ {
		hi++
	}
	return window{lo, hi}
}

// normText is the normalized text of a window.
func (d *doc) normText(w window) string {
	end := len(d.norm)
	if w.hi+1 < len(d.nsegs) {
		end = d.nsegs[w.hi+1]
	}
	return d.norm[d.nsegs[w.lo]:end]
}

// sentenceText is the normalized text of clause i's whole sentence.
func (d *doc) sentenceText(i int) string { return d.normText(d.span(i, len(d.segs))) }

// maxEvidenceRunes bounds a quoted phrase.
const maxEvidenceRunes = 140

// evidence quotes a window of the original text, spaces collapsed.
func (d *doc) evidence(w window) string {
	s := strings.Join(strings.Fields(d.orig[d.segs[w.lo].start:d.segs[w.hi].end]), " ")
	s = strings.Trim(s, " ,，、:：-*•")
	s = trimClauseWord(strings.TrimLeft(trimListNumber(s), " "))
	if utf8.RuneCountInString(s) > maxEvidenceRunes {
		r := []rune(s)
		s = string(r[:maxEvidenceRunes-1]) + "…"
	}
	return s
}

// trimListNumber takes a list number off the front of a quoted phrase
// ("3. 计费按小时", "2、", "(4)"): it numbers the vendor's list, it is not
// what they said.
func trimListNumber(s string) string {
	// 一、二、… 十二、
	if r := []rune(s); len(r) > 2 {
		n := 0
		for n < len(r) && n < 3 && strings.ContainsRune("一二三四五六七八九十", r[n]) {
			n++
		}
		if n > 0 && n < len(r)-1 && r[n] == '、' {
			return string(r[n+1:])
		}
	}
	j := 0
	paren := strings.HasPrefix(s, "(") || strings.HasPrefix(s, "（")
	if paren {
		_, size := utf8.DecodeRuneInString(s)
		j = size
	}
	k := j
	for k < len(s) && isDigit(s[k]) && k-j < 3 {
		k++
	}
	if k == j {
		return s
	}
	for _, end := range []string{". ", ".", "、", ")", "）", "："} {
		if paren && end != ")" && end != "）" || !strings.HasPrefix(s[k:], end) {
			continue
		}
		rest := s[k+len(end):]
		if end == "." && rest != "" && isDigit(rest[0]) { // 3.5 is a number
			return s
		}
		if rest != "" {
			return rest
		}
	}
	return s
}

// trimClauseWord takes the clause word that starts a quoted phrase off it
// ("但坏卡原则上4小时内更换", "but latency is usually under 5 ms"): it joins
// the clause to the one before, it is not part of the answer.
func trimClauseWord(s string) string {
	for _, x := range append(zhClauseWords, "but ", "however ", "however, ", "also ", "and ") {
		if len(s) > len(x) && strings.EqualFold(s[:len(x)], x) {
			return strings.TrimLeft(s[len(x):], " ,，")
		}
	}
	return s
}

// folds rewrites spellings that mean the same thing into one form, after
// the rune mapping: every round-the-clock spelling becomes "7x24".
var folds = advisor.Lazy[*strings.Replacer]{New: func() *strings.Replacer {
	return strings.NewReplacer(
		"7 x 24", "7x24", "7*24", "7x24", "7 * 24", "7x24", "24x7", "7x24", "24/7", "7x24",
		"7天x24小时", "7x24", "7天24小时", "7x24", "7x24小时", "7x24", "7x24h", "7x24",
		"24小时在线", "7x24在线", "24小时值守", "7x24值守", "24小时人工", "7x24人工", "24小时客服", "7x24客服",
		"24小时服务", "7x24服务", "24小时技术支持", "7x24技术支持", "24h在线", "7x24在线", "24 hours a day", "7x24",
		"保证金", "押金", "不保证", "不担保",
	)
}}

// normalize folds what people type into what the terms are written in:
// half-width ASCII, lower case, "x" for ×, ¥ for ￥, and one spelling of 7x24.
func normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
		case r == 0x3000 || r == '\t' || r == '\r' || r == 0xA0:
			r = ' '
		case r == '×':
			r = 'x'
		case r == '￥':
			r = '¥'
		case r == '–' || r == '—' || r == '－':
			r = '-'
		case r == '’' || r == '‘':
			r = '\'' // a phone's curly apostrophe: don’t is don't
		}
		if r < utf8.RuneSelf {
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
		} else if !unicode.Is(unicode.Han, r) {
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return folds.Get().Replace(traditional.Get().Replace(b.String()))
}

// traditional folds the traditional characters of the terms into their
// simplified forms, so a Hong Kong or Taiwan salesperson's 沒有NVLink, 原則上
// and 7x24小時 are read as 没有NVLink, 原则上 and 7x24小时.
var traditional = advisor.Lazy[*strings.Replacer]{New: func() *strings.Replacer {
	const pairs = "沒没無无視视則则盡尽議议費费時时網网帶带寬宽機机證证開开發发價价專专應应該该響响換换備备個个與与離离銷销毀毁數数據据儲储權权計计務务單单顯显鐘钟內内獨独擔担協协標标準准業业級级認认檢检測测試试問问題题關关閉闭號号碼码虛虚擬拟佔占節节點点區区間间質质維维護护負负責责對对還还層层線线練练訓训週周錯错斷断補补償偿約约續续轉转帳账戶户錢钱雲云盤盘紀纪錄录驅驱動动鏡镜裝装預预環环載载輸输長长頻频額额條条書书頭头說说話话談谈們们這这邊边麼么嗎吗給给讓让過过會会從从來来樣样種种現现貨货顆颗張张塊块臺台雙双兩两萬万億亿碟碟滿满邏逻輯辑刪删遷迁繼继總总壞坏碼码"
	var args []string
	r := []rune(pairs)
	for i := 0; i+1 < len(r); i += 2 {
		if r[i] != r[i+1] {
			args = append(args, string(r[i]), string(r[i+1]))
		}
	}
	return strings.NewReplacer(args...)
}}
