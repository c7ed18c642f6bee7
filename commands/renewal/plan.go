package renewal

import (
	"fmt"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
)

// coming says which reminders the channel will actually receive before the
// deadline of plan's cycle (next: the next cycle's, after a deadline that
// passed): one whose day passed is sent by the next daily run, not on a day
// in the past; folded and sent ones are not to come.
func coming(lang chat.Lang, plan []rules.Planned, next bool) string {
	before := chat.T(lang, "before it", "截止日前")
	if next {
		before = chat.T(lang, "before the next cycle's deadline", "下一周期截止日前")
	}
	var now *rules.Planned
	var ahead []int
	for i, p := range plan {
		switch p.Status {
		case rules.PlanDue, rules.PlanCatchUp:
			now = &plan[i]
		case rules.PlanScheduled:
			ahead = append(ahead, p.Offset)
		}
	}
	switch {
	case now == nil && len(ahead) == 0:
		return chat.T(lang, "No reminder is left before this deadline (those of its days are sent).", "本截止日前的提醒都已发出，不再有新的提醒。")
	case now == nil:
		return fmt.Sprintf(chat.T(lang, "This channel gets a reminder %s days %s.", "本频道将在%[2]s %[1]s 天收到提醒。"), joinInts(lang, ahead), before)
	}
	first := fmt.Sprintf(chat.T(lang, "This channel gets the %d-day reminder at the next daily reminder run (its day is today)",
		"本频道将在下一次每日提醒运行时收到 %d 天提醒（就是今天）"), now.Offset)
	if now.Status == rules.PlanCatchUp {
		first = fmt.Sprintf(chat.T(lang, "This channel gets the %d-day reminder at the next daily reminder run (its day, %s, has passed)",
			"本频道将在下一次每日提醒运行时收到 %d 天提醒（其日期 %s 已过）"), now.Offset, now.Date)
	}
	if len(ahead) == 0 {
		return first + chat.T(lang, "; no other reminder is left.", "；之后不再有其他提醒。")
	}
	return first + fmt.Sprintf(chat.T(lang, ", then reminders %s days %s.", "，之后在%[2]s %[1]s 天收到提醒。"), joinInts(lang, ahead), before)
}

// planStatus is what happens to one reminder, in words.
func planStatus(lang chat.Lang, p rules.Planned) string {
	switch p.Status {
	case rules.PlanDue:
		return chat.T(lang, "due today: sent by the next run", "今天到期：下次运行时发送")
	case rules.PlanCatchUp:
		return chat.T(lang, "day passed: sent by the next run", "日期已过：下次运行补发")
	case rules.PlanFolded:
		return fmt.Sprintf(chat.T(lang, "day passed: covered by the %d-day reminder", "日期已过：并入 %d 天提醒"), p.Into)
	case rules.PlanSent:
		return chat.T(lang, "sent", "已发送")
	}
	return chat.T(lang, "scheduled", "待发送")
}
