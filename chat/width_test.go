package chat

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	tests := []struct {
		s    string
		w    int
		want []string
	}{
		{"one two three", 7, []string{"one two", "three"}},
		{"one two three", 3, []string{"one", "two", "thr", "ee"}},
		{"每卡需要显存", 5, []string{"每卡", "需要", "显存"}}, // 2+2 = 4 ≤ 5; a third would be 6
		{"short", 10, []string{"short"}},
		{"a\nb c", 1, []string{"a", "b", "c"}},
		{"x  y", 2, []string{"x", "y"}}, // no line starts with a space
	}
	for _, tt := range tests {
		got := Wrap(tt.s, tt.w)
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("Wrap(%q, %d) = %q, want %q", tt.s, tt.w, got, tt.want)
		}
		for _, l := range got {
			if Width(l) > max(tt.w, 1) {
				t.Errorf("Wrap(%q, %d): line %q is %d wide", tt.s, tt.w, l, Width(l))
			}
		}
	}
}

// TestTablesNeverExceedTheWidth renders a table with a long Chinese cell
// and one of many columns at several widths: no table line may be wider
// than asked.
func TestTablesNeverExceedTheWidth(t *testing.T) {
	row := []string{"GPU 时长费", strings.Repeat("很长的说明文字 ", 20), "72,700", "note"}
	var many []string
	for i := 0; i < 30; i++ {
		many = append(many, "column")
	}
	rep := Reply{Title: "标题", Summary: strings.Repeat("摘要 summary ", 30),
		Facts:    []Fact{{"Workload", strings.Repeat("300 h per card ", 12)}},
		Tables:   []Table{{Title: "t", Header: []string{"item", "why", "¥", "n"}, Rows: [][]string{row, {"x", "y", "1", "2"}}}, {Header: many, Rows: [][]string{many}}},
		Sections: []Section{{Title: "s", Lines: []string{strings.Repeat("理由 ", 60)}}}}
	for _, cols := range []int{40, 60, 80, 100, 132} {
		out := RenderTextWidth(Reply{Tables: rep.Tables}, cols)
		for _, l := range strings.Split(out, "\n") {
			if Width(l) > cols {
				t.Errorf("at %d columns a line is %d wide: %q", cols, Width(l), l)
			}
		}
		// Every character of the long cell is still there, only wrapped.
		if got := strings.Count(out, "很"); got != 20 {
			t.Errorf("at %d columns the long cell shows %d of its 20 phrases", cols, got)
		}
	}
}

// runeWidthSum is Width as it was written before it read eight bytes at a
// time: the sum of RuneWidth over the runes.
func runeWidthSum(s string) int {
	n := 0
	for _, r := range s {
		n += RuneWidth(r)
	}
	return n
}

// TestWidthAgreesWithRuneSum checks the eight-byte fast path against the
// rune-by-rune sum on named edge cases and 300,000 random strings of the
// bytes around its thresholds (0x1f, 0x20, 0x7e, 0x7f, 0x80, 0xff), Han,
// combining marks and invalid UTF-8, at every alignment.
func TestWidthAgreesWithRuneSum(t *testing.T) {
	for _, tc := range []struct{ name, s string }{
		{"empty", ""},
		{"ascii 8", "abcdefgh"},
		{"ascii 17", "abcdefghijklmnopq"},
		{"control in block", "abc\x1fefgh"},
		{"del in block", "abcdefg\x7f"},
		{"tab in block", "a\tcdefghij"},
		{"space and tilde", "        ~~~~~~~~ "},
		{"high byte", "abcdefg\x80hij"},
		{"han after ascii", "0123456789显存"},
		{"combining", "abcdefghe\u0301ijklmnop"},
		{"invalid", "abcdefgh\xff\xfeabcdefgh"},
		{"nul", "\x00\x00\x00\x00\x00\x00\x00\x00a"},
	} {
		if got, want := Width(tc.s), runeWidthSum(tc.s); got != want {
			t.Errorf("%s: Width(%q) = %d, want %d", tc.name, tc.s, got, want)
		}
	}
	parts := []string{"a", "Z", " ", "~", "\x1f", "\x20", "\x7e", "\x7f", "\x80", "\xff", "\x00", "\t", "显", "，", "、", "\u3000", "\u303f", "\u9fff", "\xe3\x80", "\xe9", "\xe2\x80\x94", "\xe0\x80\x80", "\xed\xa0\x80", "\u4dc0", "\u4e00", "\u3030", "\u0301", "\u200d", "é", "\xe2\x80", "abcdefgh"}
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	for range 300_000 {
		b.Reset()
		for range rng.IntN(24) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		if s := b.String(); Width(s) != runeWidthSum(s) {
			t.Fatalf("Width(%q) = %d, want %d", s, Width(s), runeWidthSum(s))
		}
	}
}
