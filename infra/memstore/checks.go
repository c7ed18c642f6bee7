package memstore

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gpuadvisor/store"
)

var _ store.Checks = (*CheckLog)(nil)

// CheckLog is an in-memory store.Checks, safe for concurrent use. The zero
// value is ready.
type CheckLog struct {
	// Now is the clock checks expire by (store.CheckTTL); nil means time.Now.
	Now func() time.Time

	log tenantLog[store.Check]
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
	// the same id at the same time is the same record: replace it
	same := func(o store.Check) bool { return o.ID == c.ID && o.At.Equal(c.At) }
	l.log.put(c.Tenant, store.CloneCheck(c), same, newer, store.KeepChecks)
	return nil
}

// RecentChecks implements store.Checks.
func (l *CheckLog) RecentChecks(_ context.Context, scope store.Scope, user string, n int) ([]store.Check, error) {
	p := store.NewCheckPicker(scope, user, n, clock(l.Now))
	return l.log.read(scope.Tenant, func(cs []store.Check) []store.Check {
		for _, c := range cs {
			if !p.Offer(c) {
				break
			}
		}
		return p.Checks()
	}, store.CloneCheck), nil
}

// DeleteCheck implements store.Checks.
func (l *CheckLog) DeleteCheck(_ context.Context, scope store.Scope, id string) error {
	if !l.log.remove(scope.Tenant, func(c store.Check) bool { return c.ID == id && c.In(scope) }) {
		return fmt.Errorf("delete check %s/%s from %s: %w", scope.Tenant, id, scope.Channel, store.ErrNotFound)
	}
	return nil
}
