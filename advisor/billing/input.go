package billing

import (
	"math"

	"gpuadvisor/advisor"
)

// Limits and calendar constants of the billing rules.
const (
	// MonthHours is the advisor's month, advisor.MonthHours (30 × 24 h):
	// the month a break-even and spot's paid hours are measured against.
	MonthHours = advisor.MonthHours
	// MaxMonthHours is advisor.MaxMonthHours (31 × 24 h), the most busy
	// hours a card can run in a calendar month; more is an input error.
	MaxMonthHours = advisor.MaxMonthHours
	// MaxCards is the most cards one question may price.
	MaxCards = 1000
	// RenewalMinimumMonths is the usual minimum term of a monthly renewal
	// (renewals often require 3 months; docs/billing.md).
	RenewalMinimumMonths = 3
	// YearMonths is the term of a yearly prepay.
	YearMonths = 12
	// MinReserveHours is the fewest on-demand hours a monthly fee can
	// plausibly buy: a fee below a working day of on-demand (8 h) means the
	// two prices are swapped or not per card (hourly vs monthly).
	MinReserveHours = 8
	// MaxMonths bounds months and min_months (ten years).
	MaxMonths = 120
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
	// MinMonths is the shortest term a monthly reservation is sold for
	// (最短租期); 0 means not stated, read as 1. With MonthsLeft it decides
	// whether a reservation still pays.
	MinMonths float64
}

// SpotOffer is a spot (preemptible) price and what an interruption costs.
type SpotOffer struct {
	// Price is the spot price per card-hour (> 0).
	Price float64 `json:"price"`
	// Interruptible says the work tolerates being reclaimed (checkpoints and
	// restarts). When false, spot is priced for information but never chosen.
	Interruptible bool `json:"interruptible"`
	// LossKnown says InterruptRate, CheckpointHours and RestartHours were
	// given. Without them the lost work is not counted (factor 1), which is
	// only accepted when the work is not interruptible (spot is then never
	// chosen anyway).
	LossKnown bool `json:"lost_work_counted"`
	// InterruptRate is λ, interruptions per hour (≥ 0).
	InterruptRate float64 `json:"interrupt_rate"`
	// CheckpointHours is c, the checkpoint interval in hours (≥ 0).
	CheckpointHours float64 `json:"checkpoint_hours"`
	// RestartHours is r, the restart overhead per interruption in hours (≥ 0).
	RestartHours float64 `json:"restart_hours"`
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

// fieldErr is an input the rules cannot price: an *advisor.Error naming
// the command language's key (hours, ondemand, monthly, spot,
// interrupt_rate, checkpoint, restart, months, min_months,
// yearly_discount, cards), in both languages.
func fieldErr(key, en, zh string, args ...any) error {
	return advisor.Invalidf(key, exampleFor(key), en, zh, args...)
}

func exampleFor(key string) string {
	switch key {
	case "spot", "interrupt_rate", "checkpoint", "restart":
		return "billing ondemand=35 monthly=15000 hours=300 spot=12 interruptible=yes interrupt_rate=0.05 checkpoint=1 restart=0.25"
	case "months", "min_months":
		return "billing ondemand=35 monthly=15000 hours=500 cards=8 months=6 min_months=3"
	case "yearly_discount":
		return "billing ondemand=35 monthly=15000 hours=720 months=12 yearly_discount=10%"
	}
	return "billing ondemand=35 monthly=15000 hours=300"
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// Validate reports the first input the rules cannot price, as an
// *advisor.Error.
func (in Input) Validate() error {
	if len(in.Hours) == 0 {
		return fieldErr("hours", "no cards: give the busy hours of at least one card", "没有卡：请至少给出一张卡的使用小时数")
	}
	if len(in.Hours) > MaxCards {
		return fieldErr("cards", "%d cards is more than %d", "%d 张卡超过 %d 张", len(in.Hours), MaxCards)
	}
	for i, h := range in.Hours {
		if !finite(h) || h < 0 || h > MaxMonthHours {
			return fieldErr("hours", "card %d: %v h is outside 0..%d", "第 %d 张卡：%v 小时不在 0..%d 之间", i+1, h, MaxMonthHours)
		}
	}
	if !finite(in.OnDemand) || in.OnDemand <= 0 {
		return fieldErr("ondemand", "the price per card-hour must be more than 0, got %v", "每卡每小时价格须大于 0，实际为 %v", in.OnDemand)
	}
	if !finite(in.Monthly) || in.Monthly <= 0 {
		return fieldErr("monthly", "the price per card-month must be more than 0, got %v", "每卡每月价格须大于 0，实际为 %v", in.Monthly)
	}
	if in.Monthly < MinReserveHours*in.OnDemand {
		return fieldErr("monthly",
			"monthly=%s per card-month buys less than %d h of ondemand=%s per card-hour: the two prices look swapped, or one is not per card. monthly is the fee for a card-month (15000), ondemand the price of a card-hour (35)",
			"包月=%s（每卡每月）还买不到 %d 小时的按需=%s（每卡每小时）：两个价格像是写反了，或有一个不是每卡的价格。包月是每卡每月的费用（15000），按需是每卡每小时的价格（35）",
			advisor.Group(in.Monthly), MinReserveHours, advisor.Group(in.OnDemand))
	}
	if s := in.Spot; s != nil {
		if !finite(s.Price) || s.Price <= 0 {
			return fieldErr("spot", "the price per card-hour must be more than 0, got %v", "每卡每小时价格须大于 0，实际为 %v", s.Price)
		}
		if s.Interruptible && !s.LossKnown {
			return fieldErr("interrupt_rate", "interruptible spot work needs interrupt_rate, checkpoint and restart to count the lost work",
				"可中断的竞价任务需要中断率、检查点和重启时间，才能计入损失的工作")
		}
		if !finite(s.InterruptRate) || s.InterruptRate < 0 {
			return fieldErr("interrupt_rate", "must be 0 or more, got %v", "须不小于 0，实际为 %v", s.InterruptRate)
		}
		if !finite(s.CheckpointHours) || s.CheckpointHours < 0 || s.CheckpointHours > MaxMonthHours {
			return fieldErr("checkpoint", "must be within 0..%d h, got %v", "须在 0..%d 小时之间，实际为 %v", MaxMonthHours, s.CheckpointHours)
		}
		if !finite(s.RestartHours) || s.RestartHours < 0 || s.RestartHours > MaxMonthHours {
			return fieldErr("restart", "must be within 0..%d h, got %v", "须在 0..%d 小时之间，实际为 %v", MaxMonthHours, s.RestartHours)
		}
	}
	if !finite(in.MonthsLeft) || in.MonthsLeft < 0 || in.MonthsLeft > MaxMonths {
		return fieldErr("months", "must be more than 0 and at most %d, got %v", "须大于 0 且不超过 %d，实际为 %v", MaxMonths, in.MonthsLeft)
	}
	if !finite(in.MinMonths) || in.MinMonths < 0 || in.MinMonths > MaxMonths {
		return fieldErr("min_months", "must be more than 0 and at most %d, got %v", "须大于 0 且不超过 %d，实际为 %v", MaxMonths, in.MinMonths)
	}
	if y := in.Yearly; y != nil && (!finite(y.Discount) || y.Discount < 0 || y.Discount >= 1) {
		return fieldErr("yearly_discount", "must be a fraction in [0, 1), got %v", "须为 [0, 1) 之间的比例，实际为 %v", y.Discount)
	}
	return nil
}
