package memstore

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"gpuadvisor/store"
)

var _ store.Trials = (*TrialLog)(nil)

// TrialLog is an in-memory store.Trials, safe for concurrent use. The zero
// value is ready.
type TrialLog struct {
	// Now is the clock trials expire by (store.TrialTTL); nil means time.Now.
	Now func() time.Time

	mu     sync.Mutex
	trials map[string][]store.Trial // tenant → trials, newest first
}

// AddTrial implements store.Trials.
func (l *TrialLog) AddTrial(_ context.Context, t store.Trial) error {
	if err := store.TrialKey(t); err != nil {
		return err
	}
	t = store.CloneTrial(t)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.trials == nil {
		l.trials = map[string][]store.Trial{}
	}
	ts := slices.DeleteFunc(l.trials[t.Tenant], func(o store.Trial) bool { return o.ID == t.ID })
	ts = append(ts, t)
	slices.SortFunc(ts, store.NewerTrial)
	l.trials[t.Tenant] = ts[:min(len(ts), store.KeepTrials)]
	return nil
}

// ListTrials implements store.Trials.
func (l *TrialLog) ListTrials(_ context.Context, scope store.Scope) ([]store.Trial, error) {
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	out := store.PickTrials(l.trials[scope.Tenant], scope, now())
	for i := range out {
		out[i] = store.CloneTrial(out[i])
	}
	return out, nil
}

// DeleteTrial implements store.Trials.
func (l *TrialLog) DeleteTrial(_ context.Context, scope store.Scope, id string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	ts := l.trials[scope.Tenant]
	i := slices.IndexFunc(ts, func(t store.Trial) bool { return t.ID == id && scope.SeesTrial(t) })
	if i < 0 {
		return fmt.Errorf("delete trial %s/%s from %s: %w", scope.Tenant, id, scope.Channel, store.ErrNotFound)
	}
	l.trials[scope.Tenant] = slices.Delete(ts, i, i+1)
	return nil
}
