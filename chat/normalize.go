package chat

import (
	"strings"
	"unicode/utf8"
)

// Normalize folds what people type into the ASCII the parser reads: full-width
// digits, letters and symbols become half-width, the ideographic space a space,
// and Chinese punctuation its ASCII twin. Chinese commas and enumeration marks
// separate pairs, so they become spaces; ASCII commas stay (they are thousands
// separators and list separators inside values).
func Normalize(s string) string {
	if plainASCII(s) {
		return s
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E: // full-width ASCII block
			r -= 0xFEE0
			if r == ',' { // ，is U+FF0C: a separator in Chinese text
				r = ' '
			}
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
	return b.String()
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
