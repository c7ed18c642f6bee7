package billing

import "math"

// Phase is one stretch of a plan over the months left: some cards on one
// mode for a number of months, starting StartMonth months from now. A plan
// reserves whole months (or whole years) first and then, when the project
// ends within a month it would pay for, runs the rest elastic: "reserve 8
// cards for 1 month, then on demand for the last half month".
type Phase struct {
	// Mode is how the cards are paid for in this phase.
	Mode Mode `json:"mode"`
	// Cards is how many cards the phase holds.
	Cards int `json:"cards"`
	// StartMonth is when the phase starts, in months from now.
	StartMonth float64 `json:"start_month"`
	// Months is how long it is paid for: whole months for a monthly
	// reservation, 12 per prepaid year, the months it runs for on-demand
	// and spot.
	Months float64 `json:"months"`
	// Hours are the busy card-hours of the phase, all its cards (hours a
	// month × Months, summed), for on-demand and spot; 0 for a reservation.
	Hours float64 `json:"hours,omitempty"`
	// Cost is what the phase costs for all its cards.
	Cost float64 `json:"cost"`
}

// Reserved reports whether the phase is paid whatever the hours (monthly or
// yearly).
func (p Phase) Reserved() bool { return p.Mode == Monthly || p.Mode == YearlyPrepay }

// schedule is one card's plan: its phases, in order, each for one card.
type schedule []Phase

func (s schedule) cost() float64 {
	var c float64
	for _, p := range s {
		c += p.Cost
	}
	return c
}

// same reports whether two schedules are the same plan (the same modes
// for the same months), so that their cards can be shown as one group.
func (s schedule) same(o schedule) bool {
	if len(s) != len(o) {
		return false
	}
	for i := range s {
		x, y := s[i], o[i]
		if x.Mode != y.Mode || !same(x.StartMonth, y.StartMonth) || !same(x.Months, y.Months) {
			return false
		}
	}
	return true
}

// pure is the schedule of card c on one mode over the horizon: a
// reservation for its billed months or prepaid years, on-demand or spot for
// the months left.
func (h *Horizon) pure(a *Advice, in Input, c Card, m Mode, cost float64) schedule {
	switch m {
	case Monthly:
		return schedule{{Mode: m, Cards: 1, Months: h.BilledMonths, Cost: cost}}
	case YearlyPrepay:
		return schedule{{Mode: m, Cards: 1, Months: YearMonths * h.PrepaidYears, Cost: cost}}
	}
	return schedule{{Mode: m, Cards: 1, Months: h.Months, Hours: c.Hours * h.Months, Cost: cost}}
}

// phased is the cheapest plan of card c that combines modes over the
// months left: Y prepaid years, then k whole reserved months (at least the
// minimum term), then the rest elastic (on-demand, or spot when allowed).
// ok is false when no plan of two phases or more exists. At equal cost the
// plan that commits to fewer years, then fewer months, wins.
func (h *Horizon) phased(a *Advice, in Input, c Card) (schedule, bool) {
	months := h.Months
	elastic, elasticMode := c.OnDemand, OnDemand
	if s, ok := a.allowed(c, Spot); ok && less(s, elastic) {
		elastic, elasticMode = s, Spot
	}
	minK := math.Ceil(h.MinMonths)
	maxY := 0.0
	if a.Yearly != nil {
		maxY = math.Ceil(months / YearMonths)
	}
	var best schedule
	bestCost := 0.0
	for y := 0.0; y <= maxY; y++ {
		rem := months - YearMonths*y
		if rem <= 0 {
			break // a whole prepaid plan: priced as the yearly mode
		}
		for k := 0.0; k <= math.Ceil(rem); k++ {
			if k > 0 && k < minK {
				continue
			}
			tail := math.Max(0, rem-k)
			var s schedule
			start := 0.0
			if y > 0 {
				s = append(s, Phase{Mode: YearlyPrepay, Cards: 1, Months: YearMonths * y, Cost: a.Yearly.YearPerCard * y})
				start = YearMonths * y
			}
			if k > 0 {
				s = append(s, Phase{Mode: Monthly, Cards: 1, StartMonth: start, Months: k, Cost: in.Monthly * k})
				start += k
			}
			if tail > 0 && !same(tail, 0) {
				s = append(s, Phase{Mode: elasticMode, Cards: 1, StartMonth: start, Months: tail, Hours: c.Hours * tail, Cost: elastic * tail})
			}
			if len(s) < 2 {
				continue
			}
			if cost := s.cost(); best == nil || less(cost, bestCost) {
				best, bestCost = s, cost
			}
		}
	}
	return best, best != nil
}

// monthSchedule is a card's plan without the months left: one month on its
// mode.
func monthSchedule(c Card) schedule {
	p := Phase{Mode: c.Mode, Cards: 1, Months: 1, Cost: c.Cost}
	if !p.Reserved() {
		p.Hours = c.Hours
	}
	return schedule{p}
}

// group joins the cards whose schedules are the same, in the order given
// (busiest first), into the plan's phases: each phase's Cards, Hours and
// Cost are for the whole group.
func group(order []int, plans []schedule) []Phase {
	var groups []schedule
	for _, i := range order {
		found := false
		for g := range groups {
			if groups[g].same(plans[i]) {
				for j, p := range plans[i] {
					groups[g][j].Cards++
					groups[g][j].Hours += p.Hours
					groups[g][j].Cost += p.Cost
				}
				found = true
				break
			}
		}
		if !found {
			groups = append(groups, append(schedule(nil), plans[i]...))
		}
	}
	var out []Phase
	for _, s := range groups {
		out = append(out, s...)
	}
	return out
}
