package renewal

import "gpuadvisor/advisor/billing"

// Advise gives the keep, downgrade or hybrid advice at the renewal's actual
// hours, by the billing rules (billing.AdviseRenewal: break-even = monthly
// price per card / on-demand price per card-hour; a card stays reserved only
// past it; at equal cost the plan without commitment wins). ok is false when
// the on-demand price or the actual hours are not known yet; err is an
// *advisor.Error when they cannot be priced.
func (r Renewal) Advise() (a billing.RenewalAdvice, ok bool, err error) {
	if r.OnDemand <= 0 || len(r.Usage) == 0 {
		return billing.RenewalAdvice{}, false, nil
	}
	a, err = billing.AdviseRenewal(billing.Contract{
		Monthly: r.MonthlyPrice(), OnDemand: r.OnDemand, Hours: r.Usage, Cards: r.Cards, TermMonths: r.Term(),
	})
	if err != nil {
		return billing.RenewalAdvice{}, false, err
	}
	return a, true, nil
}

// BreakEven is monthly price per card / on-demand price per card-hour, the
// busy hours a month at which a reserved card costs what on-demand does; 0
// when the on-demand price is not known.
func (r Renewal) BreakEven() float64 {
	if r.OnDemand <= 0 {
		return 0
	}
	return r.MonthlyPrice() / r.OnDemand
}

// Commitment is what renewing cards of the contract commits to over its
// term: cards × monthly price × term months.
func (r Renewal) Commitment(cards int) float64 {
	return float64(cards) * r.MonthlyPrice() * float64(r.Term())
}
