package renewal

import (
	"fmt"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
)

// what names a contract: vendor, card and count.
func what(r rules.Renewal) string { return r.Vendor + " " + cardsText(r) }

// cardsText is the card and count: A100-80G × 8.
func cardsText(r rules.Renewal) string {
	card := r.GPU
	if card == "" {
		card = "GPU"
	}
	return fmt.Sprintf("%s × %d", card, r.Cards)
}

var modeWords = advisor.Lazy[map[rules.Mode]advisor.Text]{New: func() map[rules.Mode]advisor.Text {
	return map[rules.Mode]advisor.Text{
		rules.Quarterly: {EN: "quarterly", ZH: "包季"},
		rules.Yearly:    {EN: "yearly", ZH: "包年"},
	}
}}

func modeWord(lang chat.Lang, m rules.Mode) string {
	return chat.Name(lang, modeWords.Get(), m, advisor.Text{EN: "monthly", ZH: "包月"})
}

var periodWords = advisor.Lazy[map[rules.Mode]advisor.Text]{New: func() map[rules.Mode]advisor.Text {
	return map[rules.Mode]advisor.Text{
		rules.Quarterly: {EN: "quarter", ZH: "季"},
		rules.Yearly:    {EN: "year", ZH: "年"},
	}
}}

func periodWord(lang chat.Lang, m rules.Mode) string {
	return chat.Name(lang, periodWords.Get(), m, advisor.Text{EN: "month", ZH: "月"})
}

// joinInts writes 30, 14, 7 and 1 (30、14、7、1).
func joinInts(lang chat.Lang, vs []int) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	if lang == chat.ZH {
		return strings.Join(parts, "、")
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// hoursText writes actual hours: "310 h per card" or "720, 720, 300 h".
func hoursText(lang chat.Lang, hours []float64) string {
	parts := make([]string, len(hours))
	for i, h := range hours {
		parts[i] = chat.Num(h)
	}
	if len(hours) == 1 {
		return fmt.Sprintf(chat.T(lang, "%s h per card per month", "每卡每月 %s 小时"), parts[0])
	}
	return fmt.Sprintf(chat.T(lang, "%s h per month (card by card)", "每月 %s 小时（逐卡）"), strings.Join(parts, ", "))
}

// inDays writes a day relative to today: "2027-01-30 (in 29 days)".
func inDays(lang chat.Lang, d, today rules.Date) string {
	n := today.DaysUntil(d)
	switch {
	case n == 0:
		return d.String() + chat.T(lang, " (today)", "（今天）")
	case n == 1:
		return d.String() + chat.T(lang, " (tomorrow)", "（明天）")
	case n > 1:
		return d.String() + fmt.Sprintf(chat.T(lang, " (in %d days)", "（还有 %d 天）"), n)
	case n == -1:
		return d.String() + chat.T(lang, " (yesterday)", "（昨天）")
	}
	return d.String() + fmt.Sprintf(chat.T(lang, " (%d days ago)", "（%d 天前）"), -n)
}

// facts are the numbers of a renewal for the cycle current on today.
func facts(lang chat.Lang, r rules.Renewal, cycle rules.Cycle, today rules.Date) []chat.Fact {
	f := []chat.Fact{
		{Label: chat.T(lang, "vendor", "供应商"), Value: r.Vendor},
		{Label: chat.T(lang, "cards", "显卡"), Value: cardsText(r)},
		{Label: chat.T(lang, "price", "价格"), Value: fmt.Sprintf(chat.T(lang, "%s per card per %s (%s)", "每卡每%[2]s %[1]s（%[3]s）"),
			yuan(r.Price), periodWord(lang, r.Mode), modeWord(lang, r.Mode))},
		{Label: chat.T(lang, "per month", "每月合计"), Value: monthlyRule(lang, r)},
		{Label: chat.T(lang, "renews", "续约日"), Value: inDays(lang, cycle.Renews, today)},
		{Label: chat.T(lang, "notice", "提前通知"), Value: noticeText(lang, r)},
		{Label: chat.T(lang, "deadline", "通知截止日"), Value: inDays(lang, cycle.Deadline, today)},
		{Label: chat.T(lang, "renewing commits", "续约承诺"), Value: fmt.Sprintf(chat.T(lang, "%s = %s a month × %d-month term", "%s = 每月 %s × %d 个月期限"),
			yuan(r.TermTotal()), yuan(r.MonthlyTotal()), r.Term())},
	}
	if r.OnDemand > 0 {
		f = append(f, chat.Fact{Label: chat.T(lang, "on-demand", "按需价"), Value: fmt.Sprintf(chat.T(lang, "%s per card-hour", "每卡每小时 %s"), yuan(r.OnDemand))},
			chat.Fact{Label: chat.T(lang, "break-even", "盈亏平衡"), Value: fmt.Sprintf(chat.T(lang, "%s h per card per month = %s / %s", "每卡每月 %s 小时 = %s / %s"),
				chat.Num(r.BreakEven()), yuan(r.MonthlyPrice()), yuan(r.OnDemand))})
	}
	if len(r.Usage) > 0 {
		f = append(f, chat.Fact{Label: chat.T(lang, "actual use", "实际用量"), Value: hoursText(lang, r.Usage)})
	}
	return f
}

// monthlyRule writes the monthly total with its rule.
func monthlyRule(lang chat.Lang, r rules.Renewal) string {
	if m := r.Mode.Months(); m > 1 {
		return fmt.Sprintf(chat.T(lang, "%s = %s / %d months × %s", "%s = %s / %d 个月 × %s"),
			yuan(r.MonthlyTotal()), yuan(r.Price), m, cardsCount(lang, r.Cards))
	}
	return fmt.Sprintf(chat.T(lang, "%s = %s × %s", "%s = %s × %s"), yuan(r.MonthlyTotal()), yuan(r.Price), cardsCount(lang, r.Cards))
}

// noticeText writes a renewal's notice period: 30 days, 1 month, 30 天, 1 个月.
func noticeText(lang chat.Lang, r rules.Renewal) string {
	return rules.NoticePeriod(r.NoticeDays, r.NoticeMonths).In(string(lang))
}

// noticeWords is the notice period as the deadline's sum says it: 30 days'
// notice, 1 month's notice, 提前通知 1 个月.
func noticeWords(lang chat.Lang, r rules.Renewal) string {
	if lang == chat.ZH {
		return "提前通知 " + noticeText(lang, r)
	}
	return rules.NoticeBefore(r.NoticeDays, r.NoticeMonths).EN + " notice"
}

// noticeValue is the notice as `renewal add` reads it back: 30, 1mo.
func noticeValue(r rules.Renewal) string {
	if r.NoticeMonths > 0 {
		return strconv.Itoa(r.NoticeMonths) + "mo"
	}
	return strconv.Itoa(r.NoticeDays)
}

// daysText writes a number of days: 1 day, 30 days, 30 天.
func daysText(lang chat.Lang, n int) string { return countText(lang, n, "day", "天") }

// monthsText writes a number of months: 1 month, 3 months, 3 个月.
func monthsText(lang chat.Lang, n int) string { return countText(lang, n, "month", "个月") }

// countText writes n of a unit: "1 day", "30 days", "30 天".
func countText(lang chat.Lang, n int, unit, zh string) string {
	if lang == chat.ZH {
		return fmt.Sprintf("%d %s", n, zh)
	}
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// stop ends a sentence: "." in English, "。" in Chinese.
func stop(lang chat.Lang) string { return chat.T(lang, ".", "。") }

// yuan writes an amount of money with its sign: ¥15,000 (a renewal's
// prices are in yuan, the currency the team types by default).
func yuan(x float64) string { return "¥" + chat.Num(x) }

// cardsCount writes a number of cards: 1 card, 8 cards, 8 张卡.
func cardsCount(lang chat.Lang, n int) string { return countText(lang, n, "card", "张卡") }
