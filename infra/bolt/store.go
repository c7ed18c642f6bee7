package bolt

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"go.etcd.io/bbolt"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
)

var _ store.Store = (*Store)(nil)

// The buckets of the file. Open creates the first four; each of the others
// is created by its first write (updateBucket), so files written before it
// existed open unchanged.
var (
	bucketRenewals = []byte("renewals")
	bucketDue      = []byte("due")
	bucketMarks    = []byte("marks")
	bucketDedupe   = []byte("dedupe")
	// bucketChecks holds the recent checks under tenant 0x00 time 0x00 id
	// (store.CheckTime: byte order is time order), at most store.KeepChecks
	// per tenant.
	bucketChecks = []byte("checks")
	// bucketTrials holds the trial checks under tenant 0x00 id, at most
	// store.KeepTrials per tenant.
	bucketTrials = []byte("trials")
	// bucketPrices holds price book entries under tenant\x00id.
	bucketPrices = []byte("prices")
	// bucketSettings holds each tenant's settings as JSON under the tenant.
	bucketSettings = []byte("settings")
	// bucketJobs holds the drafter jobs serve accepted and has not finished
	// (drafter.Queue): one key per job id, the value opaque to the store.
	bucketJobs = []byte("drafter_jobs")
)

// ErrLocked is returned by Open when another process holds the file.
var ErrLocked = errors.New("the store file is in use by another process")

// Options tune Open.
type Options struct {
	// Timeout is how long to wait for another process to release the file;
	// zero means 2 s.
	Timeout time.Duration
	// Now is the clock of de-duplication keys; nil means time.Now.
	Now func() time.Time
	// WriteFault, when set, is asked before every write transaction; an
	// error fails the write as the disk would (tests inject ENOSPC with it).
	WriteFault func() error
}

// Store is a store.Store in one bbolt file.
type Store struct {
	db  *bbolt.DB
	now func() time.Time
	// broken is set when a call found the file damaged (see guarded).
	broken atomic.Pointer[CorruptError]
	// fault is Options.WriteFault; lastFault the disk fault of the last
	// write, nil once a write succeeds.
	fault     func() error
	lastFault atomic.Pointer[store.FaultError]
}

// Open opens or creates the store file at path (and its directory).
func Open(path string, opts Options) (*Store, error) {
	if opts.Timeout == 0 {
		opts.Timeout = 2 * time.Second
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, explain(path, fmt.Errorf("open store %s: %w", path, err))
		}
	}
	// The check runs on a read-only open first: a write open loads the
	// freelist at once, and a panic there would leave the file mapped and
	// locked by this process.
	if _, err := inspect(path, opts.Timeout, false); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	db, err := openDB(path, &bbolt.Options{Timeout: opts.Timeout})
	if err != nil {
		return nil, explain(path, err)
	}
	err = guard(func() error {
		return db.Update(func(tx *bbolt.Tx) error {
			for _, b := range [][]byte{bucketRenewals, bucketDue, bucketMarks, bucketDedupe} {
				if _, err := tx.CreateBucketIfNotExists(b); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		db.Close()
		if damaged(err) {
			return nil, &CorruptError{Path: path, Err: err}
		}
		return nil, explain(path, fmt.Errorf("open store %s: create buckets: %w", path, err))
	}
	return &Store{db: db, now: opts.Now, fault: opts.WriteFault}, nil
}

// Close releases the file. On a store found damaged it waits at most a
// second: bbolt's panic may have left a lock held that Close would wait on
// for ever.
func (s *Store) Close() error {
	if s.broken.Load() == nil {
		return s.db.Close()
	}
	done := make(chan error, 1)
	go func() { done <- s.db.Close() }()
	select {
	case err := <-done:
		return err
	case <-time.After(time.Second):
		return fmt.Errorf("close store %s: gave up waiting on the damaged file", s.db.Path())
	}
}

// Path is the file the store lives in.
func (s *Store) Path() string { return s.db.Path() }

// Check walks the whole file and reports the first inconsistency bbolt
// finds, as a *CorruptError (Open does it too).
func (s *Store) Check() error {
	if err := check(s.db); err != nil {
		return &CorruptError{Path: s.db.Path(), Err: err}
	}
	return nil
}

func checkKey(tenant, id string) error {
	if tenant == "" || id == "" || strings.ContainsRune(tenant, 0) || strings.ContainsRune(id, 0) {
		return fmt.Errorf("renewal key: tenant %q and id %q must be set, without NUL bytes", tenant, id)
	}
	return nil
}

func join(parts ...string) []byte { return []byte(strings.Join(parts, "\x00")) }

func renewalKey(tenant, id string) []byte { return join(tenant, id) }

func dueKey(d renewal.Date, tenant, id string) []byte { return join(d.String(), tenant, id) }

func markKey(k store.ReminderKey) []byte {
	return join(k.Tenant, k.RenewalID, k.Cycle.String(), strconv.Itoa(k.Offset))
}

// getRenewal reads one renewal; one that does not decode is an
// *store.UnreadableError.
func (s *Store) getRenewal(tx *bbolt.Tx, tenant, id string) (renewal.Renewal, bool, error) {
	k := renewalKey(tenant, id)
	v := tx.Bucket(bucketRenewals).Get(k)
	if v == nil {
		return renewal.Renewal{}, false, nil
	}
	r, err := decodeRenewal(k, v)
	if err != nil {
		return renewal.Renewal{}, false, s.unreadable(bucketRenewals, k, err)
	}
	return r, true, nil
}

func putRenewal(tx *bbolt.Tx, r renewal.Renewal, old renewal.Date) error {
	v, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("encode renewal %s/%s: %w", r.Tenant, r.ID, err)
	}
	if err := tx.Bucket(bucketRenewals).Put(renewalKey(r.Tenant, r.ID), v); err != nil {
		return err
	}
	due := tx.Bucket(bucketDue)
	if !old.IsZero() && old != r.NextCheck {
		if err := due.Delete(dueKey(old, r.Tenant, r.ID)); err != nil {
			return err
		}
	}
	if !r.NextCheck.IsZero() {
		return due.Put(dueKey(r.NextCheck, r.Tenant, r.ID), nil)
	}
	return nil
}

// CreateRenewal implements store.Renewals.
func (s *Store) CreateRenewal(_ context.Context, r renewal.Renewal) error {
	if err := checkKey(r.Tenant, r.ID); err != nil {
		return err
	}
	err := s.write(func(tx *bbolt.Tx) error {
		if tx.Bucket(bucketRenewals).Get(renewalKey(r.Tenant, r.ID)) != nil {
			return store.ErrConflict
		}
		return putRenewal(tx, r, renewal.Date{})
	})
	if err != nil {
		return fmt.Errorf("create renewal %s/%s: %w", r.Tenant, r.ID, err)
	}
	return nil
}

// visible reads a renewal the scope sees: ErrNotFound when there is none,
// or it belongs to another channel.
func (s *Store) visible(tx *bbolt.Tx, scope store.Scope, id string) (renewal.Renewal, error) {
	r, ok, err := s.getRenewal(tx, scope.Tenant, id)
	if err == nil && (!ok || !scope.Sees(r)) {
		err = store.ErrNotFound
	}
	return r, err
}

// GetRenewal implements store.Renewals.
func (s *Store) GetRenewal(_ context.Context, scope store.Scope, id string) (renewal.Renewal, error) {
	var r renewal.Renewal
	err := s.read(func(tx *bbolt.Tx) (err error) {
		r, err = s.visible(tx, scope, id)
		return err
	})
	if err != nil {
		return renewal.Renewal{}, fmt.Errorf("get renewal %s/%s: %w", scope.Tenant, id, err)
	}
	return r, nil
}

// ListRenewals implements store.Renewals.
// A renewal that does not decode is skipped and reported (store.Skip).
func (s *Store) ListRenewals(ctx context.Context, scope store.Scope) ([]renewal.Renewal, error) {
	var out []renewal.Renewal
	prefix := append([]byte(scope.Tenant), 0)
	err := s.read(func(tx *bbolt.Tx) error {
		c := tx.Bucket(bucketRenewals).Cursor()
		for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			r, err := decodeRenewal(k, v)
			if err != nil {
				s.skip(ctx, bucketRenewals, k, err)
				continue
			}
			if scope.Sees(r) {
				out = append(out, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list renewals of %s: %w", scope.Tenant, err)
	}
	store.SortRenewals(out)
	return out, nil
}

// DeleteRenewal implements store.Renewals.
func (s *Store) DeleteRenewal(_ context.Context, scope store.Scope, id string) error {
	err := s.write(func(tx *bbolt.Tx) error {
		r, err := s.visible(tx, scope, id)
		if err != nil {
			return err
		}
		if !r.NextCheck.IsZero() {
			if err := tx.Bucket(bucketDue).Delete(dueKey(r.NextCheck, r.Tenant, id)); err != nil {
				return err
			}
		}
		return tx.Bucket(bucketRenewals).Delete(renewalKey(r.Tenant, id))
	})
	if err != nil {
		return fmt.Errorf("delete renewal %s/%s: %w", scope.Tenant, id, err)
	}
	return nil
}

// update changes a renewal the scope sees; a nil scope is the engine's,
// which sees every renewal of the tenant.
func (s *Store) update(tenant string, scope *store.Scope, id string, fn func(*renewal.Renewal)) (renewal.Renewal, error) {
	var r renewal.Renewal
	err := s.write(func(tx *bbolt.Tx) error {
		var ok bool
		var err error
		r, ok, err = s.getRenewal(tx, tenant, id)
		if err != nil {
			return err
		}
		if !ok || (scope != nil && !scope.Sees(r)) {
			return store.ErrNotFound
		}
		old := r.NextCheck
		fn(&r)
		return putRenewal(tx, r, old)
	})
	return r, err
}

// SetUsage implements store.Renewals.
func (s *Store) SetUsage(_ context.Context, scope store.Scope, id string, hours []float64, ondemand float64) (renewal.Renewal, error) {
	r, err := s.update(scope.Tenant, &scope, id, func(r *renewal.Renewal) {
		r.Usage = slices.Clone(hours)
		if ondemand > 0 {
			r.OnDemand = ondemand
		}
	})
	if err != nil {
		return renewal.Renewal{}, fmt.Errorf("set usage of %s/%s: %w", scope.Tenant, id, err)
	}
	return r, nil
}

// SetNextCheck implements store.Renewals.
func (s *Store) SetNextCheck(_ context.Context, tenant, id string, next renewal.Date) error {
	if _, err := s.update(tenant, nil, id, func(r *renewal.Renewal) { r.NextCheck = next }); err != nil {
		return fmt.Errorf("set next check of %s/%s: %w", tenant, id, err)
	}
	return nil
}

// SetDelivery implements store.Renewals.
func (s *Store) SetDelivery(_ context.Context, tenant, id string, d renewal.Delivery) error {
	if _, err := s.update(tenant, nil, id, func(r *renewal.Renewal) { r.LastDelivery = &d }); err != nil {
		return fmt.Errorf("set delivery of %s/%s: %w", tenant, id, err)
	}
	return nil
}

// DueRenewals implements store.Renewals: a range scan of the due index. A
// renewal (or index entry) that does not decode is skipped and reported
// (store.Skip): the others are still reminded.
func (s *Store) DueRenewals(ctx context.Context, from, to renewal.Date) ([]renewal.Renewal, error) {
	var out []renewal.Renewal
	start, end := []byte(from.String()), []byte(to.String())
	err := s.read(func(tx *bbolt.Tx) error {
		c := tx.Bucket(bucketDue).Cursor()
		for k, _ := c.Seek(start); len(k) >= 10 && bytes.Compare(k[:10], end) <= 0; k, _ = c.Next() {
			parts := strings.SplitN(string(k), "\x00", 3)
			if len(parts) != 3 {
				s.skip(ctx, bucketDue, k, fmt.Errorf("the key has %d parts, want 3", len(parts)))
				continue
			}
			r, ok, err := s.getRenewal(tx, parts[1], parts[2])
			var bad *store.UnreadableError
			if errors.As(err, &bad) {
				store.Skip(ctx, bad)
				continue
			}
			if err != nil {
				return err
			}
			if ok {
				out = append(out, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("due renewals %s..%s: %w", from, to, err)
	}
	return out, nil
}
