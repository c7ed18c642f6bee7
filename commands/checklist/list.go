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
		sec := chat.Section{Title: chat.T(lang, fmt.Sprintf("%s (%s)", d.Title().In(l), d), d.Title().In(l))}
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
	// The short reply shows one table, the questions to send first: the key
	// items of the whole list, or every item of one dimension. The
	// sections (why each matters, what a concrete answer looks like) come
	// with Details (--full).
	t := chat.Table{Header: []string{chat.T(lang, "item", "条目"), chat.T(lang, "question", "问题")}}
	for _, d := range dims {
		for _, it := range cl.ByDimension(d) {
			if len(dims) == 1 || it.Key {
				name := it.Name.In(l)
				if it.Key && len(dims) == 1 {
					name += chat.T(lang, " [key]", "【关键】")
				}
				t.Rows = append(t.Rows, []string{name, it.Question.In(l)})
			}
		}
	}
	if len(dims) == 1 {
		rep.Title = fmt.Sprintf(chat.T(lang, "Due-diligence checklist: %s", "尽调清单：%s"), dims[0].Title().In(l))
		t.Title = fmt.Sprintf(chat.T(lang, "The %d questions on %s", "%[2]s的 %[1]d 个问题"), len(t.Rows), dims[0].Title().In(l))
	} else {
		rep.Title = chat.T(lang, "Due-diligence checklist", "尽调清单")
		t.Title = fmt.Sprintf(chat.T(lang, "Ask these first: the %d key items (a vendor is a proceed only when all are covered)", "先问这些：%d 个关键项（全部答实才可能“可以推进”）"), len(t.Rows))
	}
	rep.Tables = []chat.Table{t}
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
