package billing

import (
	"fmt"
	"strings"

	root "gpuadvisor/advisor"
	advisor "gpuadvisor/advisor/billing"
	"gpuadvisor/chat"
)

// maxCardRows is how many cards the per-card table shows; JSON has all.
const maxCardRows = 40

// reply builds the answer: the recommendation with its reason, the numbers,
// the cost of each option, the per-card plan and the reasoning.
func reply(c *chat.Call, q query, a advisor.Advice) chat.Reply {
	v := view{lang: c.Lang, currency: q.currency}
	summary := v.reason(q, a)
	rep := chat.Reply{
		Command: "billing",
		Lang:    c.Lang,
		Title:   v.title(a),
		Summary: summary,
		Facts:   v.facts(q, a),
		Tables:  []chat.Table{v.options(q, a), v.cards(a)},
		Charts:  []chat.Chart{v.chart(q, a)},
		Buttons: chat.StandardButtons(c.Lang, c.Args.Original),
	}
	rep.Sections = append(rep.Sections, v.why(q, a))
	if s, ok := v.commitment(a); ok {
		rep.Sections = append(rep.Sections, s)
	}
	if s, ok := v.yearly(a); ok {
		rep.Sections = append(rep.Sections, s)
	}
	rep.Warnings = v.warnings(q, a)
	rep.Data = data(q, a, summary, rep.Warnings)
	return rep
}

var titles = root.Lazy[map[advisor.Mode]root.Text]{New: func() map[advisor.Mode]root.Text {
	return map[advisor.Mode]root.Text{
		advisor.OnDemand:     {EN: "Billing: stay on-demand", ZH: "计费方式：按需"},
		advisor.Monthly:      {EN: "Billing: reserve monthly", ZH: "计费方式：包月"},
		advisor.Spot:         {EN: "Billing: spot (interruptible work)", ZH: "计费方式：竞价实例（可中断任务）"},
		advisor.YearlyPrepay: {EN: "Billing: prepay yearly", ZH: "计费方式：包年预付"},
	}
}}

func (v view) title(a advisor.Advice) string {
	if allPhased(a) && a.Recommendation != advisor.Hybrid {
		var modes []string
		for _, i := range a.ByHours { // the busiest card whose plan combines modes
			if ps := a.Cards[i].Phases; len(ps) > 1 {
				for _, p := range ps {
					modes = append(modes, v.mode(p.Mode))
				}
				break
			}
		}
		return v.f("Billing: %s", "计费方式：先%s", strings.Join(modes, v.t(", then ", "，再")))
	}
	if t, ok := titles.Get()[a.Recommendation]; ok {
		return t.In(string(v.lang))
	}
	return v.f("Billing: hybrid, reserve %d of %d cards", "计费方式：混合，%[2]d 张卡中包月 %[1]d 张", len(a.Reserved), len(a.Cards))
}

// compared is how on-demand compares with the monthly fee in a reason
// (en, zh), or "the same as" when a tie between chose and over decided it.
func (v view) compared(a advisor.Advice, chose, over advisor.Mode, en, zh string) string {
	for _, t := range a.Ties {
		if t.Chose == chose && t.Over == over {
			return v.t("the same as", "等于")
		}
	}
	return v.t(en, zh)
}

// uniform is the reason when every card runs the same hours: the sentence
// en/zh with the hours, on-demand's cost of them, how it compares with the
// monthly fee (than) and the break-even (be).
func (v view) uniform(q query, a advisor.Advice, be, than, en, zh string) string {
	h0 := a.Cards[0].Hours
	return v.f(en, zh, v.h(h0), v.h(h0), v.perHour(q.in.OnDemand), v.money(a.Cards[0].OnDemand), than, v.money(q.in.Monthly), be)
}

// reason is the recommendation in words with its numbers.
func (v view) reason(q query, a advisor.Advice) string {
	if a.Horizon != nil {
		return v.horizonReason(q, a)
	}
	in := q.in
	n := len(a.Cards)
	be := fmt.Sprintf("%s / %s = %s", v.money(in.Monthly), v.perHour(in.OnDemand), v.be(a.BreakEvenHours))
	var s string
	switch a.Recommendation {
	case advisor.OnDemand:
		if q.uniform {
			s = v.uniform(q, a, be, v.compared(a, advisor.OnDemand, advisor.Monthly, "less than", "低于"),
				"Stay on-demand: at %s a month per card, on-demand costs %s × %s = %s per card, %s the monthly fee of %s. A reservation pays only past the break-even, %s per card per month.",
				"保持按需：每卡每月 %[1]s，按需每卡 %[2]s × %[3]s = %[4]s，%[5]s包月 %[6]s。只有超过盈亏平衡点 %[7]s/卡/月，包月才划算。")
		} else {
			s = v.f("Stay on-demand: no card reaches the break-even, %s per card per month (the busiest runs %s).",
				"保持按需：没有一张卡达到盈亏平衡点 %[1]s/卡/月（最忙的卡 %[2]s）。",
				be, v.h(a.Cards[a.ByHours[0]].Hours))
		}
		if n > 1 {
			s += v.f(" All %d cards: %s a month on-demand against %s reserved.", "%d 张卡按需每月 %s，包月需 %s。", n, v.money(a.Costs.OnDemand), v.money(a.Costs.Monthly))
		}
		for _, t := range a.Ties {
			if t.Chose == advisor.OnDemand && t.Over == advisor.Monthly {
				s += v.f(" At exactly the break-even, on-demand and monthly both cost %s per card; on-demand is chosen because it commits to nothing.",
					"恰好处于盈亏平衡点时，按需与包月每卡都是 %s；选按需，因为不需要任何承诺。", v.money(t.Cost))
				break
			}
		}
	case advisor.Monthly:
		if q.uniform {
			s = v.uniform(q, a, be, v.compared(a, advisor.Monthly, advisor.OnDemand, "more than", "高于"),
				"Reserve monthly: at %s a month per card, on-demand would cost %s × %s = %s per card, %s the monthly fee of %s; the break-even is %s per card per month.",
				"包月：每卡每月 %[1]s，按需每卡要 %[2]s × %[3]s = %[4]s，%[5]s包月 %[6]s；盈亏平衡点为 %[7]s/卡/月。")
		} else {
			s = v.f("Reserve every card monthly: every card runs past the break-even, %s per card per month (the least busy runs %s).",
				"全部包月：每张卡都超过盈亏平衡点 %[1]s/卡/月（最闲的卡 %[2]s）。",
				be, v.h(a.Cards[a.ByHours[n-1]].Hours))
		}
		if a.Spot == advisor.SpotConsidered {
			s += v.f(" Spot, with the lost work counted, costs more for every card: its break-even is %s / %s = %s.",
				"计入中断损失后，竞价对每张卡都更贵：竞价盈亏平衡点 %s / %s = %s。",
				v.money(in.Monthly), v.money(in.Spot.Price*a.SpotFactor), v.be(a.SpotBreakEvenHours))
		}
		s += v.f(" %s a month instead of %s on-demand, saving %s.", "每月 %s，按需需 %s，节省 %s。", v.money(a.Costs.Hybrid), v.money(a.Costs.OnDemand), v.money(a.Savings))
	case advisor.Spot:
		s = v.f("Use spot: the work can be interrupted, and spot at %s with the lost work counted (× %s = %s per busy hour) is cheaper than on-demand at %s and, for every card, than the monthly fee (spot break-even %[5]s / %[3]s = %[6]s).",
			"用竞价实例：任务可中断，竞价 %[1]s 计入中断损失后（× %[2]s = 每有效小时 %[3]s）比按需 %[4]s 便宜，且每张卡都比包月便宜（竞价盈亏平衡点 %[5]s / %[3]s = %[6]s）。",
			v.perHour(in.Spot.Price), exact(a.SpotFactor), v.money(in.Spot.Price*a.SpotFactor), v.perHour(in.OnDemand), v.money(in.Monthly), v.be(a.SpotBreakEvenHours))
		s += v.f(" All %d cards: %s a month instead of %s on-demand, saving %s.", "%d 张卡每月 %s，按需需 %s，节省 %s。", n, v.money(a.Costs.Hybrid), v.money(a.Costs.OnDemand), v.money(a.Savings))
	default:
		s = v.hybridReason(q, a, be)
	}
	return s
}

func (v view) hybridReason(q query, a advisor.Advice, be string) string {
	var rest []int
	od, spot := 0, 0
	for _, i := range a.ByHours {
		switch a.Cards[i].Mode {
		case advisor.OnDemand:
			od++
			rest = append(rest, i)
		case advisor.Spot:
			spot++
			rest = append(rest, i)
		}
	}
	where := v.t("on-demand", "按需")
	switch {
	case od == 0:
		where = v.t("on spot", "用竞价")
	case spot > 0:
		where = v.t("on-demand or on spot (see the table)", "按需或竞价（见下表）")
	}
	// A reserved card passed the break-even against its own elastic option:
	// spot when its work fits on spot, on-demand otherwise.
	onSpot, offSpot := 0, 0
	for _, i := range a.Reserved {
		if a.SpotAllowed(a.Cards[i]) {
			onSpot++
		} else {
			offSpot++
		}
	}
	if onSpot > 0 {
		spotBE := v.f("%s / %s = %s against spot", "相对竞价为 %s / %s = %s", v.money(q.in.Monthly), v.money(q.in.Spot.Price*a.SpotFactor), v.be(a.SpotBreakEvenHours))
		if offSpot == 0 {
			be = spotBE
		} else {
			be += v.t("; ", "；") + spotBE
		}
	}
	k := len(a.Reserved)
	var s string
	if k == 0 {
		s = v.f("Hybrid without a reservation: no card reaches the break-even, %s per card per month; %s run on spot and %s on-demand, because their spot time would not fit in a month.",
			"不包月的混合：没有一张卡达到盈亏平衡点 %s/卡/月；%s用竞价，%s按需（它们的竞价时长在一个月内放不下）。", be, v.cardCount(spot), v.cardCount(od))
	} else {
		s = v.f("Hybrid: reserve the busiest %s (%s h), past the break-even (%s per card per month), and run the other %s (%s h) %s.",
			"混合：最忙的 %[1]s（%[2]s 小时）超过盈亏平衡点（%[3]s/卡/月），包月；其余 %[4]s（%[5]s 小时）%[6]s。",
			v.cardCount(k), v.hoursOf(a, a.Reserved), be, v.cardCount(len(rest)), v.hoursOf(a, rest), where)
	}
	return s + v.f(" %s a month instead of %s all on-demand (saving %s) or %s all monthly.", "每月 %s，全按需需 %s（节省 %s），全包月需 %s。",
		v.money(a.Costs.Hybrid), v.money(a.Costs.OnDemand), v.money(a.Savings), v.money(a.Costs.Monthly))
}

func (v view) facts(q query, a advisor.Advice) []chat.Fact {
	in := q.in
	fs := []chat.Fact{
		{Label: v.t("Recommendation", "建议"), Value: v.mode(a.Recommendation)},
		{Label: v.t("Break-even", "盈亏平衡点"), Value: v.f("%s per card per month (%s / %s)", "%s/卡/月（%s / %s）", v.be(a.BreakEvenHours), v.money(in.Monthly), v.perHour(in.OnDemand))},
	}
	if a.Spot == advisor.SpotConsidered {
		fs = append(fs, chat.Fact{Label: v.t("Spot break-even", "竞价盈亏平衡点"),
			Value: v.f("%s (%s / (%s × %s))", "%s（%s / (%s × %s)）", v.be(a.SpotBreakEvenHours), v.money(in.Monthly), v.perHour(in.Spot.Price), exact(a.SpotFactor))})
	}
	all := make([]int, len(a.Cards))
	for i := range all {
		all[i] = i
	}
	fs = append(fs, chat.Fact{Label: v.t("Cards", "卡数"), Value: v.f("%d (%s a month)", "%d（每月 %s 小时）", len(a.Cards), v.hoursOf(a, all)+v.t(" h", ""))})
	reserve := v.t("none", "无")
	if len(a.Reserved) > 0 {
		names := make([]string, 0, min(len(a.Reserved), 12))
		for _, i := range a.Reserved[:min(len(a.Reserved), 12)] {
			names = append(names, v.card(i))
		}
		if len(a.Reserved) > 12 {
			names = append(names, "…")
		}
		reserve = v.f("%d: %s (%s h)", "%d 张：%s（%s 小时）", len(a.Reserved), strings.Join(names, ", "), v.hoursOf(a, a.Reserved))
	}
	fs = append(fs,
		chat.Fact{Label: v.t("Reserve", "包月的卡"), Value: reserve},
		chat.Fact{Label: v.t("Plan cost", "方案月费"), Value: v.f("%s a month", "每月 %s", v.money(a.Costs.Hybrid))},
		chat.Fact{Label: v.t("Savings vs all on-demand", "比全按需节省"), Value: v.f("%s a month (%s)", "每月 %s（%s）", v.money(a.Savings), pct(share(a.Savings, a.Costs.OnDemand)))},
		chat.Fact{Label: v.f("%d h month", "%d 小时整月", advisor.MonthHours), Value: v.f("24 × 30 h on-demand = %s per card; monthly %s is %s of it",
			"按需 24 × 30 小时 = 每卡 %s；包月 %s 是它的 %s", v.money(a.FullMonthOnDemand), v.money(in.Monthly), pct(a.MonthlyShare))},
	)
	if a.Horizon != nil {
		fs = append(fs, chat.Fact{Label: v.t("Plan over the months left", "剩余期间方案"), Value: v.planLine(a)})
	}
	if q.currency != "" {
		fs = append(fs, chat.Fact{Label: v.t("Currency", "币种"), Value: q.currency})
	}
	return fs
}

func share(x, of float64) float64 {
	if of <= 0 {
		return 0
	}
	return x / of
}

// options is the monthly cost of every option for all cards.
func (v view) options(q query, a advisor.Advice) chat.Table {
	in := q.in
	var hours float64
	for _, c := range a.Cards {
		hours += c.Hours
	}
	n := len(a.Cards)
	cardH := v.f("%s card-h", "%s 卡时", chat.Num(hours))
	mark := func(m advisor.Mode) string {
		if m == a.Recommendation {
			return v.t("← recommended", "← 推荐")
		}
		return ""
	}
	t := chat.Table{
		Title:  v.t("Monthly cost of each option, all cards", "各方案每月费用（全部卡）"),
		Header: []string{v.t("option", "方案"), v.t("per month", "每月"), v.t("how", "算法"), ""},
		Rows: [][]string{
			{v.mode(advisor.OnDemand), v.money(a.Costs.OnDemand), v.perHour(in.OnDemand) + " × " + cardH, mark(advisor.OnDemand)},
			{v.mode(advisor.Monthly), v.money(a.Costs.Monthly), v.money(in.Monthly) + " × " + v.cardCount(n), mark(advisor.Monthly)},
		},
	}
	spot := []string{v.mode(advisor.Spot), "—", v.t("no spot price given", "未给竞价价格"), ""}
	if a.Costs.Spot != nil {
		how := v.perHour(in.Spot.Price) + " × " + cardH
		if a.SpotFactor != 1 {
			how += " × " + exact(a.SpotFactor)
		}
		switch a.Spot {
		case advisor.SpotNotInterruptible:
			how += v.t("; not allowed: the work cannot be interrupted", "；不可用：任务不可中断")
		case advisor.SpotDearer:
			how += v.t("; not cheaper than on-demand", "；不比按需便宜")
		default:
			for _, c := range a.Cards {
				if !c.SpotFits {
					how += v.t("; some cards do not fit in a month", "；部分卡一个月内放不下")
					break
				}
			}
		}
		spot = []string{v.mode(advisor.Spot), v.money(*a.Costs.Spot), how, mark(advisor.Spot)}
	}
	t.Rows = append(t.Rows, spot,
		[]string{v.mode(advisor.Hybrid), v.money(a.Costs.Hybrid), v.t("each card on its cheapest allowed option", "每张卡取可用方案中最便宜的"), mark(advisor.Hybrid)})
	if y := a.Yearly; y != nil {
		t.Rows = append(t.Rows, []string{v.t("yearly", "包年"), v.money(y.Cost),
			v.f("%s × (1 − %s) × %s, prepaid %d months", "%s × (1 − %s) × %s，预付 %d 个月", v.money(in.Monthly), pct(y.Discount), v.cardCount(n), advisor.YearMonths), ""})
	}
	return t
}

// cards is the plan per card, busiest first.
func (v view) cards(a advisor.Advice) chat.Table {
	t := chat.Table{
		Title:  v.t("Per card, busiest first", "每张卡（按使用时长从高到低）"),
		Header: []string{v.t("card", "卡"), v.t("hours", "小时"), v.mode(advisor.OnDemand), v.mode(advisor.Monthly), v.mode(advisor.Spot), v.t("plan", "方案")},
	}
	for _, i := range a.ByHours[:min(len(a.ByHours), maxCardRows)] {
		c := a.Cards[i]
		spot := "—"
		if c.Spot != nil {
			spot = v.money(*c.Spot)
			if !c.SpotFits {
				spot += v.t(" (does not fit)", "（放不下）")
			}
		}
		t.Rows = append(t.Rows, []string{v.card(i), chat.Num(c.Hours), v.money(c.OnDemand), v.money(c.Monthly), spot, v.planModes(c)})
	}
	if more := len(a.ByHours) - maxCardRows; more > 0 {
		t.Rows = append(t.Rows, []string{"…", v.f("%s more in --json", "另有 %s，见 --json", v.cardCount(more))})
	}
	return t
}

func (v view) warnings(q query, a advisor.Advice) []string {
	in := q.in
	w := append([]string(nil), q.notes...)
	w = append(w, q.assumptions...)
	if full := advisor.MonthHours * in.OnDemand; in.Monthly > full {
		w = append(w, v.f("The monthly fee %s is more than a card on-demand for a whole month (%d h × %s = %s): a reservation never pays. Check that monthly is per card.",
			"包月 %s 比一张卡按需跑满一个月（%d 小时 × %s = %s）还贵：包月永远不划算。请确认包月价是每张卡的。", v.money(in.Monthly), advisor.MonthHours, v.perHour(in.OnDemand), v.money(full)))
	}
	if in.Monthly < in.OnDemand {
		w = append(w, v.f("The monthly fee %s is less than one on-demand hour (%s): check that monthly is per card-month and ondemand per card-hour.",
			"包月 %s 还不到按需一小时（%s）：请确认包月是每卡每月、按需是每卡每小时的价格。", v.money(in.Monthly), v.perHour(in.OnDemand)))
	}
	var longSpot []string
	var longHours []float64
	for _, i := range a.ByHours {
		if c := a.Cards[i]; c.Mode == advisor.Spot && c.Hours > advisor.MonthHours/2 {
			longSpot = append(longSpot, v.card(i))
			longHours = append(longHours, c.Hours)
		}
	}
	if len(longSpot) > 0 {
		w = append(w, v.f("%s run %s h a month on spot, more than half a month: spot is reclaimed at any time and its capacity is not guaranteed at peak. Checkpoint often and keep a fallback (on-demand or a reservation) for when spot is sold out.",
			"%s 每月在竞价上跑 %s 小时，超过半个月：竞价实例随时可能被回收，高峰期也不保证有货。请频繁保存检查点，并准备竞价售罄时的后备（按需或包月）。",
			strings.Join(longSpot, ", "), root.Compact(longHours)))
	}
	return w
}

// horizonReason is the recommendation when the months left are known: the
// plan is the cheapest over them (docs/billing.md).
func (v view) horizonReason(q query, a advisor.Advice) string {
	h := a.Horizon
	in := q.in
	n := len(a.Cards)
	m := chat.Num(h.Months)
	billed := v.f("%s × %s billed months (⌈%s⌉, at least the %s-month minimum)", "%s × 计费 %s 个月（⌈%s⌉，且不少于最短租期 %s 个月）",
		v.money(in.Monthly), chat.Num(h.BilledMonths), m, chat.Num(h.MinMonths))
	alts := v.f("all on-demand %s, all monthly %s (%s per card)", "全按需 %s，全包月 %s（每卡 %s）", v.money(h.OnDemand), v.money(h.Monthly), billed)
	if h.Yearly != nil {
		alts += v.f(", all yearly %s (%s per card-year × %s)", "，全包年 %s（每卡每年 %s × %s）", v.money(*h.Yearly), v.money(a.Yearly.YearPerCard), v.yearsWords(h.PrepaidYears))
	}
	if h.Elastic < h.OnDemand {
		alts += v.f(", all elastic (on-demand or spot) %s", "，全弹性（按需或竞价）%s", v.money(h.Elastic))
	}
	var s string
	switch {
	case phased(a):
		s = v.f("%s over the %s months left.", "%s，为剩余 %s 个月最便宜的方案。", upperFirst(v.planLine(a)), m)
		if tail, yearThenMonth := phaseKinds(a); tail {
			s += v.t(" A reservation is paid for whole months, so the last part of a month is cheaper on demand.", "包月按整月计费，所以最后不足一个月的部分按需更便宜。")
		} else if yearThenMonth {
			s += v.t(" A prepay is paid for whole years, so the months after the last whole year are cheaper reserved month by month.", "包年按整年计费，所以最后一个整年之后的几个月按月包更便宜。")
		}
	case a.Recommendation == advisor.OnDemand:
		s = v.f("Stay on-demand: over the %s months left, on-demand is the cheapest for every card.", "保持按需：在剩余 %s 个月里，每张卡都是按需最便宜。", m)
	case a.Recommendation == advisor.Monthly:
		s = v.f("Reserve monthly: over the %s months left, a reservation is the cheapest for every card.", "包月：在剩余 %s 个月里，每张卡都是包月最便宜。", m)
	case a.Recommendation == advisor.YearlyPrepay:
		s = v.f("Prepay a year: over the %s months left, the yearly prepay is the cheapest for every card.", "包年预付：在剩余 %s 个月里，每张卡都是包年最便宜。", m)
	case a.Recommendation == advisor.Spot:
		s = v.f("Use spot: the work can be interrupted, and over the %s months left spot, lost work counted (× %s), is the cheapest for every card.",
			"用竞价实例：任务可中断，在剩余 %s 个月里，计入中断损失（× %s）后每张卡都是竞价最便宜。", m, exact(a.SpotFactor))
	default:
		counts := map[advisor.Mode]int{}
		for _, c := range a.Cards {
			counts[c.Mode]++
		}
		var parts []string
		for _, md := range []advisor.Mode{advisor.YearlyPrepay, advisor.Monthly, advisor.OnDemand, advisor.Spot} {
			if k := counts[md]; k > 0 {
				parts = append(parts, v.f("%s %s", "%s%s", v.cardCount(k), v.mode(md)))
			}
		}
		s = v.f("Hybrid over the %s months left, each card on its cheapest option: %s (see the table).", "剩余 %s 个月的混合方案，每张卡取最便宜的方式：%s（见下表）。",
			m, strings.Join(parts, v.t(", ", "，")))
	}
	s += v.f(" The plan costs %s over the months left; %s.", "方案在剩余期间共 %s；%s。", v.money(h.Plan), alts)
	s += v.f(" Per month: %s, against %s all on-demand.", "每月 %s，全按需 %s。", v.money(a.Costs.Hybrid), v.money(a.Costs.OnDemand))
	if n > 0 && a.BreakEvenHours <= advisor.MonthHours {
		s += v.f(" (Break-even for one month: %s / %s = %s per card.)", "（单月盈亏平衡点：%s / %s = 每卡 %s。）", v.money(in.Monthly), v.perHour(in.OnDemand), v.h(a.BreakEvenHours))
	}
	return s
}
