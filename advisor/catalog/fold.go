package catalog

import (
	"strings"
	"unicode"
)

// fold lowers a name and drops everything but letters, digits and dots, after
// turning full-width characters into ASCII: "Ａ100-80GB SXM4" -> "a10080gbsxm4".
func fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if r >= 0xFF01 && r <= 0xFF5E {
			r -= 0xFEE0
		}
		r = unicode.ToLower(r)
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.':
			b.WriteRune(r)
		case r > unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// dropWords removes each word (already folded) wherever it occurs.
func dropWords(s string, words []string) string {
	for _, w := range words {
		s = strings.ReplaceAll(s, w, "")
	}
	return s
}

// leadingNumber reads a decimal number at the start of s: "80g" -> 80, "g", true.
func leadingNumber(s string) (float64, string, bool) {
	i, dot := 0, false
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' && !dot) {
		if s[i] == '.' {
			dot = true
		}
		i++
	}
	if i == 0 || s[:i] == "." {
		return 0, s, false
	}
	v, frac, div := 0.0, false, 1.0
	for _, c := range s[:i] {
		if c == '.' {
			frac = true
			continue
		}
		if frac {
			div *= 10
			v += float64(c-'0') / div
		} else {
			v = v*10 + float64(c-'0')
		}
	}
	return v, s[i:], true
}
