package chat

// Chinese numerals: digits, places and decimals (一万五, 三十五点五).

import (
	"unicode/utf8"
)

var cjkMultipliers = []struct {
	p string
	f float64
}{{"亿", 1e8}, {"万", 1e4}, {"千", 1e3}, {"百", 1e2}}

// cjkDigit is the value of a Chinese digit; ok is false for another rune.
func cjkDigit(r rune) (v float64, ok bool) {
	switch r {
	case '零', '〇':
		return 0, true
	case '一':
		return 1, true
	case '二', '两':
		return 2, true
	case '三':
		return 3, true
	case '四':
		return 4, true
	case '五':
		return 5, true
	case '六':
		return 6, true
	case '七':
		return 7, true
	case '八':
		return 8, true
	case '九':
		return 9, true
	}
	return 0, false
}

// cjkUnit is the value of a Chinese place unit (十 百 千 万 亿); ok is
// false for another rune.
func cjkUnit(r rune) (v float64, ok bool) {
	switch r {
	case '十':
		return 10, true
	case '百':
		return 100, true
	case '千':
		return 1e3, true
	case '万':
		return 1e4, true
	case '亿':
		return 1e8, true
	}
	return 0, false
}

// cjkNumber reads a Chinese numeral at the start of s: 一万五 (15,000: a digit
// after the last unit is the next place down), 两千, 三十五, 十二. ok is false
// when s does not start with one.
func cjkNumber(s string) (v float64, rest string, ok bool) {
	if first, _ := utf8.DecodeRuneInString(s); first != '十' {
		if _, isDigit := cjkDigit(first); !isDigit {
			return 0, s, false
		}
	}
	var total, section, digit float64
	lastUnit := 0.0
	hasDigit := false
	zero := false // the digit just read is 零: 一万零五 is 10,005
	n := 0
	for i, r := range s {
		if d, isDigit := cjkDigit(r); isDigit {
			if hasDigit && !zero {
				// two digits with no place between (八五, 三五, 两三百):
				// a digit string, a range (三五天 is 3 to 5 days) or 8.5
				// (八五折); never the last digit alone
				return 0, s, false
			}
			digit, hasDigit, zero = d, true, d == 0
			n++
			continue
		}
		if r == '点' && n > 0 {
			return cjkDecimal(total+section+digit, s[i+len("点"):])
		}
		u, isUnit := cjkUnit(r)
		if !isUnit {
			rest = s[i:]
			break
		}
		zero = false
		n++
		if u >= 1e4 {
			section = (section + digit) * u
			total += section
			section, digit, hasDigit = 0, 0, false
		} else {
			if !hasDigit {
				digit = 1 // 十二 is 12
			}
			section += digit * u
			digit, hasDigit = 0, false
		}
		lastUnit = u
		rest = ""
	}
	if n == 0 {
		return 0, s, false
	}
	if n == len([]rune(s)) {
		rest = ""
	}
	if hasDigit && lastUnit >= 10 {
		digit *= lastUnit / 10 // 一万五 is 15,000; 三百五 is 350
	}
	return total + section + digit, rest, true
}

// cjkDecimal is the number whose whole part is whole and whose decimals are
// the Chinese digits at the start of s (三十五点五 is 35.5, 八点五 8.5), a
// place after them multiplying it all (一点五万 is 15,000): ok is false when
// no digit follows 点.
func cjkDecimal(whole float64, s string) (v float64, rest string, ok bool) {
	frac, scale := 0.0, 0.1
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		d, isDigit := cjkDigit(r)
		if !isDigit {
			break
		}
		frac += d * scale
		scale /= 10
		i += size
	}
	if i == 0 {
		return 0, s, false
	}
	v = whole + frac
	if r, size := utf8.DecodeRuneInString(s[i:]); size > 0 {
		if u, isUnit := cjkUnit(r); isUnit && u >= 100 {
			v *= u
			i += size
		}
	}
	return v, s[i:], true
}
