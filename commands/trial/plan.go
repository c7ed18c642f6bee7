package trial

import (
	"fmt"
	"strconv"

	advisor "gpuadvisor/advisor/trial"
	"gpuadvisor/chat"
)

// planData is the JSON of `trial`.
type planData struct {
	Command      string         `json:"command"`
	Mode         string         `json:"mode"`
	TotalMinutes int            `json:"total_minutes"`
	Steps        []advisor.Step `json:"steps"`
}

// planReply answers `trial`: the steps in a table, then one section per step
// with its commands, what to record and what passes.
func planReply(lang chat.Lang, p advisor.Promise) chat.Reply {
	l := string(lang)
	steps := advisor.Plan(advisor.PlanOptions{Lang: l, Cards: p.Cards, IntranetGbps: p.IntranetGbps, Model: p.Model})
	total := advisor.TotalMinutes(steps)
	rep := chat.Reply{
		Command: "trial",
		Lang:    lang,
		Title:   fmt.Sprintf(chat.T(lang, "Trial-period test plan: %d minutes, under two hours", "试用期实测方案：共 %d 分钟，两小时以内"), total),
		Summary: chat.T(lang,
			"Run these on the trial machine before you sign, and write down what each step asks for. Then paste the outputs into trial check with what sales promised, and I compare them line by line.",
			"签约前在试用机器上逐项执行，并记下每一步要求记录的内容。然后把输出连同销售的承诺一起粘贴到 试用 检查，我会逐项对照。"),
	}
	t := chat.Table{Header: []string{"#", chat.T(lang, "test", "测试"), chat.T(lang, "minutes", "分钟"), chat.T(lang, "checklist id", "清单编号")}}
	data := planData{Command: "trial", Mode: "plan", TotalMinutes: total, Steps: steps}
	for i, s := range steps {
		mins := strconv.Itoa(s.Minutes)
		if s.During != "" {
			mins = fmt.Sprintf(chat.T(lang, "%d (during %s)", "%d（与 %s 同时）"), s.Minutes, s.During)
		}
		t.Rows = append(t.Rows, []string{strconv.Itoa(i + 1), s.Title, mins, s.ID})
		sec := chat.Section{Title: fmt.Sprintf(chat.T(lang, "%d. %s (%d min)", "%d. %s（%d 分钟）"), i+1, s.Title, s.Minutes)}
		for _, c := range s.Commands {
			line := c.Note
			if c.Line != "" {
				line = "$ " + c.Line + "   # " + line
			}
			sec.Lines = append(sec.Lines, line)
		}
		sec.Lines = append(sec.Lines,
			chat.T(lang, "Record: ", "记录：")+s.Record,
			chat.T(lang, "Pass: ", "合格：")+s.Pass)
		rep.Sections = append(rep.Sections, sec)
	}
	rep.Tables = []chat.Table{t}
	rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Then", "然后"), Lines: []string{
		chat.T(lang, "Paste the outputs, several at once if you like, after the promises:", "把输出（可以一次粘贴多个）放在承诺参数之后：") + " " + exampleFor(lang),
		chat.T(lang, "Promises it compares: gpu=, cards=, nvlink=yes|no, intranet=10g|25g|100g, memory=80g, busbw= (GB/s), driver=, cuda=.",
			"可对照的承诺：型号=、卡数=、互联=是|否、内网=10g|25g|100g|万兆、显存=80g、总线带宽=（GB/s）、驱动=、cuda版本=。"),
	}})
	rep.Data = data
	return rep
}
