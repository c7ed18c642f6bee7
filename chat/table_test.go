package chat

import (
	"strings"
	"testing"
)

// The one-line fast path writes exactly what padding every cell and
// trimming the line's trailing spaces writes; the wrapped path (a cell wider
// than its column) is checked by the same table.
func TestTableLines(t *testing.T) {
	tb := Table{Header: []string{"a", "bb", "c"}, Rows: [][]string{
		{"x", "", "z"},
		{"", "", ""},
		{"x ", "y ", "z  "},
		{"", "yy", ""},
		{"中文", "y"},
		{"  ", "", "q"},
	}}
	var b strings.Builder
	writeTable(&b, tb, 1000)
	want := strings.Join([]string{
		"  a     bb  c",
		"  ----  --  ---",
		"  x         z",
		"",
		"  x     y   z",
		"        yy",
		"  中文  y",
		"            q",
		"",
	}, "\n")
	if got := b.String(); got != want {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
}

// The fast ranges of RuneWidth agree with the Unicode table they skip.
func TestRuneWidthFastRanges(t *testing.T) {
	for _, rg := range [][2]rune{{0x4E00, 0x9FFF}, {0x3000, 0x3029}, {0x3030, 0x303E}, {0xFF01, 0xFF60}} {
		for r := rg[0]; r <= rg[1]; r++ {
			if got, want := RuneWidth(r), slowRuneWidth(r); got != want {
				t.Fatalf("RuneWidth(%U) = %d, the table says %d", r, got, want)
			}
		}
	}
}

// The rule under a header stops at the last column wider than nothing, as
// padded and trimmed cells would; a column of empty cells in the middle
// keeps its two-space gaps.
func TestTableRule(t *testing.T) {
	for _, c := range []struct {
		name string
		t    Table
		want string
	}{
		{"empty last column", Table{Header: []string{"a", "b", ""}, Rows: [][]string{{"x", "y", ""}}}, "  a  b\n  -  -\n  x  y\n"},
		{"empty middle column", Table{Header: []string{"a", "", "c"}, Rows: [][]string{{"x", "", "z"}}}, "  a    c\n  -    -\n  x    z\n"},
		{"empty first column", Table{Header: []string{"", ""}, Rows: [][]string{{"", "q"}}}, "\n    -\n    q\n"},
		{"all empty", Table{Header: []string{"", ""}, Rows: [][]string{{"", ""}}}, "\n\n\n"},
		{"wide rule", Table{Header: []string{strings.Repeat("h", 70), "b"}}, "  " + strings.Repeat("h", 70) + "  b\n  " + strings.Repeat("-", 70) + "  -\n"},
	} {
		var b strings.Builder
		writeTable(&b, c.t, 1000)
		if got := b.String(); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
