package main

import (
	"context"

	"gpuadvisor/infra/bolt"
	"gpuadvisor/store"
)

var _ store.Trials = (*lazyStore)(nil)

func (l *lazyStore) AddTrial(ctx context.Context, t store.Trial) error {
	return l.do(func(st *bolt.Store) error { return st.AddTrial(ctx, t) })
}

func (l *lazyStore) ListTrials(ctx context.Context, scope store.Scope) ([]store.Trial, error) {
	return opened(l, func(st *bolt.Store) ([]store.Trial, error) { return st.ListTrials(ctx, scope) })
}

func (l *lazyStore) DeleteTrial(ctx context.Context, scope store.Scope, id string) error {
	return l.do(func(st *bolt.Store) error { return st.DeleteTrial(ctx, scope, id) })
}
