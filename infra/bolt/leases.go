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

// A failed flush is tried again after a pause that doubles up to
// maxFlushBackoff, and a failure streak is logged when it starts and then
// at most once per failureLogEvery (with the count so far), not once per
// attempt: a full disk must not fill the log too.
const (
	maxFlushBackoff = 5 * time.Second
	failureLogEvery = 30 * time.Second
)

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
// When the file cannot be written (a full disk), the marks stay in memory,
// the writer backs off and logs once per streak (Health says why), and each
// new mark is synced to the spill file FILE.marks before the call returns;
// Close keeps trying until its context ends and spills what it could not
// write, and the next Leases reads the spill file back first
// (docs/stores.md#serve-under-load-and-faults).
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
	// The current failure streak: how many flushes failed in a row, since
	// when, the last error, and when it was last logged.
	failures  int
	failSince time.Time
	lastErr   error
	loggedAt  time.Time
	// spill keeps the marks the store file cannot take (FILE.marks); nil
	// when it could not be made.
	spill *spill
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
	sp, marks, err := openSpill(s.Path() + ".marks")
	if err != nil {
		o.Log.Warn("dedupe marks: no spill file; on a full disk, marks not yet written are lost at a stop", "file", s.Path()+".marks", "err", err)
	}
	l.spill = sp
	if len(marks) > 0 {
		// marks a previous run could not write to the store: they count at
		// once, and go to the store with the first flush
		o.Log.Info("dedupe marks read back from the spill file", "marks", len(marks), "file", s.Path()+".marks")
		for k, v := range marks {
			l.pending[k] = v
		}
		l.wake <- struct{}{}
	}
	go l.flusher()
	return l
}

// unwritten is every mark not yet in the store: being written, then
// pending (newer). Called with l.mu held.
func (l *Leases) unwritten() map[string][]byte {
	all := make(map[string][]byte, len(l.writing)+len(l.pending))
	for k, v := range l.writing {
		all[k] = v
	}
	for k, v := range l.pending {
		all[k] = v
	}
	return all
}

// spillLocked writes every mark not yet in the store to the spill file,
// synced. Called with l.mu held.
func (l *Leases) spillLocked() error {
	if l.spill == nil {
		return errors.New("no spill file")
	}
	return l.spill.write(l.unwritten())
}

// degradedLocked keeps the new mark of key safe while the store cannot be
// written: appended to the spill file and synced before the call returns
// (so before the reply is acknowledged), at the cost of one small fsync.
// Called with l.mu held.
func (l *Leases) degradedLocked(key string) error {
	if l.failures == 0 {
		return nil
	}
	if l.spill == nil {
		return fmt.Errorf("the store cannot be written (%v) and there is no spill file", l.lastErr)
	}
	if err := l.spill.add(key, l.pending[key], l.unwritten()); err != nil {
		return fmt.Errorf("the store cannot be written (%v) and the spill file failed: %w", l.lastErr, err)
	}
	return nil
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
		if err := l.degradedLocked(key); err != nil {
			return true, fmt.Errorf("dedupe claim %q: %w", key, err)
		}
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
	if err := l.degradedLocked(key); err != nil {
		return fmt.Errorf("dedupe done %q: %w", key, err)
	}
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
	if err := l.degradedLocked(key); err != nil {
		return fmt.Errorf("dedupe release %q: %w", key, err)
	}
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
// After a failure it waits longer each time (up to maxFlushBackoff) before
// trying again.
func (l *Leases) flusher() {
	defer close(l.stopped)
	for {
		select {
		case <-l.wake:
		case <-l.stop:
			return
		}
		select {
		case <-time.After(l.backoff()):
		case <-l.stop:
			return // Close writes what is pending
		}
		if err := l.flush(); err != nil {
			select { // try again after the back-off
			case l.wake <- struct{}{}:
			default:
			}
		}
	}
}

// backoff is the pause before the next flush: FlushEvery, doubled for each
// failure in the current streak, at most maxFlushBackoff.
func (l *Leases) backoff() time.Duration {
	l.mu.Lock()
	n := l.failures
	l.mu.Unlock()
	d := l.every
	for range min(n, 16) {
		d *= 2
	}
	return min(d, max(maxFlushBackoff, l.every))
}

// noteFlush records how a flush went and logs a failure streak: its first
// failure, then at most once per failureLogEvery with the count, and its
// end. Called with l.mu held.
func (l *Leases) noteFlush(err error, pending int) {
	now := time.Now()
	if err == nil {
		if l.failures > 0 {
			l.log.Info("dedupe marks written again", "after_failures", l.failures, "failing_for", now.Sub(l.failSince).Round(time.Millisecond).String())
		}
		l.failures, l.lastErr = 0, nil
		return
	}
	if l.failures == 0 {
		l.failSince = now
	}
	l.failures++
	l.lastErr = err
	if l.failures == 1 || now.Sub(l.loggedAt) >= failureLogEvery {
		l.loggedAt = now
		l.log.Error("dedupe marks not written; kept in memory and written again (this line repeats at most every 30s while it lasts)",
			"err", err, "failures", l.failures, "pending", pending, "failing_for", now.Sub(l.failSince).Round(time.Millisecond).String())
	}
}

// Health says whether the marks are being written: "" when they are, else
// why not (the cause, how long, how many marks wait in memory).
func (l *Leases) Health() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.failures == 0 {
		return ""
	}
	return fmt.Sprintf("de-duplication marks not written for %s (%d attempts, %d waiting in memory): %v",
		time.Since(l.failSince).Round(time.Second), l.failures, len(l.pending), l.lastErr)
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
		err = fmt.Errorf("write %d dedupe marks: %w", len(batch), err)
		if serr := l.spillLocked(); serr != nil && l.failures == 0 {
			l.log.Warn("dedupe marks: the spill file failed too", "err", serr)
		}
	} else if l.spill != nil && l.spill.dirty && len(l.pending) == 0 {
		if serr := l.spill.write(nil); serr != nil {
			l.log.Warn("dedupe marks: could not empty the spill file (its marks are in the store; they are read back harmlessly)", "err", serr)
		}
	}
	l.noteFlush(err, len(l.pending))
	return err
}

// Close stops the flusher and writes every pending mark, trying again
// (with the flusher's back-off) until ctx ends when a write fails. What it
// could not write is in the error: how many marks, and why. Calls after
// Close fail; the Store stays open.
func (l *Leases) Close(ctx context.Context) error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	l.mu.Unlock()
	close(l.stop)
	<-l.stopped
	defer func() {
		if l.spill != nil {
			l.spill.close()
		}
	}()
	for {
		err := l.flush()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			l.mu.Lock()
			defer l.mu.Unlock()
			n, tries := len(l.pending), l.failures
			if serr := l.spillLocked(); serr == nil {
				l.log.Warn("dedupe marks could not be written to the store before the shutdown ended; kept in the spill file and written at the next start",
					"marks", n, "attempts", tries, "file", l.s.Path()+".marks", "err", err)
				return nil
			} else {
				err = errors.Join(err, fmt.Errorf("spill file: %w", serr))
			}
			return fmt.Errorf("%d de-duplication marks could not be written before the shutdown ended (%d attempts; their requests may be answered again if the platform redelivers them): %w", n, tries, err)
		case <-time.After(l.backoff()):
		}
	}
}
