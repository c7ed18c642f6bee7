package bolt

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"go.etcd.io/bbolt"

	"gpuadvisor/store"
)

// storedCheck is a check as the bucket keeps it (JSON).
type storedCheck struct {
	ID       string    `json:"id"`
	Tenant   string    `json:"tenant"`
	Channel  string    `json:"channel"`
	User     string    `json:"user,omitempty"`
	Private  bool      `json:"private,omitempty"`
	TeamWide bool      `json:"team_wide,omitempty"`
	At       time.Time `json:"at"`
	Vendor   string    `json:"vendor,omitempty"`
	Verdict  string    `json:"verdict"`
	Covered  int       `json:"covered"`
	Risk     int       `json:"risk"`
	Vague    int       `json:"vague"`
	Missing  int       `json:"missing"`
	Ask      []string  `json:"ask,omitempty"`
	Risks    []string  `json:"risks,omitempty"`
}

// AddCheck implements store.Checks: one transaction puts the check and
// deletes the tenant's oldest past store.KeepChecks (by key: byte order is
// time order).
func (s *Store) AddCheck(ctx context.Context, c store.Check) error {
	if err := store.CheckKey(c); err != nil {
		return err
	}
	v, err := json.Marshal(storedCheck(c))
	if err != nil {
		return fmt.Errorf("encode check %s/%s: %w", c.Tenant, c.ID, err)
	}
	byKey := func(k, _ []byte) ([]byte, error) { return k, nil }
	newest := func(a, b []byte) int { return bytes.Compare(b, a) }
	if err := putKept(ctx, s, bucketChecks, c.Tenant, join(c.Tenant, store.CheckTime(c.At), c.ID), v, store.KeepChecks, byKey, newest); err != nil {
		return fmt.Errorf("add check %s/%s: %w", c.Tenant, c.ID, err)
	}
	return nil
}

// RecentChecks implements store.Checks, reading the tenant's keys from the
// newest back until the picker has enough.
func (s *Store) RecentChecks(ctx context.Context, scope store.Scope, user string, n int) ([]store.Check, error) {
	p := store.NewCheckPicker(scope, user, n, s.now())
	err := s.viewBucket(bucketChecks, func(b *bbolt.Bucket) error {
		prefix := join(scope.Tenant, "")
		cur := b.Cursor()
		var v []byte
		k, _ := cur.Seek(join(scope.Tenant + "\x01")) // just past the tenant's keys
		if k == nil {
			k, v = cur.Last()
		} else {
			k, v = cur.Prev()
		}
		for ; k != nil && bytes.HasPrefix(k, prefix) && p.More(); k, v = cur.Prev() {
			c, err := decodeCheck(k, v)
			if err != nil {
				s.skip(ctx, bucketChecks, k, err)
				continue
			}
			p.Offer(c)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("recent checks of %s: %w", scope.Tenant, err)
	}
	return p.Checks(), nil
}

// DeleteCheck implements store.Checks in one transaction: every record of
// the tenant with that id that belongs to scope's conversation goes.
func (s *Store) DeleteCheck(ctx context.Context, scope store.Scope, id string) error {
	err := s.updateBucket(bucketChecks, func(b *bbolt.Bucket) error {
		var doomed [][]byte
		for k, v := range inTenant(b, scope.Tenant) {
			if !bytes.HasSuffix(k, append([]byte{0}, id...)) {
				continue
			}
			c, err := decodeCheck(k, v)
			if err != nil {
				s.skip(ctx, bucketChecks, k, err)
				continue
			}
			if c.ID == id && c.In(scope) {
				doomed = append(doomed, bytes.Clone(k))
			}
		}
		if len(doomed) == 0 {
			return store.ErrNotFound
		}
		for _, k := range doomed {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("delete check %s/%s from %s: %w", scope.Tenant, id, scope.Channel, err)
	}
	return nil
}
