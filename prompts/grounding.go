package prompts

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
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

// check runs every grounding check on an LLM draft, in a fixed order, and
// returns the first failure, or nil when the draft may be used. delim is the
// random marker around the vendor data in the prompt.
func (j job) check(cand, delim string) *Reason {
	fail := func(check, value string) *Reason {
		return &Reason{Code: ReasonCheckFailed, Check: check, Value: value}
	}
	if strings.TrimSpace(cand) == "" {
		return fail(CheckEmpty, "")
	}
	if delim != "" && strings.Contains(cand, delim) || strings.Contains(strings.ToUpper(cand), "VENDOR_DATA") {
		return fail(CheckDelimiter, "")
	}
	// Links, addresses and mentions are judged with the facts taken out: a
	// vendor called "autodl.com" may be named.
	rest := fold(cand)
	for _, f := range j.facts {
		if v := fold(f.Value); v != "" {
			rest = strings.ReplaceAll(rest, v, " ")
		}
	}
	if hasURL(rest) {
		return fail(CheckURL, "")
	}
	if hasEmail(rest) {
		return fail(CheckEmail, "")
	}
	if hasMention(rest) {
		return fail(CheckMention, "")
	}
	if hasOpaque(rest) {
		return fail(CheckOpaque, "")
	}
	squeezed := squeeze(fold(cand))
	for _, f := range j.facts {
		if !strings.Contains(squeezed, squeeze(fold(f.Value))) {
			return fail(CheckRequiredFact, f.Value)
		}
	}
	allowed := numberSet(j.text)
	for _, f := range j.facts {
		for _, n := range numbers(f.Value) {
			allowed[n] = true
		}
	}
	for _, n := range numbers(stripMarkers(cand)) {
		if !allowed[n] {
			return fail(CheckUnknownNumber, n)
		}
	}
	if w := spelledNumber(cand); w != "" {
		return fail(CheckSpelledNumber, w)
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
			return fail(CheckMissingClause, t.label)
		}
	}
	if j.questions > 0 {
		got := markers(cand)
		for n := 1; n <= j.questions; n++ {
			if !got[n] {
				return fail(CheckQuestionCount, strconv.Itoa(j.questions))
			}
		}
		for n := range got {
			if n > j.questions {
				return fail(CheckQuestionCount, strconv.Itoa(j.questions))
			}
		}
	}
	if !j.rightLanguage(cand) {
		return fail(CheckLanguage, j.lang)
	}
	n, ref := utf8.RuneCountInString(cand), utf8.RuneCountInString(j.text)
	lo := max(minLength, int(float64(ref)*minLengthRatio))
	hi := min(maxLength, int(float64(ref)*maxLengthRatio)+200)
	if n < lo || n > hi {
		return fail(CheckLength, strconv.Itoa(n)+" ∉ "+strconv.Itoa(lo)+"–"+strconv.Itoa(hi))
	}
	return nil
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
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range strings.ToValidUTF8(s, "") {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
		case r == 0x3000 || r == 0x00A0:
			r = ' '
		case r == '×' || r == '✕':
			r = 'x'
		case r == '﹫':
			r = '@'
		case r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\u2060' || r == '\ufeff':
			continue // zero-width characters hide links and mentions
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
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

var numberRE = regexp.MustCompile(`\d+(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`)

// numbers lists the numbers in s in canonical form (15,000 -> 15000,
// 03 -> 3, 2.50 -> 2.5).
func numbers(s string) []string {
	var out []string
	for _, m := range numberRE.FindAllString(fold(s), -1) {
		out = append(out, canonical(m))
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

var markerRE = regexp.MustCompile(`^\s*[(（]?(\d{1,2})[.、)）]`)

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
	m := markerRE.FindStringSubmatchIndex(line)
	if m == nil {
		return 0, false
	}
	// "0.5x" is a number, not a list marker.
	if next, _ := utf8.DecodeRuneInString(line[m[1]:]); unicode.IsDigit(next) {
		return 0, false
	}
	n, _ := strconv.Atoi(line[m[2]:m[3]])
	return n, n >= 1 && n <= 30
}

// stripMarkers removes list markers so their numbers are not checked.
func stripMarkers(s string) string {
	lines := strings.Split(fold(s), "\n")
	for i, line := range lines {
		if _, ok := marker(line); ok {
			m := markerRE.FindStringIndex(line)
			lines[i] = line[m[1]:]
		}
	}
	return strings.Join(lines, "\n")
}

var (
	urlRE = regexp.MustCompile(`(?i)(?:\b(?:https?|ftp|file)\s*:\s*//|\bwww\.|<\s*https?|\]\(|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|cn|net|org|io|ai|cc|xyz|top|info|biz|app|dev|site|online|link|ly|ru|tk|vip|club|shop|store|tech|cloud|xin|ink|gg|hk|tw|sg|uk|de|jp)\b)`)
	// emailRE also catches "name [at] host [dot] com".
	emailRE     = regexp.MustCompile(`(?i)[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+|[a-z0-9._%+-]+\s*[\[(（]\s*at\s*[\])）]\s*[a-z0-9-]+`)
	mentionRE   = regexp.MustCompile(`@|<\s*[!#]|<\s*at\b`)
	opaqueRE    = regexp.MustCompile(`[A-Za-z0-9+/=]{24,}|[0-9a-fA-F]{32,}`)
	spelledENRE = regexp.MustCompile(`(?i)\b(?:half|twice|thrice|(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|thousand)(?:[\s-]+(?:point|and)?[\s-]*(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|hundred|thousand))*[\s-]+(?:times|fold|x|hours?|hrs?|minutes?|mins?|days?|weeks?|months?|years?|percent|yuan|rmb|dollars?|gb|tb))\b`)
	spelledZHRE = regexp.MustCompile(`百分之[零〇一二两三四五六七八九十百]+|[零〇一二两三四五六七八九十百千万半][零〇一二两三四五六七八九十百千万点半]*\s*(?:倍|个?小时|个?钟头|分钟|秒|天|日|周|星期|个月|年|元|块|万元|成|折|%|张卡|台)`)
)

// hasURL reports a link: a scheme, www., a markdown or Slack link, or a bare
// domain. 。 and ． count as dots.
func hasURL(s string) bool {
	s = strings.NewReplacer("。", ".", "．", ".", "｡", ".").Replace(fold(s))
	return urlRE.MatchString(s)
}

func hasEmail(s string) bool { return emailRE.MatchString(fold(s)) }

// hasMention reports an @ (outside an e-mail address, which hasEmail
// reports first: @channel, @所有人, @someone), a Slack <!channel> or <#C1>,
// or a Feishu <at> tag.
func hasMention(s string) bool { return mentionRE.MatchString(fold(s)) }

// hasOpaque reports a long base64 or hex run: encoded text smuggled in.
func hasOpaque(s string) bool {
	for _, m := range opaqueRE.FindAllString(s, -1) {
		letters, digits := false, false
		for _, r := range m {
			letters = letters || unicode.IsLetter(r)
			digits = digits || unicode.IsDigit(r)
		}
		if letters && digits || strings.ContainsAny(m, "+/=") {
			return true
		}
	}
	return false
}

// spelledNumber returns the first number written in words next to a unit
// ("half", "twice", "three hours", "零点五倍", "半小时"), or "".
func spelledNumber(s string) string {
	if m := spelledENRE.FindString(s); m != "" {
		return m
	}
	return spelledZHRE.FindString(s)
}
