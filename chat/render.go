package chat

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// RenderJSON renders a reply for machines: the command's Data, or
// {"error":{...}} for an error. A reply with charts carries them as
// "charts", after Data's own fields (docs/json.md): the same descriptions
// every surface draws. It never fails: Data that cannot be marshalled
// becomes an internal error.
func RenderJSON(r Reply) []byte {
	var v any
	switch {
	case r.Error != nil:
		v = map[string]any{"error": r.Error}
	case r.Data != nil:
		v = r.Data
		if len(r.Charts) > 0 {
			v = withCharts(r.Data, r.Charts)
		}
	default:
		m := map[string]any{"command": r.Command, "title": r.Title, "summary": r.Summary, "facts": r.Facts,
			"tables": r.Tables, "sections": r.Sections, "warnings": r.Warnings, "deferred": r.Deferred}
		if len(r.Charts) > 0 {
			m["charts"] = r.Charts
		}
		v = m
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		b, _ = json.Marshal(map[string]any{"error": Error{Code: CodeInternal, Message: "reply could not be encoded: " + err.Error()}})
	}
	return append(b, '\n')
}

// withCharts is data's JSON object with a last field "charts". Data that is
// not an object, or has a "charts" field of its own, is left as it is; Data
// that cannot be marshalled is returned for MarshalIndent to report.
func withCharts(data any, charts []Chart) any {
	obj, err := json.Marshal(data)
	if err != nil || len(obj) < 2 || obj[0] != '{' {
		return data
	}
	if bytes.Contains(obj, []byte(`"charts":`)) {
		var fields map[string]json.RawMessage
		if json.Unmarshal(obj, &fields) != nil || fields["charts"] != nil {
			return data
		}
	}
	cs, err := json.Marshal(charts)
	if err != nil {
		return data
	}
	out := make([]byte, 0, len(obj)+len(cs)+12)
	out = append(out, obj[:len(obj)-1]...)
	if len(obj) > 2 {
		out = append(out, ',')
	}
	out = append(out, `"charts":`...)
	out = append(out, cs...)
	return json.RawMessage(append(out, '}'))
}

// DefaultColumns is a terminal's width when it cannot be asked (the CLI
// asks the tty, then $COLUMNS).
const DefaultColumns = 100

// RenderText renders a reply as text without a width limit (golden files,
// logs, tests that look for a sentence); a terminal uses RenderTextWidth.
func RenderText(r Reply) string { return RenderTextWidth(r, 0) }

// RenderTextWidth renders a reply for a terminal cols columns wide (Width):
// plain text, and tables aligned and wrapped so that no table line is wider
// than cols (cols ≤ 0: no limit). Prose is left to the terminal's own
// wrapping, so that a command, a path or an example in it is never broken
// across lines where it must be copied whole.
func RenderTextWidth(r Reply, cols int) string {
	if cols <= 0 {
		cols = 1 << 30
	}
	var b strings.Builder
	line := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
		b.WriteByte('\n')
	}
	if r.Title != "" {
		line(r.Title)
		line(strings.Repeat("=", min(Width(r.Title), 72, cols)))
	}
	if r.Summary != "" {
		line(r.Summary)
	}
	if len(r.Facts) > 0 {
		b.WriteByte('\n')
		w := 0
		for _, f := range r.Facts {
			w = max(w, Width(f.Label))
		}
		for _, f := range r.Facts {
			line("  ", pad(f.Label, w), "  ", f.Value)
		}
	}
	if len(r.Charts) > 0 {
		b.WriteByte('\n')
		for _, c := range r.Charts {
			line("  ", BarLine(r.Lang, c))
		}
	}
	for _, t := range r.Tables {
		b.WriteByte('\n')
		if t.Title != "" {
			line(t.Title)
		}
		writeTable(&b, t, cols)
	}
	for _, s := range r.Sections {
		b.WriteByte('\n')
		if s.Title != "" {
			line(s.Title)
		}
		for _, l := range s.Lines {
			line("  - ", l)
		}
	}
	if len(r.Warnings) > 0 {
		b.WriteByte('\n')
		line(T(r.Lang, "Warnings", "注意"))
		for _, w := range r.Warnings {
			line("  ! ", w)
		}
	}
	if r.Partial {
		b.WriteByte('\n')
		line(T(r.Lang, "(partial: some input could not be read; see the warnings)", "（部分结果：部分输入无法读取，见上方提示）"))
	}
	if len(r.Buttons) > 0 {
		b.WriteByte('\n')
		for _, bt := range r.Buttons {
			line(T(r.Lang, "Next: ", "下一步："), ButtonLine(bt), T(r.Lang, "  (", "（"), bt.Label, T(r.Lang, ")", "）"))
		}
	}
	return b.String()
}

// minColumn is the narrowest a table column is squeezed to before the table
// is printed as a list instead.
const minColumn = 8

// writeTable writes t indented by two, columns two apart, within cols: when
// the natural widths do not fit, the widest columns are narrowed one column
// at a time (down to minColumn) and their cells wrapped; when even that does
// not fit, each row is printed as a list of "header: cell" lines.
func writeTable(b *strings.Builder, t Table, cols int) {
	n := len(t.Header)
	for _, r := range t.Rows {
		n = max(n, len(r))
	}
	if n == 0 {
		return
	}
	w := make([]int, n)
	for i, h := range t.Header {
		w[i] = max(w[i], Width(h))
	}
	for _, r := range t.Rows {
		for i, c := range r {
			w[i] = max(w[i], Width(c))
		}
	}
	budget := cols - 2 - 2*(n-1)
	total := 0
	floor := 0
	for _, x := range w {
		total += x
		floor += min(x, minColumn)
	}
	if floor > budget {
		writeList(b, t, cols)
		return
	}
	for total > budget {
		widest := 0
		for i := range w {
			if w[i] > w[widest] {
				widest = i
			}
		}
		w[widest]--
		total--
	}
	var widths []int // per cell of the line being written
	line := func(cells []string) {
		// the common case: every cell fits its column on one line; write it
		// straight into b, padding with spaces, with no per-cell strings
		widths = widths[:0]
		fits := true
		for i := 0; i < n && fits; i++ {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			cw := Width(c)
			widths = append(widths, cw)
			fits = cw <= w[i] && strings.IndexByte(c, '\n') < 0
		}
		if fits {
			// the same bytes as padding every cell and trimming the line's
			// trailing spaces: owed spaces are written only before content
			last := -1
			for i := 0; i < n && i < len(cells); i++ {
				if strings.TrimRight(cells[i], " ") != "" {
					last = i
				}
			}
			owed := 2 // the indent
			for i := 0; i <= last; i++ {
				c := cells[i]
				if i == last {
					c = strings.TrimRight(c, " ")
				}
				if c != "" {
					b.WriteString(strings.Repeat(" ", owed))
					b.WriteString(c)
					owed = 0
				}
				owed += w[i] - widths[i] + 2
			}
			b.WriteByte('\n')
			return
		}
		wrapped := make([][]string, n)
		height := 1
		for i := 0; i < n; i++ {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			wrapped[i] = Wrap(c, w[i])
			height = max(height, len(wrapped[i]))
		}
		for k := 0; k < height; k++ {
			var l strings.Builder
			l.WriteString("  ")
			for i := 0; i < n; i++ {
				c := ""
				if k < len(wrapped[i]) {
					c = wrapped[i][k]
				}
				if i == n-1 {
					l.WriteString(c)
				} else {
					l.WriteString(pad(c, w[i]))
					l.WriteString("  ")
				}
			}
			b.WriteString(strings.TrimRight(l.String(), " "))
			b.WriteByte('\n')
		}
	}
	if len(t.Header) > 0 {
		line(t.Header)
		seps := make([]string, n)
		for i := range seps {
			seps[i] = strings.Repeat("-", w[i])
		}
		line(seps)
	}
	for _, r := range t.Rows {
		line(r)
	}
}

// writeList writes a table too wide for its columns as a list: each row's
// first cell, then "header: cell" for the others, wrapped within cols.
func writeList(b *strings.Builder, t Table, cols int) {
	for _, r := range t.Rows {
		for i, c := range r {
			indent, lead := "  ", "- "
			if i > 0 {
				indent, lead = "    ", ""
				if i < len(t.Header) && t.Header[i] != "" {
					lead = t.Header[i] + ": "
				}
			}
			for _, l := range Wrap(lead+c, cols-Width(indent)) {
				b.WriteString(indent)
				b.WriteString(l)
				b.WriteByte('\n')
			}
		}
	}
}

func pad(s string, w int) string {
	if d := w - Width(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// Truncate cuts s to at most n runes, ending with "…" when cut.
func Truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	if n <= 1 {
		return string(r[:n])
	}
	return string(r[:n-1]) + "…"
}
