package drafter

import (
	"context"
	"sync"
	"time"

	"gpuadvisor/chat"
)

var _ chat.Dispatcher = (*Local)(nil)

// Local is a chat.Dispatcher for a long-running process (`serve`): each job
// runs in its own goroutine, detached from the request that dispatched it,
// under its own timeout. (On Lambda use infra/invoke instead: a frozen
// process does not finish goroutines.)
type Local struct {
	// Runner does the jobs.
	Runner *Runner
	// Timeout bounds each job; zero means DefaultTimeout.
	Timeout time.Duration

	wg sync.WaitGroup
}

// Dispatch implements chat.Dispatcher: it starts the job and returns at once.
func (l *Local) Dispatch(ctx context.Context, job chat.Job) error {
	timeout := l.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	l.wg.Go(func() {
		jctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
		defer cancel()
		if err := l.Runner.Run(jctx, job); err != nil {
			l.Runner.log().Error("local job failed", "job", job.ID, "err", err)
		}
	})
	return nil
}

// Wait blocks until every dispatched job has finished (shutdown, tests).
func (l *Local) Wait() { l.wg.Wait() }
