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
	// lay the tables out and make the chart and button lines first, so
	// that the text is written into one buffer of about its final size
	var tbuf [4]tableLayout
	tables := tbuf[:0]
	size := 2*len(r.Title) + 74 + len(r.Summary) + 16
	for _, t := range r.Tables {
		l := layoutTable(t, cols)
		tables = append(tables, l)
		size += len(t.Title) + 2 + l.size
	}
	var cbuf [2]string
	charts := cbuf[:0]
	for _, c := range r.Charts {
		charts = append(charts, BarLine(r.Lang, c))
		size += 3 + len(charts[len(charts)-1])
	}
	var bbuf [4]string
	buttons := bbuf[:0]
	for _, bt := range r.Buttons {
		if w := ButtonWordsZH(bt.Action); r.Lang == ZH && bt.shown == "" && w != "" { // a reply no router answered (a reminder)
			bt.shown = strings.TrimSpace(w + " " + bt.Value)
		}
		l := ButtonLine(bt)
		if bt.Action == ActionDetails && utf8.RuneCountInString(l) > MaxNextLine {
			// a long command (a pasted answer, several vendors) is not typed
			// again: the user adds --full to what they just ran
			l = T(r.Lang, "run the same command with --full", "在同一命令中加上 --full 再运行一次")
		}
		buttons = append(buttons, l)
		size += 20 + len(buttons[len(buttons)-1]) + len(bt.Label)
	}
	fw := 0
	for _, f := range r.Facts {
		fw = max(fw, Width(f.Label))
		size += 6 + len(f.Label) + len(f.Value)
	}
	size += len(r.Facts) * fw
	for _, s := range r.Sections {
		size += 2 + len(s.Title)
		for _, l := range s.Lines {
			size += 5 + len(l)
		}
	}
	for _, w := range r.Warnings {
		size += 5 + len(w)
	}
	var b strings.Builder
	b.Grow(size + 64)
	line := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
		b.WriteByte('\n')
	}
	if r.Title != "" {
		line(r.Title)
		writeRepeat(&b, '=', min(Width(r.Title), 72, cols))
		b.WriteByte('\n')
	}
	if r.Summary != "" {
		line(r.Summary)
	}
	if len(r.Facts) > 0 {
		b.WriteByte('\n')
		for _, f := range r.Facts {
			b.WriteString("  ")
			b.WriteString(f.Label)
			writeRepeat(&b, ' ', fw-Width(f.Label))
			line("  ", f.Value)
		}
	}
	if len(charts) > 0 {
		b.WriteByte('\n')
		for _, c := range charts {
			line("  ", c)
		}
	}
	for i, t := range r.Tables {
		b.WriteByte('\n')
		if t.Title != "" {
			line(t.Title)
		}
		tables[i].write(&b, t, cols)
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
	if r.Redline != nil {
		b.WriteByte('\n')
		line(RedlineTitle(r.Lang))
		for _, l := range r.Redline.UnifiedDiff(r.Lang) {
			line(l)
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
	if len(buttons) > 0 {
		b.WriteByte('\n')
		for i, bt := range r.Buttons {
			line(T(r.Lang, "Next: ", "下一步："), buttons[i], T(r.Lang, "  (", "（"), bt.Label, T(r.Lang, ")", "）"))
		}
	}
	return b.String()
}

// MaxNextLine is the longest Details command the text prints after "Next:";
// a longer one (a pasted vendor answer, a quote of several vendors) says to
// run the same command with --full instead of repeating it.
const MaxNextLine = 100

// minColumn is the narrowest a table column is squeezed to before the table
// is printed as a list instead.
const minColumn = 8

// writeTable writes t indented by two, columns two apart, within cols: when
// the natural widths do not fit, the widest columns are narrowed one column
// at a time (down to minColumn) and their cells wrapped; when even that does
// not fit, each row is printed as a list of "header: cell" lines.
func writeTable(b *strings.Builder, t Table, cols int) {
	l := layoutTable(t, cols)
	l.write(b, t, cols)
}

// tableLayout is how a table is written: its column widths, or as a list.
type tableLayout struct {
	n    int   // columns
	w    []int // column widths (nil: written as a list)
	cell []int // Width of each cell, n per line: the header's (when there is one), then each row's
	size int   // about the bytes the table takes
}

// layoutTable measures every cell of t once and fits the columns within cols.
func layoutTable(t Table, cols int) tableLayout {
	n := len(t.Header)
	lines := len(t.Rows)
	for _, r := range t.Rows {
		n = max(n, len(r))
	}
	if n == 0 {
		return tableLayout{}
	}
	if len(t.Header) > 0 {
		lines++
	}
	buf := make([]int, n+n*lines)
	l := tableLayout{n: n, w: buf[:n:n], cell: buf[n:]}
	w, k := l.w, 0
	extra := 0 // bytes beyond one per column: multi-byte characters
	measure := func(cells []string) {
		for i, c := range cells {
			cw := Width(c)
			l.cell[k+i] = cw
			w[i] = max(w[i], cw)
			extra += max(len(c)-cw, 0)
		}
		k += n
	}
	if len(t.Header) > 0 {
		measure(t.Header)
	}
	for _, r := range t.Rows {
		measure(r)
	}
	budget := cols - 2 - 2*(n-1)
	total := 0
	floor := 0
	for _, x := range w {
		total += x
		floor += min(x, minColumn)
	}
	if floor > budget {
		l.w = nil
		for _, r := range t.Rows {
			for i, c := range r {
				l.size += 8 + len(c)
				if i < len(t.Header) {
					l.size += len(t.Header[i])
				}
			}
		}
		return l
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
	l.size = (lines+1)*(2+total+2*n+1) + extra
	return l
}

// write writes t as l lays it out.
func (l *tableLayout) write(b *strings.Builder, t Table, cols int) {
	if l.n == 0 {
		return
	}
	if l.w == nil {
		writeList(b, t, cols)
		return
	}
	k := 0
	if len(t.Header) > 0 {
		l.line(b, t.Header, l.cell[:l.n])
		k = l.n
		l.rule(b)
	}
	for _, r := range t.Rows {
		l.line(b, r, l.cell[k:k+l.n])
		k += l.n
	}
}

// rule writes the line of dashes under the header (up to the last column
// wider than nothing, as a line of cells is trimmed).
func (l *tableLayout) rule(b *strings.Builder) {
	last := -1
	for i, x := range l.w {
		if x > 0 {
			last = i
		}
	}
	if last >= 0 {
		b.WriteString("  ")
	}
	for i, x := range l.w[:last+1] {
		if i > 0 {
			b.WriteString("  ")
		}
		writeRepeat(b, '-', x)
	}
	b.WriteByte('\n')
}

// line writes one line of cells (widths: their Width).
func (l *tableLayout) line(b *strings.Builder, cells []string, widths []int) {
	n, w := l.n, l.w
	// the common case: every cell fits its column on one line; write it
	// straight into b, padding with spaces, with no per-cell strings
	fits := true
	for i := 0; i < len(cells) && fits; i++ {
		fits = widths[i] <= w[i] && strings.IndexByte(cells[i], '\n') < 0
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
				writeRepeat(b, ' ', owed)
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
		var ln strings.Builder
		ln.WriteString("  ")
		for i := 0; i < n; i++ {
			c := ""
			if k < len(wrapped[i]) {
				c = wrapped[i][k]
			}
			if i == n-1 {
				ln.WriteString(c)
			} else {
				ln.WriteString(pad(c, w[i]))
				ln.WriteString("  ")
			}
		}
		b.WriteString(strings.TrimRight(ln.String(), " "))
		b.WriteByte('\n')
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

const (
	spaces = "                                                                "
	equals = "================================================================"
	dashes = "----------------------------------------------------------------"
)

// writeRepeat writes c (' ', '=' or '-') n times without building a string.
func writeRepeat(b *strings.Builder, c byte, n int) {
	run := spaces
	switch c {
	case '=':
		run = equals
	case '-':
		run = dashes
	}
	for n > 0 {
		k := min(n, len(run))
		b.WriteString(run[:k])
		n -= k
	}
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
