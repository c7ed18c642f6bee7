package bolt

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"go.etcd.io/bbolt"

	"gpuadvisor/store"
)

// mark is a reminder mark as stored.
type mark struct {
	State      store.MarkState `json:"state"`
	Owner      string          `json:"owner"`
	LeaseUntil time.Time       `json:"lease_until"`
	SentAt     time.Time       `json:"sent_at,omitzero"`
	ExpiresAt  time.Time       `json:"expires_at"`
}

func getMark(tx *bbolt.Tx, k store.ReminderKey) (mark, bool, error) {
	v := tx.Bucket(bucketMarks).Get(markKey(k))
	if v == nil {
		return mark{}, false, nil
	}
	var m mark
	if err := json.Unmarshal(v, &m); err != nil {
		return m, false, fmt.Errorf("decode mark %s: %w", k, err)
	}
	return m, true, nil
}

func putMark(tx *bbolt.Tx, k store.ReminderKey, m mark) error {
	v, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return tx.Bucket(bucketMarks).Put(markKey(k), v)
}

// ClaimReminder implements store.Reminders.
func (s *Store) ClaimReminder(_ context.Context, k store.ReminderKey, owner string, now time.Time, lease time.Duration, expires time.Time) (store.Claim, error) {
	var res store.Claim
	err := s.write(func(tx *bbolt.Tx) error {
		m, ok, err := getMark(tx, k)
		if err != nil {
			return err
		}
		if ok && now.Before(m.ExpiresAt) {
			if m.State == store.StateSent {
				res = store.Sent
				return nil
			}
			if now.Before(m.LeaseUntil) {
				res = store.Held
				return nil
			}
		}
		res = store.Claimed
		return putMark(tx, k, mark{State: store.StateClaimed, Owner: owner, LeaseUntil: now.Add(lease), ExpiresAt: expires})
	})
	if err != nil {
		return 0, fmt.Errorf("claim reminder %s: %w", k, err)
	}
	return res, nil
}

// MarkSent implements store.Reminders.
func (s *Store) MarkSent(_ context.Context, k store.ReminderKey, owner string, now time.Time) error {
	err := s.write(func(tx *bbolt.Tx) error {
		m, ok, err := getMark(tx, k)
		if err != nil {
			return err
		}
		if !ok || m.State != store.StateClaimed || m.Owner != owner {
			return store.ErrConflict
		}
		m.State, m.SentAt = store.StateSent, now
		return putMark(tx, k, m)
	})
	if err != nil {
		return fmt.Errorf("mark %s sent by %s: %w", k, owner, err)
	}
	return nil
}

// ReleaseReminder implements store.Reminders.
func (s *Store) ReleaseReminder(_ context.Context, k store.ReminderKey, owner string) error {
	err := s.write(func(tx *bbolt.Tx) error {
		m, ok, err := getMark(tx, k)
		if err != nil || !ok || m.State != store.StateClaimed || m.Owner != owner {
			return err
		}
		return tx.Bucket(bucketMarks).Delete(markKey(k))
	})
	if err != nil {
		return fmt.Errorf("release reminder %s: %w", k, err)
	}
	return nil
}

// ReminderMark implements store.Reminders.
func (s *Store) ReminderMark(_ context.Context, k store.ReminderKey, now time.Time) (store.Mark, error) {
	var out store.Mark
	err := s.read(func(tx *bbolt.Tx) error {
		m, ok, err := getMark(tx, k)
		if err != nil {
			return err
		}
		if !ok || !now.Before(m.ExpiresAt) {
			return store.ErrNotFound
		}
		out = store.Mark{Key: k, State: m.State, Owner: m.Owner, LeaseUntil: m.LeaseUntil, SentAt: m.SentAt, ExpiresAt: m.ExpiresAt}
		return nil
	})
	if err != nil {
		return store.Mark{}, fmt.Errorf("reminder mark %s: %w", k, err)
	}
	return out, nil
}

// Claim implements store.Deduper. Expiry is kept in whole epoch seconds,
// rounded up, like the DynamoDB adapter's TTL attribute.
func (s *Store) Claim(_ context.Context, key string, ttl time.Duration) (bool, error) {
	now := s.now()
	claimed := false
	err := s.db.Update(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketDedupe)
		if v := b.Get([]byte(key)); len(v) == 8 && int64(binary.BigEndian.Uint64(v)) > now.Unix() {
			return nil
		}
		exp := make([]byte, 8)
		binary.BigEndian.PutUint64(exp, uint64(ExpirySeconds(now, ttl)))
		claimed = true
		return b.Put([]byte(key), exp)
	})
	if err != nil {
		return false, fmt.Errorf("dedupe claim %q: %w", key, err)
	}
	return claimed, nil
}

// Release implements store.Deduper.
func (s *Store) Release(_ context.Context, key string) error {
	err := s.db.Update(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketDedupe).Delete([]byte(key))
	})
	if err != nil {
		return fmt.Errorf("dedupe release %q: %w", key, err)
	}
	return nil
}

// ExpirySeconds is now+ttl in epoch seconds, rounded up so that a key lives
// at least ttl.
func ExpirySeconds(now time.Time, ttl time.Duration) int64 {
	t := now.Add(ttl)
	s := t.Unix()
	if t.Nanosecond() > 0 {
		s++
	}
	return s
}

// Sweep deletes de-duplication keys and reminder marks that expired before
// now, and returns how many it deleted. DynamoDB does this with its TTL; the
// file store calls it now and then.
func (s *Store) Sweep(now time.Time) (int, error) {
	n := 0
	err := s.write(func(tx *bbolt.Tx) error {
		var dead [][]byte
		b := tx.Bucket(bucketDedupe)
		err := b.ForEach(func(k, v []byte) error {
			if len(v) == 8 && int64(binary.BigEndian.Uint64(v)) <= now.Unix() {
				dead = append(dead, slices.Clone(k))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range dead {
			if err := b.Delete(k); err != nil {
				return err
			}
		}
		n += len(dead)
		dead = dead[:0]
		mb := tx.Bucket(bucketMarks)
		err = mb.ForEach(func(k, v []byte) error {
			var m mark
			if json.Unmarshal(v, &m) == nil && !now.Before(m.ExpiresAt) {
				dead = append(dead, slices.Clone(k))
			}
			return nil
		})
		if err != nil {
			return err
		}
		for _, k := range dead {
			if err := mb.Delete(k); err != nil {
				return err
			}
		}
		n += len(dead)
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("sweep expired keys: %w", err)
	}
	return n, nil
}
