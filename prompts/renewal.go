package prompts

import "strings"

// RenewalTerms are the facts of a renegotiation e-mail: the contract and the
// advisor's keep-or-switch numbers (advisor/billing.AdviseRenewal).
type RenewalTerms struct {
	// Vendor is who the contract is with.
	Vendor string
	// GPU names the card ("A100-80G"); may be empty.
	GPU string
	// Cards is how many cards the contract holds.
	Cards int
	// Monthly is the price per card per month.
	Monthly float64
	// OnDemand is the on-demand price per card-hour.
	OnDemand float64
	// Hours are the actual busy hours per card per month (one per card, or
	// one for every card).
	Hours []float64
	// Renews is the renewal day, YYYY-MM-DD.
	Renews string
	// Deadline is the notice deadline, YYYY-MM-DD; empty when unknown.
	Deadline string
	// Passed says Deadline is already past (the renewal on Renews is still
	// ahead): the e-mail asks for a waiver of the notice, or gives notice
	// for the next cycle, NextRenews with its deadline NextDeadline; it
	// never asks for anything by a past date.
	Passed                   bool
	NextRenews, NextDeadline string
	// Action is the advice: keep, downgrade or hybrid.
	Action string
	// BreakEven is Monthly / OnDemand, hours per card per month.
	BreakEven float64
	// MonthlyTotal is Cards × Monthly.
	MonthlyTotal float64
	// OnDemandCost is every card on-demand at its actual hours, a month.
	OnDemandCost float64
	// AdvisedCost is the cost of the advised action, a month.
	AdvisedCost float64
	// Savings is MonthlyTotal − AdvisedCost (keep: 0).
	Savings float64
}

type renewalData struct {
	Vendor, What, Renews, Deadline, ReplyBy, NextRenews, NextDeadline string
	Passed                                                            bool
	Monthly, MonthlyTotal, OnDemand, Hours, BreakEven, OnDemandCost   string
	AdvisedCost, Savings, Target, Action                              string
}

func (t RenewalTerms) job(lang string) (job, error) {
	lang = langOf(lang)
	what := num(float64(t.Cards)) + tr(lang, " GPU cards", " 张 GPU 卡")
	if t.GPU != "" {
		what = num(float64(t.Cards)) + tr(lang, " "+t.GPU+" cards", " 张 "+t.GPU)
	}
	d := renewalData{
		Vendor:       t.Vendor,
		What:         what,
		Renews:       t.Renews,
		Deadline:     t.Deadline,
		ReplyBy:      t.Renews,
		Monthly:      money(t.Monthly),
		MonthlyTotal: money(t.MonthlyTotal),
		OnDemand:     money(t.OnDemand),
		Hours:        hoursList(lang, t.Hours),
		BreakEven:    hours(lang, t.BreakEven),
		OnDemandCost: money(t.OnDemandCost),
		AdvisedCost:  money(t.AdvisedCost),
		Savings:      money(t.Savings),
		Action:       t.Action,
		Passed:       t.Passed,
		NextRenews:   t.NextRenews,
		NextDeadline: t.NextDeadline,
	}
	if t.Deadline != "" && !t.Passed {
		d.ReplyBy = t.Deadline
	}
	if t.Cards > 0 {
		d.Target = money(t.OnDemandCost / float64(t.Cards))
	}
	text, err := render("renewal."+lang, d)
	if err != nil {
		return job{}, err
	}
	facts := []Fact{
		{Key: "vendor", Label: tr(lang, "Vendor", "供应商"), Value: d.Vendor},
		{Key: "renews", Label: tr(lang, "Renewal date", "续约日"), Value: d.Renews},
	}
	if d.Deadline != "" {
		label := tr(lang, "Notice deadline", "提前通知截止日")
		if d.Passed {
			label = tr(lang, "Notice deadline, already passed (ask for a waiver; never ask for anything by this day)", "提前通知截止日（已过：请求豁免，不要要求对方在这一天之前做任何事）")
		}
		facts = append(facts, Fact{Key: "deadline", Label: label, Value: d.Deadline})
	}
	if d.Passed {
		facts = append(facts,
			Fact{Key: "next_renews", Label: tr(lang, "Next cycle's renewal date (the notice deadline above has passed: ask for a waiver)", "下一周期续约日（上面的通知截止日已过：请求豁免通知期）"), Value: d.NextRenews},
			Fact{Key: "next_deadline", Label: tr(lang, "Next cycle's notice deadline", "下一周期通知截止日"), Value: d.NextDeadline})
	}
	facts = append(facts,
		Fact{Key: "price", Label: tr(lang, "Monthly price per card", "每卡每月价格"), Value: d.Monthly},
		Fact{Key: "monthly_total", Label: tr(lang, "Monthly total, all cards", "全部卡每月合计"), Value: d.MonthlyTotal},
		Fact{Key: "hours", Label: tr(lang, "Actual usage per card per month", "每卡每月实际用量"), Value: d.Hours},
		Fact{Key: "ondemand", Label: tr(lang, "On-demand price per card-hour", "每卡每小时按需价格"), Value: d.OnDemand},
		Fact{Key: "break_even", Label: tr(lang, "Break-even per card per month (monthly price / on-demand price)", "每卡每月盈亏平衡点（包月价格 / 按需价格）"), Value: d.BreakEven},
		Fact{Key: "ondemand_cost", Label: tr(lang, "On-demand cost a month at actual usage", "按实际用量改按需的每月费用"), Value: d.OnDemandCost},
	)
	switch t.Action {
	case "downgrade":
		facts = append(facts,
			Fact{Key: "savings", Label: tr(lang, "Extra cost of the monthly contract a month", "包月每月多花"), Value: d.Savings},
			Fact{Key: "target", Label: tr(lang, "Monthly price per card that would pay off", "划算的每卡包月价格上限"), Value: d.Target})
	case "hybrid":
		facts = append(facts,
			Fact{Key: "advised_cost", Label: tr(lang, "Cost a month of the proposal", "建议方案每月费用"), Value: d.AdvisedCost},
			Fact{Key: "savings", Label: tr(lang, "Savings a month", "每月节省"), Value: d.Savings})
	}
	return job{
		kind:   Renewal,
		lang:   lang,
		vendor: t.Vendor,
		task:   tr(lang, "an e-mail renegotiating a GPU contract before it renews", "续约前与 GPU 供应商重新谈判的邮件"),
		facts:  facts,
		text:   text,
	}, nil
}

// hoursList writes per-card hours: one value when every card ran the same.
func hoursList(lang string, hs []float64) string {
	same := true
	for _, h := range hs {
		if h != hs[0] {
			same = false
		}
	}
	if len(hs) == 0 {
		return ""
	}
	if same {
		return hours(lang, hs[0])
	}
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = hours(lang, h)
	}
	return strings.Join(parts, tr(lang, ", ", "、"))
}
