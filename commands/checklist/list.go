package checklist

import (
	"fmt"

	cl "gpuadvisor/advisor/checklist"
	"gpuadvisor/chat"
)

// itemJSON is one checklist item in the list JSON.
type itemJSON struct {
	ID        string `json:"id"`
	Dimension string `json:"dimension"`
	Key       bool   `json:"key"`
	Question  string `json:"question"`
	Why       string `json:"why"`
	Concrete  string `json:"concrete"`
}

type listJSON struct {
	Command    string     `json:"command"`
	Mode       string     `json:"mode"`
	Dimensions []string   `json:"dimensions"`
	Items      []itemJSON `json:"items"`
}

func listReply(lang chat.Lang, dims []cl.Dimension) chat.Reply {
	l := string(lang)
	rep := chat.Reply{Command: "checklist", Lang: lang}
	data := listJSON{Command: "checklist", Mode: "list"}
	n := 0
	for _, d := range dims {
		data.Dimensions = append(data.Dimensions, string(d))
		sec := chat.Section{Title: fmt.Sprintf("%s (%s)", d.Title().In(l), d)}
		for _, it := range cl.ByDimension(d) {
			n++
			key := ""
			if it.Key {
				key = chat.T(lang, " [key]", "【关键】")
			}
			sec.Lines = append(sec.Lines, fmt.Sprintf(chat.T(lang, "%s%s %s Why: %s Concrete: %s", "%s%s %s 原因：%s 具体的回答：%s"),
				it.ID, key, it.Question.In(l), it.Why.In(l), it.Concrete.In(l)))
			data.Items = append(data.Items, itemJSON{ID: it.ID, Dimension: string(it.Dimension), Key: it.Key,
				Question: it.Question.In(l), Why: it.Why.In(l), Concrete: it.Concrete.In(l)})
		}
		rep.Sections = append(rep.Sections, sec)
	}
	if len(dims) == 1 {
		rep.Title = fmt.Sprintf(chat.T(lang, "Due-diligence checklist: %s", "尽调清单：%s"), dims[0].Title().In(l))
	} else {
		rep.Title = chat.T(lang, "Due-diligence checklist", "尽调清单")
	}
	rep.Summary = fmt.Sprintf(chat.T(lang,
		"%d questions to put to a GPU vendor before you sign. Paste their answers into `checklist check` to see what they dodged.",
		"签约前要问GPU供应商的 %d 个问题。把对方的回复粘贴到 `清单 检查` 后面，看看对方回避了什么。"), n)
	rep.Data = data
	return rep
}

func itemReply(lang chat.Lang, it cl.Item) chat.Reply {
	l := string(lang)
	rep := chat.Reply{Command: "checklist", Lang: lang,
		Title:   fmt.Sprintf("%s (%s)", it.ID, it.Dimension.Title().In(l)),
		Summary: it.Question.In(l),
		Facts: []chat.Fact{
			{Label: chat.T(lang, "Why it matters", "为什么重要"), Value: it.Why.In(l)},
			{Label: chat.T(lang, "A concrete answer", "具体的回答"), Value: it.Concrete.In(l)},
		},
	}
	rep.Data = listJSON{Command: "checklist", Mode: "item", Dimensions: []string{string(it.Dimension)},
		Items: []itemJSON{{ID: it.ID, Dimension: string(it.Dimension), Key: it.Key, Question: it.Question.In(l), Why: it.Why.In(l), Concrete: it.Concrete.In(l)}}}
	return rep
}
