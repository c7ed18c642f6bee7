package billing

import (
	advisor "gpuadvisor/advisor/billing"
)

// Data is the JSON answer of the billing command. The first fields are the
// contract other parts rely on; keep their names. Money is per month for all
// cards in the input's currency, rounded to cents; hours to hundredths.
type Data struct {
	Command        string  `json:"command"`
	Recommendation string  `json:"recommendation"` // on_demand, monthly, spot or hybrid
	BreakEvenHours float64 `json:"break_even_hours"`
	Costs          Costs   `json:"costs"`
	ReservedCards  int     `json:"reserved_cards"`
	Savings        float64 `json:"savings"` // against every card on-demand
	// Reserved are the 1-based numbers of the cards to reserve, busiest first.
	Reserved       []int   `json:"reserved"`
	SavingsPercent float64 `json:"savings_percent"`
	// Currency is the ISO code of the input's prices, "" when it did not say.
	Currency string    `json:"currency"`
	Cards    int       `json:"cards"`
	Hours    []float64 `json:"hours"` // per card, input order
	Prices   Prices    `json:"prices"`
	// Plan is each card's mode and cost, input order.
	Plan []CardPlan `json:"plan"`
	Spot SpotData   `json:"spot"`
	// FullMonth is the market guide's 24 × 30 h check (docs/domain.md#market-facts).
	FullMonth FullMonth `json:"full_month"`
	Ties      []TieData `json:"ties"`
	// Commitment is null unless months was given.
	Commitment *CommitmentData `json:"commitment"`
	// Yearly is null unless yearly_discount was given.
	Yearly   *YearlyData `json:"yearly"`
	Reason   string      `json:"reason"`
	Warnings []string    `json:"warnings"`
}

// Costs is the monthly cost of each option for all cards. Spot is null when
// no spot price was given; Yearly is omitted when no yearly discount was.
type Costs struct {
	OnDemand float64  `json:"on_demand"`
	Monthly  float64  `json:"monthly"`
	Spot     *float64 `json:"spot"`
	Hybrid   float64  `json:"hybrid"`
	Yearly   *float64 `json:"yearly,omitempty"`
}

// Prices are the prices given.
type Prices struct {
	OnDemand float64  `json:"on_demand"` // per card-hour
	Monthly  float64  `json:"monthly"`   // per card-month
	Spot     *float64 `json:"spot"`      // per card-hour, null when not given
}

// CardPlan is one card of the plan.
type CardPlan struct {
	Card      int      `json:"card"` // 1-based, input order
	Hours     float64  `json:"hours"`
	Mode      string   `json:"mode"`
	Cost      float64  `json:"cost"`
	OnDemand  float64  `json:"on_demand"`
	Monthly   float64  `json:"monthly"`
	Spot      *float64 `json:"spot"`
	SpotHours float64  `json:"spot_hours"` // hours × spot factor
	SpotFits  bool     `json:"spot_fits"`  // spot_hours ≤ 744
}

// SpotData says how spot was priced and whether it took part.
type SpotData struct {
	// Status is not_offered, not_interruptible, not_cheaper or considered.
	Status          string   `json:"status"`
	Interruptible   bool     `json:"interruptible"`
	LostWorkCounted bool     `json:"lost_work_counted"`
	InterruptRate   float64  `json:"interrupt_rate"`
	CheckpointHours float64  `json:"checkpoint_hours"`
	RestartHours    float64  `json:"restart_hours"`
	Factor          float64  `json:"factor"` // 1 + λ × (c/2 + r)
	BreakEvenHours  *float64 `json:"break_even_hours"`
}

// FullMonth is one card on-demand for 24 × 30 h against the monthly fee.
type FullMonth struct {
	Hours            float64 `json:"hours"`
	OnDemandPerCard  float64 `json:"on_demand_per_card"`
	MonthlyShare     float64 `json:"monthly_share"`
	MaxHoursPerMonth float64 `json:"max_hours_per_month"`
}

// TieData is a card where two options cost the same.
type TieData struct {
	Card  int     `json:"card"`
	Chose string  `json:"chose"`
	Over  string  `json:"over"`
	Cost  float64 `json:"cost"`
}

// CommitmentData is the commitment risk over the months left (totals over
// the months, not per month).
type CommitmentData struct {
	MonthsLeft      float64 `json:"months_left"`
	BilledMonths    float64 `json:"billed_months"`
	PlanCost        float64 `json:"plan_cost"`
	OnDemandCost    float64 `json:"on_demand_cost"`
	ElasticCost     float64 `json:"elastic_cost"`
	IdleCost        float64 `json:"idle_cost"`
	RenewalMonths   int     `json:"renewal_minimum_months"`
	RenewalCommit   float64 `json:"renewal_commit"`
	RenewalPlanCost float64 `json:"renewal_plan_cost"`
	RenewalIdleCost float64 `json:"renewal_idle_cost"`
	ReservationPays bool    `json:"reservation_pays"`
	RenewalPays     bool    `json:"renewal_pays"`
}

// YearlyData is the yearly prepay option.
type YearlyData struct {
	DiscountPercent    float64 `json:"discount_percent"`
	PricePerCardMonth  float64 `json:"price_per_card_month"`
	Cost               float64 `json:"cost"` // all cards, per month
	BreakEvenHours     float64 `json:"break_even_hours"`
	CardsPastBreakEven int     `json:"cards_past_break_even"`
	YearPerCard        float64 `json:"year_per_card"`
	MinMonths          float64 `json:"min_months"`
	// PrepayCards are the 1-based cards worth prepaying; null when months
	// was not given.
	PrepayCards    []int    `json:"prepay_cards"`
	ProjectSavings *float64 `json:"project_savings"`
}

func cardNumbers(idx []int) []int {
	out := make([]int, len(idx))
	for i, j := range idx {
		out[i] = j + 1
	}
	return out
}

func data(q query, a advisor.Advice, reason string, warnings []string) Data {
	d := Data{
		Command:        "billing",
		Recommendation: string(a.Recommendation),
		BreakEvenHours: round2(a.BreakEvenHours),
		Costs: Costs{
			OnDemand: round2(a.Costs.OnDemand),
			Monthly:  round2(a.Costs.Monthly),
			Spot:     round2p(a.Costs.Spot),
			Hybrid:   round2(a.Costs.Hybrid),
		},
		ReservedCards:  len(a.Reserved),
		Savings:        round2(a.Savings),
		Reserved:       cardNumbers(a.Reserved),
		SavingsPercent: round2(100 * share(a.Savings, a.Costs.OnDemand)),
		Currency:       q.currency,
		Cards:          len(a.Cards),
		Hours:          q.in.Hours,
		Prices:         Prices{OnDemand: q.in.OnDemand, Monthly: q.in.Monthly},
		Spot:           SpotData{Status: string(a.Spot), Factor: a.SpotFactor},
		FullMonth: FullMonth{Hours: advisor.MonthHours, OnDemandPerCard: round2(a.FullMonthOnDemand),
			MonthlyShare: round2(a.MonthlyShare*10000) / 10000, MaxHoursPerMonth: advisor.MaxMonthHours},
		Ties:     []TieData{},
		Reason:   reason,
		Warnings: warnings,
	}
	if d.Warnings == nil {
		d.Warnings = []string{}
	}
	if s := q.in.Spot; s != nil {
		price := s.Price
		d.Prices.Spot = &price
		d.Spot.Interruptible = s.Interruptible
		d.Spot.LostWorkCounted = s.LossKnown
		d.Spot.InterruptRate, d.Spot.CheckpointHours, d.Spot.RestartHours = s.InterruptRate, s.CheckpointHours, s.RestartHours
		be := round2(a.SpotBreakEvenHours)
		d.Spot.BreakEvenHours = &be
	}
	for _, c := range a.Cards {
		d.Plan = append(d.Plan, CardPlan{Card: c.Index + 1, Hours: c.Hours, Mode: string(c.Mode), Cost: round2(c.Cost),
			OnDemand: round2(c.OnDemand), Monthly: round2(c.Monthly), Spot: round2p(c.Spot), SpotHours: round2(c.SpotHours), SpotFits: c.SpotFits})
	}
	for _, t := range a.Ties {
		d.Ties = append(d.Ties, TieData{Card: t.Card + 1, Chose: string(t.Chose), Over: string(t.Over), Cost: round2(t.Cost)})
	}
	if c := a.Commitment; c != nil {
		d.Commitment = &CommitmentData{MonthsLeft: c.MonthsLeft, BilledMonths: c.BilledMonths, PlanCost: round2(c.PlanCost),
			OnDemandCost: round2(c.OnDemandCost), ElasticCost: round2(c.ElasticCost), IdleCost: round2(c.IdleCost),
			RenewalMonths: c.RenewalMonths, RenewalCommit: round2(c.RenewalCommit), RenewalPlanCost: round2(c.RenewalPlanCost),
			RenewalIdleCost: round2(c.RenewalIdleCost), ReservationPays: c.ReservationPays, RenewalPays: c.RenewalPays}
	}
	if y := a.Yearly; y != nil {
		cost := round2(y.Cost)
		d.Costs.Yearly = &cost
		d.Yearly = &YearlyData{DiscountPercent: round2(100 * y.Discount), PricePerCardMonth: round2(y.PricePerCardMonth), Cost: cost,
			BreakEvenHours: round2(y.BreakEvenHours), CardsPastBreakEven: y.CardsPastBreakEven, YearPerCard: round2(y.YearPerCard),
			MinMonths: round2(y.MinMonths)}
		if y.Known {
			d.Yearly.PrepayCards = cardNumbers(y.Cards)
			s := round2(y.ProjectSavings)
			d.Yearly.ProjectSavings = &s
		}
	}
	return d
}
