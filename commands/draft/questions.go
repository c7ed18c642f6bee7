package draft

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/checklist"
	"gpuadvisor/chat"
	"gpuadvisor/prompts"
)

func questionsCommand(d *drafter) *chat.Command {
	return &chat.Command{
		Name:     nameQuestions,
		Aliases:  []string{"questions", "question", "q", "问题", "提问", "供应商问题"},
		Examples: []string{examples[1], examples[2], "draft questions vendor=AcmeGPU We offer high-spec hosts and 10GbE intranet, 7x24 support."},
		Keys:     nil, // vendor= plus free text: what sales said, or item ids
		Run:      func(context.Context, *chat.Call) (chat.Reply, error) { return chat.Reply{}, nil },
	}
}

// vendorPairRE finds the vendor pair in the text as typed, to take it out of
// the vendor's words.
var vendorPairRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:^|\s)(?:vendor|供应商|厂商|云厂商|商家|v)\s*[=＝]\s*(?:"[^"]*"|“[^”]*”|\S+)`)
}}

// questionsInput is what `draft questions` asks, once read.
type questionsInput struct {
	vendor string
	text   string // what sales said, for the LLM as quoted data
	gaps   []Gap
	source string // "checklist check", "ids", "key items"
}

func (d *drafter) readQuestions(c *chat.Call) (questionsInput, error) {
	lang := c.Lang
	var in questionsInput
	for _, t := range c.Args.Tokens {
		if t.Key == "" {
			continue
		}
		switch strings.ToLower(t.Key) {
		case "vendor", "供应商", "厂商", "云厂商", "商家", "v":
			v, err := checkVendor(lang, t.Value, examples[1])
			if err != nil {
				return in, err
			}
			in.vendor = v
		}
	}
	if in.vendor == "" {
		return in, chat.Invalid(lang, "vendor", "missing vendor: who is the e-mail for? Add vendor=<name>",
			"缺少供应商：邮件发给谁？请加上 供应商=<名称>", examples[1])
	}
	text := strings.TrimSpace(c.Args.Original)
	// Original starts after the sub-word; drop the vendor pair and the
	// private flag: what is left is the vendor's text
	text = strings.TrimSpace(vendorPairRE.Get().ReplaceAllString(text, " "))
	text = strings.TrimSpace(strings.NewReplacer("--private", " ", "私密", " ").Replace(text))
	if len(text) > maxVendorText {
		return in, chat.Invalidf(lang, "text", examples[1], "the vendor's text is %d KB; paste at most %d KB",
			"供应商文本有 %d KB，最多粘贴 %d KB", len(text)/1024, maxVendorText/1024)
	}
	in.text = text
	switch ids, ok := itemWords(text); {
	case text == "":
		for _, it := range checklist.Items() {
			if it.Key && it.Dimension != checklist.Trial {
				in.gaps = append(in.gaps, Gap{ID: it.ID, Status: "missing"})
			}
		}
		in.source = "key items"
	case ok:
		in.gaps, in.text, in.source = ids, "", "ids"
	default:
		gaps, err := d.check(text)
		if errors.Is(err, errNoMatcher) {
			return in, chat.Invalid(lang, "text",
				"this build cannot read sales text against the checklist yet; list the checklist item ids to ask about instead (see `checklist`)",
				"当前版本还不能对照清单分析销售的原话；请改为列出要问的清单项编号（见 `checklist`）", examples[2])
		}
		if err != nil {
			return in, fmt.Errorf("draft questions: checklist check: %w", err)
		}
		for _, g := range gaps {
			if it, ok := checklist.Lookup(g.ID); ok && it.Dimension != checklist.Trial && (g.Status == "vague" || g.Status == "missing") {
				in.gaps = append(in.gaps, g)
			}
		}
		in.source = "checklist check"
	}
	return in, nil
}

// itemWords reads text made only of checklist item ids and dimension names
// (hw.host net.latency security) into gaps, in checklist order.
func itemWords(text string) ([]Gap, bool) {
	words := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == '，' || r == '、' || r == '\n' || r == ';' })
	if len(words) == 0 {
		return nil, false
	}
	want := map[string]bool{}
	for _, w := range words {
		if it, ok := checklist.Lookup(strings.ToLower(w)); ok {
			want[it.ID] = true
			continue
		}
		dim, ok := checklist.ParseDimension(w)
		if !ok {
			return nil, false
		}
		for _, it := range checklist.ByDimension(dim) {
			want[it.ID] = true
		}
	}
	var gaps []Gap
	for _, it := range checklist.Items() {
		if want[it.ID] {
			gaps = append(gaps, Gap{ID: it.ID, Status: "missing"})
		}
	}
	return gaps, true
}

func (d *drafter) questions(c *chat.Call) (sub, error) {
	in, err := d.readQuestions(c)
	if err != nil {
		return sub{}, err
	}
	lang := c.Lang
	if len(in.gaps) == 0 {
		return sub{write: func(context.Context) (chat.Reply, error) { return nothingToAsk(lang, in.vendor), nil }}, nil
	}
	return sub{
		what: "the questions for " + in.vendor, whatZH: "给" + in.vendor + "的问题",
		write: func(ctx context.Context) (chat.Reply, error) {
			qi := prompts.QuestionsInput{Vendor: in.vendor, VendorText: in.text}
			var asked []string
			var items []map[string]string
			for _, g := range in.gaps {
				it, _ := checklist.Lookup(g.ID)
				q := prompts.Question{ID: it.ID, Dimension: it.Dimension.Title().In(string(lang)), Ask: it.Question.In(string(lang))}
				label := it.ID // English keeps the id; a Chinese reply names the item (replies show names)
				if lang == chat.ZH {
					label = it.Name.In(string(lang))
				}
				line := label + " — " + statusText(lang, g.Status)
				if g.Status == "vague" {
					q.Evidence = g.Evidence
					if g.Evidence != "" {
						line += chat.T(lang, ": “", "：“") + chat.Truncate(g.Evidence, 60) + "”"
					}
				}
				qi.Questions = append(qi.Questions, q)
				asked = append(asked, line)
				items = append(items, map[string]string{"id": it.ID, "dimension": string(it.Dimension), "status": g.Status, "evidence": g.Evidence})
			}
			dr, err := d.svc.Questions(ctx, string(lang), qi)
			if err != nil {
				return chat.Reply{}, fmt.Errorf("draft questions: %w", err)
			}
			title := fmt.Sprintf(chat.T(lang, "Questions for %s (draft e-mail)", "给%s的问题（邮件草稿）"), in.vendor)
			sections := []chat.Section{{Title: fmt.Sprintf(chat.T(lang, "Checklist items asked (%d)", "所问的清单项（%d 项）"), len(asked)), Lines: asked}}
			var warnings []string
			switch in.source {
			case "key items":
				warnings = append(warnings, chat.T(lang,
					"No vendor answer was given, so this asks the checklist's key items. Paste what sales said to ask only what they left vague or missing.",
					"没有给出供应商的答复，因此询问清单中的关键项。贴上销售的原话，就只问含糊或缺失的项。"))
			case "checklist check":
				warnings = append(warnings, chat.T(lang,
					"Trial-period tests are not questions for sales: run them yourself (see `trial`).",
					"试用期实测项不是问销售的问题，请自己实测（见 `试用`）。"))
			}
			data := map[string]any{"vendor": in.vendor, "items": items, "from": in.source}
			return draftReply(lang, dr, title, nil, sections, warnings, data), nil
		},
	}, nil
}

func statusText(lang chat.Lang, s string) string {
	if s == "vague" {
		return chat.T(lang, "vague", "含糊")
	}
	return chat.T(lang, "missing", "缺失")
}

// nothingToAsk answers when sales covered every item concretely.
func nothingToAsk(lang chat.Lang, vendor string) chat.Reply {
	return chat.Reply{
		Title:   fmt.Sprintf(chat.T(lang, "Nothing to ask %s", "没有需要问%s的问题"), vendor),
		Summary: chat.T(lang, "What sales said covers every checklist item concretely; there is nothing vague or missing to ask about. Get it into the contract.", "销售的答复具体覆盖了清单的每一项，没有含糊或缺失的内容。请把这些写进合同。"),
		Data:    map[string]any{"command": "draft", "kind": "questions", "vendor": vendor, "items": []any{}},
	}
}
