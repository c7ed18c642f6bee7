package testkit

import (
	"context"
	"strings"
	"sync"
	"time"

	"gpuadvisor/store"
)

// CountingDeduper records, in order, the calls made on the Deduper it
// wraps (Lease, Done, Claim, Release; Note adds one of the test's own).
// ClaimFalse makes Claim answer false without looking, as when another
// delivery took the key in between; ClaimErr makes it fail as an
// unreachable store does.
type CountingDeduper struct {
	store.Deduper
	ClaimFalse bool
	ClaimErr   error

	mu    sync.Mutex
	calls []string
}

// Note records a call of the test's own (a delivery, say) among the
// de-duplication calls.
func (d *CountingDeduper) Note(s string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.calls = append(d.calls, s)
}

// Calls are the calls so far, space-separated.
func (d *CountingDeduper) Calls() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return strings.Join(d.calls, " ")
}

func (d *CountingDeduper) Lease(ctx context.Context, key string, lease time.Duration) (store.Claim, error) {
	d.Note("Lease")
	return d.Deduper.Lease(ctx, key, lease)
}

func (d *CountingDeduper) Done(ctx context.Context, key string, keep time.Duration) error {
	d.Note("Done")
	return d.Deduper.Done(ctx, key, keep)
}

func (d *CountingDeduper) Claim(ctx context.Context, key string, ttl time.Duration) (bool, error) {
	d.Note("Claim")
	switch {
	case d.ClaimErr != nil:
		return false, d.ClaimErr
	case d.ClaimFalse:
		return false, nil
	}
	return d.Deduper.Claim(ctx, key, ttl)
}

func (d *CountingDeduper) Release(ctx context.Context, key string) error {
	d.Note("Release")
	return d.Deduper.Release(ctx, key)
}
