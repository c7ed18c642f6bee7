package tco

import "math"

// ByProject ranks by the project's total: the monthly TCO over the months
// the project runs (a reserved price for whole months, at least the
// vendor's minimum term) plus the one-off fees (docs/quote.md).
const ByProject Basis = "project_total"

// MaxMonths bounds the project's months (ten years).
const MaxMonths = 120

// OneOff is what a vendor charges once over the project, not by the month:
// set-up, migration in or out, and the egress of moving the data out at the
// end (the workload's exit_egress_gb at the vendor's egress_price, or at
// the reference price when the vendor gave none). The deposit is refundable
// and so kept out of Total, shown apart.
type OneOff struct {
	Setup     float64 `json:"setup_fee"`
	Migration float64 `json:"migration_fee"`
	// ExitEgress is exit_egress_gb × the egress unit price; Estimated when
	// the vendor gave no egress price and the reference filled it (Low and
	// High at the ends of its range).
	ExitEgress          float64 `json:"exit_egress"`
	ExitEgressEstimated bool    `json:"exit_egress_estimated,omitempty"`
	ExitEgressLow       float64 `json:"exit_egress_low,omitempty"`
	ExitEgressHigh      float64 `json:"exit_egress_high,omitempty"`
	// Deposit is refundable: paid up front, returned at the end.
	Deposit float64 `json:"deposit"`
	// Total is Setup + Migration + ExitEgress (the deposit left out).
	Total float64 `json:"total"`
}

// oneOff prices a vendor's one-off fees on the workload.
func oneOff(w Workload, v Vendor) OneOff {
	o := OneOff{Setup: v.SetupFee, Migration: v.MigrationFee, Deposit: v.Deposit}
	if w.ExitEgressGB > 0 {
		if ch := v.Charges[Egress]; ch.HasUnitPrice {
			o.ExitEgress = w.ExitEgressGB * ch.UnitPrice
		} else {
			r, _ := ReferenceFor(Egress)
			o.ExitEgress, o.ExitEgressEstimated = w.ExitEgressGB*r.Price, true
			o.ExitEgressLow, o.ExitEgressHigh = w.ExitEgressGB*r.Low, w.ExitEgressGB*r.High
		}
	}
	if !o.ExitEgressEstimated {
		o.ExitEgressLow, o.ExitEgressHigh = 0, 0
	}
	o.Total = o.Setup + o.Migration + o.ExitEgress
	return o
}

// gpuMonths is how many months of GPU time the project pays a vendor for: a
// reserved (monthly) price for whole months, at least the vendor's minimum
// term; an hourly price for the months the project runs, at least the
// minimum term.
func gpuMonths(months float64, c Cost) float64 {
	if c.Reserved {
		return math.Max(math.Ceil(months), c.Vendor.MinMonths)
	}
	return math.Max(months, c.Vendor.MinMonths)
}

// project fills a vendor's project total over months, with the monthly
// estimates est and the exit egress exit.
func project(months float64, c Cost, est, exit float64) float64 {
	gpu := c.Lines[GPU]
	rest := c.Quoted - gpu + est
	return gpu*gpuMonths(months, c) + rest*months + c.OneOff.Total - c.OneOff.ExitEgress + exit
}
