package chat

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// Width is how many columns s takes in a terminal or a monospace code
// block: characters that Unicode's East Asian Width property (UAX #11) marks
// Wide or Fullwidth take two (Han, kana, Hangul, fullwidth punctuation such
// as ，and （, most emoji), combining marks and format characters (zero
// width joiners, variation selectors) none, every other character one.
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		// printable ASCII is one column a byte: eight bytes at a time
		// while they all are, without decoding
		for ; i+8 <= len(s); i += 8 {
			b := s[i : i+8]
			w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
				uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
			if !printable8(w) {
				break
			}
			n += 8
		}
		if i >= len(s) {
			break
		}
		switch c := s[i]; {
		case c >= 0x20 && c < 0x7f:
			n++
			i++
		case c < utf8.RuneSelf: // a control character: no column
			i++
		case cjk3(s, i):
			// a run of U+3000 to U+9FFF, three bytes each (CJK punctuation
			// and Han): always valid UTF-8 with these lead bytes, and U+5000
			// to U+9FFF (lead bytes E5 to E9) are all Wide
			for ok := true; ok; ok = cjk3(s, i) {
				if c := s[i]; c >= 0xE5 {
					n += 2
				} else {
					n += RuneWidth(rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F))
				}
				i += 3
			}
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			n += RuneWidth(r)
			i += size
		}
	}
	return n
}

// cjk3 reports whether s[i:] starts with a character from U+3000 to
// U+9FFF: a lead byte from E3 to E9 and two continuation bytes.
func cjk3(s string, i int) bool {
	return i+2 < len(s) && s[i] >= 0xE3 && s[i] <= 0xE9 && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80
}

// printable8 reports whether the eight bytes of w are all printable ASCII
// (0x20 to 0x7e): none has its high bit set, none is below 0x20 (w − 0x20…
// borrows there), none is 0x7f (w + 0x01… carries into the high bit there).
// A borrow or carry between bytes happens only where a byte already fails.
func printable8(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	return (w|(w+ones)|((w-0x20*ones)&^w))&highs == 0
}

// RuneWidth is Width for one character.
func RuneWidth(r rune) int {
	switch {
	case r < 0x300: // ASCII and Latin: the common case, no table look-up
		if r < 0x20 || r == 0x7f {
			return 0
		}
		return 1
	case r >= 0x4E00 && r <= 0x9FFF, // CJK Unified Ideographs: all Wide
		r >= 0x3000 && r <= 0x3029, r >= 0x3030 && r <= 0x303E, // CJK symbols and punctuation (、。「」), not the tone marks between
		r >= 0xFF01 && r <= 0xFF60: // fullwidth forms (，：（）): Fullwidth
		return 2
	}
	return slowRuneWidth(r)
}

// slowRuneWidth is RuneWidth by the tables alone (the fast ranges are
// checked against it).
func slowRuneWidth(r rune) int {
	if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) {
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// Wrap breaks s into lines of at most w columns (Width), at spaces when it
// can, and inside a word (between characters, as Chinese is written) when a
// word alone is wider than w. w below 1 is read as 1; s's own line breaks
// are kept.
func Wrap(s string, w int) []string {
	w = max(w, 1)
	var out []string
	for _, para := range strings.Split(s, "\n") {
		if Width(para) <= w {
			out = append(out, para)
			continue
		}
		var line strings.Builder
		lw := 0
		flush := func() {
			out = append(out, strings.TrimRight(line.String(), " "))
			line.Reset()
			lw = 0
		}
		for _, word := range splitKeep(para) {
			ww := Width(word)
			if lw > 0 && lw+ww > w && strings.TrimSpace(word) != "" {
				flush()
			}
			if strings.TrimSpace(word) == "" && (lw == 0 || lw+ww > w) {
				if lw > 0 {
					flush()
				}
				continue // no line starts with a space
			}
			if ww <= w-lw {
				line.WriteString(word)
				lw += ww
				continue
			}
			for _, r := range word { // a word wider than a line: break it
				rw := RuneWidth(r)
				if lw+rw > w && lw > 0 {
					flush()
				}
				line.WriteRune(r)
				lw += rw
			}
		}
		if lw > 0 || line.Len() > 0 {
			flush()
		}
	}
	return out
}

// splitKeep splits s into words and the single spaces between them, so
// that joining the pieces gives s back; a wide character (Chinese) is a word
// of its own, as a line may break before any of them.
func splitKeep(s string) []string {
	var out []string
	start := 0
	for i, r := range s {
		switch {
		case r == ' ':
			if start < i {
				out = append(out, s[start:i])
			}
			out = append(out, " ")
			start = i + 1
		case RuneWidth(r) == 2:
			if start < i {
				out = append(out, s[start:i])
			}
			out = append(out, string(r))
			start = i + len(string(r))
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}
