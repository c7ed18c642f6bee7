package bolt

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"go.etcd.io/bbolt"

	"gpuadvisor/store"
)

var _ store.Deduper = (*Leases)(nil)

// DefaultFlushEvery is how long a done mark waits in memory before Leases
// writes it to the file, with every other mark of that moment, in one
// transaction.
const DefaultFlushEvery = 200 * time.Millisecond

// Leases is the store.Deduper of the one process that holds the store file
// (`gpuadvisor serve`): the request path's leases live in memory and its done
// marks are written to the file behind the request, many in one transaction.
// A request then costs no fsync, where Store's own Lease and Done cost one
// each (docs/stores.md has the numbers).
//
// Why that keeps the guarantees of store.Deduper:
//   - A lease only has to stop a second delivery while the first is being
//     answered. The file is locked to this process (bbolt's flock), so no
//     other process can answer; if this one dies, its leases die with it,
//     which is what a lease running out means: the redelivery does the work.
//     A lease written to the file would instead block the redelivery after
//     a restart until it ran out.
//   - Done marks must outlive the process, for redeliveries hours later
//     (Feishu redelivers up to about 7 hours). They are written within
//     FlushEvery, and every pending one at Close. A crash loses at most the
//     marks of its last FlushEvery: a redelivery of one of those requests is
//     answered again, the same outcome as a crash between posting a reply
//     and marking it done, which the lease design already accepts.
//
// Marks are read from memory first (pending, then being written), then from
// the file. Store's own Deduper methods, which the drafter uses, keep
// writing each key at once; the two share the dedupe bucket and use
// different keys.
type Leases struct {
	s     *Store
	now   func() time.Time
	every time.Duration
	log   *slog.Logger

	mu sync.Mutex
	// leases: key → the end of its lease (memory only).
	leases map[string]time.Time
	// pending: key → the value to write (nil: delete the key); writing: the
	// batch being written now. pending is newer than writing, writing than
	// the file.
	pending, writing map[string][]byte
	wake             chan struct{}
	stop             chan struct{}
	stopped          chan struct{}
	closed           bool
}

// LeaseOptions tune Leases.
type LeaseOptions struct {
	// FlushEvery bounds how long a done mark stays in memory only; zero means
	// DefaultFlushEvery.
	FlushEvery time.Duration
	// Log receives write failures (the marks stay in memory and are written
	// again); nil means slog.Default().
	Log *slog.Logger
}

// Leases starts the in-memory Deduper over s. Close it before s: Close
// writes the pending marks.
func (s *Store) Leases(o LeaseOptions) *Leases {
	if o.FlushEvery <= 0 {
		o.FlushEvery = DefaultFlushEvery
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	l := &Leases{
		s: s, now: s.now, every: o.FlushEvery, log: o.Log,
		leases: map[string]time.Time{}, pending: map[string][]byte{},
		wake: make(chan struct{}, 1), stop: make(chan struct{}), stopped: make(chan struct{}),
	}
	go l.flusher()
	return l
}

// errClosed is returned by every call after Close.
var errClosed = errors.New("dedupe leases: closed")

// state is what is known of key at now: a live lease (Held), a live done
// mark (Sent), or nothing (Claimed). Called with l.mu held.
func (l *Leases) state(key string, now time.Time) (store.Claim, error) {
	if end, ok := l.leases[key]; ok {
		if now.Before(end) {
			return store.Held, nil
		}
		delete(l.leases, key)
	}
	v, ok := l.pending[key]
	if !ok {
		v, ok = l.writing[key]
	}
	if !ok {
		sent := false
		err := l.s.read(func(tx *bbolt.Tx) error {
			st, live := dedupeState(tx.Bucket(bucketDedupe).Get([]byte(key)), now)
			sent = live && st == dedupeDone
			return nil
		})
		switch {
		case err != nil:
			return 0, err
		case sent:
			return store.Sent, nil
		}
		// A lease in the file was left by a process that no longer holds
		// the file: it guards nothing.
		return store.Claimed, nil
	}
	if st, live := dedupeState(v, now); live && st == dedupeDone {
		return store.Sent, nil
	}
	return store.Claimed, nil
}

// Lease implements store.Deduper.
func (l *Leases) Lease(_ context.Context, key string, lease time.Duration) (store.Claim, error) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return 0, errClosed
	}
	c, err := l.state(key, now)
	if err != nil {
		return 0, fmt.Errorf("dedupe lease %q: %w", key, err)
	}
	if c == store.Claimed {
		l.leases[key] = now.Add(lease)
	}
	return c, nil
}

// Claim implements store.Deduper.
func (l *Leases) Claim(_ context.Context, key string, ttl time.Duration) (bool, error) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return false, errClosed
	}
	c, err := l.state(key, now)
	if err != nil {
		return false, fmt.Errorf("dedupe claim %q: %w", key, err)
	}
	if c == store.Claimed {
		l.setLocked(key, dedupeValue(now, ttl, dedupeDone))
	}
	return c == store.Claimed, nil
}

// Done implements store.Deduper.
func (l *Leases) Done(_ context.Context, key string, keep time.Duration) error {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return errClosed
	}
	l.setLocked(key, dedupeValue(now, keep, dedupeDone))
	return nil
}

// Release implements store.Deduper: the lease is dropped, and a done mark
// deleted from the file with the next batch.
func (l *Leases) Release(_ context.Context, key string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return errClosed
	}
	delete(l.leases, key)
	l.setLocked(key, nil)
	return nil
}

// setLocked queues v (nil: a delete) for key and wakes the flusher.
func (l *Leases) setLocked(key string, v []byte) {
	delete(l.leases, key)
	l.pending[key] = v
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// flusher writes the pending marks at most every FlushEvery, until Close.
func (l *Leases) flusher() {
	defer close(l.stopped)
	for {
		select {
		case <-l.wake:
		case <-l.stop:
			return
		}
		select {
		case <-time.After(l.every):
		case <-l.stop:
			return // Close writes what is pending
		}
		if err := l.flush(); err != nil {
			l.log.Error("dedupe marks not written; kept in memory and written again", "err", err)
			select { // try again after the next FlushEvery
			case l.wake <- struct{}{}:
			default:
			}
		}
	}
}

// flush writes the pending marks in one transaction. On failure they go back
// to pending (a newer value for the same key wins).
func (l *Leases) flush() error {
	l.mu.Lock()
	batch := l.pending
	if len(batch) == 0 {
		l.mu.Unlock()
		return nil
	}
	l.writing, l.pending = batch, map[string][]byte{}
	now := l.now()
	for k, end := range l.leases { // leases nobody marked done nor released
		if !now.Before(end) {
			delete(l.leases, k)
		}
	}
	l.mu.Unlock()
	err := l.s.write(func(tx *bbolt.Tx) error {
		b := tx.Bucket(bucketDedupe)
		for k, v := range batch {
			var err error
			if v == nil {
				err = b.Delete([]byte(k))
			} else {
				err = b.Put([]byte(k), v)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writing = nil
	if err != nil {
		for k, v := range batch {
			if _, newer := l.pending[k]; !newer {
				l.pending[k] = v
			}
		}
		return fmt.Errorf("write %d dedupe marks: %w", len(batch), err)
	}
	return nil
}

// Close stops the flusher and writes every pending mark. Calls after Close
// fail; the Store stays open.
func (l *Leases) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	l.mu.Unlock()
	close(l.stop)
	<-l.stopped
	return l.flush()
}
