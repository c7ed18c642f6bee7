package memstore

import (
	"context"
	"fmt"
	"time"

	"gpuadvisor/store"
)

var _ store.Trials = (*TrialLog)(nil)

// TrialLog is an in-memory store.Trials, safe for concurrent use. The zero
// value is ready.
type TrialLog struct {
	// Now is the clock trials expire by (store.TrialTTL); nil means time.Now.
	Now func() time.Time

	log tenantLog[store.Trial]
}

// AddTrial implements store.Trials.
func (l *TrialLog) AddTrial(_ context.Context, t store.Trial) error {
	if err := store.TrialKey(t); err != nil {
		return err
	}
	same := func(o store.Trial) bool { return o.ID == t.ID }
	l.log.put(t.Tenant, store.CloneTrial(t), same, store.NewerTrial, store.KeepTrials)
	return nil
}

// ListTrials implements store.Trials.
func (l *TrialLog) ListTrials(_ context.Context, scope store.Scope) ([]store.Trial, error) {
	now := clock(l.Now)
	return l.log.read(scope.Tenant, func(ts []store.Trial) []store.Trial {
		return store.PickTrials(ts, scope, now)
	}, store.CloneTrial), nil
}

// DeleteTrial implements store.Trials.
func (l *TrialLog) DeleteTrial(_ context.Context, scope store.Scope, id string) error {
	if !l.log.remove(scope.Tenant, func(t store.Trial) bool { return t.ID == id && scope.SeesTrial(t) }) {
		return fmt.Errorf("delete trial %s/%s from %s: %w", scope.Tenant, id, scope.Channel, store.ErrNotFound)
	}
	return nil
}
