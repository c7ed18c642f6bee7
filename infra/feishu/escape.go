package feishu

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"gpuadvisor/advisor"
)

// mdEntity holds the characters lark_md would read as syntax, with the numeric
// HTML entity Feishu documents for showing them literally ("特殊字符转义说明":
// the format is &#entity-number;). < and > stop <at id=all></at>, <at id=...>
// and <font>; [ ] ( ) stop [links](...); & stops a typed entity from being
// decoded into a tag. A colon is escaped before a slash, so "https://" is
// not auto-linked.
var mdEntity = advisor.Lazy[map[rune]string]{New: func() map[rune]string {
	return map[rune]string{
		'&':  "&#38;",
		'<':  "&#60;",
		'>':  "&#62;",
		'*':  "&#42;",
		'_':  "&#95;",
		'~':  "&#126;",
		'`':  "&#96;",
		'[':  "&#91;",
		']':  "&#93;",
		'(':  "&#40;",
		')':  "&#41;",
		'\\': "&#92;",
		'$':  "&#36;",
	}
}}

// lineStart are escaped only where they would start a list, quote or heading.
var lineStart = advisor.Lazy[map[rune]string]{New: func() map[rune]string {
	return map[rune]string{'#': "&#35;", '-': "&#45;", '+': "&#43;"}
}}

// EscapeMD makes text safe inside a lark_md string: it renders as the same
// characters and can never mention anyone (@all included), link, or format.
// A dot between a letter or digit and a letter is escaped too, so a bare
// domain (www.example.com, evil.cn) is not turned into a link.
func EscapeMD(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + len(s)/4)
	atLineStart := true
	var prev rune
	for i, r := range s {
		switch {
		case mdEntity.Get()[r] != "":
			b.WriteString(mdEntity.Get()[r])
		case atLineStart && lineStart.Get()[r] != "":
			b.WriteString(lineStart.Get()[r])
		case r == ':' && strings.HasPrefix(s[i+1:], "/"):
			b.WriteString("&#58;")
		case r == '.' && isAlnum(prev) && nextIsLetter(s[i+1:]):
			b.WriteString("&#46;")
		case r == '\r':
			// dropped: \r\n becomes \n
		default:
			b.WriteRune(r)
		}
		if r == '\n' {
			atLineStart = true
		} else if r != ' ' && r != '\t' {
			atLineStart = false
		}
		prev = r
	}
	return b.String()
}

func needsEscape(s string) bool {
	for i, r := range s {
		if mdEntity.Get()[r] != "" || lineStart.Get()[r] != "" || r == '\r' || r == ':' && strings.HasPrefix(s[i+1:], "/") {
			return true
		}
		if r == '.' && i > 0 && nextIsLetter(s[i+1:]) {
			return true
		}
	}
	return false
}

func isAlnum(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func nextIsLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r != utf8.RuneError && unicode.IsLetter(r)
}
