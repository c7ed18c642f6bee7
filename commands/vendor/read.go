package vendor

import (
	"context"
	"errors"
	"sync"

	"gpuadvisor/advisor/pricebook"
	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// ErrNotKept is a Read field's error when its store is not there.
var ErrNotKept = errors.New("vendor evidence: no store")

// Read is what the four evidence stores returned for one reply, each read
// once: the home page reads them for its own lists and the board shares
// them. Each error is ErrNotKept when its store is not there, the store's
// error when it failed, nil when read.
type Read struct {
	// Checks are the checks the asker sees, newest first (at most
	// store.KeepChecks: RecentChecks).
	Checks      []store.Check
	ChecksErr   error
	Trials      []store.Trial
	TrialsErr   error
	Prices      []pricebook.Entry
	PricesErr   error
	Renewals    []rules.Renewal
	RenewalsErr error
}

// NotRead is a Read of nothing: every store not there.
func NotRead() Read {
	return Read{ChecksErr: ErrNotKept, TrialsErr: ErrNotKept, PricesErr: ErrNotKept, RenewalsErr: ErrNotKept}
}

// Read reads the stores of d for c's conversation, all four at once, so
// a reply waits for the slowest one, not their sum.
func (d Deps) Read(ctx context.Context, c *chat.Call) Read { return d.fill(ctx, c, NotRead()) }

// fill reads, all at once, each store of d that rd has not: a field whose
// error is ErrNotKept. What rd has is kept as it is.
func (d Deps) fill(ctx context.Context, c *chat.Call, rd Read) Read {
	scope := store.Scope{Tenant: c.Req.Tenant, Channel: c.Req.Channel}
	var wg sync.WaitGroup
	if d.Checks != nil && errors.Is(rd.ChecksErr, ErrNotKept) {
		wg.Go(func() { rd.Checks, rd.ChecksErr = d.Checks.RecentChecks(ctx, scope, c.Req.User, store.KeepChecks) })
	}
	if d.Trials != nil && errors.Is(rd.TrialsErr, ErrNotKept) {
		wg.Go(func() { rd.Trials, rd.TrialsErr = d.Trials.ListTrials(ctx, scope) })
	}
	if d.Prices != nil && errors.Is(rd.PricesErr, ErrNotKept) {
		wg.Go(func() { rd.Prices, rd.PricesErr = d.Prices.ListPrices(ctx, scope) })
	}
	if d.Renewals != nil && errors.Is(rd.RenewalsErr, ErrNotKept) {
		wg.Go(func() { rd.Renewals, rd.RenewalsErr = d.Renewals.ListRenewals(ctx, scope) })
	}
	wg.Wait()
	return rd
}
