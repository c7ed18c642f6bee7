package slack

import (
	"strings"
	"testing"
	"unicode/utf8"

	"gpuadvisor/internal/testkit"
)

func TestEscape(t *testing.T) {
	testkit.Cases(t, "Escape", Escape, map[string]string{
		"plain 计费":            "plain 计费",
		"<!channel>":          "&lt;!channel&gt;",
		"<@U123>":             "&lt;@U123&gt;",
		"<https://evil|x>":    "&lt;https://evil|x&gt;",
		"a & b":               "a &amp; b",
		"&amp; stays literal": "&amp;amp; stays literal",
		"@channel":            "@\u2060channel",
		"hi @Here!":           "hi @\u2060Here!",
		"@everyone@here":      "@\u2060everyone@\u2060here",
		"mail@example.com":    "mail@example.com",
		"@channels":           "@\u2060channels",
		"@":                   "@",
	})
}

func TestUnescape(t *testing.T) {
	testkit.Cases(t, "Unescape", Unescape, map[string]string{
		"a &lt;b&gt; &amp; c": "a <b> & c",
		"&amp;lt;":            "&lt;", // one level only
		"no entities":         "no entities",
	})
}

func TestFit(t *testing.T) {
	tests := []struct {
		in      string
		max     int
		want    string
		wantCut bool
	}{
		{"short", 10, "short", false},
		{"exactly10!", 10, "exactly10!", false},
		{"eleven char", 10, "eleven ch…", true},
		{"a&b&c&d", 8, "a&amp;b…", true},   // never inside an entity
		{"计费计费计费", 4, "计费计…", true},        // characters, not bytes
		{"😀😀😀", 4, "😀…", true},             // astral characters count twice
		{"<<<", 12, "&lt;&lt;&lt;", false}, // fits once escaped
		{"<<<<", 12, "&lt;&lt;…", true},    // does not
	}
	for _, tc := range tests {
		got, cut := fit(tc.in, tc.max)
		if got != tc.want || cut != tc.wantCut {
			t.Errorf("fit(%q, %d) = %q, %t; want %q, %t", tc.in, tc.max, got, cut, tc.want, tc.wantCut)
		}
		if slackLen(got) > tc.max {
			t.Errorf("fit(%q, %d) is %d long", tc.in, tc.max, slackLen(got))
		}
	}
}

func TestPiecesKeepEveryCharacter(t *testing.T) {
	in := strings.Repeat("计费&<x>😀", 500)
	parts := pieces(in, 100)
	if got := Unescape(strings.Join(parts, "")); got != in {
		t.Errorf("pieces lost text: %d runes back, %d in", utf8.RuneCountInString(got), utf8.RuneCountInString(in))
	}
	for i, p := range parts {
		if slackLen(p) > 100 {
			t.Errorf("piece %d is %d long", i, slackLen(p))
		}
	}
}

func TestButtonValueCutsOnAWholePair(t *testing.T) {
	v := strings.Repeat("key=value ", 300) // 3000 characters
	got := buttonValue(v)
	if slackLen(got) > MaxButtonValue || !strings.HasSuffix(got, "key=value") {
		t.Errorf("buttonValue: %d characters ending %q", slackLen(got), got[len(got)-12:])
	}
	if short := "billing ondemand=35"; buttonValue(short) != short {
		t.Errorf("buttonValue changed a short value")
	}
}

func TestButtonActionSuffix(t *testing.T) {
	testkit.Cases(t, "buttonAction", buttonAction, map[string]string{"draft_sla": "draft_sla", "draft_sla#2": "draft_sla", "#x": "#x"})
}
