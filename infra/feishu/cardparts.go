package feishu

import (
	"fmt"
	"strings"

	"gpuadvisor/chat"
)

// part is one optional piece of a card (the facts, one table, one section)
// made of units that can be dropped from the end when the card is too long.
type part struct {
	elements []any
	units    int
	// shrink returns the elements with only the first n units.
	shrink func(n int) []any
}

func (p part) size() int { return p.units }

func flatten(ps []part) []any {
	var out []any
	for _, p := range ps {
		out = append(out, p.elements...)
	}
	return out
}

// optionalParts are the facts, the charts, the tables and the sections, in
// that order.
func (rr *renderer) optionalParts(r chat.Reply) []part {
	var ps []part
	if len(r.Facts) > 0 {
		ps = append(ps, rr.factsPart(r.Facts))
	}
	for i, c := range r.Charts {
		els := rr.chartElements(r.Lang, c)
		if i >= maxCharts {
			els = els[len(els)-1:] // the text line only
		}
		ps = append(ps, part{elements: els, units: 1, shrink: func(int) []any { return nil }})
	}
	for i, t := range r.Tables {
		if len(t.Header) == 0 && len(t.Rows) == 0 {
			continue
		}
		if i < maxTables {
			ps = append(ps, rr.tablePart(t))
		} else {
			ps = append(ps, rr.tableTextPart(t))
		}
	}
	for _, s := range r.Sections {
		if len(s.Lines) == 0 && s.Title == "" {
			continue
		}
		ps = append(ps, rr.sectionPart(s))
	}
	if r.Redline != nil {
		ps = append(ps, rr.redlinePart(r.Lang, r.Redline))
	}
	return ps
}

func (rr *renderer) factsPart(facts []chat.Fact) part {
	build := func(n int) []any {
		var els []any
		for start := 0; start < n; start += maxFacts {
			end := min(start+maxFacts, n)
			d := cardDiv{Tag: "div"}
			for _, f := range facts[start:end] {
				d.Fields = append(d.Fields, cardField{IsShort: true, Text: md(bold(rr.clip(f.Label, maxCell)) + "\n" + EscapeMD(rr.clip(f.Value, maxCell)))})
			}
			els = append(els, d)
		}
		return els
	}
	return part{elements: build(len(facts)), units: len(facts), shrink: build}
}

// tablePart renders a table component with plain-text cells ("text" columns
// are not read as markdown, so they need no escaping). A table whose first
// header cell is empty has row labels in its first column (the vendor
// comparison, the topology matrix): that column stays in view while the
// other columns scroll (freeze_first_column).
func (rr *renderer) tablePart(t chat.Table) part {
	cols := len(t.Header)
	for _, r := range t.Rows {
		cols = max(cols, len(r))
	}
	cols = min(cols, maxColumns)
	build := func(n int) []any {
		var els []any
		if t.Title != "" {
			els = append(els, mdDiv(bold(rr.clip(t.Title, maxCell))))
		}
		tb := cardTable{
			Tag:         "table",
			PageSize:    max(1, min(n, maxPageSize)),
			RowHeight:   "low",
			HeaderStyle: cardTableHeader{Bold: true, BackgroundStyle: "grey", Lines: 1},
			Rows:        make([]map[string]string, 0, n),

			FreezeFirstColumn: rowLabels(t) && cols > 1,
		}
		for i := 0; i < cols; i++ {
			name := ""
			if i < len(t.Header) {
				name = rr.clip(t.Header[i], maxCell)
			}
			tb.Columns = append(tb.Columns, cardColumn{Name: fmt.Sprintf("c%d", i), DisplayName: name, DataType: "text", Width: "auto"})
		}
		for _, row := range t.Rows[:n] {
			m := make(map[string]string, cols)
			for i := 0; i < cols; i++ {
				v := ""
				if i < len(row) {
					v = rr.clip(row[i], maxCell)
				}
				m[fmt.Sprintf("c%d", i)] = v
			}
			tb.Rows = append(tb.Rows, m)
		}
		return append(els, tb)
	}
	return part{elements: build(len(t.Rows)), units: len(t.Rows), shrink: build}
}

// rowLabels reports whether t's first column names its rows: its header
// cell is empty, as a column of row labels has no title.
func rowLabels(t chat.Table) bool { return len(t.Header) > 0 && t.Header[0] == "" }

// tableTextPart renders a table beyond the card's table limit as text lines.
func (rr *renderer) tableTextPart(t chat.Table) part {
	cells := func(cs []string) string {
		var b strings.Builder
		for i, c := range cs {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteString(EscapeMD(rr.clip(c, maxCell)))
		}
		return b.String()
	}
	head := ""
	if len(t.Header) > 0 {
		head = cells(t.Header)
	}
	return rr.linesPart(t.Title, head, len(t.Rows), func(i int) string { return cells(t.Rows[i]) })
}

func (rr *renderer) sectionPart(s chat.Section) part {
	return rr.linesPart(s.Title, "", len(s.Lines), func(i int) string { return "• " + EscapeMD(rr.clip(s.Lines[i], maxLine)) })
}

// linesPart is one text div: the title in bold, the head line when not
// empty, then n lines (line(i), already escaped), one a line. It shrinks by
// leaving lines off the end.
func (rr *renderer) linesPart(title, head string, n int, line func(i int) string) part {
	build := func(k int) []any {
		var b strings.Builder
		if title != "" {
			b.WriteString(bold(rr.clip(title, maxCell)))
		}
		add := func(l string) {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(l)
		}
		if head != "" {
			add(head)
		}
		for i := range k {
			add(line(i))
		}
		return []any{mdDiv(b.String())}
	}
	return part{elements: build(n), units: n, shrink: build}
}
