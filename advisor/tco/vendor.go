package tco

import (
	"fmt"
	"math"
)

// Line is one line item of a monthly bill. Its value is the JSON key used in
// "line_items".
type Line string

// The line items of a monthly TCO, in bill order.
const (
	GPU       Line = "gpu"
	Storage   Line = "storage"
	Snapshots Line = "snapshots"
	Egress    Line = "egress"
	Intranet  Line = "intranet"
	Support   Line = "support"
	Licences  Line = "licences"
)

// Lines lists every line item in bill order.
var Lines = []Line{GPU, Storage, Snapshots, Egress, Intranet, Support, Licences}

// Extras are the line items besides GPU time, in bill order.
var Extras = []Line{Storage, Snapshots, Egress, Intranet, Support, Licences}

// StorageNetwork are the extras the market guide's (docs/domain.md#market-facts) "storage and network run about 20%
// of a long training quote" covers; a missing one is estimated from that share.
var StorageNetwork = []Line{Storage, Snapshots, Egress, Intranet}

// MaxHours is the most GPU hours a card can run in a month (31 days × 24 h).
const MaxHours = 744

// Charge is one extra line item as a quote states it: a monthly fee, or a
// volume in GB times a unit price (¥ per GB, or per GB-month for storage and
// snapshots), less a free quota for intranet traffic. A fee wins over a volume
// and unit price. A zero fee that is set means "included".
type Charge struct {
	Fee          float64 // ¥ per month
	HasFee       bool    // Fee was stated (0 means included or free)
	Volume       float64 // GB held (storage, snapshots) or transferred (egress, intranet) per month
	HasVolume    bool
	UnitPrice    float64 // ¥ per GB (per GB-month for storage and snapshots)
	HasUnitPrice bool
	FreeGB       float64 // free quota in GB per month (intranet)
	HasFreeGB    bool
}

// Stated reports whether the quote says anything about this item.
func (c Charge) Stated() bool { return c.HasFee || c.HasVolume || c.HasUnitPrice || c.HasFreeGB }

// Priced reports whether the item's monthly amount can be computed: a fee, a
// volume with a unit price, or a volume within the free quota (nothing is
// over the quota, so no unit price is needed).
func (c Charge) Priced() bool {
	return c.HasFee || c.HasVolume && (c.HasUnitPrice || c.HasFreeGB && c.Volume <= c.FreeGB)
}

// Amount is the monthly amount of a priced charge: the fee, or
// max(0, volume − free quota) × unit price.
func (c Charge) Amount() float64 {
	if c.HasFee {
		return c.Fee
	}
	return math.Max(0, c.Volume-c.FreeGB) * c.UnitPrice
}

// Vendor is one vendor's quote.
type Vendor struct {
	// Name labels the vendor; names must be unique within a comparison.
	Name string
	// PricePerCardHour is the on-demand price in ¥ per card-hour.
	PricePerCardHour float64
	// MonthlyPerCard is a reserved price in ¥ per card per month, used when
	// PricePerCardHour is 0.
	MonthlyPerCard float64
	// Cards is the number of cards rented.
	Cards int
	// Hours is the GPU hours per card this month; 0 means Options.Hours.
	Hours float64
	// TokensPerSec is the measured training throughput of all Cards
	// together; 0 means not measured.
	TokensPerSec float64
	// RunTokens overrides Options.RunTokens for this vendor; 0 means the option.
	RunTokens float64
	// Charges holds the extra line items the quote states, keyed by line.
	Charges map[Line]Charge
}

// Problem says why an input cannot be used.
type Problem string

// The problems Validate and Compare report.
const (
	ProblemMissing   Problem = "missing"   // a required value is absent
	ProblemNegative  Problem = "negative"  // a value below zero
	ProblemZero      Problem = "zero"      // a value that must be above zero is zero
	ProblemTooLarge  Problem = "too_large" // above the accepted maximum
	ProblemNotNumber Problem = "not_number"
	ProblemDuplicate Problem = "duplicate" // two vendors with one name
	ProblemNoVendors Problem = "no_vendors"
)

// FieldError names the vendor and field an input problem is about. Field uses
// the command language's key names (price, cards, hours, storage_gb, ...).
type FieldError struct {
	Vendor  string
	Field   string
	Problem Problem
	Value   float64
	Limit   float64 // the maximum, for ProblemTooLarge
}

func (e *FieldError) Error() string {
	who := e.Vendor
	if who == "" {
		who = "quote"
	}
	switch e.Problem {
	case ProblemTooLarge:
		return fmt.Sprintf("%s: %s=%g is above the maximum %g", who, e.Field, e.Value, e.Limit)
	case ProblemMissing, ProblemDuplicate, ProblemNoVendors:
		return fmt.Sprintf("%s: %s: %s", who, e.Field, e.Problem)
	}
	return fmt.Sprintf("%s: %s=%g: %s", who, e.Field, e.Value, e.Problem)
}

// Validate checks one vendor's quote. It returns a *FieldError for the first
// problem: no price (neither PricePerCardHour nor MonthlyPerCard), fewer than
// one card, hours outside (0, MaxHours], and any negative or non-finite number.
func (v Vendor) Validate() error {
	bad := func(field string, p Problem, val float64) error {
		return &FieldError{Vendor: v.Name, Field: field, Problem: p, Value: val}
	}
	type field struct {
		name string
		v    float64
	}
	nums := []field{{"price", v.PricePerCardHour}, {"monthly", v.MonthlyPerCard}, {"hours", v.Hours}, {"tokens_s", v.TokensPerSec}, {"run_tokens", v.RunTokens}}
	for _, l := range Extras {
		c := v.Charges[l]
		nums = append(nums, field{string(l) + "_fee", c.Fee}, field{string(l) + "_gb", c.Volume},
			field{string(l) + "_price", c.UnitPrice}, field{string(l) + "_quota", c.FreeGB})
	}
	for _, n := range nums {
		if math.IsNaN(n.v) || math.IsInf(n.v, 0) {
			return bad(n.name, ProblemNotNumber, 0)
		}
		if n.v < 0 {
			return bad(n.name, ProblemNegative, n.v)
		}
	}
	if v.PricePerCardHour == 0 && v.MonthlyPerCard == 0 {
		return bad("price", ProblemMissing, 0)
	}
	if v.Cards < 1 {
		if v.Cards < 0 {
			return bad("cards", ProblemNegative, float64(v.Cards))
		}
		return bad("cards", ProblemMissing, 0)
	}
	if v.Hours > MaxHours {
		return &FieldError{Vendor: v.Name, Field: "hours", Problem: ProblemTooLarge, Value: v.Hours, Limit: MaxHours}
	}
	return nil
}
