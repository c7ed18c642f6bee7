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
	Spot     Mode = "spot"
	Hybrid   Mode = "hybrid"
)

// preference is the order in which equal costs are broken. A card whose busy
// hours reach the break-even is reserved (docs/billing.md: "reserve each card
// whose expected busy hours reach the break-even"), so monthly wins a tie;
// then on-demand, which is never reclaimed, over spot.
var preference = []Mode{Monthly, OnDemand, Spot}

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
	Recommendation Mode
	// BreakEvenHours is Monthly / OnDemand: the busy hours per card per month
	// at which a reservation costs the same as on-demand.
	BreakEvenHours float64
	// Costs is the monthly cost of each option for all cards.
	Costs Costs
	// Cards is the plan per card, in input order.
	Cards []Card
	// ByHours lists card indexes (0-based) busiest first; ties keep input order.
	ByHours []int
	// Reserved lists the indexes of the cards to reserve, busiest first.
	Reserved []int
	// Savings is Costs.OnDemand − Costs.Hybrid: what the plan saves against
	// running every card on-demand.
	Savings float64
	// Spot says whether spot took part in the plan.
	Spot SpotStatus
	// SpotFactor is 1 + λ × (c/2 + r), or 1 without spot.
	SpotFactor float64
	// SpotBreakEvenHours is Monthly / (spot price × SpotFactor): the busy
	// hours at which a reservation costs the same as spot; 0 without spot.
	SpotBreakEvenHours float64
	// FullMonthOnDemand is MonthHours × OnDemand: one card on-demand all of
	// a 30-day month.
	FullMonthOnDemand float64
	// MonthlyShare is Monthly / FullMonthOnDemand (typically 0.6–0.7).
	MonthlyShare float64
	// Ties lists the cards where two options cost the same and the one with
	// less commitment was chosen.
	Ties []Tie
	// Commitment is the commitment risk over the months left; nil when the
	// months left were not given.
	Commitment *Commitment
	// Yearly is the yearly prepay option; nil when no discount was given.
	Yearly *Yearly
}

// Costs is the monthly cost of each option for all cards.
type Costs struct {
	// OnDemand is every card on-demand: OnDemand × Σ hours.
	OnDemand float64
	// Monthly is every card reserved: Monthly × cards.
	Monthly float64
	// Spot is every card on spot: spot price × SpotFactor × Σ hours; nil
	// without a spot price.
	Spot *float64
	// Hybrid is each card on its cheapest allowed option: the plan's cost.
	Hybrid float64
}

// Card is one card's prices and the mode the plan puts it on.
type Card struct {
	// Index is the card's position in the input, 0-based.
	Index int
	// Hours are its busy hours per month.
	Hours float64
	// OnDemand is OnDemand × Hours.
	OnDemand float64
	// Monthly is the monthly price.
	Monthly float64
	// Spot is spot price × SpotHours; nil without a spot price.
	Spot *float64
	// SpotHours is Hours × SpotFactor: the paid spot hours, lost work included.
	SpotHours float64
	// SpotFits is SpotHours ≤ MaxMonthHours: the work fits in a month on spot.
	SpotFits bool
	// Mode is where the plan puts the card.
	Mode Mode
	// Cost is the cost of Mode.
	Cost float64
}

// Tie is a card where the chosen option costs the same as another.
type Tie struct {
	// Card is the card's index, 0-based.
	Card int
	// Chose is the mode chosen, with less commitment.
	Chose Mode
	// Over is the mode it was chosen over.
	Over Mode
	// Cost is what both cost.
	Cost float64
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
		c.SpotFits = c.SpotHours <= MaxMonthHours
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
	for _, i := range a.ByHours {
		if a.Cards[i].Mode == Monthly {
			a.Reserved = append(a.Reserved, i)
		}
	}
	a.Recommendation = shape(a.Cards)
	a.Commitment = commitment(in, a)
	a.Yearly = yearly(in, a)
	return a, nil
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
	best, bestCost := Mode(""), 0.0
	type option struct {
		mode Mode
		cost float64
	}
	var opts []option
	for _, m := range preference {
		cost, ok := a.allowed(c, m)
		if !ok {
			continue
		}
		opts = append(opts, option{m, cost})
		if best == "" || less(cost, bestCost) {
			best, bestCost = m, cost
		}
	}
	for _, o := range opts {
		if o.mode != best && same(o.cost, bestCost) {
			*ties = append(*ties, Tie{Card: c.Index, Chose: best, Over: o.mode, Cost: bestCost})
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
