package prompts

import (
	"regexp"
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

// newNumeral returns the first Chinese numeral run or other numeral of
// cand that the template does not hold, or "".
func newNumeral(ref, cand string) string {
	have := map[string]bool{}
	for _, n := range append(zhNumeralRuns(ref), otherNumerals(ref)...) {
		have[n] = true
	}
	for _, n := range append(zhNumeralRuns(cand), otherNumerals(cand)...) {
		if !have[n] {
			return n
		}
	}
	return ""
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
