package billing

import (
	"fmt"
	"strings"

	"gpuadvisor/advisor"
)

// Contract is a monthly GPU contract up for renewal, with the usage measured
// since it started. It is what the renewal reminder knows.
type Contract struct {
	// Monthly is the contracted price per card-month.
	Monthly float64
	// OnDemand is the on-demand price per card-hour of the same card, the
	// alternative to renewing.
	OnDemand float64
	// Hours are the actual busy hours per card per month: one value per
	// card, or a single value that every card ran.
	Hours []float64
	// Cards is the number of cards under contract; 0 means len(Hours).
	Cards int
	// TermMonths is the term a renewal commits to; 0 means the usual
	// RenewalMinimumMonths.
	TermMonths int
}

// Action is what to do with a contract at renewal.
type Action string

// Renewal actions.
const (
	// Keep renews every card: each runs past the break-even.
	Keep Action = "keep"
	// Downgrade lets the contract lapse and runs every card on-demand.
	Downgrade Action = "downgrade"
	// SwitchHybrid renews the busy cards only and runs the rest on-demand.
	SwitchHybrid Action = "hybrid"
)

// RenewalAdvice is the keep-or-switch advice for one contract. Money is per
// month for all cards unless a field says otherwise.
type RenewalAdvice struct {
	// Action is keep, downgrade (to on-demand) or hybrid.
	Action Action
	// BreakEvenHours is Monthly / OnDemand per card per month.
	BreakEvenHours float64
	// Cards is the number of cards under contract.
	Cards int
	// Hours are the actual busy hours per card, one per card.
	Hours []float64
	// Keep lists the indexes (0-based) of the cards to keep reserved,
	// busiest first; they are the cards past the break-even.
	Keep []int
	// CurrentCost is Cards × Monthly: what renewing everything costs.
	CurrentCost float64
	// OnDemandCost is every card on-demand at the actual hours.
	OnDemandCost float64
	// AdvisedCost is the cost of the advised action.
	AdvisedCost float64
	// SavingsPerMonth is CurrentCost − AdvisedCost.
	SavingsPerMonth float64
	// RenewalCommit is len(Keep) × Monthly × Term: what the renewal of the
	// kept cards commits to.
	RenewalCommit float64
	// Ties lists cards exactly at the break-even (kept reserved: they reach
	// it).
	Ties []Tie
	// Moved is how many cards the advice takes off the reservation.
	Moved int
	// SwitchCostLow and SwitchCostHigh are the one-off cost of moving them:
	// half a day to three days of set-up (CUDA, drivers, images, weights)
	// with the moved cards paid on-demand meanwhile: Moved × 12..72 h ×
	// OnDemand.
	SwitchCostLow, SwitchCostHigh float64
	// Term is the renewal term in months (Contract.TermMonths, or
	// RenewalMinimumMonths).
	Term int
	// TermSavings is what switching saves over the term being renewed:
	// (CurrentCost − cost of the switch) × Term.
	TermSavings float64
	// KeptForSwitchCost is set when the cards past the break-even were
	// fewer, but the saving over the term does not cover the switch at its
	// high end: the advice is then to keep.
	KeptForSwitchCost bool
	// CapacityRisk is set when cards move to on-demand: on-demand capacity
	// is not guaranteed at peak.
	CapacityRisk bool
}

// Set-up time a switch of vendor or billing mode costs (docs/billing.md):
// half a day to three days of environment set-up.
const (
	SwitchHoursLow  = 12
	SwitchHoursHigh = 72
)

// AdviseRenewal says whether to keep a monthly contract, downgrade it to
// on-demand or switch to a hybrid, from the actual hours each card ran. It is
// Advise without spot, applied to the contract's cards. Errors are
// *FieldError naming monthly, ondemand, hours or cards.
func AdviseRenewal(c Contract) (RenewalAdvice, error) {
	hours, err := expandHours(c.Hours, c.Cards)
	if err != nil {
		return RenewalAdvice{}, err
	}
	a, err := Advise(Input{Hours: hours, OnDemand: c.OnDemand, Monthly: c.Monthly})
	if err != nil {
		return RenewalAdvice{}, err
	}
	r := RenewalAdvice{
		BreakEvenHours: a.BreakEvenHours,
		Cards:          len(hours),
		Hours:          hours,
		Keep:           a.Reserved,
		CurrentCost:    a.Costs.Monthly,
		OnDemandCost:   a.Costs.OnDemand,
		AdvisedCost:    a.Costs.Hybrid,
		Ties:           a.Ties,
	}
	switch a.Recommendation {
	case Monthly:
		r.Action = Keep
	case OnDemand:
		r.Action = Downgrade
	default:
		r.Action = SwitchHybrid
	}
	r.Moved = r.Cards - len(r.Keep)
	r.SwitchCostLow = float64(r.Moved) * SwitchHoursLow * c.OnDemand
	r.SwitchCostHigh = float64(r.Moved) * SwitchHoursHigh * c.OnDemand
	r.Term = c.TermMonths
	if r.Term <= 0 {
		r.Term = RenewalMinimumMonths
	}
	r.TermSavings = (r.CurrentCost - r.AdvisedCost) * float64(r.Term)
	if r.Moved > 0 && !less(r.SwitchCostHigh, r.TermSavings) {
		// the switch would not pay for itself over the term: keep everything
		r.Action, r.KeptForSwitchCost = Keep, true
		r.Keep = append([]int(nil), a.ByHours...)
		r.AdvisedCost = r.CurrentCost
		r.Moved = 0
	}
	r.CapacityRisk = r.Moved > 0
	r.SavingsPerMonth = r.CurrentCost - r.AdvisedCost
	r.RenewalCommit = float64(len(r.Keep)) * c.Monthly * float64(r.Term)
	return r, nil
}

// expandHours turns one value per card, or one value for every card, into
// one value per card.
func expandHours(hours []float64, cards int) ([]float64, error) {
	switch {
	case cards < 0 || cards > MaxCards:
		return nil, fieldErr("cards", "must be within 1..%d, got %d", "须在 1..%d 之间，实际为 %d", MaxCards, cards)
	case len(hours) == 0:
		return nil, fieldErr("hours", "no hours given", "没有给出小时数")
	case cards == 0 || cards == len(hours):
		return hours, nil
	case len(hours) == 1:
		out := make([]float64, cards)
		for i := range out {
			out[i] = hours[0]
		}
		return out, nil
	}
	return nil, fieldErr("cards", "%d hour values for %d cards: give one value per card, or one for all", "%d 个小时数对应 %d 张卡：请每张卡一个，或全部共用一个", len(hours), cards)
}

// Explain says the advice in one paragraph with its numbers, in Chinese
// when lang is "zh" and in English otherwise.
func (r RenewalAdvice) Explain(lang string) string {
	zh := lang == "zh"
	t := func(en, zhs string) string {
		if zh {
			return zhs
		}
		return en
	}
	monthly := 0.0
	if r.Cards > 0 {
		monthly = r.CurrentCost / float64(r.Cards)
	}
	onDemand := 0.0
	if r.BreakEvenHours > 0 {
		onDemand = monthly / r.BreakEvenHours
	}
	be := fmt.Sprintf(t("break-even %s / %s = %s h per card per month", "盈亏平衡点 %s / %s = %s 小时/卡/月"),
		advisor.Group(monthly), advisor.Group(onDemand), advisor.Group(r.BreakEvenHours))
	switch {
	case r.KeptForSwitchCost:
		return fmt.Sprintf(t("Keep the monthly contract: some cards run below the %s (actual %s h), but on-demand would save only %s over the %d-month term, and moving costs %s–%s once (half a day to three days of set-up on %d cards at %s/h). Renewing commits %s.",
			"保留包月：部分卡低于%[1]s（实际 %[2]s 小时），但改按需在 %[4]d 个月的续约期内只省 %[3]s，而切换一次要 %[5]s–%[6]s（%[7]d 张卡半天到三天的环境搭建，按需 %[8]s/小时）。续约需承诺 %[9]s。"),
			be, advisor.Compact(r.Hours), advisor.Group(r.TermSavings), r.Term, advisor.Group(r.SwitchCostLow), advisor.Group(r.SwitchCostHigh),
			r.Cards, advisor.Group(onDemand), advisor.Group(r.RenewalCommit))
	case r.Action == Keep:
		return fmt.Sprintf(t("Keep the monthly contract: every card runs past the %s (actual %s h); on-demand would cost %s a month instead of %s. Renewing commits %s for the %d-month term.",
			"保留包月：每张卡的实际用量（%[2]s 小时）都超过%[1]s；改按需每月要 %[3]s，包月只要 %[4]s。续约按 %[6]d 个月期限需承诺 %[5]s。"),
			be, advisor.Compact(r.Hours), advisor.Group(r.OnDemandCost), advisor.Group(r.CurrentCost), advisor.Group(r.RenewalCommit), r.Term)
	case r.Action == Downgrade:
		return fmt.Sprintf(t("Downgrade to on-demand: no card reaches the %s (actual %s h); on-demand costs %s a month instead of %s, saving %s a month, and nothing is committed.",
			"改为按需：没有一张卡达到%[1]s（实际 %[2]s 小时）；按需每月 %[3]s，包月 %[4]s，每月省 %[5]s，且无需承诺。"),
			be, advisor.Compact(r.Hours), advisor.Group(r.OnDemandCost), advisor.Group(r.CurrentCost), advisor.Group(r.SavingsPerMonth)) + r.risks(t, onDemand)
	}
	var kept []float64
	for _, i := range r.Keep {
		kept = append(kept, r.Hours[i])
	}
	return fmt.Sprintf(t("Switch to hybrid: keep %d of %d cards reserved (past the %s: %s h) and run the other %d on-demand; %s a month instead of %s, saving %s a month. Renewing the kept cards commits %s for the %d-month term.",
		"改为混合：%[2]d 张卡中保留 %[1]d 张包月（超过%[3]s：%[4]s 小时），其余 %[5]d 张改按需；每月 %[6]s，原来 %[7]s，每月省 %[8]s。续约保留的卡按 %[10]d 个月期限需承诺 %[9]s。"),
		len(r.Keep), r.Cards, be, advisor.Compact(kept), r.Cards-len(r.Keep), advisor.Group(r.AdvisedCost), advisor.Group(r.CurrentCost), advisor.Group(r.SavingsPerMonth), advisor.Group(r.RenewalCommit), r.Term) + r.risks(t, onDemand)
}

// SwitchNote is what a move off the reservation costs besides the price
// (the switch itself, on-demand capacity), in Chinese when lang is "zh";
// "" when nothing moves.
func (r RenewalAdvice) SwitchNote(lang string) string {
	if r.Moved == 0 {
		return ""
	}
	t := func(en, zh string) string { return advisor.Text{EN: en, ZH: zh}.In(lang) }
	return strings.TrimSpace(r.risks(t, r.onDemandPrice()))
}

func (r RenewalAdvice) onDemandPrice() float64 {
	if r.Cards == 0 || r.BreakEvenHours <= 0 {
		return 0
	}
	return r.CurrentCost / float64(r.Cards) / r.BreakEvenHours
}

// risks states what a move off the reservation costs besides the price:
// the switch itself and on-demand capacity.
func (r RenewalAdvice) risks(t func(en, zh string) string, onDemand float64) string {
	return fmt.Sprintf(t(" Moving %[1]d cards costs %[2]s–%[3]s once (half a day to three days of set-up: CUDA, drivers, images, weights; %[1]d × 12–72 h × %[4]s/h), paid back within the %[5]d-month term (saving %[6]s). On-demand capacity is not guaranteed at peak: if these cards must be there on given days (a deadline, a launch), keep them reserved.",
		"切换 %[1]d 张卡一次要 %[2]s–%[3]s（半天到三天的环境搭建：CUDA、驱动、镜像、权重；%[1]d × 12–72 小时 × %[4]s/小时），在 %[5]d 个月的续约期内可收回（共省 %[6]s）。按需资源在高峰期不保证有货：如果这些卡在特定日子必须可用（截止日、上线），请保留包月。"),
		r.Moved, advisor.Group(r.SwitchCostLow), advisor.Group(r.SwitchCostHigh), advisor.Group(onDemand), r.Term, advisor.Group(r.TermSavings))
}
