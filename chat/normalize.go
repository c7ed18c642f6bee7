package chat

import (
	"strings"
	"unicode/utf8"
)

// Normalize folds what people type into the ASCII the parser reads: full-width
// digits, letters and symbols become half-width, the ideographic space a space,
// Chinese punctuation its ASCII twin, and zero-width marks are dropped. Chinese commas and enumeration marks
// separate pairs, so they become spaces; ASCII commas stay (they are thousands
// separators and list separators inside values).
func Normalize(s string) string {
	if plainASCII(s) {
		return s
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	// ASCII other than a tab is kept as it is: copy runs of it whole, and
	// the text itself when nothing else is in it (the common case)
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf && s[i] != '\t' {
		i++
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:i])
	for j := i; j < len(s); {
		if c := s[j]; c < utf8.RuneSelf && c != '\t' {
			k := j + 1
			for k < len(s) && s[k] < utf8.RuneSelf && s[k] != '\t' {
				k++
			}
			b.WriteString(s[j:k])
			j = k
			continue
		}
		r, size := utf8.DecodeRuneInString(s[j:])
		j += size
		switch {
		case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII block
			r -= 0xFEE0
			if r == ',' { // ，is U+FF0C: a separator in Chinese text
				r = ' '
			}
		case r == 0x200B || r == 0x200C || r == 0x200D || r == 0x2060 || r == 0xFEFF,
			r == 0x200E || r == 0x200F || r >= 0x202A && r <= 0x202E || r >= 0x2066 && r <= 0x2069:
			continue // zero-width and direction marks a paste carries (300\u200b is 300)
		case r == 0x3000 || r == 0x00A0 || r == '\t':
			r = ' '
		case r == '、':
			r = ' '
		case r == '。':
			r = ' '
		case r == '“' || r == '”' || r == '「' || r == '」':
			r = '"'
		case r == '‘' || r == '’':
			r = '\''
		case r == '—' || r == '－':
			r = '-'
		}
		b.WriteRune(r)
	}
	return percentWords(b.String())
}

// percentWords writes 百分之十 and 百分之8.5 as 十% and 8.5%: the number
// after 百分之 ("per hundred"), then the sign the readers know.
func percentWords(s string) string {
	for {
		i := strings.Index(s, "百分之")
		if i < 0 {
			return s
		}
		start := i + len("百分之")
		j := start
		for j < len(s) {
			r, size := utf8.DecodeRuneInString(s[j:])
			_, digit := cjkDigit(r)
			_, place := cjkUnit(r)
			if !(digit || place || r == '点' || r >= '0' && r <= '9' || r == '.') {
				break
			}
			j += size
		}
		if j == start {
			return s // 百分之 without a number: left as typed
		}
		s = s[:i] + s[start:j] + "%" + s[j:]
	}
}

// plainASCII reports whether s is ASCII without a tab: nothing to fold.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf || s[i] == '\t' {
			return false
		}
	}
	return true
}
