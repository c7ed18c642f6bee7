package renewal

// Verdict is the keep-or-switch advice for a renewal.
type Verdict string

// The verdicts, per DOMAIN.md §2 and §5.
const (
	// Keep: every card is busy past the break-even; renew the reservation.
	Keep Verdict = "keep"
	// Downgrade: no card reaches the break-even; on-demand is cheaper.
	Downgrade Verdict = "ondemand"
	// Hybrid: reserve the cards past the break-even, the rest on-demand.
	Hybrid Verdict = "hybrid"
	// Unknown: the on-demand price or the actual hours are missing.
	Unknown Verdict = "unknown"
)

// Advice compares renewing with the alternatives at the actual hours.
// Costs are per month for all cards.
type Advice struct {
	Verdict Verdict `json:"verdict"`
	// BreakEven is monthly price per card / on-demand price per card-hour:
	// the busy hours a month at which a reserved card costs the same.
	BreakEven float64 `json:"break_even_hours,omitempty"`
	// Hours are the busy hours of each card in a month.
	Hours []float64 `json:"hours,omitempty"`
	// PerCard is set when the hours were given card by card (hybrid possible).
	PerCard bool `json:"per_card,omitempty"`
	// KeepCost is renewing every card: cards × monthly price.
	KeepCost float64 `json:"keep_cost"`
	// OnDemandCost is Σ hours × on-demand price.
	OnDemandCost float64 `json:"ondemand_cost,omitempty"`
	// HybridCost is Σ min(monthly price, hours × on-demand price).
	HybridCost float64 `json:"hybrid_cost,omitempty"`
	// Reserved is how many cards stay reserved in the best plan.
	Reserved int `json:"reserved_cards"`
	// BestCost is the cost of the verdict's plan.
	BestCost float64 `json:"best_cost"`
	// Saving is KeepCost − BestCost a month.
	Saving float64 `json:"saving"`
	// TermSaving is Saving over the renewal term.
	TermSaving float64 `json:"term_saving"`
}

// Advise gives the keep, downgrade or hybrid advice at the renewal's actual
// hours. A card stays reserved only when its on-demand cost would be higher
// than the monthly price: at equal cost the plan with less commitment wins.
func (r Renewal) Advise() Advice {
	a := Advice{Verdict: Unknown, KeepCost: r.MonthlyTotal(), BestCost: r.MonthlyTotal(), Reserved: r.Cards}
	if r.OnDemand <= 0 {
		return a
	}
	p := r.MonthlyPrice()
	a.BreakEven = p / r.OnDemand
	if len(r.Usage) == 0 {
		return a
	}
	a.Hours = make([]float64, r.Cards)
	a.PerCard = len(r.Usage) > 1
	for i := range a.Hours {
		if a.PerCard {
			a.Hours[i] = r.Usage[i]
		} else {
			a.Hours[i] = r.Usage[0]
		}
	}
	a.Reserved = 0
	for _, h := range a.Hours {
		od := h * r.OnDemand
		a.OnDemandCost += od
		if od > p {
			a.HybridCost += p
			a.Reserved++
		} else {
			a.HybridCost += od
		}
	}
	switch a.Reserved {
	case r.Cards:
		a.Verdict, a.BestCost = Keep, a.KeepCost
	case 0:
		a.Verdict, a.BestCost = Downgrade, a.OnDemandCost
	default:
		a.Verdict, a.BestCost = Hybrid, a.HybridCost
	}
	a.Saving = a.KeepCost - a.BestCost
	a.TermSaving = a.Saving * float64(r.Term())
	return a
}
