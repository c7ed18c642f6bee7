package chat_test

import (
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

// The functions of one string below are pinned by tables of input and
// result (testkit.Cases).

// TestNormalizeSpec: what people type folds into the ASCII the parser reads.
func TestNormalizeSpec(t *testing.T) {
	testkit.Cases(t, "Normalize", chat.Normalize, map[string]string{
		"３００":           "300",           // full-width digits
		"ＡＢＣ＝１":         "ABC=1",         // full-width letters and =
		"按需＝35，包月＝1.5万": "按需=35 包月=1.5万", // ，separates pairs
		"a、b。c":         "a b c",         // 、 and 。 separate
		"时长\u3000300":   "时长 300",        // ideographic space
		"a\tb\u00a0c":   "a b c",         // tab and no-break space
		"a\tb":          "a b",           // a tab in ASCII text too
		"名称=“酷算云”":      `名称="酷算云"`,      // Chinese double quotes
		"‘x’":           "'x'",           // Chinese single quotes
		"15,000":        "15,000",        // ASCII commas stay: thousands and lists
		"A：price=35":    "A:price=35",    // full-width colon
		"a—b":           "a-b",           // dash
		"ok\xffok":      "okok",          // invalid UTF-8 is dropped
		"；":             ";",             // full-width semicolon separates vendors
	})
}

// TestTokenizeSpec: the shapes of a pair, quoting and separators.
func TestTokenizeSpec(t *testing.T) {
	tokens := func(s string) string { return chat.FormatTokens(chat.Tokenize(chat.Normalize(s))) }
	testkit.Cases(t, "Tokenize", tokens, map[string]string{ // tokens as FormatTokens writes them
		"a=1 b=2":                      "a=1 b=2",
		"a = 1":                        "a=1",
		"a= 1":                         "a=1",
		"a =1":                         "a=1",
		`vendor="Ku Suan Yun" cards=8`: `vendor="Ku Suan Yun" cards=8`,
		`"Ku Suan Yun": price=35`:      `"Ku Suan Yun:" price=35`,
		"A: price=35; B: price=29":     "A: price=35 ; B: price=29",
		"A: price=35\r\nB: price=29":   "A: price=35 ; B: price=29",
		"a=1;;;b=2":                    "a=1 ; b=2",
		`k="" w`:                       `k="" w`, // an empty quoted value does not swallow the next word
		`k="abc v=1`:                   `k="abc v=1`,
	})
}

func TestWidth(t *testing.T) {
	testkit.Cases(t, "Width", chat.Width, map[string]int{
		"abc":         3,
		"计费":          4,  // Han: wide
		"，（）":         6,  // fullwidth punctuation: two each
		"¥15,000":     7,  // ¥ U+00A5 is narrow
		"×÷–…":        4,  // ambiguous width: one, as Western terminals draw them
		"▁▂█":         3,  // block elements: ambiguous, one
		"e\u0301":     1,  // e + combining acute: one column
		"👍":           2,  // emoji: wide
		"a\u200db":    2,  // zero width joiner: none
		"ｶ":           1,  // halfwidth katakana: one
		"가":           2,  // Hangul syllable: wide
		"A800 80GB 卡": 12, // 9 + space + 2
		"":            0,
		"tab\there":   7, // a control character: none
		"del\x7f":     3, // DEL: none
		"ok 中":        5, // the ASCII run, then the rest rune by rune
		"a\xffb":      3, // an invalid byte reads as U+FFFD: one
	})
}
