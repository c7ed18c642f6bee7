package billing

import (
	advisor "gpuadvisor/advisor/billing"
)

// Data is the JSON answer of the billing command: the domain's advice,
// flattened (recommendation, break_even_hours, costs, plan, ties,
// commitment, yearly, horizon), with the input it answered and the words
// of the reply. Money is in the input's currency; docs/billing.md lists
// every field.
type Data struct {
	Command string `json:"command"`
	advisor.Advice
	// Prices are the prices given.
	Prices Prices `json:"prices"`
	// Hours are the busy hours per card a month, input order.
	Hours []float64 `json:"hours"`
	// CardCount is the number of cards.
	CardCount int `json:"cards"`
	// ReservedCards and Reserved are the cards the plan reserves (monthly
	// or yearly), Reserved as 1-based card numbers, busiest first.
	ReservedCards int   `json:"reserved_cards"`
	Reserved      []int `json:"reserved"`
	// SavingsPercent is savings / costs.on_demand × 100.
	SavingsPercent float64 `json:"savings_percent"`
	// Currency is the ISO code of the input's prices, "" when it did not say.
	Currency string `json:"currency"`
	// SpotOffer is the spot price and what an interruption costs; null
	// without a spot price.
	SpotOffer *advisor.SpotOffer `json:"spot_offer"`
	// MinMonths is min_months as given (0: not given).
	MinMonths float64 `json:"min_months"`
	// Assumptions are values read on an assumption (hours per day).
	Assumptions []string `json:"assumptions,omitempty"`
	Reason      string   `json:"reason"`
	Warnings    []string `json:"warnings"`
}

// Prices are the prices given, per card-hour (on_demand, spot) and per
// card-month (monthly).
type Prices struct {
	OnDemand float64  `json:"on_demand"`
	Monthly  float64  `json:"monthly"`
	Spot     *float64 `json:"spot"`
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
		Advice:         a,
		Prices:         Prices{OnDemand: q.in.OnDemand, Monthly: q.in.Monthly},
		Hours:          q.in.Hours,
		CardCount:      len(a.Cards),
		ReservedCards:  len(a.Reserved),
		Reserved:       cardNumbers(a.Reserved),
		SavingsPercent: round2(100 * share(a.Savings, a.Costs.OnDemand)),
		Currency:       q.currency,
		SpotOffer:      q.in.Spot,
		MinMonths:      q.in.MinMonths,
		Assumptions:    q.assumptions,
		Reason:         reason,
		Warnings:       warnings,
	}
	if d.Warnings == nil {
		d.Warnings = []string{}
	}
	if s := q.in.Spot; s != nil {
		price := s.Price
		d.Prices.Spot = &price
	}
	return d
}
