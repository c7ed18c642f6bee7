package bolt

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"go.etcd.io/bbolt"

	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
)

// Every value of every bucket has one decoder: the reads use it, `store
// check` runs it over the whole file, `store salvage` keeps what it
// accepts. A record it refuses is skipped by the reads that list (reported
// with store.Skip) and an *store.UnreadableError for the one read that asks
// for it by key.

// decoders checks a value of each bucket against its key.
var decoders = map[string]func(k, v []byte) error{
	string(bucketRenewals): func(k, v []byte) error { _, err := decodeRenewal(k, v); return err },
	string(bucketDue):      decodeDue,
	string(bucketMarks):    func(k, v []byte) error { _, err := decodeMark(v); return err },
	string(bucketDedupe):   decodeDedupe,
	string(bucketChecks):   func(k, v []byte) error { _, err := decodeCheck(k, v); return err },
	string(bucketTrials):   func(k, v []byte) error { _, err := decodeTrial(k, v); return err },
	string(bucketPrices):   func(k, v []byte) error { _, err := decodePriceKeyed(k, v); return err },
	string(bucketSettings): func(k, v []byte) error { _, err := decodeSettings(v); return err },
	string(bucketJobs):     decodeJob,
}

// strict decodes JSON that must be one object and nothing after it.
func strict(v []byte, into any) error {
	d := json.NewDecoder(bytes.NewReader(v))
	if err := d.Decode(into); err != nil {
		return err
	}
	if d.More() {
		return errors.New("data after the record")
	}
	return nil
}

// keyParts splits a key at its NUL separators into n parts, or fails.
func keyParts(k []byte, n int) ([]string, error) {
	parts := strings.SplitN(string(k), "\x00", n)
	if len(parts) != n {
		return nil, fmt.Errorf("the key has %d parts, want %d", len(parts), n)
	}
	return parts, nil
}

func decodeRenewal(k, v []byte) (renewal.Renewal, error) {
	var r renewal.Renewal
	if err := strict(v, &r); err != nil {
		return r, err
	}
	parts, err := keyParts(k, 2)
	if err != nil {
		return r, err
	}
	if r.Tenant != parts[0] || r.ID != parts[1] {
		return r, fmt.Errorf("the record says tenant %q id %q, its key another", r.Tenant, r.ID)
	}
	return r, nil
}

func decodeDue(k, v []byte) error {
	parts, err := keyParts(k, 3)
	if err != nil {
		return err
	}
	if _, err := renewal.ParseDate(parts[0]); err != nil {
		return fmt.Errorf("the key's date: %w", err)
	}
	if len(v) != 0 {
		return errors.New("a due entry holds no value")
	}
	return nil
}

func decodeMark(v []byte) (mark, error) {
	var m mark
	if err := strict(v, &m); err != nil {
		return m, err
	}
	if m.State != store.StateClaimed && m.State != store.StateSent {
		return m, fmt.Errorf("state %q is neither claimed nor sent", m.State)
	}
	return m, nil
}

func decodeDedupe(_, v []byte) error {
	switch {
	case len(v) == 8:
		return nil
	case len(v) == 9 && (v[8] == dedupeLeased || v[8] == dedupeDone):
		return nil
	}
	return fmt.Errorf("%d bytes, want 8 bytes of expiry and a state byte", len(v))
}

func decodeCheck(k, v []byte) (store.Check, error) {
	var sc storedCheck
	if err := strict(v, &sc); err != nil {
		return store.Check{}, err
	}
	sc.At = sc.At.UTC()
	parts, err := keyParts(k, 3)
	if err != nil {
		return store.Check{}, err
	}
	if sc.Tenant != parts[0] || sc.ID != parts[2] {
		return store.Check{}, fmt.Errorf("the record says tenant %q id %q, its key another", sc.Tenant, sc.ID)
	}
	return store.Check(sc), nil
}

func decodePriceKeyed(k, v []byte) (e pricebook.Entry, err error) {
	e, err = decodePrice(v)
	if err != nil {
		return e, err
	}
	parts, err := keyParts(k, 2)
	if err != nil {
		return e, err
	}
	if e.Tenant != parts[0] || e.ID != parts[1] {
		return e, fmt.Errorf("the record says tenant %q id %q, its key another", e.Tenant, e.ID)
	}
	return e, nil
}

func decodeSettings(v []byte) (store.TeamSettings, error) {
	var ts store.TeamSettings
	err := strict(v, &ts)
	return ts, err
}

func decodeJob(k, v []byte) error {
	var j struct {
		ID string `json:"id"`
	}
	if err := strict(v, &j); err != nil {
		return err
	}
	if j.ID != string(k) {
		return fmt.Errorf("the job says id %q, its key another", j.ID)
	}
	return nil
}

// unreadable is the error for the record k of bucket that failed to decode.
func (s *Store) unreadable(bucket []byte, k []byte, err error) *store.UnreadableError {
	return store.NewUnreadable(s.db.Path(), string(bucket), store.PrintKey(k), err)
}

// skip reports a record a listing read left out.
func (s *Store) skip(ctx context.Context, bucket []byte, k []byte, err error) {
	store.Skip(ctx, s.unreadable(bucket, k, err))
}

// Raw is the stored value of key in bucket as it is on disk (nil when
// there is none): for tests that damage a record, and for salvage.
func (s *Store) Raw(bucket, key []byte) ([]byte, error) {
	var out []byte
	err := s.viewBucket(bucket, func(b *bbolt.Bucket) error {
		if v := b.Get(key); v != nil {
			out = append([]byte(nil), v...)
		}
		return nil
	})
	return out, err
}

// PutRaw stores value under key in bucket as it is, unchecked (the bucket
// is created if needed): `store salvage` copies readable records with it,
// and tests write damaged ones.
func (s *Store) PutRaw(bucket, key, value []byte) error {
	return s.updateBucket(bucket, func(b *bbolt.Bucket) error { return b.Put(key, value) })
}
