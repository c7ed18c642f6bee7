package draft

import (
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

// The lines a button under another answer offers to send, vendor left blank.
// The SLA terms are the usual ones of docs/drafting.md (the defaults of sla.go).
var (
	slaLine = advisor.Lazy[map[chat.Lang]string]{New: func() map[chat.Lang]string {
		return map[chat.Lang]string{chat.EN: "draft sla vendor= response=30m replace=4h outage=4h comp=2x migration=yes destruction=yes", chat.ZH: "起草 条款 供应商= 响应=30分钟 更换=4小时 故障=4小时 赔偿=2倍 迁移=是 销毁=是"}
	}}
	questionsLine = advisor.Lazy[map[chat.Lang]string]{New: func() map[chat.Lang]string {
		return map[chat.Lang]string{chat.EN: "draft questions vendor= ", chat.ZH: "起草 问题 供应商= "}
	}}
)

// fromAnswer answers the "Draft SLA clauses" and "Draft vendor questions"
// buttons under another command's answer (billing, tier): their value is
// that answer's input (`ondemand=35 monthly=15000 hours=300`, or the same
// after the command word), which names no vendor and keys the sub-command
// does not take. Such a press gets the line to send with the vendor to fill
// in, not an error about keys the user never typed. ok is false for anything
// else, which is parsed and checked as typed (a typed vendor, or a key of
// the sub-command, keeps the usual errors).
func fromAnswer(c *chat.Call, sub *chat.Command) (chat.Reply, bool) {
	if sub.Name != nameSLA && sub.Name != nameQuestions {
		return chat.Reply{}, false
	}
	known := map[string]bool{}
	for _, k := range append([]chat.Key{vendorKey()}, sub.Keys...) {
		known[strings.ToLower(k.Name)] = true
		for _, a := range k.Aliases {
			known[strings.ToLower(a)] = true
		}
	}
	foreign, words := 0, 0
	for i, t := range c.Args.Tokens {
		switch {
		case i == 0 || t.Sep: // the sub-command word
		case t.Key == "":
			// One leading word may name the command the button came from.
			if words++; words > 1 || foreign > 0 {
				return chat.Reply{}, false
			}
		case vendorKey().Name == strings.ToLower(t.Key) || contains(vendorKey().Aliases, t.Key):
			return chat.Reply{}, false
		case !known[strings.ToLower(t.Key)]:
			foreign++
		}
	}
	if foreign == 0 {
		return chat.Reply{}, false
	}
	lang := c.Lang
	title, line := chat.T(lang, "Draft SLA clauses", "起草SLA条款"), slaLine.Get()[lang]
	lead := chat.T(lang, "Tell me which vendor the clauses are for; the usual terms are filled in, change them to yours. Edit and send this line:",
		"告诉我条款给哪家供应商；已填入常见条款，可改成你要的条件。修改后发送这一行：")
	if sub.Name == nameQuestions {
		title, line = chat.T(lang, "Draft vendor questions", "起草供应商问题"), questionsLine.Get()[lang]
		lead = chat.T(lang, "Tell me which vendor the e-mail is for and paste what their sales said after it (or checklist item ids such as hw.host); with nothing pasted it asks about the key checklist items. Edit and send this line:",
			"告诉我邮件发给哪家供应商，并在后面粘贴销售的原话（或清单项编号，如 hw.host）；不粘贴则询问清单的关键项。修改后发送这一行：")
	}
	return chat.Reply{
		Title:   title,
		Summary: lead + "\n" + line,
		Private: true,
		Data:    map[string]any{"command": "draft", "action": "prefill", "kind": strings.TrimPrefix(sub.Name, "draft "), "prefill": line},
	}, true
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
