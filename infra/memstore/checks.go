package memstore

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"gpuadvisor/store"
)

var _ store.Checks = (*CheckLog)(nil)

// CheckLog is an in-memory store.Checks, safe for concurrent use. The zero
// value is ready.
type CheckLog struct {
	// Now is the clock checks expire by (store.CheckTTL); nil means time.Now.
	Now func() time.Time

	mu     sync.Mutex
	checks map[string][]store.Check // tenant → checks, newest first
}

// newer orders checks newest first: by time, then id, as the other stores
// order their keys.
func newer(a, b store.Check) int {
	return -strings.Compare(store.CheckTime(a.At)+"#"+a.ID, store.CheckTime(b.At)+"#"+b.ID)
}

// AddCheck implements store.Checks.
func (l *CheckLog) AddCheck(_ context.Context, c store.Check) error {
	if err := store.CheckKey(c); err != nil {
		return err
	}
	c.Ask = slices.Clone(c.Ask)
	c.Risks = slices.Clone(c.Risks)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.checks == nil {
		l.checks = map[string][]store.Check{}
	}
	cs := l.checks[c.Tenant]
	// the same id at the same time is the same record: replace it
	cs = slices.DeleteFunc(cs, func(o store.Check) bool { return o.ID == c.ID && o.At.Equal(c.At) })
	i, _ := slices.BinarySearchFunc(cs, c, newer)
	cs = slices.Insert(cs, i, c)
	l.checks[c.Tenant] = cs[:min(len(cs), store.KeepChecks)]
	return nil
}

// RecentChecks implements store.Checks.
func (l *CheckLog) RecentChecks(_ context.Context, scope store.Scope, user string, n int) ([]store.Check, error) {
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	p := store.NewCheckPicker(scope, user, n, now())
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.checks[scope.Tenant] {
		if !p.Offer(c) {
			break
		}
	}
	out := p.Checks()
	for i := range out {
		out[i].Ask = slices.Clone(out[i].Ask)
		out[i].Risks = slices.Clone(out[i].Risks)
	}
	return out, nil
}

// DeleteCheck implements store.Checks.
func (l *CheckLog) DeleteCheck(_ context.Context, scope store.Scope, id string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	cs := l.checks[scope.Tenant]
	n := len(cs)
	cs = slices.DeleteFunc(cs, func(c store.Check) bool { return c.ID == id && c.In(scope) })
	if len(cs) == n {
		return fmt.Errorf("delete check %s/%s from %s: %w", scope.Tenant, id, scope.Channel, store.ErrNotFound)
	}
	l.checks[scope.Tenant] = cs
	return nil
}
