package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"gpuadvisor/advisor/pricebook"
	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/store"
)

// lazyStore opens the bbolt file the first time a command uses it, so that
// commands without stored data never create or lock the file.
type lazyStore struct {
	path string

	once sync.Once
	st   *bolt.Store
	err  error
}

var (
	_ store.Renewals = (*lazyStore)(nil)
	_ store.Prices   = (*lazyStore)(nil)
	_ store.Settings = (*lazyStore)(nil)
)

func (l *lazyStore) open() (*bolt.Store, error) {
	l.once.Do(func() {
		l.st, l.err = bolt.Open(l.path, bolt.Options{}) // a held lock names its holder (store.FaultError)
	})
	return l.st, l.err
}

// Close closes the file if it was opened.
func (l *lazyStore) Close() error {
	if l.st != nil {
		return l.st.Close()
	}
	return nil
}

// do runs f on the store, opened first.
func (l *lazyStore) do(f func(*bolt.Store) error) error {
	_, err := opened(l, func(st *bolt.Store) (struct{}, error) { return struct{}{}, f(st) })
	return err
}

// opened is f's answer on the store, opened first; the zero T and the
// error when the file cannot be opened.
func opened[T any](l *lazyStore, f func(*bolt.Store) (T, error)) (T, error) {
	st, err := l.open()
	if err != nil {
		var zero T
		return zero, err
	}
	return f(st)
}

func (l *lazyStore) CreateRenewal(ctx context.Context, r rules.Renewal) error {
	return l.do(func(st *bolt.Store) error { return st.CreateRenewal(ctx, r) })
}

func (l *lazyStore) GetRenewal(ctx context.Context, scope store.Scope, id string) (rules.Renewal, error) {
	return opened(l, func(st *bolt.Store) (rules.Renewal, error) { return st.GetRenewal(ctx, scope, id) })
}

func (l *lazyStore) ListRenewals(ctx context.Context, scope store.Scope) ([]rules.Renewal, error) {
	return opened(l, func(st *bolt.Store) ([]rules.Renewal, error) { return st.ListRenewals(ctx, scope) })
}

func (l *lazyStore) DeleteRenewal(ctx context.Context, scope store.Scope, id string) error {
	return l.do(func(st *bolt.Store) error { return st.DeleteRenewal(ctx, scope, id) })
}

func (l *lazyStore) SetUsage(ctx context.Context, scope store.Scope, id string, hours []float64, ondemand float64) (rules.Renewal, error) {
	return opened(l, func(st *bolt.Store) (rules.Renewal, error) { return st.SetUsage(ctx, scope, id, hours, ondemand) })
}

func (l *lazyStore) DueRenewals(ctx context.Context, from, to rules.Date) ([]rules.Renewal, error) {
	return opened(l, func(st *bolt.Store) ([]rules.Renewal, error) { return st.DueRenewals(ctx, from, to) })
}

func (l *lazyStore) SetNextCheck(ctx context.Context, tenant, id string, next rules.Date) error {
	return l.do(func(st *bolt.Store) error { return st.SetNextCheck(ctx, tenant, id, next) })
}

func (l *lazyStore) SetDelivery(ctx context.Context, tenant, id string, d rules.Delivery) error {
	return l.do(func(st *bolt.Store) error { return st.SetDelivery(ctx, tenant, id, d) })
}

func (l *lazyStore) PutPrice(ctx context.Context, e pricebook.Entry) error {
	return l.do(func(st *bolt.Store) error { return st.PutPrice(ctx, e) })
}

func (l *lazyStore) ListPrices(ctx context.Context, scope store.Scope) ([]pricebook.Entry, error) {
	return opened(l, func(st *bolt.Store) ([]pricebook.Entry, error) { return st.ListPrices(ctx, scope) })
}

func (l *lazyStore) DeletePrice(ctx context.Context, scope store.Scope, id string) error {
	return l.do(func(st *bolt.Store) error { return st.DeletePrice(ctx, scope, id) })
}

func (l *lazyStore) GetSettings(ctx context.Context, tenant string) (store.TeamSettings, error) {
	return opened(l, func(st *bolt.Store) (store.TeamSettings, error) { return st.GetSettings(ctx, tenant) })
}

func (l *lazyStore) PutSettings(ctx context.Context, tenant string, s store.TeamSettings) error {
	return l.do(func(st *bolt.Store) error { return st.PutSettings(ctx, tenant, s) })
}

// parseNow reads --now: a day (2027-01-01, taken as 09:00 in loc, when the
// daily schedule runs) or an RFC 3339 time.
func parseNow(s string, loc *time.Location) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	d, err := rules.ParseDate(s)
	if err != nil {
		return time.Time{}, fmt.Errorf("--now %q is not a day or an RFC 3339 time; for example --now 2027-01-01", s)
	}
	return d.Start(loc).Add(9 * time.Hour), nil
}
