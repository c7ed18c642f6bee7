package checklist

import (
	"fmt"
	"strings"

	cl "gpuadvisor/advisor/checklist"
	"gpuadvisor/chat"
)

// findingJSON is one item of the check JSON.
type findingJSON struct {
	ID        string `json:"id"`
	Dimension string `json:"dimension"`
	Status    string `json:"status"`
	Evidence  string `json:"evidence"`
	Hedged    bool   `json:"hedged,omitempty"`
}

type scoreJSON struct {
	Covered int `json:"covered"`
	Vague   int `json:"vague"`
	Missing int `json:"missing"`
}

type redFlagJSON struct {
	ID       string `json:"id"`
	Phrase   string `json:"phrase"`
	Evidence string `json:"evidence"`
	Count    int    `json:"count"`
	Why      string `json:"why"`
}

type followUpJSON struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	Question string `json:"question"`
	Concrete string `json:"concrete"`
	Evidence string `json:"evidence,omitempty"`
}

// checkJSON is the JSON contract of `checklist check`.
type checkJSON struct {
	Command     string               `json:"command"`
	Mode        string               `json:"mode"`
	Vendor      string               `json:"vendor,omitempty"`
	Items       []findingJSON        `json:"items"`
	Scores      map[string]int       `json:"scores"`
	Counts      map[string]scoreJSON `json:"counts"`
	Score       int                  `json:"score"`
	RedFlags    []redFlagJSON        `json:"red_flags"`
	FollowUp    []followUpJSON       `json:"follow_up"`
	Verdict     string               `json:"verdict"`
	VerdictRule string               `json:"verdict_rule"`
	Reasons     []string             `json:"reasons"`
}

func statusName(lang chat.Lang, s cl.Status) string {
	switch s {
	case cl.Covered:
		return chat.T(lang, "covered", "答实")
	case cl.Vague:
		return chat.T(lang, "vague", "含糊")
	}
	return chat.T(lang, "missing", "未提")
}

func verdictName(lang chat.Lang, v cl.Verdict) string {
	switch v {
	case cl.Proceed:
		return chat.T(lang, "proceed", "可以推进")
	case cl.Avoid:
		return chat.T(lang, "avoid", "建议放弃")
	}
	return chat.T(lang, "ask first", "先追问")
}

func checkReply(lang chat.Lang, vendor string, r cl.Result) chat.Reply {
	l := string(lang)
	var covered, vague, missing int
	for _, f := range r.Findings {
		switch f.Status {
		case cl.Covered:
			covered++
		case cl.Vague:
			vague++
		default:
			missing++
		}
	}
	rep := chat.Reply{Command: "checklist", Lang: lang}
	rep.Title = fmt.Sprintf(chat.T(lang, "Checklist check: %s (score %d%%)", "清单核对：%s（得分 %d%%）"), verdictName(lang, r.Verdict), r.Overall)
	if vendor != "" {
		rep.Title = vendor + chat.T(lang, " — ", "：") + rep.Title
	}
	rep.Summary = fmt.Sprintf(chat.T(lang, "Of %d items: %d covered, %d vague, %d missing; %d red flag(s).",
		"共 %d 项：答实 %d，含糊 %d，未提 %d；红旗 %d 处。"), len(r.Findings), covered, vague, missing, len(r.RedFlags))
	switch r.Verdict {
	case cl.Proceed:
		rep.Summary += chat.T(lang, " Concrete enough: go on to the trial tests and put the answers into the contract.", "回答足够具体：可以进入试用实测，并把这些回答写进合同。")
	case cl.AskFirst:
		rep.Summary += fmt.Sprintf(chat.T(lang, " Send the %d follow-up questions below before going further.", "继续之前，先把下面 %d 个追问发给对方。"), len(r.FollowUp))
	default:
		rep.Summary += chat.T(lang, " Too vague to spend more time on, unless they answer the follow-ups in writing.", "回答过于含糊，除非对方书面回答下面的追问，否则不值得再花时间。")
	}

	rep.Facts = append(rep.Facts, chat.Fact{Label: chat.T(lang, "Overall", "总分"), Value: fmt.Sprintf("%d%%", r.Overall)})
	for _, d := range cl.Dimensions() {
		s := r.Scores[d]
		rep.Facts = append(rep.Facts, chat.Fact{Label: d.Title().In(l),
			Value: fmt.Sprintf(chat.T(lang, "%d%% (%d covered, %d vague, %d missing)", "%d%%（答实 %d，含糊 %d，未提 %d）"), s.Percent, s.Covered, s.Vague, s.Missing)})
	}

	t := chat.Table{Title: chat.T(lang, "Item by item (the phrase that decided it)", "逐项结果（决定结果的原话）"),
		Header: []string{chat.T(lang, "item", "条目"), chat.T(lang, "status", "结果"), chat.T(lang, "evidence", "依据")}}
	for _, f := range r.Findings {
		st := statusName(lang, f.Status)
		if f.Hedged {
			st += chat.T(lang, " (hedged)", "（有保留）")
		}
		t.Rows = append(t.Rows, []string{f.Item.ID, st, chat.Truncate(f.Evidence, 60)})
	}
	rep.Tables = []chat.Table{t}

	for _, fl := range r.RedFlags {
		count := ""
		if fl.Count > 1 {
			count = fmt.Sprintf(" ×%d", fl.Count)
		}
		rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang, "red flag %q%s in “%s”: %s", "红旗 “%s”%s，见“%s”：%s"),
			fl.Phrase, count, chat.Truncate(fl.Evidence, 80), fl.Why.In(l)))
	}

	if len(r.FollowUp) > 0 {
		sec := chat.Section{Title: fmt.Sprintf(chat.T(lang, "Follow-up questions (%d)", "追问（%d 条）"), len(r.FollowUp))}
		ids := make([]string, 0, len(r.FollowUp))
		for _, f := range r.FollowUp {
			said := ""
			if f.Status == cl.Vague {
				said = fmt.Sprintf(chat.T(lang, " (you said “%s”)", "（贵方提到“%s”）"), chat.Truncate(f.Evidence, 50))
			}
			sec.Lines = append(sec.Lines, fmt.Sprintf(chat.T(lang, "%s: %s%s For example: %s", "%s：%s%s 例如：%s"),
				f.Item.ID, f.Item.Question.In(l), said, f.Item.Concrete.In(l)))
			ids = append(ids, f.Item.ID)
		}
		rep.Sections = append(rep.Sections, sec)
		draftCmd := "draft questions vendor=" + nameOr(vendor, chat.T(lang, "<vendor>", "<供应商>")) + " " + strings.Join(ids, " ")
		rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Next", "下一步"), Lines: []string{
			chat.T(lang, "Draft the e-mail asking these: ", "起草追问邮件：") + draftCmd}})
		if vendor != "" {
			rep.Buttons = []chat.Button{{Action: chat.ActionDraftQuestions, Label: chat.T(lang, "Draft vendor questions", "起草供应商问题"),
				Value: "vendor=" + vendor + " " + strings.Join(ids, " ")}}
		}
	}
	ruleLines := []string{cl.VerdictRule.In(l)}
	for _, why := range r.Reasons {
		ruleLines = append(ruleLines, chat.T(lang, "Here: ", "本次：")+why.In(l))
	}
	rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Verdict rule", "结论规则"), Lines: ruleLines})
	rep.Data = checkData(lang, vendor, r)
	return rep
}

func nameOr(v, def string) string {
	if v != "" {
		return v
	}
	return def
}

func checkData(lang chat.Lang, vendor string, r cl.Result) checkJSON {
	l := string(lang)
	d := checkJSON{Command: "checklist", Mode: "check", Vendor: vendor, Scores: map[string]int{}, Counts: map[string]scoreJSON{},
		Score: r.Overall, RedFlags: []redFlagJSON{}, FollowUp: []followUpJSON{}, Verdict: string(r.Verdict), VerdictRule: cl.VerdictRule.In(l)}
	for _, f := range r.Findings {
		d.Items = append(d.Items, findingJSON{ID: f.Item.ID, Dimension: string(f.Item.Dimension), Status: string(f.Status), Evidence: f.Evidence, Hedged: f.Hedged})
	}
	for dim, s := range r.Scores {
		d.Scores[string(dim)] = s.Percent
		d.Counts[string(dim)] = scoreJSON{Covered: s.Covered, Vague: s.Vague, Missing: s.Missing}
	}
	for _, fl := range r.RedFlags {
		d.RedFlags = append(d.RedFlags, redFlagJSON{ID: fl.ID, Phrase: fl.Phrase, Evidence: fl.Evidence, Count: fl.Count, Why: fl.Why.In(l)})
	}
	for _, f := range r.FollowUp {
		d.FollowUp = append(d.FollowUp, followUpJSON{ID: f.Item.ID, Status: string(f.Status), Question: f.Item.Question.In(l), Concrete: f.Item.Concrete.In(l), Evidence: f.Evidence})
	}
	for _, why := range r.Reasons {
		d.Reasons = append(d.Reasons, why.In(l))
	}
	return d
}
