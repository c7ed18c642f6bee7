package chat

import "strings"

// Redline is what an LLM's wording changed against the template a draft
// was built from, so that a person reviews the differences instead of the
// whole text. Every surface draws it: ~removed~ and *added* in Slack
// mrkdwn, ~~removed~~ and **added** in Feishu markdown, a unified diff in
// the terminal.
type Redline struct {
	// Changes are the changed clauses (or lines), in the draft's order;
	// none means the wording is identical to the template.
	Changes []RedlineChange
}

// RedlineChange is one changed clause or line.
type RedlineChange struct {
	// Clause names it: "3" for clause 3, "line 5" for another line.
	Clause string
	// Before and After are the template's line and the LLM's ("" when a
	// line was added or removed whole).
	Before, After string
	// Spans are the line with its changes marked, in order.
	Spans []RedlineSpan
}

// RedlineSpan is a run of a changed line: kept (Op ' '), removed ('-') or
// added ('+').
type RedlineSpan struct {
	Op   byte
	Text string
}

// RedlineTitle is the heading of a redline.
func RedlineTitle(lang Lang) string {
	return T(lang, "Changes against the template", "与模板相比的改动")
}

// RedlineIdentical is what a redline with no change says.
func RedlineIdentical(lang Lang) string {
	return T(lang, "The LLM's wording is identical to the template.", "LLM 的措辞与模板完全相同。")
}

// RedlineTooLong stands for a change too long to show in a chat message.
func RedlineTooLong(lang Lang) string {
	return T(lang, "changed (too long to show here; the terminal's --json has it)", "有改动（太长，此处无法显示；终端的 --json 可查看）")
}

// ClauseLabel names a change's clause for people: "clause 3", "第 3 条",
// "line 5", "第 5 行".
func (c RedlineChange) ClauseLabel(lang Lang) string {
	if n, ok := strings.CutPrefix(c.Clause, "line "); ok {
		return T(lang, "line ", "第 ") + n + T(lang, "", " 行")
	}
	return T(lang, "clause ", "第 ") + c.Clause + T(lang, "", " 条")
}

// UnifiedDiff writes the redline as a unified diff of the template and the
// LLM's draft, one hunk per changed clause.
func (r Redline) UnifiedDiff(lang Lang) []string {
	if len(r.Changes) == 0 {
		return []string{RedlineIdentical(lang)}
	}
	out := []string{"--- " + T(lang, "template", "模板"), "+++ LLM"}
	for _, c := range r.Changes {
		out = append(out, "@@ "+c.ClauseLabel(lang)+" @@")
		if c.Before != "" {
			out = append(out, "-"+c.Before)
		}
		if c.After != "" {
			out = append(out, "+"+c.After)
		}
	}
	return out
}
