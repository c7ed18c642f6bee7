package checklist

import (
	"strings"
	"unicode/utf8"
)

// term is a search term with optional ASCII word boundaries ("~ib~").
type term struct {
	text        string
	left, right bool // a boundary is required on that side
}

func parseTerm(s string) term {
	t := term{text: s}
	if strings.HasPrefix(t.text, "~") {
		t.left, t.text = true, t.text[1:]
	}
	if strings.HasSuffix(t.text, "~") {
		t.right, t.text = true, t.text[:len(t.text)-1]
	}
	return t
}

// boundaryOK reports whether the match s[i:i+len(t.text)] respects t's
// boundaries.
func (t term) boundaryOK(s string, i int) bool {
	if t.left && i > 0 && isWordByte(s[i-1]) {
		return false
	}
	j := i + len(t.text)
	if t.right && j < len(s) && isWordByte(s[j]) {
		return false
	}
	return true
}

// find returns the first index of t in s respecting boundaries, or -1.
func (t term) find(s string) int {
	if t.text == "" {
		return -1
	}
	off := 0
	for {
		i := strings.Index(s[off:], t.text)
		if i < 0 {
			return -1
		}
		i += off
		if t.boundaryOK(s, i) {
			return i
		}
		off = i + 1
	}
}

// containsAny reports whether one of the terms occurs in s.
func containsAny(s string, terms []string) bool {
	for _, x := range terms {
		if parseTerm(x).find(s) >= 0 {
			return true
		}
	}
	return false
}

// Chinese numerals read as numbers before a unit (一个月, 两小时, 半天).
const hanDigits = "零一二两三四五六七八九十百半"

// moneySuffixes after a number make it an amount of money.
var moneySuffixes = []string{"元", "块", "yuan", "rmb", "cny", "usd", "/卡", "/gb", "/g", "/月", "/小时", "/时", "/h", "/hr", "/hour",
	"/month", "/mo", "/年", "/year", "/card", "per gb", "per hour", "per month", "每", "一个g", "一g"}

// hasNumberUnit reports whether s holds a number followed by one of units.
// "" accepts any number, "$" an amount of money (¥35, 35元, 1.5万/卡/月).
// Numbers glued to letters (A100, H800, DDR5) and 7x24 are not numbers here;
// after a count they are (the 400 of 8x400G).
func hasNumberUnit(s string, units []string) bool {
	for i := 0; i < len(s); {
		start, end, han := numberAt(s, i)
		if start < 0 {
			return false
		}
		i = end
		if end < len(s)-1 && s[end] == 'x' && isDigit(s[end+1]) {
			if s[start:end] == "7" && strings.HasPrefix(s[end+1:], "24") {
				i = end + 3 // 7x24 is round the clock, not 24 of anything
			}
			continue // a count: the number after it is read next (8x400G)
		}
		rest := s[end:]
		mult := ""
		for _, m := range []string{"万", "千", "亿"} {
			if strings.HasPrefix(rest, m) {
				mult, rest = m, rest[len(m):]
				break
			}
		}
		if mult == "" && len(rest) > 0 && (rest[0] == 'k' || rest[0] == 'w') && (len(rest) == 1 || !isWordByte(rest[1])) {
			mult, rest = rest[:1], rest[1:]
		}
		if mult == "" && strings.HasPrefix(rest, "w") || mult == "万" {
			// chat's 6w8 and 6万8 are 6.8万: the digit after the ten-thousand is
			// its tenths, and the amount is money
			r := rest
			if mult == "" {
				r = rest[1:]
			}
			if len(r) > 0 && isDigit(r[0]) && (len(r) == 1 || !isWordByte(r[1])) {
				mult, rest = "万", r[1:]
			}
		}
		rest = strings.TrimLeft(rest, " -") // 15 分钟, 2-day
		for _, u := range units {
			switch {
			case u == "":
				if !han {
					return true
				}
			case u == "$":
				if isMoney(s, start, rest, mult) {
					return true
				}
			case unitAt(rest, u):
				return true
			case len(u) > 3 && u[len(u)-1] == 's' && isLetters(u) && unitAt(rest, u[:len(u)-1]):
				return true // the singular after a hyphen: a 15-minute response, a 4-hour swap
			}
		}
	}
	return false
}

// unitAt reports whether rest starts with the unit u, not glued to more
// letters when u ends in one (15 min, but not 15 mins for "min").
func unitAt(rest, u string) bool {
	if !strings.HasPrefix(rest, u) {
		return false
	}
	return !isWordByte(u[len(u)-1]) || len(rest) == len(u) || !isWordByte(rest[len(u)])
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// numberAt finds the next number at or after i: a run of digits (with . and
// , between digits) not glued to a letter before it, or a run of Chinese
// numerals other than a bare 万 or 千 (万兆 is not a number).
func numberAt(s string, i int) (start, end int, han bool) {
	for i < len(s) {
		c := s[i]
		if isDigit(c) {
			j := i
			for j < len(s) && (isDigit(s[j]) || (s[j] == '.' || s[j] == ',') && j+1 < len(s) && isDigit(s[j+1])) {
				j++
			}
			if i > 0 && (s[i-1] >= 'a' && s[i-1] <= 'z') && !(s[i-1] == 'x' && i > 1 && isDigit(s[i-2])) {
				i = j
				continue
			}
			return i, j, false
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if strings.ContainsRune(hanDigits, r) {
				j := i + size
				for j < len(s) {
					r2, s2 := utf8.DecodeRuneInString(s[j:])
					if !strings.ContainsRune(hanDigits, r2) {
						break
					}
					j += s2
				}
				return i, j, true
			}
			i += size
			continue
		}
		i++
	}
	return -1, -1, false
}

func isMoney(s string, start int, rest, mult string) bool {
	before := strings.TrimRight(s[:start], " ")
	if strings.HasSuffix(before, "¥") || strings.HasSuffix(before, "$") {
		return true
	}
	for _, m := range moneySuffixes {
		if strings.HasPrefix(rest, m) {
			return true
		}
	}
	return (mult == "万" || mult == "千") && (rest == "" || !isWordByte(rest[0]))
}

// hasVersion reports whether one of terms is followed by a version number
// (CUDA 12.2, PyTorch 2.3, 驱动版本 535.129, torch==2.1).
func hasVersion(s string, terms []string) bool {
	return occurrences(s, terms, func(_, j int) bool {
		rest := s[j:]
		for _, p := range []string{"版本", "version", " ", "v", ":", "=", "号"} {
			rest = strings.TrimPrefix(rest, p)
		}
		rest = strings.TrimLeft(rest, " :=v")
		return rest != "" && isDigit(rest[0])
	})
}
