package vendor

import (
	"context"
	"time"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/pricebook"
	rules "gpuadvisor/advisor/renewal"
	av "gpuadvisor/advisor/vendor"
	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// record is everything stored about one vendor that this conversation
// sees: its newest check, its prices and its contracts.
type record struct {
	key, name string
	check     *store.Check
	prices    []pricebook.Entry
	renewals  []rules.Renewal
}

// evidence is the domain's view of r.
func (r *record) evidence() av.Evidence {
	e := av.Evidence{Name: r.name}
	if ck := r.check; ck != nil {
		e.Check = &av.Check{Verdict: ck.Verdict, Covered: ck.Covered, Risk: ck.Risk, Vague: ck.Vague, Missing: ck.Missing,
			Risks: ck.Risks, Ask: ck.Ask, Date: day(ck.At)}
	}
	for _, p := range r.prices {
		e.Offers = append(e.Offers, av.Offer{GPU: p.GPU, OnDemand: p.OnDemand, Monthly: p.Monthly, Currency: p.Currency, Date: p.Date})
	}
	if len(r.renewals) > 0 {
		rn := r.renewals[0]
		e.Contract = &av.Contract{GPU: gpuID(rn.GPU), Cards: rn.Cards, TermMonths: rn.Term(), NoticeDays: rn.NoticeDays,
			MonthlyPerCard: rn.MonthlyPrice(), Currency: "CNY", Renews: rn.Renews.String()}
	}
	return e
}

// gpuID is the catalog id of a card as a renewal names it, "" when the
// catalog does not know it.
func gpuID(name string) string {
	if name == "" {
		return ""
	}
	m, err := catalog.FindGPU(name)
	if err != nil {
		return ""
	}
	return m.GPU.ID
}

// gathered is the vendors this conversation has evidence about, in the
// order first seen (newest check first, then prices, then contracts), and
// the stores that could not be read.
type gathered struct {
	vendors []*record
	missing []string
}

func (g *gathered) find(name string) *record {
	k := av.Key(name)
	for _, r := range g.vendors {
		if r.key == k {
			return r
		}
	}
	return nil
}

func (g *gathered) add(name string) *record {
	if r := g.find(name); r != nil {
		return r
	}
	r := &record{key: av.Key(name), name: name}
	g.vendors = append(g.vendors, r)
	return r
}

// gather reads every store there is for evidence that names a vendor. A
// store that is not there or fails is named in missing (and logged); the
// evidence of the others is still used.
func (d Deps) gather(ctx context.Context, c *chat.Call) (*gathered, error) {
	scope := store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel}
	g := &gathered{}
	lang := c.Lang
	if d.Checks == nil {
		g.missing = append(g.missing, chat.T(lang, "checklist checks", "清单核查"))
	} else if cs, err := d.Checks.RecentChecks(ctx, scope, c.Req.User, store.KeepChecks); err != nil {
		chat.LoggerOr(d.Log).ErrorContext(ctx, "vendor: checks not read", "tenant", scope.Tenant, "err", err)
		g.missing = append(g.missing, chat.T(lang, "checklist checks", "清单核查"))
	} else {
		for i := range cs {
			if av.Key(cs[i].Vendor) == "" {
				continue
			}
			if r := g.add(cs[i].Vendor); r.check == nil {
				r.check = &cs[i]
			}
		}
	}
	if d.Prices == nil {
		g.missing = append(g.missing, chat.T(lang, "the price book", "价格表"))
	} else if es, err := d.Prices.ListPrices(ctx, scope); err != nil {
		chat.LoggerOr(d.Log).ErrorContext(ctx, "vendor: prices not read", "tenant", scope.Tenant, "err", err)
		g.missing = append(g.missing, chat.T(lang, "the price book", "价格表"))
	} else {
		for _, e := range es {
			if av.Key(e.Vendor) != "" {
				r := g.add(e.Vendor)
				r.prices = append(r.prices, e)
			}
		}
	}
	if d.Renewals == nil {
		g.missing = append(g.missing, chat.T(lang, "contracts", "合同"))
	} else if rs, err := d.Renewals.ListRenewals(ctx, scope); err != nil {
		chat.LoggerOr(d.Log).ErrorContext(ctx, "vendor: renewals not read", "tenant", scope.Tenant, "err", err)
		g.missing = append(g.missing, chat.T(lang, "contracts", "合同"))
	} else {
		for _, rn := range rs {
			if av.Key(rn.Vendor) != "" {
				r := g.add(rn.Vendor)
				r.renewals = append(r.renewals, rn)
			}
		}
	}
	if len(g.missing) == 3 {
		return nil, kept.Failed(c, d.Log, "read", errAllStores)
	}
	return g, nil
}

type storesError struct{}

func (storesError) Error() string { return "no vendor evidence store could be read" }

var errAllStores = storesError{}

// day writes t as the day it was in loc.
func day(t time.Time) string { return t.In(rules.Shanghai()).Format("2006-01-02") }
