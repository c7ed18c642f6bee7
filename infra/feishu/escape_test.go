package feishu

import (
	"html"
	"strings"
	"testing"
	"unicode/utf8"

	"gpuadvisor/internal/testkit"
)

// unsafe are what lark_md would turn into a mention, a link or a tag.
var unsafe = []string{"<at", "</at", "<font", "](", "://", "www.", "example.com", "evil.cn", "<a ", "&#60;"}

func TestEscapeMD(t *testing.T) {
	testkit.Cases(t, "EscapeMD", EscapeMD, map[string]string{
		"35元/时 ¥15,000":             "35元/时 ¥15,000",
		"1.5万 7b 4k":                "1.5万 7b 4k",
		"<at id=all></at>":          "&#60;at id=all&#62;&#60;/at&#62;",
		`<at user_id="ou_1">x</at>`: `&#60;at user&#95;id="ou&#95;1"&#62;x&#60;/at&#62;`,
		"[点这里](https://evil.cn/a)":  "&#91;点这里&#93;&#40;https&#58;//evil&#46;cn/a&#41;",
		"see www.evil.com now":      "see www&#46;evil&#46;com now",
		"**not bold** ~~x~~ `code`": "&#42;&#42;not bold&#42;&#42; &#126;&#126;x&#126;&#126; &#96;code&#96;",
		"- item\n  # title\n+ x":    "&#45; item\n  &#35; title\n&#43; x",
		"a - b # c + d":             "a - b # c + d",
		"&#60;at id=all&#62;":       "&#38;#60;at id=all&#38;#62;",
		"C:\\path":                  "C:&#92;path",
		"时间 10:30，A: 35":            "时间 10:30，A: 35",
		"ftp://x":                   "ftp&#58;//x",
		"line\r\nbreak":             "line\nbreak",
		"$100":                      "&#36;100",
	})
}

func FuzzEscapeMD(f *testing.F) {
	// "\xc6\r\xa4": two stray bytes that dropping the \r would join into
	// a valid character (U+01A4); each reads back as U+FFFD instead.
	for _, s := range []string{"<at id=all></at>", "[x](https://e.com)", "www.a.b", "&#60;", "- a\n# b", "35元/时", "\xc6\r\xa4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := EscapeMD(s)
		// It renders as the same characters (for valid UTF-8; stray bytes
		// become U+FFFD)...
		if want := strings.ReplaceAll(s, "\r", ""); utf8.ValidString(s) && html.UnescapeString(got) != want {
			t.Fatalf("EscapeMD(%q) = %q reads back as %q", s, got, html.UnescapeString(got))
		}
		// ...and never holds a tag, a link or an entity the user typed.
		for _, bad := range []string{"<", ">", "](", "://"} {
			if strings.Contains(got, bad) {
				t.Fatalf("EscapeMD(%q) = %q contains %q", s, got, bad)
			}
		}
	})
}
