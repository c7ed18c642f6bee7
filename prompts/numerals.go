package prompts

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"gpuadvisor/advisor"
)

// Numbers in any script (docs/drafting.md#meaning-clause-by-clause): fold reads the digits
// of every script as ASCII digits; Chinese numerals (四零零, 一万五),
// circled and Roman numerals, and phone numbers are checked here.

// digitValue is the value of a decimal digit of any script: Unicode keeps
// each script's digits as one run of ten, zero first, so it is the
// distance to the start of the run of digits r is in, modulo ten.
func digitValue(r rune) rune {
	n := rune(0)
	for unicode.IsDigit(r-n-1) && n < 64 {
		n++
	}
	return n % 10
}

// zhNumeralChars are the Chinese numerals, daily and financial.
const zhNumeralChars = "〇零一二两三四五六七八九十百千万亿兆壹贰叁肆伍陆柒捌玖拾佰仟幺"

// zhDigitChars are the numerals that stand for one digit each (phone
// numbers read digit by digit: 四零零八二零八八二零).
const zhDigitChars = "〇零一二三四五六七八九幺"

// zhNumeralWords are words made of numerals that are not numbers.
var zhNumeralWords = []string{"一一", "万一", "千万", "一二", "十一"}

// zhNumeralRuns returns the runs of two or more Chinese numerals in s
// (一万五, 四零零八二零八八二零), words such as 万一 left out.
func zhNumeralRuns(s string) []string {
	for _, w := range zhNumeralWords {
		s = strings.ReplaceAll(s, w, " ")
	}
	var out []string
	var run []rune
	flush := func() {
		if len(run) >= 2 {
			out = append(out, string(run))
		}
		run = run[:0]
	}
	for _, r := range s {
		if strings.ContainsRune(zhNumeralChars, r) {
			run = append(run, r)
			continue
		}
		flush()
	}
	flush()
	return out
}

// otherNumerals returns the numerals that are neither decimal digits nor
// Chinese: circled, Roman, fractions, superscripts (①, Ⅳ, ½, ²).
func otherNumerals(s string) []string {
	var out []string
	for _, r := range s {
		if unicode.IsNumber(r) && !unicode.IsDigit(r) && !strings.ContainsRune(zhNumeralChars, r) {
			out = append(out, string(r))
		}
	}
	return out
}

// newNumeral returns the first numeral of cand that is not read as a
// number (scanNumbers: those are checked by value) and that the template
// does not hold: circled and Roman numerals (⑤, Ⅳ), and runs of Chinese
// numerals that are no number as written; or "".
func newNumeral(ref, cand string) string {
	have := map[string]bool{}
	for _, n := range append(unreadNumerals(ref), otherNumerals(ref)...) {
		have[n] = true
	}
	for _, n := range append(unreadNumerals(cand), otherNumerals(cand)...) {
		if !have[n] {
			return n
		}
	}
	return ""
}

// unreadNumerals are the runs of two or more Chinese numerals that
// scanNumbers does not read as a number (words such as 万一 left out).
func unreadNumerals(s string) []string {
	rs := []rune(fold(s))
	read := map[int]bool{}
	for _, tk := range scanNumbers(rs) {
		for k := tk.start; k < tk.end; k++ {
			read[k] = true
		}
	}
	var b strings.Builder
	for k, r := range rs {
		if read[k] {
			b.WriteRune(' ')
			continue
		}
		b.WriteRune(r)
	}
	return zhNumeralRuns(b.String())
}

// phoneRE is a run of digits with the separators phone numbers are
// written with (+86 400-820-8820, (010) 6552 9988).
var phoneRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`\+?\(?\d[\d\s\-().]{5,}\d`) }}

// phones lists the phone numbers of s as digits only: a run of at least 7
// digits in Arabic or any script's digits, or of Chinese digit numerals.
func phones(s string) []string {
	f := fold(s)
	var out []string
	for _, m := range phoneRE.Get().FindAllString(f, -1) {
		d := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, m)
		if len(d) >= 7 {
			out = append(out, d)
		}
	}
	var run []rune
	flush := func() {
		if len(run) >= 7 {
			out = append(out, strings.Map(func(r rune) rune {
				if i := strings.IndexRune(zhDigitChars, r); i >= 0 {
					return []rune("001234567891")[len([]rune(zhDigitChars[:i]))]
				}
				return r
			}, string(run)))
		}
		run = run[:0]
	}
	for _, r := range f {
		if strings.ContainsRune(zhDigitChars, r) {
			run = append(run, r)
			continue
		}
		if r == ' ' || r == '-' {
			continue
		}
		flush()
	}
	flush()
	return out
}

// newPhone reports a phone number in cand that the template does not hold.
func newPhone(ref, cand string) bool {
	have := map[string]bool{}
	for _, p := range phones(ref) {
		have[p] = true
	}
	for _, p := range phones(cand) {
		if !have[p] {
			return true
		}
	}
	return false
}

// Numbers read as values (docs/drafting.md#numbers-as-values): 3,000, 3000,
// ３０００, 3千, 0.3万, 三千 and 三千元 are one number, 3000; a change of any
// of them is a change of the number, however it is written.

// numTok is a number found in folded runes [start, end): its canonical
// value, whether it starts with a digit (else it is Chinese numerals), and
// whether it was written as a share (百分之九十九点九 is 99.9%).
type numTok struct {
	val        string
	start, end int
	digits     bool
	pct        bool
	times      bool // twice, thrice: a multiple
	// unit is the unit the words themselves give (半小时, half an hour:
	// 30 min), "" when the unit follows the number.
	unit string
}

// halfHour reads half an hour at rune i (半小时, 半个小时, half an hour,
// half-hour, half hour) and returns where it ends, or 0. A 半 after a
// numeral and 个 (一个半小时, an hour and a half) is not one.
func halfHour(rs []rune, i int) int {
	rest := string(rs[i:min(len(rs), i+14)])
	if rs[i] == '半' {
		if i > 0 && rs[i-1] == '个' {
			return 0
		}
		for _, w := range []string{"半个小时", "半小时", "半个钟头"} {
			if strings.HasPrefix(rest, w) {
				return i + len([]rune(w))
			}
		}
		return 0
	}
	if i > 0 && isASCIILetter(rs[i-1]) {
		return 0
	}
	for _, w := range []string{"half an hour", "half-an-hour", "half-hour", "half hour"} {
		if strings.HasPrefix(rest, w) && !isASCIILetter(at(rs, i+len(w))) {
			return i + len(w)
		}
	}
	return 0
}

// zhDigitValue is the value of a Chinese digit numeral, or -1.
func zhDigitValue(r rune) int {
	switch r {
	case '〇', '零':
		return 0
	case '一', '壹', '幺':
		return 1
	case '二', '两', '贰':
		return 2
	case '三', '叁':
		return 3
	case '四', '肆':
		return 4
	case '五', '伍':
		return 5
	case '六', '陆':
		return 6
	case '七', '柒':
		return 7
	case '八', '捌':
		return 8
	case '九', '玖':
		return 9
	}
	return -1
}

// zhUnitValue is the value of a Chinese place numeral (十 百 千 万 亿), or 0.
func zhUnitValue(r rune) float64 {
	switch r {
	case '十', '拾':
		return 10
	case '百', '佰':
		return 100
	case '千', '仟':
		return 1000
	case '万':
		return 1e4
	case '亿':
		return 1e8
	}
	return 0
}

func isZHNumeral(r rune) bool { return zhDigitValue(r) >= 0 || zhUnitValue(r) > 0 }

// zhNotNumbers are runs of numerals that are words, not numbers: 万一 (in
// case), 千万 (by all means), 十分 (very), 一一 (one by one), 一二 (a few),
// 十一 (the October holiday), 万兆/千兆 (10GbE, GbE).
var zhNotNumbers = []string{"万一", "千万", "十分", "万分", "一一", "一二", "十一", "万兆", "千兆", "百兆", "一时", "一点"}

// zhValue reads a run of Chinese numerals: place numerals (三千五百, 一万五
// = 15000, 十五), digit by digit (二〇二七, 四零零), and a decimal part
// after 点 (九十九点九). ok is false when the run is not a number.
func zhValue(run []rune) (float64, bool) {
	intPart, frac := run, []rune(nil)
	for k, r := range run {
		if r == '点' {
			intPart, frac = run[:k], run[k+1:]
			break
		}
	}
	var v float64
	placed := false
	for _, r := range intPart {
		placed = placed || zhUnitValue(r) > 0
	}
	switch {
	case len(intPart) == 0:
	case !placed: // digit by digit: 二〇二七, 四零零八
		for _, r := range intPart {
			v = v*10 + float64(zhDigitValue(r))
		}
	default:
		var total, section, digit float64
		last := 0.0 // the last place read, for 一万五 (= 15000)
		hasDigit, zero := false, false
		for _, r := range intPart {
			if d := zhDigitValue(r); d >= 0 {
				digit, hasDigit = float64(d), true
				zero = zero || d == 0
				continue
			}
			zero = false
			u := zhUnitValue(r)
			if !hasDigit && u == 10 {
				digit = 1 // 十五 = 15
			}
			if u >= 1e4 {
				total = (total + section + digit) * u
				section = 0
			} else {
				section += digit * u
			}
			digit, hasDigit, last = 0, false, u
		}
		if hasDigit && last >= 100 && !zero {
			digit *= last / 10 // 三千五 = 3500, 一万五 = 15000
		}
		v = total + section + digit
	}
	if frac != nil {
		if len(frac) == 0 {
			return 0, false
		}
		scale := 0.1
		for _, r := range frac {
			d := zhDigitValue(r)
			if d < 0 {
				return 0, false
			}
			v += float64(d) * scale
			scale /= 10
		}
	}
	return v, len(run) > 0
}

// formatValue writes a value as canonical does (15000, 2.5, 99.9).
func formatValue(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// multiplier reads a 万, 千, 百 or 亿 right after a number written in digits
// (3千, 1.5万), or a k after a price (¥120k): its value and length.
func multiplier(rs []rune, i int, money bool) (float64, int) {
	if i >= len(rs) {
		return 1, 0
	}
	if u := zhUnitValue(rs[i]); u >= 100 && !(rs[i] == '万' && at(rs, i+1) == '兆') && !(rs[i] == '千' && at(rs, i+1) == '兆') {
		return u, 1
	}
	if money && rs[i] == 'k' && !isASCIILetter(at(rs, i+1)) {
		return 1000, 1
	}
	return 1, 0
}

// scanNumbers finds the numbers of folded runes, in order: digits (with
// thousands groups, a decimal part and a multiplier: 3千, 0.3万, ¥120k),
// runs of Chinese numerals (三千, 一万五, 九十九点九; a single numeral only
// before a unit: 四张, 三天), and shares (百分之九十九点九).
func scanNumbers(rs []rune) []numTok {
	var out []numTok
	for i := 0; i < len(rs); {
		r := rs[i]
		if r == '半' || r == 'h' {
			if end := halfHour(rs, i); end > 0 {
				out = append(out, numTok{val: "30", start: i, end: end, unit: "min"})
				i = end
				continue
			}
		}
		switch {
		case isDigitRune(r):
			end := numberEnd(rs, i)
			v, err := strconv.ParseFloat(strings.ReplaceAll(string(rs[i:end]), ",", ""), 64)
			if err != nil {
				i = end
				continue
			}
			m, n := multiplier(rs, end, currencyBefore(rs, i) != "")
			out = append(out, numTok{val: formatValue(v * m), start: i, end: end + n, digits: true})
			i = end + n
		case r == '百' && strings.HasPrefix(string(rs[i:min(len(rs), i+3)]), "百分之"):
			j := i + 3
			if j < len(rs) && isDigitRune(rs[j]) {
				end := numberEnd(rs, j)
				out = append(out, numTok{val: canonical(string(rs[j:end])), start: i, end: end, pct: true})
				i = end
				continue
			}
			k := zhRunEnd(rs, j)
			if v, ok := zhValue(rs[j:k]); ok && k > j {
				out = append(out, numTok{val: formatValue(v), start: i, end: k, pct: true})
				i = k
				continue
			}
			i = j
		case isASCIILetter(r) && (i == 0 || !isASCIILetter(rs[i-1])):
			tok, end, ok := enNumber(rs, i)
			if ok {
				out = append(out, tok)
			}
			i = end
		case isZHNumeral(r):
			k := zhRunEnd(rs, i)
			if tok, ok := zhNumber(rs, i, k); ok {
				out = append(out, tok)
			}
			i = k
		default:
			i++
		}
	}
	return out
}

// zhRunEnd ends a run of Chinese numerals at i (点 inside it only before a
// numeral).
func zhRunEnd(rs []rune, i int) int {
	for i < len(rs) && (isZHNumeral(rs[i]) || rs[i] == '点' && i+1 < len(rs) && zhDigitValue(rs[i+1]) >= 0 && i > 0 && isZHNumeral(rs[i-1])) {
		i++
	}
	return i
}

// zhNumber reads the run of Chinese numerals rs[i:k] as a number, unless
// it is a word (万一, 十分) or a single numeral with no unit after it (一个,
// 统一).
func zhNumber(rs []rune, i, k int) (numTok, bool) {
	run, next := string(rs[i:k]), string(rs[i:min(len(rs), k+1)]) // 十分 is the run 十 and 分
	for _, w := range zhNotNumbers {
		if run == w || next == w {
			return numTok{}, false
		}
	}
	if k-i == 1 {
		if u, _ := unitAt(rs, k); u == "" {
			return numTok{}, false
		}
	}
	v, ok := zhValue(rs[i:k])
	if !ok {
		return numTok{}, false
	}
	return numTok{val: formatValue(v), start: i, end: k}, true
}

// enNumberWords are the values of English number words.
var enNumberWords = advisor.Lazy[map[string]float64]{New: func() map[string]float64 {
	return map[string]float64{
		"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
		"eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
		"nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
		"hundred": 100, "thousand": 1000, "million": 1e6,
	}
}}

// enNumber reads English number words at rune i ("four hours", "thirty
// minutes", "twenty-four", "one hundred and twenty"; "twice" is 2x) as a
// number when a unit follows them or they are more than one word; a lone
// word with no unit ("two parties") is left to the spelled-number check.
// It returns where the word or words end either way.
func enNumber(rs []rune, i int) (numTok, int, bool) {
	word := func(k int) (string, int) {
		e := k
		for e < len(rs) && isASCIILetter(rs[e]) {
			e++
		}
		return string(rs[k:e]), e
	}
	w, e := word(i)
	if w == "twice" || w == "thrice" {
		v := "2"
		if w == "thrice" {
			v = "3"
		}
		return numTok{val: v, start: i, end: e, times: true}, e, true
	}
	if _, ok := enNumberWords.Get()[w]; !ok {
		return numTok{}, e, false
	}
	var total, cur float64
	n, end := 0, i
	for k := i; ; {
		w, e := word(k)
		v, ok := enNumberWords.Get()[w]
		switch {
		case ok && v >= 1000:
			total += max(cur, 1) * v
			cur = 0
		case ok && v == 100:
			cur = max(cur, 1) * 100
		case ok:
			cur += v
		case w == "and" && n > 0:
			if w2, _ := word(skipSep(rs, e)); enNumberWords.Get()[w2] == 0 && w2 != "zero" {
				goto done
			}
		default:
			goto done
		}
		if ok {
			n++
			end = e
		}
		k = skipSep(rs, e)
		if k == e || k >= len(rs) {
			break
		}
	}
done:
	if u, _ := unitAt(rs, end); u == "" && n < 2 {
		return numTok{}, end, false
	}
	return numTok{val: formatValue(total + cur), start: i, end: end}, end, true
}

// skipSep skips one space or hyphen between number words.
func skipSep(rs []rune, k int) int {
	if k < len(rs) && (rs[k] == ' ' || rs[k] == '-') {
		return k + 1
	}
	return k
}
