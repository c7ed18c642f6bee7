package vendor

import (
	"context"
	"errors"
	"time"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/pricebook"
	rules "gpuadvisor/advisor/renewal"
	av "gpuadvisor/advisor/vendor"
	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// record is everything stored about one vendor that this conversation
// sees: its checks and trials (newest first; check and trial are the
// newest), its prices and its contracts.
type record struct {
	key, name string
	check     *store.Check
	checks    []store.Check
	trial     *store.Trial
	trials    []store.Trial
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
	if t := r.trial; t != nil {
		e.Trial = &av.Trial{Checks: checked(*t), Failed: t.Failed(), Warnings: t.Warnings(), Date: day(t.At)}
	}
	for _, p := range r.prices {
		o := av.Offer{GPU: p.GPU, OnDemand: p.OnDemand, Monthly: p.Monthly, Currency: p.Currency, Date: p.Date}
		if w := p.Workload; w != nil {
			o.Workload = &av.QuoteWorkload{Cards: w.Cards, Hours: w.Hours, Months: w.Months, Usage: w.Usage}
		}
		e.Offers = append(e.Offers, o)
	}
	if len(r.renewals) > 0 {
		rn := r.renewals[0]
		e.Contract = &av.Contract{ID: rn.ID, GPU: gpuID(rn.GPU), Cards: rn.Cards, TermMonths: rn.Term(), NoticeDays: rn.NoticeDays, NoticeMonths: rn.NoticeMonths,
			MonthlyPerCard: rn.MonthlyPrice(), Currency: "CNY", Renews: rn.Renews.String(), OnDemand: rn.OnDemand, Usage: len(rn.Usage) > 0}
	}
	return e
}

// checked counts the checks of t that came to a verdict (passed, failed,
// or need a look), not the promises the paste did not show or the notes.
func checked(t store.Trial) int {
	n := 0
	for _, c := range t.Checks {
		switch c.Status {
		case store.TrialPass, store.TrialFail, store.TrialWarn:
			n++
		}
	}
	return n
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
	return d.gatherFor(ctx, c, false)
}

// gatherFor is gather; personal (the home page, always a private answer to
// the asker) also takes the checks the asker sees anywhere: their own from
// other conversations and their private ones.
func (d Deps) gatherFor(ctx context.Context, c *chat.Call, personal bool) (*gathered, error) {
	return d.gatherFrom(ctx, c, d.Read(ctx, c), personal)
}

// gatherFrom is gatherFor on what the stores returned (rd): a store that is
// not there or failed is named in missing (a failure logged).
func (d Deps) gatherFrom(ctx context.Context, c *chat.Call, rd Read, personal bool) (*gathered, error) {
	scope := store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel}
	g := &gathered{}
	lang := c.Lang
	// failed says whether a store's evidence is missing, naming it
	failed := func(err error, what, en, zh string) bool {
		if err == nil {
			return false
		}
		if !errors.Is(err, ErrNotKept) {
			chat.LoggerOr(d.Log).ErrorContext(ctx, "vendor: "+what+" not read", "tenant", scope.Tenant, "err", err)
		}
		g.missing = append(g.missing, chat.T(lang, en, zh))
		return true
	}
	if !failed(rd.ChecksErr, "checks", "checklist checks", "清单核查") {
		cs := rd.Checks
		for i := range cs {
			// the conversation's own and team-wide checks, not private ones
			// nor the asker's in other conversations: the reply is public
			if av.Key(cs[i].Vendor) == "" || !personal && !cs[i].Shown(scope) {
				continue
			}
			r := g.add(cs[i].Vendor)
			r.checks = append(r.checks, cs[i])
			if r.check == nil {
				r.check = &r.checks[0]
			}
		}
	}
	if !failed(rd.TrialsErr, "trials", "trial checks", "试用实测") {
		for _, t := range rd.Trials {
			if av.Key(t.Vendor) != "" {
				r := g.add(t.Vendor)
				r.trials = append(r.trials, t)
				r.trial = &r.trials[0]
			}
		}
	}
	if !failed(rd.PricesErr, "prices", "the price book", "价格表") {
		for _, e := range rd.Prices {
			if av.Key(e.Vendor) != "" {
				r := g.add(e.Vendor)
				r.prices = append(r.prices, e)
			}
		}
	}
	if !failed(rd.RenewalsErr, "renewals", "contracts", "合同") {
		for _, rn := range rd.Renewals {
			if av.Key(rn.Vendor) != "" {
				r := g.add(rn.Vendor)
				r.renewals = append(r.renewals, rn)
			}
		}
	}
	if len(g.missing) == 4 {
		return nil, kept.Failed(c, d.Log, "read", errAllStores)
	}
	return g, nil
}

type storesError struct{}

func (storesError) Error() string { return "no vendor evidence store could be read" }

var errAllStores = storesError{}

// day writes t as the day it was in loc.
func day(t time.Time) string { return t.In(rules.Shanghai()).Format("2006-01-02") }
