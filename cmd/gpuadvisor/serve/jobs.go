package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/feishu"
)

// Limits of the in-process drafter.
const (
	// jobTimeout bounds one draft, LLM calls and the post included (the
	// drafter function's own timeout in AWS).
	jobTimeout = 90 * time.Second
	// jobWorkers drafts at once; the rest wait their turn.
	jobWorkers = 4
	// jobQueue is how many drafts may wait; past it Dispatch says busy.
	jobQueue = 64
)

// errShuttingDown is Dispatch's answer once shutdown has begun.
var errShuttingDown = errors.New("serve is shutting down")

var _ chat.Dispatcher = (*jobRunner)(nil)

// jobRunner runs the drafter in-process: a chat.Dispatcher whose Dispatch
// returns at once and runs the job in a goroutine owned by serve's lifetime,
// at most jobWorkers at a time, each within jobTimeout. Unlike
// drafter.Local, Close stops it: running jobs may finish within Close's
// context, then they are cancelled.
type jobRunner struct {
	run func(ctx context.Context, job chat.Job) error
	log *slog.Logger

	base   context.Context
	cancel context.CancelFunc
	slots  chan struct{}

	mu      sync.Mutex
	closed  bool
	pending int
	wg      sync.WaitGroup
}

func newJobRunner(run func(context.Context, chat.Job) error, log *slog.Logger) *jobRunner {
	base, cancel := context.WithCancel(context.Background())
	return &jobRunner{run: run, log: log, base: base, cancel: cancel, slots: make(chan struct{}, jobWorkers)}
}

// Dispatch implements chat.Dispatcher: it starts the job and never waits
// for it. (The drafter claims the job id, so a job dispatched twice runs
// once.)
func (r *jobRunner) Dispatch(ctx context.Context, job chat.Job) error {
	r.mu.Lock()
	switch {
	case r.closed:
		r.mu.Unlock()
		return errShuttingDown
	case r.pending >= jobQueue:
		r.mu.Unlock()
		return fmt.Errorf("drafter busy: %d drafts waiting", r.pending)
	}
	r.pending++
	r.wg.Add(1)
	r.mu.Unlock()
	go r.work(job)
	return nil
}

func (r *jobRunner) work(job chat.Job) {
	defer r.wg.Done()
	defer func() {
		r.mu.Lock()
		r.pending--
		r.mu.Unlock()
	}()
	select {
	case r.slots <- struct{}{}:
		defer func() { <-r.slots }()
	case <-r.base.Done():
		r.log.Warn("draft cancelled before it started", "job", job.ID, "platform", job.Request.Platform)
		return
	}
	ctx, cancel := context.WithTimeout(r.base, jobTimeout)
	defer cancel()
	start := time.Now()
	err := r.safeRun(ctx, job)
	attrs := []any{"job", job.ID, "platform", job.Request.Platform, "ms", time.Since(start).Milliseconds()}
	if err != nil {
		r.log.Error("draft failed", append(attrs, "err", err)...)
		return
	}
	r.log.Info("draft posted", attrs...)
}

// safeRun turns a panic in a job into an error: one bad draft must not stop
// serve.
func (r *jobRunner) safeRun(ctx context.Context, job chat.Job) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("draft panicked: %v", p)
		}
	}()
	return r.run(ctx, job)
}

// Running is how many drafts are running or waiting.
func (r *jobRunner) Running() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.pending
}

// Close refuses new jobs and waits for the running ones until ctx ends;
// then it cancels them and waits a moment for them to notice. It returns
// how many were still running when ctx ended.
func (r *jobRunner) Close(ctx context.Context) (int, error) {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	done := make(chan struct{})
	go func() { r.wg.Wait(); close(done) }()
	select {
	case <-done:
		r.cancel()
		return 0, nil
	case <-ctx.Done():
	}
	n := r.Running()
	r.cancel()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
	}
	return n, ctx.Err()
}

// posters are the chat.Posters of the platforms that are on, by platform
// name, for the drafter and the reminder.
func (s *server) posters() map[string]chat.Poster {
	m := map[string]chat.Poster{}
	if s.slackPoster != nil {
		m["slack"] = s.slackPoster
	}
	if s.feishuClient != nil {
		m[feishu.Platform] = s.feishuClient
	}
	return m
}
