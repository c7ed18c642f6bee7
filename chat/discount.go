package chat

// Discounts: 折 (the tenths paid), a share off, and a price with one after it.

import (
	"strconv"
	"strings"
)

// Zhe reads a discount written as 折, the tenths of the price paid: 9折
// and 九折 pay 90%, 85折, 8.5折, 八五折 and 八点五折 85%, 打九五折 95%
// (打 is "apply"; two Chinese digits in a row are the tenths and
// hundredths). paid is the share paid, in (0, 1]; ok is false when s is
// not a 折.
func Zhe(s string) (paid float64, ok bool) {
	s = strings.TrimSpace(Normalize(s))
	s = strings.TrimSpace(strings.TrimPrefix(s, "打"))
	body, cut := strings.CutSuffix(s, "折")
	if !cut {
		return 0, false
	}
	body = strings.TrimSpace(body)
	// 八五 and 九五 are digit strings: 85, 95
	if digits := []rune(body); len(digits) == 2 {
		if a, okA := cjkDigit(digits[0]); okA && a > 0 {
			if b, okB := cjkDigit(digits[1]); okB {
				body = strconv.Itoa(int(a*10 + b))
			}
		}
	}
	v, rest, err := leadingNumber(body)
	if err != nil || rest != "" || v <= 0 || v >= 100 {
		return 0, false
	}
	if v <= 10 { // 9折, 8.5折, 10折 (the whole price)
		v *= 10
	}
	return v / 100, true
}

// PercentOff reads a discount written as a share taken off: 15% off, off
// 15%, 15%off, -15%, 减15%, 优惠15%, 便宜15%, 降价15%, 省15%, 折扣15%,
// 15 percent off. pct is the share off in percent; ok is false for any
// other text (a bare 15% is read by the key's kind, a 折 by Zhe).
func PercentOff(s string) (pct float64, ok bool) {
	s = strings.ToLower(strings.TrimSpace(Normalize(s)))
	body, off := "", false
	for _, w := range []string{"off", "折扣", "优惠", "让利", "降价", "减价", "便宜", "降", "减", "省", "-"} {
		if t, cut := strings.CutPrefix(s, w); cut {
			body, off = strings.TrimSpace(t), true
			break
		}
	}
	if !off {
		for _, w := range []string{"off", "discount", "的折扣", "折扣", "优惠"} {
			if t, cut := strings.CutSuffix(s, w); cut {
				body, off = strings.TrimSpace(t), true
				break
			}
		}
	}
	if !off {
		return 0, false
	}
	v, rest, err := leadingNumber(body)
	if err != nil || v <= 0 || v >= 100 {
		return 0, false
	}
	switch rest {
	case "%", "percent", "per cent", "pct":
		return v, true
	}
	return 0, false
}

// PercentSign reports whether a Percent value says it is in percent, with
// a sign or a word (5%, ５％, 5 percent, 5pct), so that 0.5% is not read as
// the fraction 0.5 (50%).
func PercentSign(raw string) bool {
	s := strings.ToLower(Normalize(raw))
	return strings.Contains(s, "%") || strings.Contains(s, "percent") || strings.Contains(s, "per cent") || strings.HasSuffix(strings.TrimSpace(s), "pct")
}

// Discounted reads a price written with a discount after it (35打9折,
// 15000 85折, 35元/时(9折), 1.5万 15% off): the price and the share paid,
// in (0, 1). ok is false for any other text. The readers never take such a
// value as a price; ValueHint says the price paid.
func Discounted(s string) (price, paid float64, ok bool) {
	s = strings.ToLower(strings.TrimSpace(Normalize(s)))
	for _, p := range []string{"¥", "￥", "$"} {
		s = strings.TrimPrefix(s, p)
	}
	v, rest, err := leadingNumber(spokenPrice(s))
	if err != nil || v <= 0 || rest == "" {
		return 0, 0, false
	}
	unit := ""
	for _, u := range units[Money] { // the longest unit the rest starts with: 元/时 before 元
		if u.name != "" && strings.HasPrefix(rest, u.name) && len(u.name) > len(unit) {
			unit = u.name
		}
	}
	for _, u := range units[Money] {
		if u.name == unit {
			v *= u.scale
		}
	}
	d := strings.Trim(strings.TrimSpace(rest[len(unit):]), "()（）,，;； ")
	if d == "" {
		return 0, 0, false
	}
	if z, isZhe := Zhe(d); isZhe && z < 1 {
		return v, z, true
	}
	if pct, isOff := PercentOff(d); isOff {
		return v, 1 - pct/100, true
	}
	return 0, 0, false
}
