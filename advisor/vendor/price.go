package vendor

import "math"

// price fills c's costs on w at e's own prices: per card the cheaper of
// its on-demand price × w.Hours and its monthly price for w's card (a
// contract's price for the card when no price is kept), times w.Cards;
// then the metered lines w states, filled at the reference prices (in
// yuan), and the cost in yuan the comparison ranks by.
func price(c *Column, w Workload, e Evidence) {
	perCard, from, cur, date := math.Inf(1), "", "", ""
	for _, o := range e.Offers {
		if o.GPU != w.GPU {
			continue
		}
		p := math.Inf(1)
		if o.OnDemand > 0 {
			p = o.OnDemand * w.Hours
		}
		if o.Monthly > 0 {
			p = min(p, o.Monthly)
		}
		if p < perCard {
			perCard, from, cur, date = p, "price", o.Currency, o.Date
		}
	}
	if math.IsInf(perCard, 1) && e.Contract != nil && e.Contract.GPU == w.GPU && e.Contract.MonthlyPerCard > 0 {
		perCard, from, cur, date = e.Contract.MonthlyPerCard, "contract", e.Contract.Currency, ""
	}
	months := w.Months
	if e.Contract != nil && e.Contract.TermMonths > months {
		months = e.Contract.TermMonths
	}
	c.Months = months
	c.Filled = fill(w)
	if math.IsInf(perCard, 1) {
		return
	}
	c.Priced, c.PriceFrom, c.Currency, c.PriceDate = true, from, Currency(cur), date
	c.CardCost = perCard * float64(w.Cards)
	extra := filledTotal(c.Filled)
	if c.Currency == Yuan {
		c.Monthly = c.CardCost + extra
		c.Yuan, c.Comparable = c.Monthly, true
	} else {
		c.Monthly = c.CardCost // the filled lines are in yuan: added only in Yuan
		if y, ok := w.Rates.toYuan(c.CardCost, c.Currency); ok {
			c.Yuan, c.Comparable = y+extra, true
		}
	}
	c.Project = c.Monthly * float64(months)
	c.ProjectYuan = c.Yuan * float64(months)
}
