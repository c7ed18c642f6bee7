package checklist

import (
	"fmt"
	"strings"

	"gpuadvisor/advisor"
	cl "gpuadvisor/advisor/checklist"
	"gpuadvisor/chat"
)

// briefFollowUps is how many follow-up questions the short reply lists
// (key items first); full=yes lists them all.
const briefFollowUps = 8

// maxButtonValue is the longest vendor= and text a "Show all items" button
// carries: Slack allows 2,000 characters in a button value, and cuts a
// longer one. Past it the reply says how to ask for the full table.
const maxButtonValue = 1900

// checkJSON is the JSON of `checklist check`: the domain's report with the
// command's own fields.
type checkJSON struct {
	Command string `json:"command"`
	Mode    string `json:"mode"`
	Vendor  string `json:"vendor,omitempty"`
	// Scope is "team" when the check is kept team-wide (scope=team).
	Scope string `json:"scope,omitempty"`
	Full  bool   `json:"full"`
	cl.Report
}

var statusNames = advisor.Lazy[map[cl.Status]advisor.Text]{New: func() map[cl.Status]advisor.Text {
	return map[cl.Status]advisor.Text{
		cl.Covered: {EN: "covered", ZH: "答实"},
		cl.Risk:    {EN: "risk", ZH: "风险"},
		cl.Vague:   {EN: "vague", ZH: "含糊"},
	}
}}

func statusName(lang chat.Lang, s cl.Status) string {
	return chat.Name(lang, statusNames.Get(), s, advisor.Text{EN: "not asked yet", ZH: "未提及"})
}

var verdictNames = advisor.Lazy[map[cl.Verdict]advisor.Text]{New: func() map[cl.Verdict]advisor.Text {
	return map[cl.Verdict]advisor.Text{
		cl.Proceed: {EN: "proceed", ZH: "可以推进"},
		cl.Avoid:   {EN: "avoid", ZH: "建议放弃"},
	}
}}

func verdictName(lang chat.Lang, v cl.Verdict) string {
	return chat.Name(lang, verdictNames.Get(), v, advisor.Text{EN: "ask first", ZH: "先追问"})
}

// checkReply renders the check: verdict and counts first, then each risk
// and vague item with its phrase and why, then the questions for the most
// important open items; with o.full the whole item table and every question.
func checkReply(lang chat.Lang, o checkOptions, r cl.Result) chat.Reply {
	l := string(lang)
	c := r.Counts
	rep := chat.Reply{Command: "checklist", Lang: lang}
	rep.Title = fmt.Sprintf(chat.T(lang, "Checklist check: %s", "清单核对：%s"), verdictName(lang, r.Verdict))
	if o.vendor != "" {
		rep.Title = o.vendor + chat.T(lang, " — ", "：") + rep.Title
	}
	rep.Summary = fmt.Sprintf(chat.T(lang,
		"Of %d items the text answers %d: %d covered, %d risk, %d vague; %d not asked yet (questions to send, not failures). %s.",
		"共 %d 项，原文回答了 %d 项：答实 %d，风险 %d，含糊 %d；未提及 %d 项（是要发出的追问，不是扣分）。%s。"),
		len(r.Findings), c.Answered(), c.Covered, c.Risk, c.Vague, c.Missing,
		chat.T(lang, plural(len(r.RedFlags), "red flag", "red flags"), fmt.Sprintf("红旗 %d 处", len(r.RedFlags))))
	severe := severeFlags(r.RedFlags)
	switch {
	case r.Verdict == cl.Proceed:
		rep.Summary += chat.T(lang, " Go on to the trial tests and put these answers into the contract.", "可以进入试用实测，并把这些回答写进合同。")
	case r.Verdict == cl.AskFirst:
		rep.Summary += chat.T(lang, " Send the questions below before going further.", "继续之前，先把下面的问题发给对方。")
	case c.Risk > 0 && len(severe) > 0:
		rep.Summary += chat.T(lang, " Not worth more time unless they fix the risks and the severe red flag below in writing.", "除非对方书面解决下面的风险和严重红旗，否则不值得再花时间。")
	case c.Risk > 0:
		rep.Summary += chat.T(lang, " Not worth more time unless they fix the risks below in writing.", "除非对方书面解决下面的风险，否则不值得再花时间。")
	default: // avoid on a severe red flag alone
		rep.Summary += chat.T(lang, " Not worth more time unless they settle the severe red flag below in writing.", "除非对方书面解决下面的严重红旗，否则不值得再花时间。")
	}
	reasons := make([]string, len(r.Reasons))
	for i, why := range r.Reasons {
		reasons[i] = why.In(l)
	}
	rep.Summary += chat.T(lang, " Because: ", "依据：") + strings.Join(reasons, chat.T(lang, "; ", "；")) + chat.T(lang, ".", "。")

	var risks, vague, covered []string
	for _, f := range r.Findings {
		if f.Status == cl.Covered {
			covered = append(covered, fmt.Sprintf(chat.T(lang, "%s (“%s”)", "%s（“%s”）"), f.Item.Name.In(l), chat.Truncate(f.Evidence, 32)))
		}
		line := fmt.Sprintf(chat.T(lang, "%s: “%s” — %s", "%s：“%s”——%s"), f.Item.Name.In(l), chat.Truncate(f.Evidence, 80), f.Why.In(l))
		switch f.Status {
		case cl.Risk:
			risks = append(risks, line)
		case cl.Vague:
			vague = append(vague, line)
		}
	}
	if len(risks) > 0 {
		rep.Sections = append(rep.Sections, chat.Section{Title: fmt.Sprintf(chat.T(lang, "Risks: clear answers that are known traps (%d)", "风险：答得清楚但是已知的坑（%d）"), len(risks)), Lines: risks})
	}
	if len(vague) > 0 {
		rep.Sections = append(rep.Sections, chat.Section{Title: fmt.Sprintf(chat.T(lang, "Vague: nothing you could check (%d)", "含糊：没有可核验的内容（%d）"), len(vague)), Lines: vague})
	}
	if len(covered) > 0 && !o.full {
		rep.Sections = append(rep.Sections, chat.Section{Title: fmt.Sprintf(chat.T(lang, "Covered: clear and acceptable, with the phrase (%d)", "答实：清楚且可以接受，附原话（%d）"), len(covered)),
			Lines: []string{strings.Join(covered, chat.T(lang, "; ", "；"))}})
	}
	redFlags(lang, o.full, r.RedFlags, &rep)

	followUps(lang, o, r, &rep)
	if o.full {
		fullTable(lang, r, &rep)
		rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Verdict rule", "结论规则"), Lines: []string{cl.VerdictRule.In(l)}})
	}
	rep.Data = checkJSON{Command: "checklist", Mode: "check", Vendor: o.vendor, Full: o.full, Report: r.Report(l)}
	if o.teamWide {
		d := rep.Data.(checkJSON)
		d.Scope = "team"
		rep.Data = d
	}
	// Asked for whole (full=yes), every surface shows all of it. The short
	// reply is already this command's own short form (the verdict's
	// reasons, the risks, the top questions), as Slack and Feishu show it
	// beside its "Show all items" button: in the terminal, which has no
	// button, it is not cut further either, and its Next line says --full
	// instead of repeating the paste.
	rep.Full = o.full || o.cli
	return rep
}

// redFlags warns of the red flags: in the short reply one line of phrases
// (the vague items above already say why), in full each with its sentence
// and why.
func redFlags(lang chat.Lang, full bool, flags []cl.RedFlag, rep *chat.Reply) {
	l := string(lang)
	var phrases []string
	severe := map[string]int{} // kind → its warning
	for _, fl := range flags {
		count := ""
		if fl.Count > 1 {
			count = fmt.Sprintf(" ×%d", fl.Count)
		}
		if fl.Severe { // decides the verdict: always with its sentence and why, one line a kind
			if i, ok := severe[fl.ID]; ok {
				rep.Warnings[i] = strings.Replace(rep.Warnings[i], chat.T(lang, " in “", "，见“"),
					fmt.Sprintf(chat.T(lang, ", “%s”%s in “", "、“%s”%s，见“"), fl.Phrase, count), 1)
				continue
			}
			severe[fl.ID] = len(rep.Warnings)
			rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang, "severe red flag “%s”%s in “%s”: %s", "严重红旗 “%s”%s，见“%s”：%s"),
				fl.Phrase, count, chat.Truncate(fl.Evidence, 60), fl.Why.In(l)))
			continue
		}
		if full {
			rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang, "red flag %q%s in “%s”: %s", "红旗 “%s”%s，见“%s”：%s"),
				fl.Phrase, count, chat.Truncate(fl.Evidence, 60), fl.Why.In(l)))
			continue
		}
		phrases = append(phrases, fmt.Sprintf("“%s”%s", fl.Phrase, count))
	}
	if len(phrases) > 0 {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang, "red flags (phrases that promise nothing checkable): %s", "红旗（无法核验的说法）：%s"),
			strings.Join(phrases, chat.T(lang, ", ", "、"))))
	}
}

// followUps adds the questions to send (key items first; at most
// briefFollowUps unless full), the next steps and the buttons.
func followUps(lang chat.Lang, o checkOptions, r cl.Result, rep *chat.Reply) {
	l := string(lang)
	shown := r.AskNext()
	if !o.full && len(shown) > briefFollowUps {
		shown = shown[:briefFollowUps]
	}
	if len(shown) > 0 {
		title := fmt.Sprintf(chat.T(lang, "Ask next (%d)", "接下来要问（%d 条）"), len(shown))
		if len(shown) < len(r.FollowUp) {
			title = chat.T(lang, fmt.Sprintf("Ask next: the %d most important of %d", len(shown), len(r.FollowUp)),
				fmt.Sprintf("接下来要问：%d 条中最重要的 %d 条", len(r.FollowUp), len(shown)))
		}
		sec := chat.Section{Title: title}
		for _, f := range shown {
			key := ""
			if f.Item.Key {
				key = chat.T(lang, " [key]", "【关键】")
			}
			line := fmt.Sprintf(chat.T(lang, "%s%s: %s", "%s%s：%s"), f.Item.Name.In(l), key, f.Item.Question.In(l))
			if o.full {
				line += fmt.Sprintf(chat.T(lang, " For example: %s", " 例如：%s"), f.Item.Concrete.In(l))
			}
			sec.Lines = append(sec.Lines, line)
		}
		rep.Sections = append(rep.Sections, sec)
	}

	var next []string
	value := strings.TrimSpace(vendorWord(o.vendor) + " " + o.text)
	if o.teamWide {
		value = strings.TrimSpace(vendorWord(o.vendor) + " scope=team " + o.text)
	}
	switch {
	case o.full:
	case o.cli:
		next = append(next, chat.T(lang, "Every item and every question: run the same command with --full.", "全部条目和全部追问：在同一命令中加上 --full 再运行一次。"))
	default:
		if len(value) <= maxButtonValue {
			rep.Buttons = append(rep.Buttons, chat.Button{Action: chat.ActionChecklistFull, Label: chat.T(lang, "Show all items", "显示全部条目"), Value: value})
			next = append(next, chat.T(lang, "Every item and every question: the “Show all items” button, or `checklist check full=yes …` with the same text (`--full` in the terminal).",
				"全部条目和全部追问：点“显示全部条目”，或用同样的原文发送 `清单 检查 全部=是 …`（终端里加 `--full`）。"))
		} else {
			next = append(next, chat.T(lang, "Every item and every question: send `checklist check full=yes …` with the same text (`--full` in the terminal); the text is too long for a button.",
				"全部条目和全部追问：用同样的原文发送 `清单 检查 全部=是 …`（终端里加 `--full`）；原文太长，无法放进按钮。"))
		}
	}
	if len(shown) > 0 {
		ids := make([]string, 0, len(shown))
		for _, f := range shown {
			ids = append(ids, f.Item.ID)
		}
		next = append(next, chat.T(lang, "Draft the e-mail asking these: draft questions vendor=", "起草追问邮件：起草 问题 供应商=")+nameOr(o.vendor, chat.T(lang, "<vendor>", "<供应商>"))+" "+strings.Join(ids, " "))
		if o.vendor != "" && !o.cli {
			rep.Buttons = append(rep.Buttons, chat.Button{Action: chat.ActionDraftQuestions, Label: chat.T(lang, "Draft vendor questions", "起草供应商问题"),
				Value: "vendor=" + o.vendor + " " + strings.Join(ids, " ")})
		}
	}
	if len(next) > 0 {
		rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Next", "下一步"), Lines: next})
	}
}

// fullTable adds the counts per dimension and every item with its status,
// phrase and why.
func fullTable(lang chat.Lang, r cl.Result, rep *chat.Reply) {
	l := string(lang)
	for _, d := range cl.Dimensions() {
		s := r.Scores[d]
		rep.Facts = append(rep.Facts, chat.Fact{Label: d.Title().In(l),
			Value: fmt.Sprintf(chat.T(lang, "%d covered, %d risk, %d vague, %d not asked", "答实 %d，风险 %d，含糊 %d，未提及 %d"), s.Covered, s.Risk, s.Vague, s.Missing)})
	}
	t := chat.Table{Title: chat.T(lang, "Item by item (the phrase that decided it, and why)", "逐项结果（决定结果的原话与原因）"),
		Header: []string{chat.T(lang, "item", "条目"), chat.T(lang, "status", "结果"), chat.T(lang, "phrase", "原话"), chat.T(lang, "why", "原因")}}
	for _, f := range r.Findings {
		st := statusName(lang, f.Status)
		if f.Hedged {
			st += chat.T(lang, " (hedged)", "（有保留）")
		}
		why := ""
		if f.Status != cl.Missing {
			why = f.Why.In(l)
		}
		t.Rows = append(t.Rows, []string{f.Item.Name.In(l), st, chat.Truncate(f.Evidence, 60), why})
	}
	rep.Tables = append(rep.Tables, t)
}

// severeFlags are the phrases of the severe red flags.
func severeFlags(flags []cl.RedFlag) []string {
	var out []string
	for _, fl := range flags {
		if fl.Severe {
			out = append(out, fl.Phrase)
		}
	}
	return out
}

// plural writes "1 red flag" or "3 red flags".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// vendorWord is the vendor= key for a button's value, or "".
func vendorWord(v string) string {
	if v == "" {
		return ""
	}
	return "vendor=" + v
}

func nameOr(v, def string) string {
	if v != "" {
		return v
	}
	return def
}
