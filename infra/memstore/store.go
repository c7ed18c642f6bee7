package memstore

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
)

var _ store.Store = (*Store)(nil)

// Store is an in-memory store.Store: renewals, reminder marks and
// de-duplication keys, safe for concurrent use. The zero value is ready.
type Store struct {
	// Deduper holds the de-duplication keys; set Deduper.Now to fix its clock.
	Deduper
	// PriceBook holds the teams' prices.
	PriceBook
	// TeamSettings holds each team's settings.
	TeamSettings
	// CheckLog holds each team's recent checks.
	CheckLog
	// TextShelf holds the kept texts (store.Texts).
	TextShelf
	// TrialLog holds each team's trial checks.
	TrialLog

	mu       sync.Mutex
	renewals records[renewal.Renewal]
	marks    map[store.ReminderKey]store.Mark
}

// NewStore returns an empty store whose de-duplication, check-expiry and
// kept-text clock is now (nil means time.Now).
func NewStore(now func() time.Time) *Store {
	return &Store{Deduper: Deduper{Now: now}, CheckLog: CheckLog{Now: now}, TextShelf: TextShelf{Now: now}, TrialLog: TrialLog{Now: now}}
}

func clone(r renewal.Renewal) renewal.Renewal {
	r.Offsets = slices.Clone(r.Offsets)
	r.Usage = slices.Clone(r.Usage)
	if r.LastDelivery != nil {
		d := *r.LastDelivery
		r.LastDelivery = &d
	}
	return r
}

func checkKey(tenant, id string) error {
	if tenant == "" || id == "" {
		return fmt.Errorf("renewal key: tenant %q and id %q must both be set", tenant, id)
	}
	return nil
}

// CreateRenewal implements store.Renewals.
func (s *Store) CreateRenewal(_ context.Context, r renewal.Renewal) error {
	if err := checkKey(r.Tenant, r.ID); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.renewals.add(r.Tenant, r.ID, clone(r)) {
		return fmt.Errorf("create renewal %s/%s: %w", r.Tenant, r.ID, store.ErrConflict)
	}
	return nil
}

// visible returns the renewal id of the scope's tenant when the scope sees it.
func (s *Store) visible(scope store.Scope, id string) (renewal.Renewal, bool) {
	r, ok := s.renewals[scope.Tenant][id]
	return r, ok && scope.Sees(r)
}

// GetRenewal implements store.Renewals.
func (s *Store) GetRenewal(_ context.Context, scope store.Scope, id string) (renewal.Renewal, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.visible(scope, id)
	if !ok {
		return renewal.Renewal{}, fmt.Errorf("get renewal %s/%s: %w", scope.Tenant, id, store.ErrNotFound)
	}
	return clone(r), nil
}

// ListRenewals implements store.Renewals.
func (s *Store) ListRenewals(_ context.Context, scope store.Scope) ([]renewal.Renewal, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []renewal.Renewal
	for _, r := range s.renewals[scope.Tenant] {
		if scope.Sees(r) {
			out = append(out, clone(r))
		}
	}
	store.SortRenewals(out)
	return out, nil
}

// DeleteRenewal implements store.Renewals.
func (s *Store) DeleteRenewal(_ context.Context, scope store.Scope, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.visible(scope, id); !ok {
		return fmt.Errorf("delete renewal %s/%s: %w", scope.Tenant, id, store.ErrNotFound)
	}
	delete(s.renewals[scope.Tenant], id)
	return nil
}

// update changes renewal id of tenant when scope (nil: the engine's, which
// sees every renewal) sees it; op names the change in the error.
func (s *Store) update(tenant string, scope *store.Scope, id, op string, fn func(*renewal.Renewal)) (renewal.Renewal, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.renewals[tenant][id]
	if !ok || (scope != nil && !scope.Sees(r)) {
		return renewal.Renewal{}, fmt.Errorf("%s of %s/%s: %w", op, tenant, id, store.ErrNotFound)
	}
	fn(&r)
	s.renewals[tenant][id] = r
	return clone(r), nil
}

// SetUsage implements store.Renewals.
func (s *Store) SetUsage(_ context.Context, scope store.Scope, id string, hours []float64, ondemand float64) (renewal.Renewal, error) {
	return s.update(scope.Tenant, &scope, id, "set usage", func(r *renewal.Renewal) {
		r.Usage = slices.Clone(hours)
		if ondemand > 0 {
			r.OnDemand = ondemand
		}
	})
}

// SetDelivery implements store.Renewals.
func (s *Store) SetDelivery(_ context.Context, tenant, id string, d renewal.Delivery) error {
	_, err := s.update(tenant, nil, id, "set delivery", func(r *renewal.Renewal) { r.LastDelivery = &d })
	return err
}

// DueRenewals implements store.Renewals.
func (s *Store) DueRenewals(_ context.Context, from, to renewal.Date) ([]renewal.Renewal, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []renewal.Renewal
	for _, t := range s.renewals {
		for _, r := range t {
			if !r.NextCheck.IsZero() && !r.NextCheck.Before(from) && !r.NextCheck.After(to) {
				out = append(out, clone(r))
			}
		}
	}
	return out, nil
}

// SetNextCheck implements store.Renewals.
func (s *Store) SetNextCheck(_ context.Context, tenant, id string, next renewal.Date) error {
	_, err := s.update(tenant, nil, id, "set next check", func(r *renewal.Renewal) { r.NextCheck = next })
	return err
}

// ClaimReminder implements store.Reminders.
func (s *Store) ClaimReminder(_ context.Context, key store.ReminderKey, owner string, now time.Time, lease time.Duration, expires time.Time) (store.Claim, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.marks == nil {
		s.marks = map[store.ReminderKey]store.Mark{}
	}
	if m, ok := s.marks[key]; ok && now.Before(m.ExpiresAt) {
		if m.State == store.StateSent {
			return store.Sent, nil
		}
		if now.Before(m.LeaseUntil) {
			return store.Held, nil
		}
	}
	s.marks[key] = store.Mark{Key: key, State: store.StateClaimed, Owner: owner, LeaseUntil: now.Add(lease), ExpiresAt: expires}
	return store.Claimed, nil
}

// MarkSent implements store.Reminders.
func (s *Store) MarkSent(_ context.Context, key store.ReminderKey, owner string, now time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.marks[key]
	if !ok || m.State != store.StateClaimed || m.Owner != owner {
		return fmt.Errorf("mark %s sent by %s: %w", key, owner, store.ErrConflict)
	}
	m.State, m.SentAt = store.StateSent, now
	s.marks[key] = m
	return nil
}

// ReleaseReminder implements store.Reminders.
func (s *Store) ReleaseReminder(_ context.Context, key store.ReminderKey, owner string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m, ok := s.marks[key]; ok && m.State == store.StateClaimed && m.Owner == owner {
		delete(s.marks, key)
	}
	return nil
}

// ReminderMark implements store.Reminders.
func (s *Store) ReminderMark(_ context.Context, key store.ReminderKey, now time.Time) (store.Mark, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.marks[key]
	if !ok || !now.Before(m.ExpiresAt) {
		return store.Mark{}, fmt.Errorf("reminder mark %s: %w", key, store.ErrNotFound)
	}
	return m, nil
}
