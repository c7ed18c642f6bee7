package bolt

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"go.etcd.io/bbolt"

	"gpuadvisor/store"
)

// storedTrial is a trial as the bucket keeps it (JSON).
type storedTrial struct {
	ID       string             `json:"id"`
	Tenant   string             `json:"tenant"`
	Channel  string             `json:"channel"`
	User     string             `json:"user,omitempty"`
	TeamWide bool               `json:"team_wide,omitempty"`
	At       time.Time          `json:"at"`
	Vendor   string             `json:"vendor,omitempty"`
	Promised storedPromise      `json:"promised"`
	Tools    []string           `json:"tools,omitempty"`
	Checks   []storedTrialCheck `json:"checks,omitempty"`
}

type storedPromise struct {
	GPU          string  `json:"gpu,omitempty"`
	Cards        int     `json:"cards,omitempty"`
	NVLink       string  `json:"nvlink,omitempty"`
	IntranetGbps float64 `json:"intranet_gbps,omitempty"`
	MemoryGB     int     `json:"memory_gb,omitempty"`
	BusGBs       float64 `json:"busbw_gbs,omitempty"`
	Driver       string  `json:"driver,omitempty"`
	CUDA         string  `json:"cuda,omitempty"`
}

type storedTrialCheck struct {
	Rule     string `json:"rule"`
	Item     string `json:"item,omitempty"`
	Status   string `json:"status"`
	Promised string `json:"promised,omitempty"`
	Measured string `json:"measured,omitempty"`
}

func encodeTrial(t store.Trial) ([]byte, error) {
	st := storedTrial{ID: t.ID, Tenant: t.Tenant, Channel: t.Channel, User: t.User, TeamWide: t.TeamWide, At: t.At.UTC(),
		Vendor: t.Vendor, Promised: storedPromise(t.Promised), Tools: t.Tools}
	for _, c := range t.Checks {
		st.Checks = append(st.Checks, storedTrialCheck(c))
	}
	return json.Marshal(st)
}

func decodeTrial(k, v []byte) (store.Trial, error) {
	var st storedTrial
	if err := strict(v, &st); err != nil {
		return store.Trial{}, err
	}
	parts, err := keyParts(k, 2)
	if err != nil {
		return store.Trial{}, err
	}
	if st.Tenant != parts[0] || st.ID != parts[1] {
		return store.Trial{}, fmt.Errorf("the record says tenant %q id %q, its key another", st.Tenant, st.ID)
	}
	t := store.Trial{ID: st.ID, Tenant: st.Tenant, Channel: st.Channel, User: st.User, TeamWide: st.TeamWide, At: st.At.UTC(),
		Vendor: st.Vendor, Promised: store.TrialPromise(st.Promised), Tools: st.Tools}
	for _, c := range st.Checks {
		t.Checks = append(t.Checks, store.TrialCheck(c))
	}
	return t, nil
}

// AddTrial implements store.Trials: one transaction puts the trial
// (replacing one of the same id) and deletes the tenant's oldest past
// store.KeepTrials.
func (s *Store) AddTrial(ctx context.Context, t store.Trial) error {
	if err := store.TrialKey(t); err != nil {
		return err
	}
	v, err := encodeTrial(t)
	if err != nil {
		return fmt.Errorf("encode trial %s/%s: %w", t.Tenant, t.ID, err)
	}
	if err := putKept(ctx, s, bucketTrials, t.Tenant, join(t.Tenant, t.ID), v, store.KeepTrials, decodeTrial, store.NewerTrial); err != nil {
		return fmt.Errorf("add trial %s/%s: %w", t.Tenant, t.ID, err)
	}
	return nil
}

// ListTrials implements store.Trials. A trial that does not decode is
// skipped and reported (store.Skip).
func (s *Store) ListTrials(ctx context.Context, scope store.Scope) ([]store.Trial, error) {
	var all []store.Trial
	err := s.viewBucket(bucketTrials, func(b *bbolt.Bucket) error {
		for k, v := range inTenant(b, scope.Tenant) {
			t, err := decodeTrial(k, v)
			if err != nil {
				s.skip(ctx, bucketTrials, k, err)
				continue
			}
			all = append(all, t)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list trials of %s: %w", scope.Tenant, err)
	}
	return store.PickTrials(all, scope, s.now()), nil
}

// DeleteTrial implements store.Trials, in one transaction that reads the
// trial and deletes it only when scope sees it.
func (s *Store) DeleteTrial(_ context.Context, scope store.Scope, id string) error {
	err := s.updateBucket(bucketTrials, func(b *bbolt.Bucket) error {
		k := join(scope.Tenant, id)
		v := b.Get(k)
		if v == nil {
			return store.ErrNotFound
		}
		t, err := decodeTrial(k, v)
		if err != nil {
			return s.unreadable(bucketTrials, k, err)
		}
		if !scope.SeesTrial(t) {
			return store.ErrNotFound
		}
		return b.Delete(k)
	})
	if err != nil {
		return fmt.Errorf("delete trial %s/%s from %s: %w", scope.Tenant, id, scope.Channel, err)
	}
	return nil
}
