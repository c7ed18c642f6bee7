package billing

import "math"

// Horizon prices every option over the months left. With the months known,
// the plan is chosen here: each card on the option that costs least over
// the months left, a monthly reservation paid for whole months and at least
// the minimum term, a yearly prepay for whole years (docs/billing.md).
type Horizon struct {
	// Months is how long the project still runs.
	Months float64 `json:"months"`
	// MinMonths is the minimum term applied: min_months, or 1 when not given.
	MinMonths float64 `json:"min_months"`
	// BilledMonths is max(⌈Months⌉, MinMonths): the months a monthly
	// reservation is paid for.
	BilledMonths float64 `json:"billed_months"`
	// PrepaidYears is ⌈Months / 12⌉, the years a yearly prepay is paid for.
	PrepaidYears float64 `json:"prepaid_years"`
	// OnDemand is every card on-demand for Months.
	OnDemand float64 `json:"on_demand"`
	// Elastic is every card on its cheapest mode without a reservation
	// (on-demand, or spot when allowed) for Months.
	Elastic float64 `json:"elastic"`
	// Monthly is every card reserved for BilledMonths.
	Monthly float64 `json:"monthly"`
	// Yearly is every card prepaid for PrepaidYears; nil without an offer.
	Yearly *float64 `json:"yearly"`
	// Plan is each card on its cheapest option: what the recommendation
	// costs over the months left.
	Plan float64 `json:"plan"`

	modes []Mode
	costs []float64
	plans []schedule
	ties  []Tie
}

// over prices the options of every card over months, with a minimum term.
// Each card goes on its cheapest plan: one mode for the whole horizon, or,
// when strictly cheaper, reserved years and months followed by elastic
// months (Horizon.phased).
func (a *Advice) over(in Input, months, minMonths float64, record bool) *Horizon {
	h := &Horizon{Months: months, MinMonths: math.Max(1, minMonths)}
	h.BilledMonths = math.Max(math.Ceil(months), h.MinMonths)
	if a.Yearly != nil {
		h.PrepaidYears = math.Ceil(months / YearMonths)
		var y float64
		h.Yearly = &y
	}
	for _, c := range a.Cards {
		h.OnDemand += c.OnDemand * months
		h.Elastic += a.elastic(c) * months
		h.Monthly += in.Monthly * h.BilledMonths
		if h.Yearly != nil {
			*h.Yearly += a.Yearly.YearPerCard * h.PrepaidYears
		}
		var ties []Tie
		best, bestCost := pick(c.Index, horizonPreference, func(m Mode) (float64, bool) { return h.cost(a, in, c, m) }, &ties)
		plan := h.pure(a, in, c, best, bestCost)
		if ph, ok := h.phased(a, in, c); ok && less(ph.cost(), bestCost) {
			plan, best, bestCost, ties = ph, ph[0].Mode, ph.cost(), nil
		}
		if record {
			h.ties = append(h.ties, ties...)
		}
		h.modes = append(h.modes, best)
		h.costs = append(h.costs, bestCost)
		h.plans = append(h.plans, plan)
		h.Plan += bestCost
	}
	return h
}

// cost is one card's cost on mode m over the horizon, and whether the plan
// may use it.
func (h *Horizon) cost(a *Advice, in Input, c Card, m Mode) (float64, bool) {
	switch m {
	case Monthly:
		return in.Monthly * h.BilledMonths, true
	case YearlyPrepay:
		if a.Yearly == nil {
			return 0, false
		}
		return a.Yearly.YearPerCard * h.PrepaidYears, true
	}
	month, ok := a.allowed(c, m)
	return month * h.Months, ok
}

// shapeOf is the recommendation of a list of card modes.
func shapeOf(modes []Mode) Mode {
	for _, m := range modes[1:] {
		if m != modes[0] {
			return Hybrid
		}
	}
	return modes[0]
}

// Commitment is what the plan commits to over the months left, and what a
// reservation left idle costs if the project ends on time.
type Commitment struct {
	// MonthsLeft is how long the project still runs.
	MonthsLeft float64 `json:"months_left"`
	// BilledMonths is max(⌈MonthsLeft⌉, minimum term).
	BilledMonths float64 `json:"billed_months"`
	// MinMonths is min_months as given; 0 when not given (1 was applied).
	MinMonths float64 `json:"min_months"`
	// ReservedCards is how many cards the plan reserves (monthly or yearly).
	ReservedCards int `json:"reserved_cards"`
	// PlanCost is the plan over the months left (Horizon.Plan).
	PlanCost float64 `json:"plan_cost"`
	// OnDemandCost is every card on-demand for the months left.
	OnDemandCost float64 `json:"on_demand_cost"`
	// ElasticCost is every card on its cheapest mode without a reservation.
	ElasticCost float64 `json:"elastic_cost"`
	// Committed is what the reservations commit to at signing: monthly cards
	// × monthly × BilledMonths + yearly cards × a prepaid year × years.
	Committed float64 `json:"committed"`
	// IdleCost is the part of Committed paid after the project has ended.
	IdleCost float64 `json:"idle_cost"`
	// UsualMinMonths is the renewal minimum many vendors require
	// (RenewalMinimumMonths), checked when min_months was not given.
	UsualMinMonths int `json:"usual_min_months"`
	// UsualPlan and UsualPlanCost are the recommendation and its cost if
	// that minimum applied; UsualChanges says the recommendation would
	// differ, so the reply asks for min_months.
	UsualPlan     Mode    `json:"usual_plan,omitempty"`
	UsualPlanCost float64 `json:"usual_plan_cost,omitempty"`
	UsualChanges  bool    `json:"usual_changes"`
}

func commitment(in Input, a Advice) *Commitment {
	h := a.Horizon
	if h == nil {
		return nil
	}
	m := h.Months
	c := &Commitment{MonthsLeft: m, BilledMonths: h.BilledMonths, MinMonths: in.MinMonths, ReservedCards: len(a.Reserved),
		PlanCost: h.Plan, OnDemandCost: h.OnDemand, ElasticCost: h.Elastic, UsualMinMonths: RenewalMinimumMonths}
	for _, plan := range h.plans {
		for _, p := range plan {
			if !p.Reserved() {
				continue
			}
			c.Committed += p.Cost
			if past := p.StartMonth + p.Months - m; past > 0 && !same(past, 0) {
				c.IdleCost += p.Cost / p.Months * past
			}
		}
	}
	if in.MinMonths == 0 && h.BilledMonths < RenewalMinimumMonths {
		u := a.over(in, m, RenewalMinimumMonths, false)
		c.UsualPlan, c.UsualPlanCost = shapeOf(u.modes), u.Plan
		c.UsualChanges = !equalPlans(u.plans, h.plans)
	}
	return c
}

func equalPlans(x, y []schedule) bool {
	for i := range x {
		if !x[i].same(y[i]) {
			return false
		}
	}
	return len(x) == len(y)
}

// Yearly is the yearly prepay option: the monthly price less a discount,
// paid for YearMonths months at once.
type Yearly struct {
	// Discount is the fraction off the monthly price.
	Discount float64 `json:"discount"`
	// PricePerCardMonth is Monthly × (1 − Discount).
	PricePerCardMonth float64 `json:"price_per_card_month"`
	// Cost is every card on yearly prepay, per month.
	Cost float64 `json:"cost"`
	// BreakEvenHours is PricePerCardMonth / OnDemand.
	BreakEvenHours float64 `json:"break_even_hours"`
	// CardsPastBreakEven counts the cards whose cheapest elastic cost per
	// month exceeds PricePerCardMonth.
	CardsPastBreakEven int `json:"cards_past_break_even"`
	// YearPerCard is YearMonths × PricePerCardMonth, committed per card.
	YearPerCard float64 `json:"year_per_card"`
	// MinMonths is YearMonths × (1 − Discount): a prepaid year costs no more
	// than paying monthly when at least this many months are left.
	MinMonths float64 `json:"min_months"`
	// Known says the months left were given, so Cards and ProjectSavings
	// are computed.
	Known bool `json:"known"`
	// Cards are the cards the plan prepays, busiest first: over the months
	// left a prepaid year is their cheapest option.
	Cards []int `json:"prepay_cards"`
	// ProjectSavings is what prepaying Cards saves over the months left
	// against the cheaper of monthly and elastic for each of them.
	ProjectSavings float64 `json:"project_savings"`
}

func yearly(in Input, a Advice) *Yearly {
	if in.Yearly == nil {
		return nil
	}
	d := in.Yearly.Discount
	y := &Yearly{Discount: d, PricePerCardMonth: in.Monthly * (1 - d), MinMonths: YearMonths * (1 - d)}
	y.Cost = y.PricePerCardMonth * float64(len(a.Cards))
	y.BreakEvenHours = y.PricePerCardMonth / in.OnDemand
	y.YearPerCard = YearMonths * y.PricePerCardMonth
	for _, c := range a.Cards {
		if less(y.PricePerCardMonth, a.elastic(c)) {
			y.CardsPastBreakEven++
		}
	}
	return y
}

// fill records the cards the plan prepays and what that saves.
func (y *Yearly) fill(in Input, a Advice) {
	h := a.Horizon
	y.Known = true
	for _, i := range a.ByHours {
		c := a.Cards[i]
		if c.Mode != YearlyPrepay {
			continue
		}
		alt := math.Min(in.Monthly*h.BilledMonths, a.elastic(c)*h.Months)
		y.Cards = append(y.Cards, i)
		y.ProjectSavings += alt - c.HorizonCost
	}
}
