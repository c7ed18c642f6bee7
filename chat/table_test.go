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
