package billing

import (
	"strings"

	advisor "gpuadvisor/advisor/billing"
	"gpuadvisor/chat"
)

// why is the reasoning: the rules that produced the plan, with the numbers.
func (v view) why(q query, a advisor.Advice) chat.Section {
	in := q.in
	lines := []string{
		v.t(`Costs are compared at your expected hours: on-demand = price × hours, monthly = the fee per card, paid whether used or not. (A rule of the form "on-demand total × 0.7 < monthly fee ⇒ reserve" compares the wrong quantities and is not used.)`,
			`按预计使用小时比较费用：按需 = 单价 × 小时数，包月 = 每卡月费，用不用都要付。（“月度按需总费用 × 0.7 < 长租月费就选长租”这类公式比较的量是错的，不采用。）`),
		v.f(`Break-even = monthly ÷ on-demand = %s ÷ %s = %s per card per month; a card busier than that is cheaper reserved (the common rule of thumb "over ~400 h a month, reserve" is this break-even at typical prices).`,
			`盈亏平衡点 = 包月 ÷ 按需 = %s ÷ %s = %s/卡/月；比它更忙的卡包月更便宜（常说的“每月有效运行超过约 400 小时选长租”就是常见价格下的这个点）。`,
			v.money(in.Monthly), v.perHour(in.OnDemand), v.be(a.BreakEvenHours)),
	}
	if len(a.Cards) > 1 {
		lines = append(lines, v.t("Cards sorted by busy hours: each card past the break-even is reserved, the rest stay on-demand (or on spot when the work can be interrupted); with linear prices this is the cheapest split.",
			"按使用小时给卡排序：超过盈亏平衡点的卡包月，其余按需（任务可中断时用竞价）；价格是线性的，这样分配最省。"))
	}
	lines = append(lines, v.spotLines(q, a)...)
	lines = append(lines, v.tieLines(a)...)
	if a.Recommendation == advisor.Hybrid && len(a.Reserved) > 0 {
		lines = append(lines, v.f("A common split for training clusters is about 7:3 reserved:elastic; here %d:%d by cards.",
			"训练集群常见的包月与弹性比例约 7:3；这里按卡数为 %d:%d。", len(a.Reserved), len(a.Cards)-len(a.Reserved)))
	}
	lines = append(lines, v.f("A 30-day month is 24 × 30 = %d h: on-demand all month is %s per card; the monthly fee is %s of it (typically 60–70%%).",
		"30 天按 24 × 30 = %d 小时计：按需跑满一个月每卡 %s；包月是它的 %s（通常为六到七折）。", advisor.MonthHours, v.money(a.FullMonthOnDemand), pct(a.MonthlyShare)))
	if a.Commitment == nil && (len(a.Reserved) > 0 || a.Yearly != nil) {
		lines = append(lines, v.t("Add months=<months left> (and min_months= if the vendor has a minimum term) to choose over the rest of the project.", "加上 剩余月数=<月数>（供应商有最短租期时再加 最短租期=），即可按项目剩余时间选择。"))
	}
	var od []int
	var insurance float64
	for _, i := range a.ByHours {
		if c := a.Cards[i]; c.Mode == advisor.OnDemand {
			od = append(od, i)
			insurance += c.Monthly - c.Cost
		}
	}
	if len(od) > 0 && len(od) < len(a.Cards) || len(od) > 0 && a.Recommendation == advisor.OnDemand {
		lines = append(lines, v.f("On-demand capacity is not guaranteed at peak (vendors sell out around launches and deadlines): if the %s on-demand must be there on given days, reserving as well costs %s more a month.",
			"按需资源在高峰期不保证有货（新品发布、截止日前后常售罄）：如果这 %s在特定日子必须可用，一并包月每月多花 %s。", v.cardCount(len(od)), v.money(insurance)))
	}
	return chat.Section{Title: v.t("Why", "理由"), Lines: lines}
}

func (v view) spotLines(q query, a advisor.Advice) []string {
	s := q.in.Spot
	switch a.Spot {
	case advisor.SpotNotOffered:
		return []string{v.t("Spot: no price given, so spot is not compared. For checkpointed training add spot=<price per hour> interruptible=yes interrupt_rate= checkpoint= restart=.",
			"竞价：未给价格，因此不比较竞价。有检查点的训练任务可加 竞价=<每小时价格> 可中断=是 中断率= 检查点= 重启=。")}
	case advisor.SpotNotInterruptible:
		line := v.f("Spot at %s is not chosen: the work cannot be interrupted (interruptible=no, the default). Spot is reclaimed at any time: only for checkpointed, restartable work, never for 7x24 inference.",
			"竞价 %s 不采用：任务不可中断（可中断=否，默认）。竞价实例随时可能被回收，只适合有检查点、可重启的任务，绝不用于 7x24 推理。", v.perHour(s.Price))
		if a.Costs.Spot != nil && *a.Costs.Spot < a.Costs.Hybrid {
			line += v.f(" All on spot would cost %s a month.", " 全部用竞价每月 %s。", v.money(*a.Costs.Spot))
		}
		if !s.LossKnown {
			line += v.t(" (Lost work not counted: no interrupt_rate, checkpoint, restart.)", "（未计入中断损失：未给中断率、检查点、重启。）")
		}
		return []string{line}
	}
	lines := []string{v.f("Spot effective hours = H × (1 + λ × (c/2 + r)) = H × (1 + %s × (%s/2 + %s)) = H × %s: each interruption loses half a checkpoint interval of work plus the restart; %s becomes %s per busy hour.",
		"竞价有效小时 = H × (1 + λ × (c/2 + r)) = H × (1 + %s × (%s/2 + %s)) = H × %s：每次中断平均损失半个检查点间隔的工作再加重启时间；%s 折合每有效小时 %s。",
		exact(s.InterruptRate), exact(s.CheckpointHours), exact(s.RestartHours), exact(a.SpotFactor), v.perHour(s.Price), v.money(s.Price*a.SpotFactor))}
	if a.Spot == advisor.SpotDearer {
		lines = append(lines, v.f("That is not cheaper than on-demand at %s, so spot is not used (on-demand is never reclaimed).",
			"这不比按需 %s 便宜，所以不用竞价（按需不会被回收）。", v.perHour(q.in.OnDemand)))
	}
	var unfit []string
	for _, i := range a.ByHours {
		if c := a.Cards[i]; !c.SpotFits {
			unfit = append(unfit, v.card(i))
		}
	}
	if len(unfit) > 0 && a.Spot == advisor.SpotConsidered {
		lines = append(lines, v.f("Not put on spot: %s, whose spot time (hours × %s) is more than a month holds (%d h).",
			"不放到竞价上：%s，其竞价时长（小时 × %s）超过一个月（%d 小时）。", strings.Join(unfit, ", "), exact(a.SpotFactor), advisor.MonthHours))
	}
	return lines
}

// tieLines says where two options cost the same and which was chosen, and why.
func (v view) tieLines(a advisor.Advice) []string {
	type pair struct{ chose, over advisor.Mode }
	var order []pair
	groups := map[pair][]string{}
	cost := map[pair]float64{}
	for _, t := range a.Ties {
		p := pair{t.Chose, t.Over}
		if _, ok := groups[p]; !ok {
			order = append(order, p)
			cost[p] = t.Cost
		}
		groups[p] = append(groups[p], v.card(t.Card))
	}
	var lines []string
	for _, p := range order {
		why := v.t("it is never reclaimed", "它不会被回收")
		if p.chose == advisor.Monthly && p.over == advisor.OnDemand {
			why = v.t("a card that reaches the break-even is reserved", "达到盈亏平衡点的卡就包月")
		}
		cards := groups[p]
		if len(cards) > 8 {
			cards = append(cards[:8:8], "…")
		}
		lines = append(lines, v.f("Tie on card %s: %s and %s both cost %s; %s is chosen because %s.",
			"卡 %s 打平：%s 与 %s 都是 %s；选%s，因为%s。",
			strings.Join(cards, ", "), v.mode(p.chose), v.mode(p.over), v.money(cost[p]), v.mode(p.chose), why))
	}
	return lines
}

// commitment is what the plan commits to over the months left.
func (v view) commitment(a advisor.Advice) (chat.Section, bool) {
	c := a.Commitment
	if c == nil {
		return chat.Section{}, false
	}
	m := chat.Num(c.MonthsLeft)
	lines := []string{v.f("Over the %s months left: this plan %s, all on-demand %s, the cheapest without any reservation %s.",
		"剩余 %s 个月合计：本方案 %s，全按需 %s，不包月的最低费用 %s。", m, v.money(c.PlanCost), v.money(c.OnDemandCost), v.money(c.ElasticCost))}
	if c.ReservedCards == 0 {
		lines = append(lines, v.t("Nothing is reserved, so nothing idles if the project ends early.", "没有包月的卡，项目提前结束也不会有闲置费用。"))
	} else {
		lines = append(lines, v.f("Reserving %s commits %s at signing (a reservation is paid for whole months, at least the minimum term; a prepay for whole years).",
			"包月/包年 %s，签约即承诺 %s（包月按整月且不少于最短租期计费，包年按整年计费）。", v.cardCount(c.ReservedCards), v.money(c.Committed)))
		if c.IdleCost > 0 {
			lines = append(lines, v.f("Of that, %s is paid after the project ends: already counted in the plan.", "其中 %s 在项目结束后仍要支付：已计入方案费用。", v.money(c.IdleCost)))
		}
	}
	switch {
	case c.MinMonths > 0:
		lines = append(lines, v.f("Minimum term min_months=%s: counted above.", "最短租期 %s 个月：已计入上述费用。", chat.Num(c.MinMonths)))
	case c.UsualChanges:
		lines = append(lines, v.f("min_months not given: no minimum term assumed. Renewals often require %d months: then the answer is %s at %s over the months left. Ask the vendor and add min_months=.",
			"未给出最短租期：按无最短租期计算。续租常要求至少 %d 个月：那样的话建议改为%s，剩余期间共 %s。请向供应商确认并加上 最短租期=。",
			c.UsualMinMonths, v.mode(c.UsualPlan), v.money(c.UsualPlanCost)))
	case c.BilledMonths < float64(c.UsualMinMonths):
		lines = append(lines, v.f("min_months not given: a %d-month minimum, common on renewals, would not change the answer.", "未给出最短租期：即使按续租常见的 %d 个月最短租期计，建议也不变。", c.UsualMinMonths))
	}
	return chat.Section{Title: v.t("Commitment", "承诺"), Lines: lines}, true
}

// yearly is the yearly prepay option.
// elasticName says what a card without a reservation runs on: on-demand, or
// the cheaper of on-demand and spot when spot takes part in the plan.
func (v view) elasticName(a advisor.Advice) string {
	if a.Spot == advisor.SpotConsidered {
		return v.t("on-demand or spot, whichever is cheaper", "按需或竞价中较便宜者")
	}
	return v.t("on-demand", "按需")
}

func (v view) yearly(a advisor.Advice) (chat.Section, bool) {
	y := a.Yearly
	if y == nil {
		return chat.Section{}, false
	}
	monthly := a.Cards[0].Monthly
	lines := []string{
		v.f("Yearly prepay: %s × (1 − %s) = %s per card-month, %s per card paid for %d months; the break-even against on-demand drops to %s. %d of %d cards cost more than %[3]s a month without a reservation (%[9]s).",
			"包年预付：%s × (1 − %s) = 每卡每月 %s，每卡一次付 %[5]d 个月共 %[4]s；相对按需的盈亏平衡点降到 %[6]s。%[8]d 张卡中有 %[7]d 张不包月时每月超过 %[3]s（%[9]s）。",
			v.money(monthly), pct(y.Discount), v.money(y.PricePerCardMonth), v.money(y.YearPerCard), advisor.YearMonths, v.be(y.BreakEvenHours), y.CardsPastBreakEven, len(a.Cards), v.elasticName(a)),
		v.f("A prepaid year costs no more than paying monthly when at least %d × (1 − %s) = %s months are left.",
			"剩余至少 %d × (1 − %s) = %s 个月时，预付一年不比按月付贵。", advisor.YearMonths, pct(y.Discount), chat.Num(y.MinMonths)),
	}
	switch {
	case !y.Known:
		lines = append(lines, v.t("Add months=<months left> to decide whether to prepay.", "加上 剩余月数=<月数> 即可判断是否预付。"))
	case len(y.Cards) > 0:
		names := make([]string, 0, len(y.Cards))
		for _, i := range y.Cards[:min(len(y.Cards), 12)] {
			names = append(names, v.card(i))
		}
		if len(y.Cards) > 12 {
			names = append(names, "…")
		}
		lines = append(lines, v.f("With %s months left, the plan prepays cards %s: that saves %s over the project against the cheaper of monthly and elastic for each.",
			"剩余 %s 个月，方案中卡 %s 包年：与各自的包月或弹性费用中较低者相比，整个项目共省 %s。",
			chat.Num(a.Horizon.Months), strings.Join(names, ", "), v.money(y.ProjectSavings)))
	default:
		lines = append(lines, v.f("With %s months left, a prepaid year costs more than paying monthly or staying elastic: do not prepay.",
			"剩余 %s 个月，预付一年比按月付或弹性计费都贵：不要预付。", chat.Num(a.Horizon.Months)))
	}
	return chat.Section{Title: v.t("Yearly prepay", "包年预付"), Lines: lines}, true
}
