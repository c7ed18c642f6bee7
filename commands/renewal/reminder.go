package renewal

import (
	"fmt"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
)

// Reminder is the message a channel gets before a notice deadline: what
// renews, when, what it costs, the deadline, actual usage against the
// break-even (keep, downgrade to on-demand, or hybrid), what to renegotiate,
// and a button to draft the email. It is written in the renewal's language.
func Reminder(r rules.Renewal, rem rules.Reminder, today rules.Date) chat.Reply {
	lang := chat.Lang(r.Lang)
	if lang != chat.ZH {
		lang = chat.EN
	}
	c := rem.Cycle
	rep := chat.Reply{
		Command: "renewal",
		Lang:    lang,
		Title: fmt.Sprintf(chat.T(lang, "Renewal reminder: %s renews on %s", "续约提醒：%s 将于 %s 续约"),
			what(r), c.Renews),
		Facts: facts(lang, r, c, today),
	}
	left := fmt.Sprintf(chat.T(lang, "in %d days", "还剩 %d 天"), rem.DaysLeft)
	switch rem.DaysLeft {
	case 0:
		left = chat.T(lang, "today", "就是今天")
	case 1:
		left = chat.T(lang, "tomorrow", "就是明天")
	}
	rep.Summary = fmt.Sprintf(chat.T(lang,
		"Notice deadline %s, %s (renews %s − %s). Unless you cancel or renegotiate by then, it renews for %s at %s a month: %s committed.",
		"通知截止日 %s，%s（续约日 %s − %s）。截止前不取消或重新谈判，将按每月 %[6]s 续约 %[5]s，共承诺 %[7]s。"),
		c.Deadline, left, c.Renews, noticeWords(lang, r), monthsText(lang, r.Term()), yuan(r.MonthlyTotal()), yuan(r.TermTotal()))
	adv := advise(lang, r)
	rep.Sections = []chat.Section{
		{Title: chat.T(lang, "Keep or switch", "续约还是切换"), Lines: append([]string{adv.summary}, adv.lines...)},
		{Title: chat.T(lang, "What to renegotiate before the deadline", "截止日前要谈的条件"), Lines: renegotiate(lang, r, adv)},
	}
	if rem.Late {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf(chat.T(lang,
			"This %d-day reminder was due on %s and is sent late: a scheduled run was missed.",
			"这条 %d 天提醒本应在 %s 发出，因定时任务漏跑而补发。"), rem.Offset, rem.Date))
	}
	if rem.DaysLeft <= 1 {
		rep.Warnings = append(rep.Warnings, chat.T(lang,
			"Last chance: tell the vendor in writing before the deadline, or the contract renews as it is.",
			"最后机会：请在截止日前书面通知供应商，否则合同将按原条件续约。"))
	}
	rep.Buttons = []chat.Button{{Action: chat.ActionDraftRenewal, Label: chat.T(lang, "Draft the renegotiation email", "起草续约谈判邮件"), Value: r.ID}}
	rep.Data = map[string]any{
		"command": "renewal", "action": "reminder", "renewal_id": r.ID, "offset_days": rem.Offset,
		"due_date": rem.Date, "late": rem.Late, "vendor": r.Vendor, "gpu": r.GPU, "cards": r.Cards,
		"renews": c.Renews, "deadline": c.Deadline, "days_left": rem.DaysLeft,
		"monthly_total": r.MonthlyTotal(), "term_months": r.Term(), "term_commitment": r.TermTotal(),
		"advice": adv.data,
	}
	return rep
}
