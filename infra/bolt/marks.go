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

// getMark reads one reminder mark; one that does not decode is an
// *store.UnreadableError (that reminder fails, the others go out).
func (s *Store) getMark(tx *bbolt.Tx, k store.ReminderKey) (mark, bool, error) {
	key := markKey(k)
	v := tx.Bucket(bucketMarks).Get(key)
	if v == nil {
		return mark{}, false, nil
	}
	m, err := decodeMark(v)
	if err != nil {
		return m, false, s.unreadable(bucketMarks, key, err)
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
		m, ok, err := s.getMark(tx, k)
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
		m, ok, err := s.getMark(tx, k)
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
		m, ok, err := s.getMark(tx, k)
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
		m, ok, err := s.getMark(tx, k)
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

// De-duplication keys are stored as 8 bytes of expiry (whole epoch seconds,
// rounded up, like the DynamoDB adapter's TTL attribute) and one state byte:
// dedupeLeased or dedupeDone. A key written before leases existed (8 bytes)
// reads as done.
const (
	dedupeLeased byte = 'l'
	dedupeDone   byte = 'd'
)

func dedupeValue(now time.Time, ttl time.Duration, state byte) []byte {
	v := make([]byte, 9)
	binary.BigEndian.PutUint64(v, uint64(ExpirySeconds(now, ttl)))
	v[8] = state
	return v
}

// dedupeState reads a stored key as of now: ok=false when absent or expired.
func dedupeState(v []byte, now time.Time) (state byte, ok bool) {
	if len(v) < 8 || int64(binary.BigEndian.Uint64(v)) <= now.Unix() {
		return 0, false
	}
	if len(v) == 8 {
		return dedupeDone, true
	}
	return v[8], true
}

// take writes v under key when the key is free, and says what it found.
func (s *Store) take(key string, v []byte, now time.Time) (store.Claim, error) {
	res := store.Claimed
	err := s.write(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketDedupe)
		if st, ok := dedupeState(b.Get([]byte(key)), now); ok {
			res = store.Held
			if st == dedupeDone {
				res = store.Sent
			}
			return nil
		}
		return b.Put([]byte(key), v)
	})
	if err != nil {
		return 0, fmt.Errorf("dedupe claim %q: %w", key, err)
	}
	return res, nil
}

// Lease implements store.Deduper.
func (s *Store) Lease(_ context.Context, key string, lease time.Duration) (store.Claim, error) {
	now := s.now()
	return s.take(key, dedupeValue(now, lease, dedupeLeased), now)
}

// Claim implements store.Deduper.
func (s *Store) Claim(_ context.Context, key string, ttl time.Duration) (bool, error) {
	now := s.now()
	c, err := s.take(key, dedupeValue(now, ttl, dedupeDone), now)
	return c == store.Claimed, err
}

// Done implements store.Deduper.
func (s *Store) Done(_ context.Context, key string, keep time.Duration) error {
	v := dedupeValue(s.now(), keep, dedupeDone)
	err := s.write(func(tx *bbolt.Tx) error {
		return tx.Bucket(bucketDedupe).Put([]byte(key), v)
	})
	if err != nil {
		return fmt.Errorf("dedupe done %q: %w", key, err)
	}
	return nil
}

// Release implements store.Deduper.
func (s *Store) Release(_ context.Context, key string) error {
	err := s.write(func(tx *bbolt.Tx) error {
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
		d, err := deleteWhere(tx.Bucket(bucketDedupe), func(v []byte) bool {
			_, live := dedupeState(v, now)
			return !live && len(v) >= 8
		})
		n += d
		if err != nil {
			return err
		}
		d, err = deleteWhere(tx.Bucket(bucketMarks), func(v []byte) bool {
			var m mark
			return json.Unmarshal(v, &m) == nil && !now.Before(m.ExpiresAt)
		})
		n += d
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("sweep expired keys: %w", err)
	}
	return n, nil
}

// deleteWhere deletes the keys of b whose value dead says is expired, and
// returns how many it deleted.
func deleteWhere(b *bbolt.Bucket, dead func(v []byte) bool) (int, error) {
	var keys [][]byte
	err := b.ForEach(func(k, v []byte) error {
		if dead(v) {
			keys = append(keys, slices.Clone(k))
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return 0, err
		}
	}
	return len(keys), nil
}
