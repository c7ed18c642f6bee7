package billing

import (
	"math"
	"sort"
)

// Mode is a way to pay for a card, or the plan's overall shape.
type Mode string

// The modes. Their values are the JSON contract's recommendation values.
const (
	OnDemand Mode = "on_demand"
	Monthly  Mode = "monthly"
	// YearlyPrepay is a yearly prepay: the monthly price less a discount,
	// paid a year at a time.
	YearlyPrepay Mode = "yearly"
	Spot         Mode = "spot"
	Hybrid       Mode = "hybrid"
)

// preference is the order in which equal costs are broken. A card whose busy
// hours reach the break-even is reserved (docs/billing.md: "reserve each card
// whose expected busy hours reach the break-even"), so monthly wins a tie;
// then on-demand, which is never reclaimed, over spot.
var preference = []Mode{Monthly, OnDemand, Spot}

// horizonPreference breaks ties over the months left the same way, with the
// yearly prepay (the longest commitment) last.
var horizonPreference = []Mode{Monthly, OnDemand, Spot, YearlyPrepay}

// SpotStatus says whether spot took part in the plan, and if not, why.
type SpotStatus string

// Spot statuses.
const (
	SpotNotOffered       SpotStatus = "not_offered"       // no spot price given
	SpotNotInterruptible SpotStatus = "not_interruptible" // the work cannot be interrupted
	SpotDearer           SpotStatus = "not_cheaper"       // spot × factor ≥ on-demand per busy hour
	SpotConsidered       SpotStatus = "considered"        // priced per card like the others
)

// Advice is the answer to a billing question. Money is per month for all
// cards, in the input's currency, unless a field says otherwise.
type Advice struct {
	// Recommendation is the plan's shape: every card on one mode, or Hybrid.
	Recommendation Mode `json:"recommendation"`
	// BreakEvenHours is Monthly / OnDemand: the busy hours per card per month
	// at which a reservation costs the same as on-demand.
	BreakEvenHours float64 `json:"break_even_hours"`
	// Costs is the monthly cost of each option for all cards.
	Costs Costs `json:"costs"`
	// Cards is the plan per card, in input order.
	Cards []Card `json:"per_card"`
	// Plan is the plan in phases: the cards on each mode and for how long,
	// busiest cards first; over the months left when they were given, else
	// for one month.
	Plan []Phase `json:"plan"`
	// ByHours lists card indexes (0-based) busiest first; ties keep input order.
	ByHours []int `json:"-"`
	// Reserved lists the indexes of the cards to reserve, busiest first.
	Reserved []int `json:"-"`
	// Savings is Costs.OnDemand − Costs.Hybrid: what the plan saves against
	// running every card on-demand.
	Savings float64 `json:"savings"`
	// Spot says whether spot took part in the plan.
	Spot SpotStatus `json:"spot_status"`
	// SpotFactor is 1 + λ × (c/2 + r), or 1 without spot.
	SpotFactor float64 `json:"spot_factor"`
	// SpotBreakEvenHours is Monthly / (spot price × SpotFactor): the busy
	// hours at which a reservation costs the same as spot; 0 without spot.
	SpotBreakEvenHours float64 `json:"spot_break_even_hours"`
	// FullMonthOnDemand is MonthHours × OnDemand: one card on-demand all of
	// a 30-day month.
	FullMonthOnDemand float64 `json:"full_month_on_demand"`
	// MonthlyShare is Monthly / FullMonthOnDemand (typically 0.6–0.7).
	MonthlyShare float64 `json:"monthly_share"`
	// Ties lists the cards where two options cost the same and the one with
	// less commitment was chosen.
	Ties []Tie `json:"ties"`
	// Commitment is the commitment risk over the months left; nil when the
	// months left were not given.
	Commitment *Commitment `json:"commitment"`
	// Yearly is the yearly prepay option; nil when no discount was given.
	Yearly *Yearly `json:"yearly"`
	// Horizon is every option over the months left, which decided the plan;
	// nil when the months left were not given (the plan is then the
	// cheapest for one month).
	Horizon *Horizon `json:"horizon"`
}

// Costs is the monthly cost of each option for all cards.
type Costs struct {
	// OnDemand is every card on-demand: OnDemand × Σ hours.
	OnDemand float64 `json:"on_demand"`
	// Monthly is every card reserved: Monthly × cards.
	Monthly float64 `json:"monthly"`
	// Spot is every card on spot: spot price × SpotFactor × Σ hours; nil
	// without a spot price.
	Spot *float64 `json:"spot"`
	// Hybrid is each card on its cheapest allowed option: the plan's cost.
	Hybrid float64 `json:"hybrid"`
	// Yearly is every card on yearly prepay, per month: monthly × (1 −
	// discount) × cards; nil without a yearly discount.
	Yearly *float64 `json:"yearly,omitempty"`
}

// Card is one card's prices and the mode the plan puts it on.
type Card struct {
	// Index is the card's position in the input, 0-based.
	Index int `json:"index"`
	// Hours are its busy hours per month.
	Hours float64 `json:"hours"`
	// OnDemand is OnDemand × Hours.
	OnDemand float64 `json:"on_demand"`
	// Monthly is the monthly price.
	Monthly float64 `json:"monthly"`
	// Spot is spot price × SpotHours; nil without a spot price.
	Spot *float64 `json:"spot"`
	// SpotHours is Hours × SpotFactor: the paid spot hours, lost work included.
	SpotHours float64 `json:"spot_hours"`
	// SpotFits is SpotHours ≤ MonthHours: the work fits in a month on spot.
	SpotFits bool `json:"spot_fits"`
	// Mode is where the plan puts the card.
	Mode Mode `json:"mode"`
	// Cost is the cost of Mode per month (the prepaid price per month for
	// Yearly).
	Cost float64 `json:"cost"`
	// HorizonCost is the cost of the card's plan over the months left; 0
	// without them.
	HorizonCost float64 `json:"horizon_cost,omitempty"`
	// Phases is the card's plan over the months left when it combines
	// modes (reserved months, then on-demand); nil otherwise. Mode is then
	// the first phase's.
	Phases []Phase `json:"phases,omitempty"`
}

// Tie is a card where the chosen option costs the same as another.
type Tie struct {
	// Card is the card's index, 0-based.
	Card int `json:"card"`
	// Chose is the mode chosen, with less commitment.
	Chose Mode `json:"chose"`
	// Over is the mode it was chosen over.
	Over Mode `json:"over"`
	// Cost is what both cost.
	Cost float64 `json:"cost"`
}

// Advise prices every option for the input and picks the cheapest plan. It
// returns a *FieldError for input the rules cannot price.
func Advise(in Input) (Advice, error) {
	if err := in.Validate(); err != nil {
		return Advice{}, err
	}
	a := Advice{
		BreakEvenHours:    in.Monthly / in.OnDemand,
		Spot:              spotStatus(in),
		SpotFactor:        1,
		FullMonthOnDemand: MonthHours * in.OnDemand,
	}
	a.MonthlyShare = in.Monthly / a.FullMonthOnDemand
	if in.Spot != nil {
		a.SpotFactor = in.Spot.Factor()
		a.SpotBreakEvenHours = in.Monthly / (in.Spot.Price * a.SpotFactor)
	}
	a.Cards = make([]Card, len(in.Hours))
	var spotTotal float64
	for i, h := range in.Hours {
		c := Card{Index: i, Hours: h, OnDemand: in.OnDemand * h, Monthly: in.Monthly, SpotHours: h}
		if in.Spot != nil {
			c.SpotHours = h * a.SpotFactor
			cost := in.Spot.Price * c.SpotHours
			c.Spot = &cost
			spotTotal += cost
		}
		c.SpotFits = c.SpotHours <= MonthHours
		c.Mode, c.Cost = a.choose(c, &a.Ties)
		a.Cards[i] = c
		a.Costs.OnDemand += c.OnDemand
		a.Costs.Monthly += c.Monthly
		a.Costs.Hybrid += c.Cost
	}
	if in.Spot != nil {
		a.Costs.Spot = &spotTotal
	}
	a.Savings = a.Costs.OnDemand - a.Costs.Hybrid
	a.ByHours = make([]int, len(a.Cards))
	for i := range a.ByHours {
		a.ByHours[i] = i
	}
	sort.SliceStable(a.ByHours, func(x, y int) bool { return in.Hours[a.ByHours[x]] > in.Hours[a.ByHours[y]] })
	a.Yearly = yearly(in, a)
	if a.Yearly != nil {
		c := a.Yearly.Cost
		a.Costs.Yearly = &c
	}
	if in.MonthsLeft > 0 {
		a.Horizon = a.over(in, in.MonthsLeft, in.MinMonths, true)
		a.Costs.Hybrid, a.Ties = 0, a.Horizon.ties
		for i, c := range a.Cards {
			c.Mode, c.HorizonCost = a.Horizon.modes[i], a.Horizon.costs[i]
			if p := a.Horizon.plans[i]; len(p) > 1 {
				c.Phases = p
			}
			c.Cost = a.monthCost(in, c)
			a.Cards[i] = c
			a.Costs.Hybrid += c.Cost
		}
		a.Savings = a.Costs.OnDemand - a.Costs.Hybrid
		a.Plan = group(a.ByHours, a.Horizon.plans)
	} else {
		plans := make([]schedule, len(a.Cards))
		for i, c := range a.Cards {
			plans[i] = monthSchedule(c)
		}
		a.Plan = group(a.ByHours, plans)
	}
	a.Reserved = nil
	for _, i := range a.ByHours {
		if m := a.Cards[i].Mode; m == Monthly || m == YearlyPrepay {
			a.Reserved = append(a.Reserved, i)
		}
	}
	a.Recommendation = shape(a.Cards)
	a.Commitment = commitment(in, a)
	if a.Yearly != nil && a.Horizon != nil {
		a.Yearly.fill(in, a)
	}
	return a, nil
}

// monthCost is a card's cost per month on its mode.
func (a *Advice) monthCost(in Input, c Card) float64 {
	switch c.Mode {
	case Monthly:
		return c.Monthly
	case YearlyPrepay:
		return a.Yearly.PricePerCardMonth
	case Spot:
		return *c.Spot
	}
	return c.OnDemand
}

func spotStatus(in Input) SpotStatus {
	switch {
	case in.Spot == nil:
		return SpotNotOffered
	case !in.Spot.Interruptible:
		return SpotNotInterruptible
	case !less(in.Spot.Price*in.Spot.Factor(), in.OnDemand):
		return SpotDearer
	}
	return SpotConsidered
}

// choose picks the cheapest allowed mode of one card; at equal cost the
// earlier mode of preference wins and the tie is recorded.
func (a *Advice) choose(c Card, ties *[]Tie) (Mode, float64) {
	return pick(c.Index, preference, func(m Mode) (float64, bool) { return a.allowed(c, m) }, ties)
}

// pick returns the mode of order with the lowest cost (those cost says are
// not allowed left out); at equal cost the earlier mode wins, and each tie
// is appended to ties when ties is not nil.
func pick(card int, order []Mode, cost func(Mode) (float64, bool), ties *[]Tie) (Mode, float64) {
	best, bestCost := Mode(""), 0.0
	var costs [5]float64 // order is preference or horizonPreference: at most five modes
	var allowed [5]bool
	for i, m := range order {
		c, ok := cost(m)
		if !ok {
			continue
		}
		costs[i], allowed[i] = c, true
		if best == "" || less(c, bestCost) {
			best, bestCost = m, c
		}
	}
	if ties != nil {
		for i, m := range order {
			if allowed[i] && m != best && same(costs[i], bestCost) {
				*ties = append(*ties, Tie{Card: card, Chose: best, Over: m, Cost: bestCost})
			}
		}
	}
	return best, bestCost
}

// allowed is the card's cost on mode m, and whether the plan may use it:
// spot only when considered and when the work fits in a month on spot.
func (a *Advice) allowed(c Card, m Mode) (float64, bool) {
	switch m {
	case OnDemand:
		return c.OnDemand, true
	case Monthly:
		return c.Monthly, true
	case Spot:
		if a.SpotAllowed(c) {
			return *c.Spot, true
		}
	}
	return 0, false
}

// SpotAllowed reports whether the plan may put card c on spot: spot is
// considered (offered, interruptible, cheaper than on-demand per busy hour)
// and the card's spot time fits in a month.
func (a *Advice) SpotAllowed(c Card) bool {
	return a.Spot == SpotConsidered && c.Spot != nil && c.SpotFits
}

func shape(cards []Card) Mode {
	m := cards[0].Mode
	for _, c := range cards[1:] {
		if c.Mode != m {
			return Hybrid
		}
	}
	return m
}

// elastic is the cost of a card on its cheapest mode without a reservation.
func (a *Advice) elastic(c Card) float64 {
	cost := c.OnDemand
	if s, ok := a.allowed(c, Spot); ok && less(s, cost) {
		cost = s
	}
	return cost
}

// less and same compare money with a relative tolerance, so that a price
// typed as 15000 and 35 × 428.57… compare as the numbers people meant.
func less(x, y float64) bool { return x < y-tol(x, y) }

func same(x, y float64) bool { return math.Abs(x-y) <= tol(x, y) }

func tol(x, y float64) float64 { return 1e-9 * math.Max(1, math.Max(math.Abs(x), math.Abs(y))) }
