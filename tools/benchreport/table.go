package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// table is the one Markdown table benchreport prints.
type table struct{ rows [][3]string }

func (t *table) add(metric, value, target string) {
	t.rows = append(t.rows, [3]string{metric, value, target})
}

func (t *table) print(w io.Writer) {
	width := [3]int{len("metric"), len("value"), len("target")}
	for _, r := range t.rows {
		for i, c := range r {
			width[i] = max(width[i], len([]rune(c)))
		}
	}
	line := func(cells [3]string) {
		var b strings.Builder
		b.WriteString("|")
		for i, c := range cells {
			b.WriteString(" " + c + strings.Repeat(" ", width[i]-len([]rune(c))) + " |")
		}
		fmt.Fprintln(w, b.String())
	}
	line([3]string{"metric", "value", "target"})
	line([3]string{strings.Repeat("-", width[0]), strings.Repeat("-", width[1]), strings.Repeat("-", width[2])})
	for _, r := range t.rows {
		line(r)
	}
}

// mib writes a byte count as MiB with one decimal.
func mib(b int64) string { return strconv.FormatFloat(float64(b)/(1<<20), 'f', 1, 64) + " MiB" }

// ms writes a duration in milliseconds: two decimals under 10 ms, one above.
func ms(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	if v < 10 {
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
	return strconv.FormatFloat(v, 'f', 1, 64)
}

// thousands writes n with comma separators: 2,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
