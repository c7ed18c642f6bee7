package chat

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// RenderJSON renders a reply for machines: the command's Data, or
// {"error":{...}} for an error. It never fails: Data that cannot be marshalled
// becomes an internal error.
func RenderJSON(r Reply) []byte {
	var v any
	switch {
	case r.Error != nil:
		v = map[string]any{"error": r.Error}
	case r.Data != nil:
		v = r.Data
	default:
		v = map[string]any{"command": r.Command, "title": r.Title, "summary": r.Summary, "facts": r.Facts,
			"tables": r.Tables, "sections": r.Sections, "warnings": r.Warnings, "deferred": r.Deferred}
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		b, _ = json.Marshal(map[string]any{"error": Error{Code: CodeInternal, Message: "reply could not be encoded: " + err.Error()}})
	}
	return append(b, '\n')
}

// RenderText renders a reply for a terminal: plain text, aligned tables.
func RenderText(r Reply) string {
	var b strings.Builder
	if r.Title != "" {
		b.WriteString(r.Title)
		b.WriteByte('\n')
		b.WriteString(strings.Repeat("=", min(width(r.Title), 72)))
		b.WriteByte('\n')
	}
	if r.Summary != "" {
		b.WriteString(r.Summary)
		b.WriteString("\n")
	}
	if len(r.Facts) > 0 {
		b.WriteByte('\n')
		w := 0
		for _, f := range r.Facts {
			w = max(w, width(f.Label))
		}
		for _, f := range r.Facts {
			b.WriteString("  ")
			b.WriteString(pad(f.Label, w))
			b.WriteString("  ")
			b.WriteString(f.Value)
			b.WriteByte('\n')
		}
	}
	if len(r.Charts) > 0 {
		b.WriteByte('\n')
		for _, c := range r.Charts {
			b.WriteString("  ")
			b.WriteString(BarLine(r.Lang, c))
			b.WriteByte('\n')
		}
	}
	for _, t := range r.Tables {
		b.WriteByte('\n')
		if t.Title != "" {
			b.WriteString(t.Title)
			b.WriteByte('\n')
		}
		writeTable(&b, t)
	}
	for _, s := range r.Sections {
		b.WriteByte('\n')
		if s.Title != "" {
			b.WriteString(s.Title)
			b.WriteByte('\n')
		}
		for _, l := range s.Lines {
			b.WriteString("  - ")
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	if len(r.Warnings) > 0 {
		b.WriteByte('\n')
		b.WriteString(T(r.Lang, "Warnings", "注意"))
		b.WriteByte('\n')
		for _, w := range r.Warnings {
			b.WriteString("  ! ")
			b.WriteString(w)
			b.WriteByte('\n')
		}
	}
	if r.Partial {
		b.WriteString("\n")
		b.WriteString(T(r.Lang, "(partial: some input could not be read; see the warnings)", "（部分结果：部分输入无法读取，见上方提示）"))
		b.WriteByte('\n')
	}
	if len(r.Buttons) > 0 {
		b.WriteByte('\n')
		for _, bt := range r.Buttons {
			b.WriteString(T(r.Lang, "Next: ", "下一步："))
			b.WriteString(ButtonLine(bt))
			b.WriteString(T(r.Lang, "  (", "（"))
			b.WriteString(bt.Label)
			b.WriteString(T(r.Lang, ")", "）"))
			b.WriteByte('\n')
		}
	}
	return b.String()
}

func writeTable(b *strings.Builder, t Table) {
	cols := len(t.Header)
	for _, r := range t.Rows {
		cols = max(cols, len(r))
	}
	w := make([]int, cols)
	for i, h := range t.Header {
		w[i] = max(w[i], width(h))
	}
	for _, r := range t.Rows {
		for i, c := range r {
			w[i] = max(w[i], width(c))
		}
	}
	line := func(cells []string) {
		b.WriteString("  ")
		for i := 0; i < cols; i++ {
			c := ""
			if i < len(cells) {
				c = cells[i]
			}
			if i == cols-1 {
				b.WriteString(c)
			} else {
				b.WriteString(pad(c, w[i]))
				b.WriteString("  ")
			}
		}
		b.WriteByte('\n')
	}
	if len(t.Header) > 0 {
		line(t.Header)
		seps := make([]string, cols)
		for i := range seps {
			seps[i] = strings.Repeat("-", w[i])
		}
		line(seps)
	}
	for _, r := range t.Rows {
		line(r)
	}
}

// width is the display width of s: CJK characters take two columns.
func width(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x1100 && (r <= 0x115F || r >= 0x2E80 && r <= 0xA4CF || r >= 0xAC00 && r <= 0xD7A3 || r >= 0xF900 && r <= 0xFAFF || r >= 0xFE30 && r <= 0xFE4F || r >= 0xFF00 && r <= 0xFF60 || r >= 0xFFE0 && r <= 0xFFE6) {
			n += 2
		} else {
			n++
		}
	}
	return n
}

func pad(s string, w int) string {
	if d := w - width(s); d > 0 {
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
