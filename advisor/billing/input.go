package billing

import (
	"fmt"
	"math"
)

// Limits and calendar constants of the billing rules.
const (
	// MonthHours is the 30-day month of 24 h used for "running all month"
	// (30 × 24 = 720 h, the market guide's 24×30 on-demand figure, docs/domain.md#market-facts).
	MonthHours = 720
	// MaxMonthHours is the most hours a card can run in a calendar month
	// (31 × 24 = 744 h); more is an input error.
	MaxMonthHours = 744
	// MaxCards is the most cards one question may price.
	MaxCards = 1000
	// RenewalMinimumMonths is the usual minimum term of a monthly renewal
	// (the market guides: "至少续租3个月", docs/domain.md#market-facts).
	RenewalMinimumMonths = 3
	// YearMonths is the term of a yearly prepay.
	YearMonths = 12
)

// Input is one billing question. Money is in one currency, whatever the
// caller's; hours are busy hours per card per month.
type Input struct {
	// Hours are the expected busy hours of each card in a month, one entry
	// per card, each in [0, MaxMonthHours].
	Hours []float64
	// OnDemand is the on-demand price per card-hour (> 0).
	OnDemand float64
	// Monthly is the monthly reservation price per card-month (> 0).
	Monthly float64
	// Spot is the spot/preemptible offer, nil when there is none.
	Spot *SpotOffer
	// MonthsLeft is how many months the project still runs; 0 means not
	// given (the commitment risk is then not computed).
	MonthsLeft float64
	// Yearly is the yearly prepay offer, nil when there is none.
	Yearly *YearlyOffer
}

// SpotOffer is a spot (preemptible) price and what an interruption costs.
type SpotOffer struct {
	// Price is the spot price per card-hour (> 0).
	Price float64
	// Interruptible says the work tolerates being reclaimed (checkpoints and
	// restarts). When false, spot is priced for information but never chosen.
	Interruptible bool
	// LossKnown says InterruptRate, CheckpointHours and RestartHours were
	// given. Without them the lost work is not counted (factor 1), which is
	// only accepted when the work is not interruptible (spot is then never
	// chosen anyway).
	LossKnown bool
	// InterruptRate is λ, interruptions per hour (≥ 0).
	InterruptRate float64
	// CheckpointHours is c, the checkpoint interval in hours (≥ 0).
	CheckpointHours float64
	// RestartHours is r, the restart overhead per interruption in hours (≥ 0).
	RestartHours float64
}

// YearlyOffer is a yearly prepay discount on the monthly price.
type YearlyOffer struct {
	// Discount is the fraction off the monthly price, in [0, 1): 0.1 for 10%.
	Discount float64
}

// Factor is the spot overhead factor 1 + λ × (c/2 + r): each interruption
// loses on average half a checkpoint interval of work plus the restart, so
// H busy hours take H × Factor paid spot hours.
func (s SpotOffer) Factor() float64 {
	if !s.LossKnown {
		return 1
	}
	return 1 + s.InterruptRate*(s.CheckpointHours/2+s.RestartHours)
}

// FieldError is an input the rules cannot price. Key names the input field
// with the command language's key name (hours, ondemand, monthly, spot,
// interrupt_rate, checkpoint, restart, months, yearly_discount, cards).
type FieldError struct {
	Key    string
	Reason string
}

// Error says which key is wrong and why.
func (e *FieldError) Error() string { return "billing: " + e.Key + ": " + e.Reason }

func fieldErr(key, format string, args ...any) error {
	return &FieldError{Key: key, Reason: fmt.Sprintf(format, args...)}
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Validate reports the first input the rules cannot price, as a *FieldError.
func (in Input) Validate() error {
	if len(in.Hours) == 0 {
		return fieldErr("hours", "no cards: give the busy hours of at least one card")
	}
	if len(in.Hours) > MaxCards {
		return fieldErr("cards", "%d cards is more than %d", len(in.Hours), MaxCards)
	}
	for i, h := range in.Hours {
		if !finite(h) || h < 0 || h > MaxMonthHours {
			return fieldErr("hours", "card %d: %v h is outside 0..%d", i+1, h, MaxMonthHours)
		}
	}
	if !finite(in.OnDemand) || in.OnDemand <= 0 {
		return fieldErr("ondemand", "price per card-hour must be more than 0, got %v", in.OnDemand)
	}
	if !finite(in.Monthly) || in.Monthly <= 0 {
		return fieldErr("monthly", "price per card-month must be more than 0, got %v", in.Monthly)
	}
	if s := in.Spot; s != nil {
		if !finite(s.Price) || s.Price <= 0 {
			return fieldErr("spot", "price per card-hour must be more than 0, got %v", s.Price)
		}
		if s.Interruptible && !s.LossKnown {
			return fieldErr("interrupt_rate", "interruptible spot work needs interrupt_rate, checkpoint and restart to count the lost work")
		}
		if !finite(s.InterruptRate) || s.InterruptRate < 0 {
			return fieldErr("interrupt_rate", "must be 0 or more, got %v", s.InterruptRate)
		}
		if !finite(s.CheckpointHours) || s.CheckpointHours < 0 || s.CheckpointHours > MaxMonthHours {
			return fieldErr("checkpoint", "must be within 0..%d h, got %v", MaxMonthHours, s.CheckpointHours)
		}
		if !finite(s.RestartHours) || s.RestartHours < 0 || s.RestartHours > MaxMonthHours {
			return fieldErr("restart", "must be within 0..%d h, got %v", MaxMonthHours, s.RestartHours)
		}
	}
	if !finite(in.MonthsLeft) || in.MonthsLeft < 0 {
		return fieldErr("months", "must be more than 0, got %v", in.MonthsLeft)
	}
	if y := in.Yearly; y != nil && (!finite(y.Discount) || y.Discount < 0 || y.Discount >= 1) {
		return fieldErr("yearly_discount", "must be a fraction in [0, 1), got %v", y.Discount)
	}
	return nil
}
