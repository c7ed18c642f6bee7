package memstore

import (
	"context"
	"fmt"
	"sync"

	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/store"
)

var _ store.Prices = (*PriceBook)(nil)

// PriceBook is an in-memory store.Prices, safe for concurrent use. The zero
// value is ready.
type PriceBook struct {
	mu      sync.Mutex
	entries records[pricebook.Entry]
}

// PutPrice implements store.Prices.
func (b *PriceBook) PutPrice(_ context.Context, e pricebook.Entry) error {
	if err := store.CheckPriceKey(e.Tenant, e.Channel, e.ID); err != nil {
		return err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	e.Workload = e.Workload.Clone()
	if !b.entries.add(e.Tenant, e.ID, e) {
		return fmt.Errorf("put price %s/%s: %w", e.Tenant, e.ID, store.ErrConflict)
	}
	return nil
}

// ListPrices implements store.Prices.
func (b *PriceBook) ListPrices(_ context.Context, scope store.Scope) ([]pricebook.Entry, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []pricebook.Entry
	for _, e := range b.entries[scope.Tenant] {
		if e.Visible(scope.Tenant, scope.Channel) {
			e.Workload = e.Workload.Clone()
			out = append(out, e)
		}
	}
	pricebook.Sort(out)
	return out, nil
}

// DeletePrice implements store.Prices.
func (b *PriceBook) DeletePrice(_ context.Context, scope store.Scope, id string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	e, ok := b.entries[scope.Tenant][id]
	if !ok || !e.Visible(scope.Tenant, scope.Channel) {
		return fmt.Errorf("delete price %s/%s from %s: %w", scope.Tenant, id, scope.Channel, store.ErrNotFound)
	}
	delete(b.entries[scope.Tenant], id)
	return nil
}
