package draft

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"gpuadvisor/chat"
	"gpuadvisor/prompts"
)

// maxSummary is how much of a draft goes into Reply.Summary (plain lines in
// every renderer, easy to copy; the Feishu card keeps 3,000 runes of it);
// paragraphs past it continue in Sections.
const maxSummary = 2900

// draftReply turns a finished draft into the reply: the draft text, how it
// was made, the facts it carries.
func draftReply(lang chat.Lang, d prompts.Draft, title string, extra []chat.Fact, sections []chat.Section, warnings []string, data map[string]any) chat.Reply {
	rep := chat.Reply{Title: title, Lang: lang}
	rep.Facts = append(rep.Facts, chat.Fact{Label: chat.T(lang, "Written by", "撰写方式"), Value: pathText(lang, d)})
	for _, f := range d.Facts {
		rep.Facts = append(rep.Facts, chat.Fact{Label: f.Label, Value: f.Value})
	}
	rep.Facts = append(rep.Facts, extra...)
	summary, rest := splitDraft(d.Text)
	rep.Summary = summary
	for _, para := range rest {
		rep.Sections = append(rep.Sections, chat.Section{Lines: para})
	}
	rep.Sections = append(rep.Sections, sections...)
	if d.Source == prompts.SourceTemplate && d.Reason != nil && d.Reason.Code != prompts.ReasonNotConfigured {
		warnings = append([]string{fmt.Sprintf(chat.T(lang,
			"The LLM's wording was not used: %s. This is the template draft, built from the same facts.",
			"未采用 LLM 的措辞：%s。以下是用相同事实生成的模板草稿。"), d.Reason.Message(string(lang)))}, warnings...)
	}
	warnings = append(warnings, chat.T(lang, "A draft is a suggestion: read it before you send it.", "草稿仅供参考：发送前请通读。"))
	rep.Warnings = warnings
	data["command"] = "draft"
	data["kind"] = string(d.Kind)
	data["lang"] = d.Lang
	data["source"] = string(d.Source)
	if d.Model != "" {
		data["model"] = d.Model
	}
	if d.Reason != nil {
		data["reason"] = map[string]any{"code": d.Reason.Code, "check": d.Reason.Check, "value": d.Reason.Value, "message": d.Reason.Message(string(lang))}
	}
	data["text"] = d.Text
	data["facts"] = d.Facts
	changes := make([]prompts.Change, 0, len(d.Changes))
	data["changes"] = append(changes, d.Changes...)
	if d.Source == prompts.SourceLLM {
		rep.Redline = redline(d.Changes)
		data["identical"] = len(d.Changes) == 0
	}
	rep.Data = data
	return rep
}

// pathText says who wrote the draft: the LLM (checked) or the template and why.
func pathText(lang chat.Lang, d prompts.Draft) string {
	if d.Source == prompts.SourceLLM {
		n := len(d.Changes)
		if n == 0 {
			return fmt.Sprintf(chat.T(lang, "LLM (%s), checked clause by clause against the template: identical to it", "LLM（%s），已逐条与模板核对：与模板相同"), modelName(d.Model))
		}
		return fmt.Sprintf(chat.T(lang, "LLM (%s), checked clause by clause against the template; %s changed, see below", "LLM（%s），已逐条与模板核对；%s有改动，见下方"),
			modelName(d.Model), chat.Plural(lang, n, "line", "lines", "行"))
	}
	switch {
	case d.Reason == nil:
		return chat.T(lang, "template", "模板")
	case d.Reason.Code == prompts.ReasonNotConfigured:
		return chat.T(lang, "template: ", "模板：") + d.Reason.Message(string(lang))
	case d.Reason.Code == prompts.ReasonCheckFailed:
		return fmt.Sprintf(chat.T(lang, "template: the LLM's draft failed the %s check", "模板：LLM 草稿未通过 %s 检查"), d.Reason.Check)
	}
	return chat.T(lang, "template: ", "模板：") + d.Reason.Message(string(lang))
}

func modelName(m string) string {
	if m == "" {
		return "?"
	}
	return m
}

// splitDraft puts whole paragraphs into the summary up to maxSummary runes
// and returns the rest, one slice of lines per paragraph.
func splitDraft(text string) (string, [][]string) {
	paras := strings.Split(strings.TrimSpace(text), "\n\n")
	var head []string
	n := 0
	i := 0
	for ; i < len(paras); i++ {
		l := utf8.RuneCountInString(paras[i])
		if i > 0 && n+l > maxSummary {
			break
		}
		head = append(head, paras[i])
		n += l + 2
	}
	var rest [][]string
	for _, p := range paras[i:] {
		var lines []string
		for _, l := range strings.Split(p, "\n") {
			if strings.TrimSpace(l) != "" {
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			rest = append(rest, lines)
		}
	}
	return strings.Join(head, "\n\n"), rest
}

// redline is the reply's redline of an LLM draft's changes.
func redline(cs []prompts.Change) *chat.Redline {
	r := &chat.Redline{}
	for _, c := range cs {
		rc := chat.RedlineChange{Clause: c.Clause, Before: c.Before, After: c.After}
		for _, s := range c.Spans {
			rc.Spans = append(rc.Spans, chat.RedlineSpan{Op: s.Op, Text: s.Text})
		}
		r.Changes = append(r.Changes, rc)
	}
	return r
}
