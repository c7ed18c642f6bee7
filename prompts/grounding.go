package prompts

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"gpuadvisor/advisor"
)

// job is one draft to write: the template text, the facts it must keep, and
// what else a rewording must preserve.
type job struct {
	kind   Kind
	lang   string
	vendor string
	// task describes the draft in the prompt ("the SLA clauses of ...").
	task  string
	facts []Fact
	// text is the template draft: the fallback and the LLM's reference.
	text string
	// vendorText is untrusted vendor text, quoted in the prompt.
	vendorText string
	// topics are clauses a rewording must keep (SLA).
	topics []topic
	// questions is how many numbered questions the draft must ask.
	questions int
}

// topic is a clause identified by any of its words (case-insensitive).
type topic struct {
	label string
	words []string
}

// Length bounds of an LLM draft relative to the template draft, in runes.
const (
	minLengthRatio = 0.4
	maxLengthRatio = 2.5
	minLength      = 40
	maxLength      = 8000
)

// check runs every grounding check on an LLM draft and returns the first
// failure, or nil when the draft may be used. delim is the random marker
// around the vendor data in the prompt.
func (j job) check(cand, delim string) *Reason {
	if all := j.failures(cand, delim); len(all) > 0 {
		return all[0]
	}
	return nil
}

// failures runs every grounding check on an LLM draft, in a fixed order,
// and returns every failure (the first is the one the reply names).
func (j job) failures(cand, delim string) []*Reason {
	var out []*Reason
	fail := func(check, value string) {
		out = append(out, &Reason{Code: ReasonCheckFailed, Check: check, Value: value})
	}
	if strings.TrimSpace(cand) == "" {
		fail(CheckEmpty, "")
		return out
	}
	if delim != "" && strings.Contains(cand, delim) || strings.Contains(strings.ToUpper(cand), "VENDOR_DATA") {
		fail(CheckDelimiter, "")
	}
	// Links, addresses and mentions are judged with the facts taken out: a
	// vendor called "autodl.com" may be named.
	rest := fold(cand)
	for _, f := range j.facts {
		if v := fold(f.Value); v != "" {
			rest = strings.ReplaceAll(rest, v, " ")
		}
	}
	if hasEmail(rest) {
		fail(CheckEmail, "")
	}
	if hasURL(rest) {
		fail(CheckURL, "")
	}
	if hasMention(rest) {
		fail(CheckMention, "")
	}
	if hasOpaque(rest) || hasHidden(cand) {
		fail(CheckOpaque, "")
	}
	if m := addedMarkup(j.text, cand); m != "" {
		fail(CheckMarkup, m)
	}
	if newPhone(j.text, cand) {
		fail(CheckPhone, "")
	}
	squeezed := squeeze(fold(cand))
	candQ := quantities(cand)
	for _, f := range j.facts {
		if !strings.Contains(squeezed, squeeze(fold(f.Value))) && !factQuantitiesIn(f.Value, candQ) {
			fail(CheckRequiredFact, f.Value)
			break
		}
	}
	allowed := numberSet(stripMarkers(j.text)) // the list numbers are not facts
	for _, f := range j.facts {
		for _, n := range numbers(f.Value) {
			allowed[n] = true
		}
	}
	for _, n := range numbers(stripMarkers(cand)) {
		if !allowed[n] {
			fail(CheckUnknownNumber, n)
			break
		}
	}
	if n := newNumeral(j.text, cand); n != "" {
		fail(CheckUnknownNumber, n)
	}
	// every number of the reference draft is a fact too: none may vanish
	have := numberSet(stripMarkers(cand))
	for _, n := range numbers(stripMarkers(j.text)) {
		if !have[n] {
			fail(CheckMissingNumber, n)
			break
		}
	}
	// a number in words cannot be checked, unless the reference has it too
	// (a checklist question may say "双倍")
	refSpelled := map[string]bool{}
	for _, w := range spelledNumbers(j.text) {
		refSpelled[w] = true
	}
	for _, w := range spelledNumbers(cand) {
		if !refSpelled[w] {
			fail(CheckSpelledNumber, w)
			break
		}
	}
	if !j.rightLanguage(cand) {
		fail(CheckLanguage, j.lang)
	}
	n, ref := utf8.RuneCountInString(cand), utf8.RuneCountInString(j.text)
	lo := max(minLength, int(float64(ref)*minLengthRatio))
	hi := min(maxLength, int(float64(ref)*maxLengthRatio)+200)
	if n < lo || n > hi {
		fail(CheckLength, strconv.Itoa(n)+" ∉ "+strconv.Itoa(lo)+"–"+strconv.Itoa(hi))
	}
	low := strings.ToLower(cand)
	for _, t := range j.topics {
		found := false
		for _, w := range t.words {
			if strings.Contains(low, w) {
				found = true
				break
			}
		}
		if !found {
			fail(CheckMissingClause, t.label)
			break
		}
	}
	if j.questions > 0 {
		got := markers(cand)
		ok := true
		for n := 1; n <= j.questions; n++ {
			ok = ok && got[n]
		}
		for n := range got {
			ok = ok && n <= j.questions
		}
		if !ok {
			fail(CheckQuestionCount, strconv.Itoa(j.questions))
		}
	}
	out = append(out, j.checkStructure(cand)...)
	out = append(out, j.checkClauses(cand)...)
	return out
}

// factQuantitiesIn: every quantity of a fact's value is in the draft with
// the same value and unit (its rate left out: the fact "¥3,000" is the
// draft's 每卡每月 3千元), so a fact written another way is still there.
// A fact with no quantity (a vendor's name) must be there as written.
func factQuantitiesIn(value string, cand []placed) bool {
	fq := quantities(value)
	if len(fq) == 0 {
		return false
	}
	for _, f := range fq {
		found := false
		for _, c := range cand {
			if c.q.num == f.q.num && unitFamily(c.q.unit) == unitFamily(f.q.unit) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// rightLanguage: a Chinese draft is mostly Han; an English one has almost
// none outside the facts (a vendor may be called 酷算云).
func (j job) rightLanguage(cand string) bool {
	s := cand
	for _, f := range j.facts {
		if f.Value != "" {
			s = strings.ReplaceAll(s, f.Value, " ")
		}
	}
	han, letters := 0, 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Han, r):
			han++
			letters++
		case unicode.IsLetter(r):
			letters++
		}
	}
	if letters == 0 {
		return false
	}
	share := float64(han) / float64(letters)
	if j.lang == ZH {
		return share >= 0.3
	}
	return share <= 0.1
}

// fold maps what people and models type to one form for comparison:
// full-width ASCII to half-width, the ideographic space to a space, × and ✕
// to x, the small and full-width @ to @, and lower case.
func fold(s string) string {
	if len(s) < foldMemoMin {
		return foldText(s)
	}
	foldMemo.Lock()
	f, ok := foldMemo.m[s]
	foldMemo.Unlock()
	if ok {
		return f
	}
	f = foldText(s)
	foldMemo.Lock()
	if foldMemo.m == nil || len(foldMemo.m) >= foldMemoMax {
		foldMemo.m = map[string]string{}
	}
	foldMemo.m[s] = f
	foldMemo.Unlock()
	return f
}

// foldMemo keeps the folded form of the last long texts: the checks fold
// the same template and draft many times.
var foldMemo struct {
	sync.Mutex
	m map[string]string
}

const (
	foldMemoMin = 256 // bytes; shorter texts are folded each time
	foldMemoMax = 64  // texts kept
)

func foldText(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	s = strings.ToValidUTF8(s, "")
	var p1, p2, p3 rune // the runes before r, as written
	for i, r := range s {
		p3, p2, p1 = p2, p1, prev(s, i)
		if r == 'b' && strings.ContainsRune("KMGTP", p1) && (isDigitRune(p2) || p2 == ' ' && isDigitRune(p3)) && !isASCIIWordAt(s, i+1) {
			b.WriteString("bit") // 500 Gb is gigabits, not the 500 GB folded to "gb"
			continue
		}
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
		case r == 0x3000 || r == 0x00A0:
			r = ' '
		case r == '×' || r == '✕':
			r = 'x'
		case r == '﹫':
			r = '@'
		case r == '\u2019' || r == '\u2018' || r == '\u02bc' || r == '\u2032':
			r = '\'' // customer’s is customer's
		case r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\u2060' || r == '\ufeff' || r == '\u00ad' || r == '\u180e' ||
			r >= '\u2061' && r <= '\u2064' || r >= '\u202a' && r <= '\u202e' || r >= '\u2066' && r <= '\u2069':
			continue // zero-width, soft-hyphen and direction characters hide links, mentions and negations
		case r >= 0x1D400 && r <= 0x1D6A3:
			r = mathLetter(r) // 𝐧𝐨𝐭 is not
		case r >= 0x370 && r <= 0x52f && confusable(r) != 0: // Greek and Cyrillic only
			r = confusable(r) // Cyrillic and Greek look-alikes: nоt (о U+043E) is not
		case r > unicode.MaxASCII && unicode.IsDigit(r):
			r = '0' + digitValue(r) // ٥٠٠, ५००, 𝟓: digits of every script read as digits
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// prev is the rune of s that ends at byte i, or 0.
func prev(s string, i int) rune {
	if i == 0 {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r
}

// isASCIIWordAt: the byte at i is an ASCII letter.
func isASCIIWordAt(s string, i int) bool {
	return i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z')
}

// confusable is the Latin letter a Cyrillic or Greek letter looks like
// (lower case; fold lowers first), or 0. Drafts are English or Chinese, so
// one of these in a draft is a disguise. (A switch, not a map: no work at
// package init.)
func confusable(r rune) rune {
	switch r {
	case 'а', 'А', 'α', 'Α':
		return 'a'
	case 'е', 'Е', 'ε', 'Ε':
		return 'e'
	case 'о', 'О', 'ο', 'Ο':
		return 'o'
	case 'р', 'Р', 'ρ', 'Ρ':
		return 'p'
	case 'с', 'С':
		return 'c'
	case 'у', 'У':
		return 'y'
	case 'х', 'Х', 'χ', 'Χ':
		return 'x'
	case 'і', 'І', 'ї', 'ι', 'Ι':
		return 'i'
	case 'ј', 'Ј':
		return 'j'
	case 'ѕ', 'Ѕ':
		return 's'
	case 'ԁ':
		return 'd'
	case 'ԛ':
		return 'q'
	case 'ԝ':
		return 'w'
	case 'ӏ':
		return 'l'
	case 'һ', 'Н', 'Η':
		return 'h'
	case 'К', 'к', 'κ', 'Κ':
		return 'k'
	case 'М', 'Μ':
		return 'm'
	case 'Т', 'τ', 'Τ':
		return 't'
	case 'В', 'Β':
		return 'b'
	case 'ν':
		return 'v'
	case 'υ':
		return 'u'
	case 'Ν':
		return 'n'
	case 'Ζ':
		return 'z'
	}
	return 0
}

// mathLetter maps a letter of the Mathematical Alphanumeric Symbols block
// (𝐀, 𝑎, 𝔞, …: thirteen alphabets of 52 letters each) to its ASCII
// lower-case letter.
func mathLetter(r rune) rune {
	off := (r - 0x1D400) % 52
	if off >= 26 {
		off -= 26
	}
	return 'a' + off
}

// squeeze drops white space, so "30 分钟" matches "30分钟".
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// numbers lists the numbers in s as values, in canonical form (15,000 ->
// 15000, 03 -> 3, 2.50 -> 2.5, 3千 and 三千 -> 3000, 百分之九十九点九 ->
// 99.9). Commas group thousands only in threes.
func numbers(s string) []string {
	var out []string
	for _, tk := range scanNumbers([]rune(fold(s))) {
		out = append(out, tk.val)
	}
	return out
}

func canonical(m string) string {
	v, err := strconv.ParseFloat(strings.ReplaceAll(m, ",", ""), 64)
	if err != nil {
		return m
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func numberSet(s string) map[string]bool {
	set := map[string]bool{}
	for _, n := range numbers(s) {
		set[n] = true
	}
	return set
}

var markerRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^\s*[(（]?(\d{1,2})[.、)）]`) }}

// markers returns the list numbers that start lines ("1.", "2、", "(3)").
func markers(s string) map[int]bool {
	got := map[int]bool{}
	for _, line := range strings.Split(fold(s), "\n") {
		if n, ok := marker(line); ok {
			got[n] = true
		}
	}
	return got
}

func marker(line string) (int, bool) {
	m := markerRE.Get().FindStringSubmatchIndex(line)
	if m == nil {
		return 0, false
	}
	// "0.5x" is a number, not a list marker.
	if next, _ := utf8.DecodeRuneInString(line[m[1]:]); unicode.IsDigit(next) {
		return 0, false
	}
	n, _ := strconv.Atoi(line[m[2]:m[3]])
	return n, n >= 1 && n <= 99
}

// stripMarkers removes list markers so their numbers are not checked.
func stripMarkers(s string) string {
	lines := strings.Split(fold(s), "\n")
	for i, line := range lines {
		if _, ok := marker(line); ok {
			m := markerRE.Get().FindStringIndex(line)
			lines[i] = line[m[1]:]
		}
	}
	return strings.Join(lines, "\n")
}

var (
	// schemeRE: "://" after any scheme, defanged ones too (hxxps://, h**ps,
	// [:]//), www., a Markdown link, an IPv4 address.
	schemeRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`(?i):\s*(?:[\])]\s*)?//|\bh(?:xx|\*\*)ps?\b|\[\s*:\s*\]|www\.|<\s*https?|\]\(|\b\d{1,3}(?:\.\d{1,3}){3}\b`)
	}}
	// dotRE: what stands for the dot of a domain: [.], (dot), " dot ", 点,
	// middle dots, one-dot leaders, Chinese and full-width full stops.
	dotRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`\s*(?:[\[({]\s*(?:\.|dot)\s*[\])}])\s*|\s+dot\s+|\s*点\s*|[·․﹒。．｡]`)
	}}
	// emailRE also catches "name [at] host".
	emailRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|[a-z0-9._%+-]+\s*[\[(（]\s*at\s*[\])）]\s*[a-z0-9-]+`)
	}}
	mentionRE   = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`@|<\s*[!#]|<\s*at\b`) }}
	spelledZHRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
		return regexp.MustCompile(`一半|减半|翻倍|双倍|加倍|半价|百分之[零〇一二两三四五六七八九十百]+|[零〇一二两三四五六七八九十百千万半][零〇一二两三四五六七八九十百千万点半]*\s*(?:倍|个?小时|个?钟头|分钟|秒|天|日|周|星期|个月|年|元|块|万元|成|折|%|张卡|台)`)
	}}
)

// tlds are the top-level domains that make "word.tld" a link. Short ones
// that end English words or sentences (in, to, so, me, us) are left out.
var tlds = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return wordSet("com cn net org io ai cc xyz top info biz app dev site online link ly ru tk vip club shop store tech cloud xin ink gg hk tw sg uk de jp")
}}

// hasURL reports a link in any disguise: a scheme (defanged too), www., a
// Markdown or Slack link, an IP address, or a bare domain, where [.], (dot),
// " dot ", 点, 。 and other dots count as dots.
func hasURL(s string) bool {
	s = fold(s)
	if schemeRE.Get().MatchString(s) {
		return true
	}
	return hasDomain(dotRE.Get().ReplaceAllString(s, "."))
}

// hasDomain finds "name.tld" in lower-case text in one pass.
func hasDomain(s string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] != '.' || !isHostByte(s[i-1]) {
			continue
		}
		j := i + 1
		for j < len(s) && isLower(s[j]) {
			j++
		}
		if j > i+1 && tlds.Get()[s[i+1:j]] && (j == len(s) || !isHostByte(s[j])) {
			return true
		}
	}
	return false
}

func isLower(c byte) bool    { return c >= 'a' && c <= 'z' }
func isHostByte(c byte) bool { return isLower(c) || c >= '0' && c <= '9' || c == '-' }

func hasEmail(s string) bool {
	s = fold(s)
	if !strings.Contains(s, "@") && !strings.Contains(s, "at") {
		return false
	}
	return emailRE.Get().MatchString(s)
}

// hasMention reports an @ (outside an e-mail address, which hasEmail
// reports first: @channel, @所有人, @someone), a Slack <!channel> or <#C1>,
// or a Feishu <at> tag.
func hasMention(s string) bool { return mentionRE.Get().MatchString(fold(s)) }

// hasOpaque reports a long base64 or hex run: encoded text smuggled in.
// A run of 24 or more base64 characters counts when it mixes letters and
// digits or holds + / =; a run of 32 hex digits always counts.
func hasOpaque(s string) bool {
	for i := 0; i < len(s); {
		if !isBase64(s[i]) {
			i++
			continue
		}
		j := i
		letters, digits, symbols, hex := false, false, false, true
		for j < len(s) && isBase64(s[j]) {
			c := s[j]
			switch {
			case c >= '0' && c <= '9':
				digits = true
			case c == '+' || c == '/' || c == '=':
				symbols = true
				hex = false
			default:
				letters = true
				hex = hex && (c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F')
			}
			j++
		}
		n := j - i
		if n >= 24 && (letters && digits || symbols) || n >= 32 && hex {
			return true
		}
		i = j
	}
	return false
}

// markupMarks are the marks that strike text through or hide it, in Slack
// and Feishu mrkdwn, Markdown and HTML.
var markupMarks = []string{"~", "<s>", "<del>", "<strike>", "<!--", "||", "<span"}

// addedMarkup returns the first strike-through or hiding mark the draft
// holds more often than the template, or "": a struck "not" reads as no
// negation to a person and as one to the checks.
func addedMarkup(ref, cand string) string {
	r, c := strings.ToLower(ref), strings.ToLower(cand)
	for _, m := range markupMarks {
		if strings.Count(c, m) > strings.Count(r, m) {
			return m
		}
	}
	for k, re := range markupRES.Get() {
		if !strings.Contains(c, [...]string{"<", "&", "]:"}[k]) {
			continue
		}
		if m := re.FindString(c); m != "" && len(re.FindAllStringIndex(c, -1)) > len(re.FindAllStringIndex(r, -1)) {
			return m
		}
	}
	for _, ch := range c {
		if ch >= 0x0334 && ch <= 0x0338 || ch >= 0x20D2 && ch <= 0x20D3 || ch >= 0x20E5 && ch <= 0x20E6 || ch >= 0x20EA && ch <= 0x20EB {
			if !strings.ContainsRune(r, ch) {
				return "U+" + strconv.FormatInt(int64(ch), 16) // n̶o̶t̶: a stroke through each letter
			}
		}
	}
	return ""
}

// markupRES are the other ways to hide or recast text: any HTML tag
// (<div hidden>, <font color="white">, <sup>), an HTML entity (&#110;ot
// shows "not" where the checks read none), and a Markdown link reference
// definition, which renders as nothing ([//]: # (we accept)).
var markupRES = advisor.Lazy[[]*regexp.Regexp]{New: func() []*regexp.Regexp {
	return []*regexp.Regexp{
		regexp.MustCompile(`</?[a-z][a-z0-9]*(?:\s[^<>]*)?/?>`),
		regexp.MustCompile(`&(?:#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});`),
		regexp.MustCompile(`(?m)^\s{0,3}\[[^\]\n]+\]:\s*\S`),
	}
}}

// hasHidden reports characters no reader sees but a model reads: Unicode
// tag characters (ASCII smuggled as U+E0020…E007E), variation selectors
// beyond the emoji ones, private-use characters, and the bidirectional
// embeddings, overrides and isolates (U+202A…202E, U+2066…2069), which
// show "ton" as "not" to a reader while the checks read "ton".
func hasHidden(s string) bool {
	for _, r := range s {
		if r >= 0xE0000 && r <= 0xE007F || r >= 0xE0100 && r <= 0xE01EF || r >= 0xE000 && r <= 0xF8FF || r >= 0xF0000 ||
			r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069 {
			return true
		}
	}
	return false
}

func isBase64(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '='
}

// spelledNumber returns the first number written in words next to a unit
// ("half", "twice", "three hours", "零点五倍", "半小时"), or "".
func spelledNumber(s string) string {
	if all := spelledNumbers(s); len(all) > 0 {
		return all[0]
	}
	return ""
}

// spelledNumbers returns every number written in words, English first.
func spelledNumbers(s string) []string {
	out := spelledEN(s)
	for _, ix := range spelledZHRE.Get().FindAllStringIndex(s, -1) {
		m := s[ix[0]:ix[1]]
		if (m == "半小时" || m == "半个小时" || m == "半个钟头") && !strings.HasSuffix(s[:ix[0]], "个") {
			continue // read as 30 minutes (halfHour)
		}
		// 三十分钟, 三天, 百分之九十九点九 are read as numbers (scanNumbers) and
		// checked as quantities; 一半, 翻倍, 半小时 cannot be
		if strings.ContainsRune(m, '半') || strings.ContainsAny(m, "翻双加减") {
			out = append(out, m)
		}
	}
	return out
}

var (
	numberWords = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
		return wordSet("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion dozen")
	}}
	joinWords   = advisor.Lazy[map[string]bool]{New: func() map[string]bool { return wordSet("point and") }}
	alwaysWords = advisor.Lazy[map[string]bool]{New: func() map[string]bool { return wordSet("half twice thrice double triple quadruple") }}
	unitWords   = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
		return wordSet("times fold x hour hours hr hrs minute minutes min mins day days week weeks month months year years percent yuan rmb dollar dollars gb tb")
	}}
)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// spelledEN scans ASCII words: a run of number words followed by a unit,
// or half/twice/thrice anywhere.
func spelledEN(s string) []string {
	var words []string
	low := strings.ToLower(s)
	for i := 0; i < len(low); {
		if !isLower(low[i]) {
			i++
			continue
		}
		j := i
		for j < len(low) && isLower(low[j]) {
			j++
		}
		words = append(words, low[i:j])
		i = j
	}
	var out []string
	for i, w := range words {
		if w == "half" && i+1 < len(words) && (words[i+1] == "hour" || words[i+1] == "an" && i+2 < len(words) && words[i+2] == "hour") {
			continue // read as 30 minutes (halfHour)
		}
		if alwaysWords.Get()[w] {
			if w != "twice" && w != "thrice" { // read as 2x, 3x
				out = append(out, w)
			}
			continue
		}
		if !numberWords.Get()[w] {
			continue
		}
		if i > 0 && (numberWords.Get()[words[i-1]] || joinWords.Get()[words[i-1]] && i > 1 && numberWords.Get()[words[i-2]]) {
			continue // inside a run already reported
		}
		k := i + 1
		for k < len(words) && (numberWords.Get()[words[k]] || joinWords.Get()[words[k]] && k+1 < len(words) && numberWords.Get()[words[k+1]]) {
			k++
		}
		switch {
		case k < len(words) && unitWords.Get()[words[k]] || k > i+1:
			// read as a number (enNumber: "four hours" is 4 h) and checked
			// as a quantity
		case w != "one" && w != "zero":
			// a number in words is a number without a unit too ("four")
			out = append(out, strings.Join(words[i:k], " "))
		}
	}
	return out
}
