package prompts

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The redline (docs/drafting.md#the-redline): when the LLM's wording is
// used, what it changed against the template, clause by clause, so that a
// person reviews the differences rather than the whole text.

// Change is one clause (or line) of the template that the LLM's wording
// changed.
type Change struct {
	// Clause names it: the clause number ("3") for a numbered clause,
	// else "line N", its line in the template draft.
	Clause string `json:"clause"`
	// Removed and Added are the template's words the LLM dropped and the
	// words it wrote instead, each change's words joined with " … ".
	Removed string `json:"removed"`
	Added   string `json:"added"`
	// Before and After are the whole template line and the LLM's line (""
	// for a line added or removed whole).
	Before string `json:"-"`
	After  string `json:"-"`
	// Spans are the line with the change marked, in order.
	Spans []Span `json:"-"`
}

// Span is a run of a changed line: kept (Op ' '), removed ('-') or added ('+').
type Span struct {
	Op   byte
	Text string
}

// Redline compares the LLM's draft with the template draft line by line
// (a changed line paired with the template line it replaces), then word by
// word within each pair. Nil means identical.
func Redline(template, llm string) []Change {
	ref, got := splitLines(template), splitLines(llm)
	ops := diffTokens(texts(ref), texts(got), func(a, b string) bool { return a == b })
	var out []Change
	var dels, adds []line
	flush := func() {
		n := max(len(dels), len(adds))
		for k := 0; k < n; k++ {
			var d, a line
			if k < len(dels) {
				d = dels[k]
			}
			if k < len(adds) {
				a = adds[k]
			}
			out = append(out, lineChange(d, a))
		}
		dels, adds = dels[:0], adds[:0]
	}
	i, j := 0, 0
	for _, op := range ops {
		switch op {
		case ' ':
			flush()
			i++
			j++
		case '-':
			dels = append(dels, ref[i])
			i++
		case '+':
			adds = append(adds, got[j])
			j++
		}
	}
	flush()
	return out
}

// line is one non-empty line of a draft and where it is.
type line struct {
	text string
	no   int // 1-based line number in its draft
}

func splitLines(s string) []line {
	var out []line
	for n, l := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, line{text: strings.TrimRight(l, " \t"), no: n + 1})
		}
	}
	return out
}

func texts(ls []line) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.text
	}
	return out
}

// lineChange is the change from template line d to LLM line a (either may
// be empty: a line added or removed whole).
func lineChange(d, a line) Change {
	c := Change{Before: d.text, After: a.text}
	switch {
	case d.text != "":
		c.Clause = clauseOf(d)
	default:
		c.Clause = clauseOf(a)
	}
	dt, at := wordTokens(d.text), wordTokens(a.text)
	ops := diffTokens(dt, at, func(x, y string) bool { return x == y })
	var removed, added []string
	i, j := 0, 0
	add := func(op byte, t string) {
		if n := len(c.Spans); n > 0 && c.Spans[n-1].Op == op {
			c.Spans[n-1].Text += t
			return
		}
		c.Spans = append(c.Spans, Span{Op: op, Text: t})
	}
	for _, op := range ops {
		switch op {
		case ' ':
			add(' ', dt[i])
			i++
			j++
		case '-':
			add('-', dt[i])
			i++
		case '+':
			add('+', at[j])
			j++
		}
	}
	c.Spans = tidySpans(c.Spans)
	for _, s := range c.Spans {
		switch s.Op {
		case '-':
			removed = append(removed, strings.TrimSpace(s.Text))
		case '+':
			added = append(added, strings.TrimSpace(s.Text))
		}
	}
	c.Removed, c.Added = strings.Join(nonEmpty(removed), " … "), strings.Join(nonEmpty(added), " … ")
	return c
}

// tidySpans makes the spans read as a person marks a text: the changes
// between two kept words joined into one removal and one addition (a space
// alone between two changes belongs to both), the spaces at the edges of a
// change kept outside it, and no empty run.
func tidySpans(in []Span) []Span {
	var out []Span
	push := func(s Span) {
		if s.Text == "" {
			return
		}
		if n := len(out); n > 0 && out[n-1].Op == s.Op {
			out[n-1].Text += s.Text
			return
		}
		out = append(out, s)
	}
	var del, add strings.Builder
	open := false
	flush := func() {
		d, a := del.String(), add.String()
		// spaces both sides have at an edge are kept text
		lead, trail := 0, 0
		if d != "" && a != "" {
			lead = min(len(d)-len(strings.TrimLeft(d, " ")), len(a)-len(strings.TrimLeft(a, " ")))
			trail = min(len(d)-len(strings.TrimRight(d, " ")), len(a)-len(strings.TrimRight(a, " ")))
			if lead+trail > min(len(d), len(a)) {
				trail = 0
			}
		}
		keptLead, keptTrail := d[:lead], d[len(d)-trail:]
		push(Span{Op: ' ', Text: keptLead})
		push(Span{Op: '-', Text: d[lead : len(d)-trail]})
		if a != "" {
			push(Span{Op: '+', Text: a[lead : len(a)-trail]})
		}
		push(Span{Op: ' ', Text: keptTrail})
		del.Reset()
		add.Reset()
		open = false
	}
	for k, s := range in {
		switch {
		case s.Op == '-':
			del.WriteString(s.Text)
			open = true
		case s.Op == '+':
			add.WriteString(s.Text)
			open = true
		case open && strings.TrimSpace(s.Text) == "" && k+1 < len(in) && in[k+1].Op != ' ':
			del.WriteString(s.Text) // a space between two changes
			add.WriteString(s.Text)
		default:
			if open {
				flush()
			}
			push(s)
		}
	}
	if open {
		flush()
	}
	return out
}

func nonEmpty(ss []string) []string {
	out := ss[:0]
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// clauseOf names a line: its clause number when it starts one, else its
// line number.
func clauseOf(l line) string {
	if n, ok := marker(fold(l.text)); ok {
		return strconv.Itoa(n)
	}
	return "line " + strconv.Itoa(l.no)
}

// wordTokens cuts a line into words (letters and digits), single Chinese
// characters, runs of spaces and single other characters.
func wordTokens(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		j := i + n
		switch {
		case r == ' ' || r == '\t':
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
		case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) || r == '\'':
			for j < len(s) {
				r2, n2 := utf8.DecodeRuneInString(s[j:])
				if r2 >= utf8.RuneSelf || !(unicode.IsLetter(r2) || unicode.IsDigit(r2) || r2 == '\'' || r2 == '-' || r2 == '.' && j+1 < len(s) && s[j+1] >= '0' && s[j+1] <= '9') {
					break
				}
				j += n2
			}
		}
		out = append(out, s[i:j])
		i = j
	}
	return out
}

// maxDiffCells bounds the longest-common-subsequence table; past it two
// sequences are compared as removed and added whole.
const maxDiffCells = 4 << 20

// diffTokens is the edit script from a to b, one op per token: ' ' kept,
// '-' removed from a, '+' added from b (a longest common subsequence;
// removals before additions at each change).
func diffTokens(a, b []string, eq func(x, y string) bool) []byte {
	n, m := len(a), len(b)
	if n*m > maxDiffCells {
		ops := make([]byte, 0, n+m)
		for range a {
			ops = append(ops, '-')
		}
		for range b {
			ops = append(ops, '+')
		}
		return ops
	}
	// lcs[i][j] is the LCS length of a[i:] and b[j:]
	lcs := make([][]int32, n+1)
	for i := range lcs {
		lcs[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if eq(a[i], b[j]) {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	ops := make([]byte, 0, n+m)
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && eq(a[i], b[j]):
			ops = append(ops, ' ')
			i++
			j++
		case i < n && (j == m || lcs[i+1][j] >= lcs[i][j+1]):
			ops = append(ops, '-')
			i++
		default:
			ops = append(ops, '+')
			j++
		}
	}
	return ops
}
