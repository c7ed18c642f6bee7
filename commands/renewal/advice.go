package renewal

import (
	"fmt"

	"gpuadvisor/advisor/billing"
	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
)

// advice is the keep-or-switch advice worded for a reply.
type advice struct {
	summary string
	lines   []string
	known   bool
	data    map[string]any
}

// advise words the billing rules' keep, downgrade or hybrid advice at the
// renewal's actual hours, each number with its rule.
func advise(lang chat.Lang, r rules.Renewal) advice {
	a, ok, err := r.Advise()
	switch {
	case err != nil:
		return advice{summary: chat.T(lang, "The actual hours cannot be priced: ", "实际用量无法计价：") + err.Error(),
			data: map[string]any{"verdict": "unknown"}}
	case r.OnDemand <= 0:
		return advice{
			summary: chat.T(lang, "No on-demand price to compare with yet, so no keep-or-switch advice.", "还没有可比较的按需价格，暂无续约或切换建议。"),
			lines: []string{fmt.Sprintf(chat.T(lang, "Add it with the actual hours: `renewal usage %s hours=310 ondemand=35`.",
				"连同实际用量一起补上：`续约 用量 %s 时长=310 按需=35`。"), r.ID)},
			data: map[string]any{"verdict": "unknown", "missing": "ondemand"},
		}
	case !ok:
		return advice{
			summary: fmt.Sprintf(chat.T(lang, "Break-even: %s h per card per month (%s / %s). Actual hours are not recorded yet.",
				"盈亏平衡：每卡每月 %s 小时（%s / %s）。尚未记录实际用量。"), chat.Num(r.BreakEven()), yuan(r.MonthlyPrice()), yuan(r.OnDemand)),
			lines: []string{fmt.Sprintf(chat.T(lang, "Record them: `renewal usage %s hours=310`, or one value per card: hours=720,720,300,…",
				"请记录：`续约 用量 %s 时长=310`，或每卡一个值：时长=720,720,300,…"), r.ID)},
			data: map[string]any{"verdict": "unknown", "missing": "hours", "break_even_hours": r.BreakEven()},
		}
	}
	term := r.Term()
	be := fmt.Sprintf(chat.T(lang, "Break-even: %s h per card per month = monthly price %s / on-demand %s per card-hour",
		"盈亏平衡：每卡每月 %s 小时 = 包月价 %s / 按需价 %s（每卡每小时）"), chat.Num(a.BreakEvenHours), yuan(r.MonthlyPrice()), yuan(r.OnDemand))
	out := advice{known: true, lines: []string{be + stop(lang), chat.T(lang, "Actual: ", "实际：") + hoursText(lang, r.Usage) + stop(lang)}}
	kept := len(a.Keep)
	switch {
	case a.Action == billing.Keep && a.KeptForSwitchCost:
		out.summary = a.Explain(string(lang))
	case a.Action == billing.Keep:
		out.summary = fmt.Sprintf(chat.T(lang,
			"Keep: every card runs past the break-even; on-demand would cost %s a month instead of %s.",
			"续约：每张卡都超过盈亏平衡点；改按需每月要 %s，包月只要 %s。"), yuan(a.OnDemandCost), yuan(a.CurrentCost))
	case a.Action == billing.Downgrade:
		out.summary = fmt.Sprintf(chat.T(lang,
			"Downgrade to on-demand: no card reaches the break-even; on-demand costs %s a month instead of %s, saving %s a month (%s over the %[5]d-month term).",
			"改为按需：没有一张卡达到盈亏平衡点；按需每月 %[1]s，包月 %[2]s，每月省 %[3]s（%[5]d 个月期限共省 %[4]s）。"),
			yuan(a.OnDemandCost), yuan(a.CurrentCost), yuan(a.SavingsPerMonth), yuan(a.SavingsPerMonth*float64(term)), term)
	default:
		out.summary = fmt.Sprintf(chat.T(lang,
			"Switch to hybrid: keep %d of %d cards reserved (those past the break-even) and run the other %d on-demand: %s a month instead of %s, saving %s a month.",
			"改为混合：%[2]d 张卡中保留 %[1]d 张包月（超过盈亏平衡点的卡），其余 %[3]d 张改按需：每月 %[4]s，原来 %[5]s，每月省 %[6]s。"),
			kept, r.Cards, r.Cards-kept, yuan(a.AdvisedCost), yuan(a.CurrentCost), yuan(a.SavingsPerMonth))
	}
	if note := a.SwitchNote(string(lang)); note != "" {
		out.summary += chat.T(lang, " ", "") + note
	}
	out.lines = append(out.lines, fmt.Sprintf(chat.T(lang,
		"Costs a month: keep all %s = %s × %d cards; all on-demand %s = Σ hours × %s; advised %s.",
		"每月费用：全部续约 %s = %s × %d 张卡；全部按需 %s = Σ 小时 × %s；建议方案 %s。"),
		yuan(a.CurrentCost), yuan(r.MonthlyPrice()), r.Cards, yuan(a.OnDemandCost), yuan(r.OnDemand), yuan(a.AdvisedCost)))
	if kept > 0 {
		out.lines = append(out.lines, fmt.Sprintf(chat.T(lang,
			"Renewing the %d reserved cards commits %s = %d × %s × %d-month term.",
			"续约保留的 %d 张卡需承诺 %s = %d × %s × %d 个月期限。"),
			kept, yuan(r.Commitment(kept)), kept, yuan(r.MonthlyPrice()), term))
	}
	if len(a.Ties) > 0 {
		sit := chat.T(lang, " sit", "")
		if len(a.Ties) == 1 {
			sit = chat.T(lang, " sits", "")
		}
		out.lines = append(out.lines, fmt.Sprintf(chat.T(lang,
			"%s%s exactly at the break-even: on-demand costs the same and commits nothing, so it goes on-demand.",
			"%s%s正好在盈亏平衡点：按需费用相同且无需承诺，因此改按需。"), chat.Plural(lang, len(a.Ties), "card", "cards", "张卡"), sit))
	}
	if len(r.Usage) == 1 && a.Action != billing.SwitchHybrid {
		out.lines = append(out.lines, fmt.Sprintf(chat.T(lang,
			"One average for all cards cannot show a hybrid: give hours per card (`renewal usage %s hours=720,720,300,…`) if some cards are busier.",
			"所有卡只给了一个平均值，无法判断混合方案：如有的卡更忙，请逐卡填写（`续约 用量 %s 时长=720,720,300,…`）。"), r.ID))
	}
	out.data = map[string]any{
		"verdict": string(a.Action), "break_even_hours": a.BreakEvenHours, "hours": a.Hours, "reserved_cards": kept,
		"keep_cost": a.CurrentCost, "ondemand_cost": a.OnDemandCost, "advised_cost": a.AdvisedCost,
		"saving_per_month": a.SavingsPerMonth, "term_months": term, "commitment": r.Commitment(kept),
	}
	return out
}

// renegotiate lists what to ask the vendor for before the deadline
// (docs/domain.md#renewal-notice-dates and docs/drafting.md).
func renegotiate(lang chat.Lang, r rules.Renewal, adv advice) []string {
	price := fmt.Sprintf(chat.T(lang,
		"Price: ask for less than %s per card per %s, or a prepay discount (a yearly prepay is often about 10%% cheaper).",
		"价格：争取低于每卡每%[2]s %[1]s 的价格，或预付折扣（包年预付通常便宜约 10%%）。"), yuan(r.Price), periodWord(lang, r.Mode))
	if adv.known && len(r.Usage) > 0 {
		avg := 0.0
		for _, h := range r.Usage {
			avg += h
		}
		avg /= float64(len(r.Usage))
		fair := avg * r.OnDemand
		if fair < r.MonthlyPrice() {
			price = fmt.Sprintf(chat.T(lang,
				"Price: at your actual %s h a card on average, on-demand costs %s per card per month (%s h × %s); a monthly price above that pays for idle hours, so ask for %s or less.",
				"价格：按实际平均每卡 %s 小时计，按需每卡每月只要 %s（%s 小时 × %s）；包月价高于它就是在为闲置买单，请争取 %[2]s 或更低。"),
				chat.Num(avg), yuan(fair), chat.Num(avg), yuan(r.OnDemand), yuan(fair))
		} else {
			price = fmt.Sprintf(chat.T(lang,
				"Price: at your actual %s h a card on average, on-demand would cost %s per card per month (%s h × %s), more than the %s you pay: the reservation pays off, so ask for a volume or prepay discount (a yearly prepay is often about 10%% cheaper).",
				"价格：按实际平均每卡 %s 小时计，按需每卡每月要 %s（%s 小时 × %s），高于现在的 %s：包月划算，可争取量大或预付折扣（包年预付通常便宜约 10%%）。"),
				chat.Num(avg), yuan(fair), chat.Num(avg), yuan(r.OnDemand), yuan(r.MonthlyPrice()))
		}
	}
	return []string{
		price,
		fmt.Sprintf(chat.T(lang,
			"Term: renewing commits %s; renewals often demand 3 months minimum. Ask for monthly terms or an early-exit clause.",
			"期限：续约承诺 %s；续约常要求至少 3 个月。争取按月续约或提前退出条款。"), monthsText(lang, r.Term())),
		chat.T(lang, "Upgrade clause: the right to move to a newer card within the term for the price difference only.",
			"升级条款：期限内可只补差价升级到更新的显卡。"),
		chat.T(lang, "SLA in the contract, not in chat: 7x24 response within 15–30 min; a failed card replaced within 4 h with an equivalent standby machine; compensation such as 2x the order amount for the duration of an outage over 4 h; credit for runs broken by platform faults.",
			"SLA 写进合同而非聊天记录：7x24 小时 15–30 分钟内响应；故障卡 4 小时内用同等备机替换；单次故障超 4 小时按故障时长赔付 2 倍订单金额；平台故障中断的任务给予补偿。"),
		chat.T(lang, "Migration help at the end of the term: who moves the data, how long it takes, and the fee; certified data destruction after.",
			"期满迁移协助：谁来迁移数据、多久完成、费用多少；迁移后出具数据销毁证明。"),
	}
}
