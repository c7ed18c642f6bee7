package drafter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"gpuadvisor/chat"
)

var _ chat.Dispatcher = (*Queue)(nil)

// JobStore keeps the jobs a Queue accepted until they are done, so that a
// restart resumes them. infra/bolt.Store is one (the serve store file);
// MemJobs keeps them in memory. Data is opaque to the store.
type JobStore interface {
	// PutJob stores (or replaces) a job, durably before it returns.
	PutJob(ctx context.Context, id string, data []byte) error
	// DeleteJob forgets a job; an unknown id is not an error.
	DeleteJob(ctx context.Context, id string) error
	// Jobs returns every stored job by id.
	Jobs(ctx context.Context) (map[string][]byte, error)
}

// Defaults of a Queue.
const (
	// DefaultWorkers is how many jobs run at once.
	DefaultWorkers = 4
	// DefaultMaxAge is the oldest job still worth running: Slack's
	// response_url lives 30 minutes, so a job accepted 25 minutes ago is
	// not run; its user is told instead.
	DefaultMaxAge = 25 * time.Minute
	// DefaultRetryDelay is the pause before a job whose post failed runs
	// again (times the runs so far).
	DefaultRetryDelay = 5 * time.Second
)

var (
	// ErrClosed: the queue is shutting down and takes no new job.
	ErrClosed = errors.New("drafter: the queue is shutting down")
	// ErrBusy: MaxQueued jobs are waiting already.
	ErrBusy = errors.New("drafter: too many drafts waiting")
)

// Queue is the chat.Dispatcher of a long-running process (`serve`): an
// accepted job is stored before Dispatch returns, run by a pool of
// workers, and deleted only once its reply (or its error reply) is posted.
// Start resumes what a previous process left; Shutdown lets the running
// jobs finish within its grace and leaves the rest stored.
type Queue struct {
	// Runner does the jobs.
	Runner *Runner
	// Store keeps the accepted jobs; nil means memory (nothing survives
	// a restart).
	Store JobStore
	// Workers is how many jobs run at once; zero means DefaultWorkers.
	Workers int
	// Timeout bounds each run; zero means DefaultTimeout.
	Timeout time.Duration
	// MaxAge is the oldest job still run; zero means DefaultMaxAge.
	MaxAge time.Duration
	// RetryDelay is the pause before a failed job runs again; zero means
	// DefaultRetryDelay.
	RetryDelay time.Duration
	// MaxQueued bounds the jobs waiting to run; past it Dispatch answers
	// ErrBusy. Zero means no bound.
	MaxQueued int
	// Now is the clock; nil means time.Now.
	Now func() time.Time

	mu      sync.Mutex
	started bool
	closed  bool
	ready   []*entry // waiting to run, by due time
	wake    chan struct{}
	base    context.Context
	cancel  context.CancelFunc
	workers sync.WaitGroup
}

// entry is a stored job: what was accepted, when, and how often it ran.
type entry struct {
	ID       string    `json:"id"`
	Job      chat.Job  `json:"job"`
	Accepted time.Time `json:"accepted"`
	Runs     int       `json:"runs"`
	due      time.Time
}

// Start resumes the stored jobs (oldest first) and starts the workers. It
// returns how many jobs it resumed. A job that cannot be read is logged
// and deleted. Start releases the leases of the jobs it resumes: it must be
// the only process using Store and the Runner's Dedupe (serve's bbolt file
// is locked to one process).
func (q *Queue) Start(ctx context.Context) (int, error) {
	q.mu.Lock()
	if q.started {
		q.mu.Unlock()
		return 0, nil
	}
	q.startLocked()
	q.mu.Unlock()
	stored, err := q.store().Jobs(ctx)
	if err != nil {
		return 0, fmt.Errorf("drafter: read the stored jobs: %w", err)
	}
	var resumed []*entry
	for id, data := range stored {
		var e entry
		if err := json.Unmarshal(data, &e); err != nil || e.ID != id {
			q.log().Error("stored job unreadable; deleted", "job", id, "err", err)
			_ = q.store().DeleteJob(ctx, id)
			continue
		}
		// a lease left by a run that died with the previous process: the
		// store file is locked to this process, so no run holds it now
		q.Runner.releaseLease(ctx, e.ID)
		resumed = append(resumed, &e)
	}
	slices.SortFunc(resumed, func(a, b *entry) int { return a.Accepted.Compare(b.Accepted) })
	q.mu.Lock()
	q.ready = append(q.ready, resumed...)
	q.mu.Unlock()
	q.signal()
	if len(resumed) > 0 {
		q.log().Info("drafter queue resumed stored jobs", "jobs", len(resumed))
	}
	return len(resumed), nil
}

func (q *Queue) startLocked() {
	q.started = true
	q.wake = make(chan struct{}, 1)
	q.base, q.cancel = context.WithCancel(context.Background())
	for range orDefault(q.Workers, DefaultWorkers) {
		q.workers.Add(1)
		go q.work()
	}
}

// Dispatch implements chat.Dispatcher: it stores the job and returns; a
// worker runs it. An error means the job was not accepted (the store
// failed, or the queue is shutting down): the caller tells the user.
func (q *Queue) Dispatch(ctx context.Context, job chat.Job) error {
	e := &entry{ID: JobID(job), Job: job, Accepted: q.now()}
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return ErrClosed
	}
	if q.MaxQueued > 0 && len(q.ready) >= q.MaxQueued {
		n := len(q.ready)
		q.mu.Unlock()
		return fmt.Errorf("%w: %d", ErrBusy, n)
	}
	if !q.started {
		q.startLocked()
	}
	q.mu.Unlock()
	if err := q.put(ctx, e); err != nil {
		return err
	}
	q.mu.Lock()
	q.ready = append(q.ready, e)
	q.mu.Unlock()
	q.signal()
	return nil
}

// Queued is how many jobs wait to run (not counting the running ones).
func (q *Queue) Queued() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.ready)
}

// Shutdown stops taking jobs, lets the running ones finish until ctx ends
// (the grace period), then stops them; every job not finished stays stored
// for the next Start. It returns how many jobs were left stored.
func (q *Queue) Shutdown(ctx context.Context) (int, error) {
	q.mu.Lock()
	q.closed = true
	started := q.started
	q.mu.Unlock()
	if !started {
		return 0, nil
	}
	close(q.wake) // wake every idle worker: they see closed and leave
	done := make(chan struct{})
	go func() { q.workers.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		q.cancel() // runs still going stop before posting (ErrCanceled)
		<-done
	}
	q.cancel()
	left, err := q.store().Jobs(context.WithoutCancel(ctx))
	if err != nil {
		return 0, err
	}
	if len(left) > 0 {
		q.log().Info("drafter queue stopped; jobs left for the next start", "jobs", len(left))
	}
	return len(left), nil
}

// work is one worker: take the next due job, run it, settle it.
func (q *Queue) work() {
	defer q.workers.Done()
	for {
		e, wait, ok := q.next()
		if !ok {
			return
		}
		if e == nil {
			t := time.NewTimer(wait)
			select {
			case _, open := <-q.wake:
				if !open {
					t.Stop()
					return
				}
			case <-t.C:
			}
			t.Stop()
			continue
		}
		q.run(e)
	}
}

// next pops the first due job; when none is due it says how long to wait.
// ok is false once the queue is closed. A worker that takes a job while
// others wait wakes the next idle worker, and that one the next: the jobs
// resumed at Start, or dispatched in a burst, run on the whole pool at
// once, not one at a time behind a single wake-up.
func (q *Queue) next() (e *entry, wait time.Duration, ok bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return nil, 0, false
	}
	now := q.now()
	wait = time.Minute
	for i, c := range q.ready {
		if !c.due.After(now) {
			q.ready = slices.Delete(q.ready, i, i+1)
			if len(q.ready) > 0 {
				select {
				case q.wake <- struct{}{}:
				default:
				}
			}
			return c, 0, true
		}
		wait = min(wait, c.due.Sub(now))
	}
	return nil, wait, true
}

// run runs one job and settles it: deleted when done, stored again with
// its run count when it must run again, left as is when stopped. A panic
// counts as a failed run: one bad job never stops the process.
func (q *Queue) run(e *entry) {
	ctx := q.base
	defer func() {
		if p := recover(); p != nil {
			q.log().Error("job panicked", "job", e.ID, "panic", fmt.Sprint(p))
			q.Runner.releaseLease(context.WithoutCancel(ctx), e.ID)
			e.Runs++
			if e.Runs > q.Runner.maxAttempts()+2 {
				q.delete(e)
				return
			}
			q.retry(e, q.retryDelay()*time.Duration(e.Runs), true)
		}
	}()
	log := q.log().With("job", e.ID)
	if age := q.now().Sub(e.Accepted); age > q.maxAge() {
		// too old for its reply to arrive (response_url expired): say so
		err := q.Runner.Abandon(ctx, e.Job)
		log.Warn("job too old to run; its user was told", "age", age.Round(time.Second).String(), "err", err)
		q.delete(e)
		return
	}
	jctx, cancel := context.WithTimeout(ctx, orDefault(q.Timeout, DefaultTimeout))
	err := q.Runner.Run(jctx, e.Job)
	cancel()
	switch {
	case err == nil, errors.Is(err, ErrGaveUp):
		q.delete(e)
	case errors.Is(err, ErrCanceled) || ctx.Err() != nil:
		// stopped by Shutdown: stays stored for the next Start
	case errors.Is(err, ErrInProgress):
		q.retry(e, q.Runner.lease()/3, false)
	default:
		e.Runs++
		if e.Runs > q.Runner.maxAttempts()+2 {
			// a backstop: the runner counts attempts in its store, which
			// may be failing too
			_ = q.Runner.Abandon(ctx, e.Job)
			log.Error("job failed too often; dropped", "runs", e.Runs, "err", err)
			q.delete(e)
			return
		}
		q.retry(e, q.retryDelay()*time.Duration(e.Runs), true)
	}
}

func (q *Queue) retry(e *entry, after time.Duration, persist bool) {
	e.due = q.now().Add(after)
	if persist {
		if err := q.put(context.WithoutCancel(q.base), e); err != nil {
			q.log().Error("job run count not stored", "job", e.ID, "err", err)
		}
	}
	q.mu.Lock()
	if !q.closed {
		q.ready = append(q.ready, e)
	}
	q.mu.Unlock()
	q.signal()
}

func (q *Queue) put(ctx context.Context, e *entry) error {
	data, err := json.Marshal(e)
	if err != nil {
		return fmt.Errorf("drafter: encode job %s: %w", e.ID, err)
	}
	if err := q.store().PutJob(ctx, e.ID, data); err != nil {
		return fmt.Errorf("drafter: store job %s: %w", e.ID, err)
	}
	return nil
}

func (q *Queue) delete(e *entry) {
	if err := q.store().DeleteJob(context.WithoutCancel(q.base), e.ID); err != nil {
		q.log().Error("finished job not deleted; it will run again at the next start", "job", e.ID, "err", err)
	}
}

func (q *Queue) signal() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed || q.wake == nil {
		return
	}
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *Queue) store() JobStore {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.Store == nil {
		q.Store = &MemJobs{}
	}
	return q.Store
}

func (q *Queue) now() time.Time {
	if q.Now != nil {
		return q.Now()
	}
	return time.Now()
}

func (q *Queue) maxAge() time.Duration { return orDefault(q.MaxAge, DefaultMaxAge) }

func (q *Queue) retryDelay() time.Duration { return orDefault(q.RetryDelay, DefaultRetryDelay) }

func (q *Queue) log() *slog.Logger { return q.Runner.log() }

// Abandon tells a job's user that the draft failed and how to ask again,
// without running it, and marks the job done (a job too old to run, or one
// that failed too often). A job already done is left alone.
func (r *Runner) Abandon(ctx context.Context, job chat.Job) error {
	doneKey := "drafter:done:" + JobID(job)
	if r.isDone(ctx, doneKey) {
		return nil
	}
	poster := r.Posters[job.Request.Platform]
	if poster == nil {
		return fmt.Errorf("%w %q", ErrNoPoster, job.Request.Platform)
	}
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.reserve())
	defer cancel()
	err := safePost(pctx, poster, job.Target, GaveUp(job))
	r.markDone(ctx, doneKey, r.log())
	return err
}

func (r *Runner) releaseLease(ctx context.Context, id string) {
	if err := r.Dedupe.Release(ctx, "drafter:"+id); err != nil {
		r.log().Warn("job lease not released", "job", id, "err", err)
	}
}

// MemJobs is a JobStore in memory, for tests and a process without a store
// file (nothing survives a restart).
type MemJobs struct {
	mu   sync.Mutex
	jobs map[string][]byte
}

// PutJob implements JobStore.
func (m *MemJobs) PutJob(_ context.Context, id string, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.jobs == nil {
		m.jobs = map[string][]byte{}
	}
	m.jobs[id] = append([]byte(nil), data...)
	return nil
}

// DeleteJob implements JobStore.
func (m *MemJobs) DeleteJob(_ context.Context, id string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.jobs, id)
	return nil
}

// Jobs implements JobStore.
func (m *MemJobs) Jobs(context.Context) (map[string][]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string][]byte, len(m.jobs))
	for k, v := range m.jobs {
		out[k] = append([]byte(nil), v...)
	}
	return out, nil
}
