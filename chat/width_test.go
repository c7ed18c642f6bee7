package chat

import (
	"strings"
	"testing"
)

func TestWidth(t *testing.T) {
	tests := []struct {
		s    string
		want int
	}{
		{"abc", 3},
		{"计费", 4},           // Han: wide
		{"，（）", 6},          // fullwidth punctuation: two each
		{"¥15,000", 7},      // ¥ U+00A5 is narrow
		{"×÷–…", 4},         // ambiguous width: one, as Western terminals draw them
		{"▁▂█", 3},          // block elements: ambiguous, one
		{"e\u0301", 1},      // e + combining acute: one column
		{"👍", 2},            // emoji: wide
		{"a\u200db", 2},     // zero width joiner: none
		{"ｶ", 1},            // halfwidth katakana: one
		{"가", 2},            // Hangul syllable: wide
		{"A800 80GB 卡", 12}, // 9 + space + 2
		{"", 0},
		{"tab\there", 7}, // a control character: none
		{"del\x7f", 3},   // DEL: none
		{"ok 中", 5},      // the ASCII run, then the rest rune by rune
		{"a\xffb", 3},    // an invalid byte reads as U+FFFD: one
	}
	for _, tt := range tests {
		if got := Width(tt.s); got != tt.want {
			t.Errorf("Width(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

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
