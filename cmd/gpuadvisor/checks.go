package main

import (
	"context"

	"gpuadvisor/infra/bolt"
	"gpuadvisor/store"
)

var _ store.Checks = (*lazyStore)(nil)

func (l *lazyStore) AddCheck(ctx context.Context, c store.Check) error {
	st, err := l.open()
	if err != nil {
		return err
	}
	return st.AddCheck(ctx, c)
}

func (l *lazyStore) RecentChecks(ctx context.Context, scope store.Scope, user string, n int) ([]store.Check, error) {
	st, err := l.open()
	if err != nil {
		return nil, err
	}
	return st.RecentChecks(ctx, scope, user, n)
}

func (l *lazyStore) DeleteCheck(ctx context.Context, scope store.Scope, id string) error {
	return l.do(func(st *bolt.Store) error { return st.DeleteCheck(ctx, scope, id) })
}
