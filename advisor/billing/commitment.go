package billing

import "math"

// Commitment is the risk of a reservation when the project ends early: a
// reserved card is paid for whole months whether it runs or not, and a
// renewal usually commits RenewalMinimumMonths months at once.
type Commitment struct {
	// MonthsLeft is how long the project still runs.
	MonthsLeft float64
	// BilledMonths is ⌈MonthsLeft⌉: a reservation is paid by whole months.
	BilledMonths float64
	// ReservedCards is how many cards the plan reserves.
	ReservedCards int
	// PlanCost is the plan over the months left: reserved cards × Monthly ×
	// BilledMonths + the other cards' monthly cost × MonthsLeft.
	PlanCost float64
	// OnDemandCost is every card on-demand for the months left.
	OnDemandCost float64
	// ElasticCost is every card on its cheapest mode without a reservation
	// (on-demand, or spot when allowed) for the months left.
	ElasticCost float64
	// IdleCost is reserved cards × Monthly × (BilledMonths − MonthsLeft): the
	// reservation paid after the project has ended.
	IdleCost float64
	// RenewalMonths is the renewal minimum assumed (RenewalMinimumMonths).
	RenewalMonths int
	// RenewalCommit is reserved cards × Monthly × RenewalMonths: what one
	// renewal of the reserved cards commits to.
	RenewalCommit float64
	// RenewalPlanCost is PlanCost when the reservation must run at least
	// RenewalMonths: reserved × Monthly × max(BilledMonths, RenewalMonths)
	// + the other cards × MonthsLeft.
	RenewalPlanCost float64
	// RenewalIdleCost is the reservation paid after the project ends under
	// the renewal minimum.
	RenewalIdleCost float64
	// ReservationPays is PlanCost < ElasticCost: over the months left, the
	// reservation still beats staying elastic. False when nothing is reserved.
	ReservationPays bool
	// RenewalPays is RenewalPlanCost < ElasticCost.
	RenewalPays bool
}

func commitment(in Input, a Advice) *Commitment {
	m := in.MonthsLeft
	if m <= 0 {
		return nil
	}
	c := &Commitment{MonthsLeft: m, BilledMonths: math.Ceil(m), ReservedCards: len(a.Reserved), RenewalMonths: RenewalMinimumMonths}
	var rest float64
	for _, card := range a.Cards {
		e := a.elastic(card)
		c.ElasticCost += e * m
		c.OnDemandCost += card.OnDemand * m
		if card.Mode != Monthly {
			rest += card.Cost
		}
	}
	k := float64(c.ReservedCards)
	renewalMonths := math.Max(c.BilledMonths, RenewalMinimumMonths)
	c.PlanCost = k*in.Monthly*c.BilledMonths + rest*m
	c.IdleCost = k * in.Monthly * (c.BilledMonths - m)
	c.RenewalCommit = k * in.Monthly * RenewalMinimumMonths
	c.RenewalPlanCost = k*in.Monthly*renewalMonths + rest*m
	c.RenewalIdleCost = k * in.Monthly * (renewalMonths - m)
	c.ReservationPays = c.ReservedCards > 0 && less(c.PlanCost, c.ElasticCost)
	c.RenewalPays = c.ReservedCards > 0 && less(c.RenewalPlanCost, c.ElasticCost)
	return c
}

// Yearly is the yearly prepay option: the monthly price less a discount,
// paid for YearMonths months at once.
type Yearly struct {
	// Discount is the fraction off the monthly price.
	Discount float64
	// PricePerCardMonth is Monthly × (1 − Discount).
	PricePerCardMonth float64
	// Cost is every card on yearly prepay, per month.
	Cost float64
	// BreakEvenHours is PricePerCardMonth / OnDemand.
	BreakEvenHours float64
	// CardsPastBreakEven counts the cards whose cheapest elastic cost per
	// month exceeds PricePerCardMonth.
	CardsPastBreakEven int
	// YearPerCard is YearMonths × PricePerCardMonth, committed per card.
	YearPerCard float64
	// MinMonths is YearMonths × (1 − Discount): a prepaid year costs no more
	// than paying monthly when at least this many months are left.
	MinMonths float64
	// Known says the months left were given, so Cards and ProjectSavings
	// are computed.
	Known bool
	// Cards are the cards worth prepaying, busiest first: over the months
	// left, YearPerCard × ⌈months/12⌉ is below both the monthly reservation
	// (Monthly × ⌈months⌉) and the card's elastic cost × months.
	Cards []int
	// ProjectSavings is what prepaying Cards saves over the months left
	// against the cheaper of monthly and elastic for each of them.
	ProjectSavings float64
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
	m := in.MonthsLeft
	if m <= 0 {
		return y
	}
	y.Known = true
	prepaid := y.YearPerCard * math.Ceil(m/YearMonths)
	for _, i := range a.ByHours {
		alt := math.Min(in.Monthly*math.Ceil(m), a.elastic(a.Cards[i])*m)
		if less(prepaid, alt) {
			y.Cards = append(y.Cards, i)
			y.ProjectSavings += alt - prepaid
		}
	}
	return y
}
