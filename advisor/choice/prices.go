package choice

import (
	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/pricebook"
)

// TeamPrice is the cheapest of a card's price book entries per card-hour:
// its on-demand price when quoted, else its monthly fee over a month's
// hours. false when no entry has either.
func TeamPrice(es []pricebook.Entry) (Price, bool) {
	var best Price
	found := false
	for _, e := range es {
		p := Price{Source: Team, Basis: "ondemand", PerCardHour: e.OnDemand, Monthly: e.Monthly, Currency: e.Currency, Vendor: e.Vendor, Date: e.Date}
		if e.OnDemand == 0 {
			p.Basis, p.PerCardHour = "monthly", e.Monthly/advisor.MonthHours
		}
		if p.PerCardHour > 0 && (!found || p.PerCardHour < best.PerCardHour) {
			best, found = p, true
		}
	}
	return best, found
}

// ReferencePrice is a card's reference range as the choice ranks it: at the
// midpoint of the published on-demand range.
func ReferencePrice(r catalog.Reference) Price {
	return Price{Source: Reference, Basis: "midpoint", PerCardHour: r.Midpoint(), Low: r.OnDemand[0], High: r.OnDemand[1],
		Monthly: r.MonthlyMidpoint(), Currency: r.Currency, Date: r.Latest()}
}
