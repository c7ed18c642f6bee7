package chat

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
)

// ValueHint says, in lang, why a number as typed is not read when it has a
// shape people often type: a range (300-400, 8~16卡, 300到400), a number that
// reads two ways (15.000), a decimal comma (35,5), digits split by spaces
// (15 000), Chinese digits written in a row (八五, 三五: a digit string or a
// range). It is "" for any other text: the message then says only what is
// accepted. Nothing is guessed: the hint says how to write what was meant.
func ValueHint(lang Lang, raw string) string {
	s := strings.TrimSpace(strings.ToLower(Normalize(raw)))
	if s == "" {
		return ""
	}
	if m := rangeRE.Get().FindStringSubmatch(s); m != nil {
		lo, _, err1 := leadingNumber(m[1])
		hi, _, err2 := leadingNumber(m[2])
		if err1 == nil && err2 == nil && hi > lo {
			mid := Num((lo + hi) / 2)
			return fmt.Sprintf(T(lang, "%s is a range; give one number, such as its middle, %s", "%s 是一个范围；请只写一个数，例如中间值 %s"), Shown(raw), mid)
		}
	}
	if price, paid, ok := Discounted(s); ok {
		return fmt.Sprintf(T(lang, "%s is a price with a discount; write the price you pay, %s (%s × %s%%)",
			"%s 是价格加折扣；请写折后实付的价格 %s（%s × %s%%）"), Shown(raw), Num(price*paid), Num(price), Num(paid*100))
	}
	if slashList.Get().MatchString(s) { // 600/500/300
		return fmt.Sprintf(T(lang, "separate several values with commas: %s", "多个值请用英文逗号分隔：%s"), strings.ReplaceAll(s, "/", ","))
	}
	if lower, n, ok := bound(s); ok {
		if lower {
			return fmt.Sprintf(T(lang, "%[1]s is a bound, at least %[2]s, not one number: give the number you expect (%[2]s, if it is about that)",
				"%[1]s 是一个下限（至少 %[2]s），不是一个确定的数：请写你预计的数（大约就是 %[2]s 的话写 %[2]s）"), Shown(raw), n)
		}
		return fmt.Sprintf(T(lang, "%[1]s is a bound, at most %[2]s, not one number: give the number you expect (%[2]s, if it is about that)",
			"%[1]s 是一个上限（至多 %[2]s），不是一个确定的数：请写你预计的数（大约就是 %[2]s 的话写 %[2]s）"), Shown(raw), n)
	}
	if m := numberRE.Get().FindString(s); m != "" {
		digits := strings.TrimLeft(m, "¥$")
		switch {
		case dotted(digits) == 1:
			fraction := strings.TrimSuffix(strings.TrimRight(digits, "0"), ".") // 15.000 is 15, 1.500 is 1.5
			grouped := strings.ReplaceAll(digits, ".", "")
			return fmt.Sprintf(T(lang, "%s reads two ways, %s or %s with a dot between thousands; write %s or %s",
				"%s 有两种读法：%s，或以点分隔千位的 %s；请写成 %s 或 %s"),
				m, fraction, Num(float64(atoiSafe(grouped))), grouped, fraction)
		case decimalComma.Get().MatchString(digits):
			return fmt.Sprintf(T(lang, "write decimals with a dot: %s", "小数请用小数点：%s"), strings.Replace(digits, ",", ".", 1))
		}
	}
	if m := machinesRE.Get().FindStringSubmatch(s); m != nil {
		return fmt.Sprintf(T(lang, "%s counts machines, and a machine often holds 8 cards: give the number of cards (%s machines of 8 cards are %s)",
			"%s 数的是机器，一台机器常有 8 张卡：请写卡的张数（%s 台 8 卡机是 %s 张卡）"), Shown(raw), m[1], Num(8*float64(atoiSafe(m[1]))))
	}
	if spaced.Get().MatchString(s) {
		return fmt.Sprintf(T(lang, "a space splits the number; write it without spaces: %s", "数字中间有空格；请去掉空格：%s"), strings.ReplaceAll(s, " ", ""))
	}
	if cjkRun(s) {
		return T(lang, "Chinese digits in a row (三五, 八五) can be a range or a digit string; write the number in digits",
			"连写的汉字数字（三五、八五）可能是范围，也可能是数字串；请用阿拉伯数字写这个数")
	}
	return ""
}

// bound reads s (normalized, lower case) as a number with a word or a sign
// that makes it a bound: lower for at least (300+, 300多小时, 300以上,
// 35元起, 300出头, 至少300, ≥300, more than 300), else at most (300以内,
// 不到300, ≤300, up to 300). n is the number as written with its unit; ok
// is false for any other text.
func bound(s string) (lower bool, n string, ok bool) {
	s = strings.TrimSpace(strings.TrimLeft(s, "¥$"))
	for _, b := range []struct {
		lower bool
		words []string
	}{
		{true, []string{"至少", "最少", "起码", "不少于", "不低于", "超过", "大于", "多于", "高于", ">=", "≥", ">", "at least ", "more than ", "over ", "above "}},
		{false, []string{"不到", "少于", "低于", "不超过", "最多", "至多", "顶多", "<=", "≤", "<", "at most ", "less than ", "under ", "up to "}},
	} {
		for _, w := range b.words {
			if t, found := strings.CutPrefix(s, w); found {
				t = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(t), "¥$"))
				if _, _, err := leadingNumber(t); err == nil {
					return b.lower, t, true
				}
				return false, "", false
			}
		}
	}
	_, rest, err := leadingNumber(s)
	if err != nil || rest == "" {
		return false, "", false
	}
	num := strings.TrimSpace(s[:len(s)-len(rest)])
	for _, b := range []struct {
		lower bool
		words []string
	}{
		{true, []string{"+", "多", "以上", "之上", "出头", "往上", "开外", "起", "or more", "plus"}},
		{false, []string{"以内", "之内", "以下", "之下", "不到", "内", "or less", "max"}},
	} {
		for _, w := range b.words {
			if unit, found := strings.CutPrefix(rest, w); found { // 300多小时, 300+h
				return b.lower, num + strings.TrimSpace(unit), true
			}
			if unit, found := strings.CutSuffix(rest, w); found { // 300小时以上, 35元起
				return b.lower, num + strings.TrimSpace(unit), true
			}
		}
	}
	return false, "", false
}

// slashList is three or more numbers separated by slashes (600/500/300): a
// list, where the readers take commas. Two (35/2) could be a price per
// something and are left alone.
var slashList = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^\d+(\.\d+)?(/\d+(\.\d+)?){2,}$`) }}

// rangeRE is a range of two numbers: 300-400, 300 ~ 400小时, 8到16卡, 300至400,
// each number perhaps with a sign before it.
var rangeRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^[¥$]?(\d[\d.,]*)\s*[^\d\s~到至-]{0,4}\s*(?:-|~|到|至|–|—)\s*[¥$]?(\d[\d.,]*)`)
}}

// machinesRE is a count of machines, not cards: 2台, 2 台机器, 2 nodes.
var machinesRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^(\d{1,4})\s*(台|台机器|台服务器|机器|节点|个节点|nodes?|machines?|servers?|hosts?)$`)
}}

// numberRE is the number at the start of a value, with a sign before it.
var numberRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^[¥$]?\d[\d.,]*`) }}

// decimalComma is a number with a comma before one or two decimals: 35,5.
var decimalComma = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^\d+,\d{1,2}$`) }}

// spaced is digits grouped by spaces in threes: 15 000, 1 500 000.
var spaced = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp { return regexp.MustCompile(`^[¥$]?\d{1,3}( \d{3})+\b`) }}

// cjkRun reports whether s has two Chinese digits in a row, the first not 零.
func cjkRun(s string) bool {
	prev := false
	for _, r := range s {
		d, ok := cjkDigit(r)
		if ok && prev {
			return true
		}
		prev = ok && d != 0
	}
	return false
}

func atoiSafe(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' || n > 1e12 {
			return n
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// withHint is msg and the hint for raw (ValueHint), when there is one.
func withHint(lang Lang, msg, raw string) string {
	if h := ValueHint(lang, raw); h != "" {
		if lang != ZH && h[0] >= 'a' && h[0] <= 'z' {
			h = string(h[0]-'a'+'A') + h[1:] // a sentence of its own
		}
		return msg + T(lang, ". ", "。") + h
	}
	return msg
}

// WithHint is msg and the hint for raw (ValueHint), when there is one, for
// a command that words its own message about a value it cannot read and
// does not return it as an *Error (quote's per-vendor problems).
func WithHint(lang Lang, msg, raw string) string { return withHint(lang, msg, raw) }

// WithHintAs is WithHint for a value of kind, with the hint only that kind
// has (KindHint) first.
func WithHintAs(lang Lang, msg, raw string, kind Kind) string {
	if h := KindHint(lang, raw, kind); h != "" {
		return strings.TrimRight(msg, ".。") + T(lang, ". ", "。") + h
	}
	return withHint(lang, msg, raw)
}

// HintedAs is Hinted for a value of kind (KindHint first).
func HintedAs(lang Lang, e *Error, raw string, kind Kind) *Error {
	if e == nil {
		return nil
	}
	if h := KindHint(lang, raw, kind); h != "" {
		local := *e
		local.Message = strings.TrimRight(e.Message, ".。") + T(lang, ". ", "。") + h
		return &local
	}
	return Hinted(lang, e, raw)
}

// KindHint says why a value is not read as kind when it has a shape that
// is something else for that kind: hours as a share of the month (40%:
// busy 40% of a 720 h month is 288 h, while a GPU's utilization as it runs
// does not change the bill). "" otherwise.
func KindHint(lang Lang, raw string, kind Kind) string {
	s := strings.TrimSpace(strings.ToLower(Normalize(raw)))
	if kind != Hours || !strings.HasSuffix(s, "%") {
		return ""
	}
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(s, "利用率"), "utilization"))
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(s, "%")), 64)
	if err != nil || v <= 0 || v > 100 {
		return ""
	}
	h := Num(v / 100 * advisor.MonthHours)
	return fmt.Sprintf(T(lang, "%s is a share, not hours: if the cards are busy %s%% of the month, that is %s%% × 720 h = %s h, so write %s; a GPU's utilization while it runs does not change the bill",
		"%s 是比例，不是小时数：如果卡在一个月里有 %s%% 的时间在用，就是 %s%% × 720 小时 = %s 小时，请写 %s；运行时的 GPU 利用率不影响账单"),
		Shown(raw), Num(v), Num(v), h, h)
}

// Hinted is e with the hint for raw added to its message (ValueHint), for
// a command that words its own message about a value it cannot read.
func Hinted(lang Lang, e *Error, raw string) *Error {
	if e == nil {
		return nil
	}
	if msg := withHint(lang, strings.TrimRight(e.Message, ".。"), raw); msg != strings.TrimRight(e.Message, ".。") {
		local := *e
		local.Message = msg
		return &local
	}
	return e
}
