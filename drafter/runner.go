package drafter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// Defaults of a Runner.
const (
	// DefaultTTL is how long a finished job id is remembered.
	DefaultTTL = 24 * time.Hour
	// DefaultLease is how long a job is held by the run working on it. It
	// outlasts a run (DefaultTimeout) and ends before Lambda's first retry
	// of a run that crashed or timed out (at least a minute after it ended),
	// so that retry finds the job free.
	DefaultLease = 90 * time.Second
	// DefaultMaxAttempts is how many runs a job gets before the last one
	// tells its user it failed: Lambda's first try and its two retries
	// (MaximumRetryAttempts: 2 in template.yaml).
	DefaultMaxAttempts = 3
	// DefaultPostReserve is the time kept back from the work for posting.
	DefaultPostReserve = 5 * time.Second
	// DefaultTimeout bounds a job whose context has no deadline.
	DefaultTimeout = 55 * time.Second
)

// Handler answers a request; *chat.Router is one.
type Handler interface {
	Handle(ctx context.Context, req chat.Request) chat.Reply
}

// Runner runs jobs. Handler, Posters and Dedupe are required.
//
// A job is marked done only after its reply is posted (docs/drafting.md):
// a run leases the job id, works, posts, and only then marks it done. When
// the post fails the lease is released and Run returns an error, so that
// the platform's retry (Lambda's async retry, the serve queue) does the
// work again; the last attempt posts an error reply instead, saying the
// draft failed and how to ask again.
type Runner struct {
	// Handler runs the job's request (the bot's router).
	Handler Handler
	// Posters post replies, by platform ("slack", "feishu", "cli").
	Posters map[string]chat.Poster
	// Dedupe holds the job's lease, its done mark and its attempt count.
	Dedupe store.Deduper
	// TTL is how long a finished job id is remembered; zero means DefaultTTL.
	TTL time.Duration
	// Lease is how long a run holds a job; zero means DefaultLease.
	Lease time.Duration
	// MaxAttempts is how many runs a job gets; zero means
	// DefaultMaxAttempts.
	MaxAttempts int
	// PostReserve is kept back from the work for posting; zero means
	// DefaultPostReserve.
	PostReserve time.Duration
	// Timeout bounds a job when ctx has no deadline; zero means DefaultTimeout.
	Timeout time.Duration
	// Log gets one line per job (id, platform, command word, outcome,
	// duration; never the text); nil means slog.Default().
	Log *slog.Logger
}

var (
	// ErrNoPoster: the job's platform has no poster configured.
	ErrNoPoster = errors.New("drafter: no poster for the job's platform")
	// ErrInProgress: another run holds the job's lease; try again after
	// the lease (a run that crashed holds it until it expires).
	ErrInProgress = errors.New("drafter: the job is being run elsewhere")
	// ErrCanceled: the run was stopped (shutdown) before it posted
	// anything; the job is not done and may be run again.
	ErrCanceled = errors.New("drafter: the run was stopped before posting")
	// ErrGaveUp: the last attempt could post neither the reply nor the
	// error reply. Nothing more can be done for the job.
	ErrGaveUp = errors.New("drafter: gave up on the job")
)

// Run does one job: lease, work, post, mark done. It returns nil when the
// reply (or a failure message) was posted, or when the job was already
// done; an error when it should be run again (the post failed, another run
// holds it, the run was stopped) or, wrapping ErrGaveUp, when nothing could
// be posted on the last attempt.
func (r *Runner) Run(ctx context.Context, job chat.Job) error {
	start := time.Now()
	id := JobID(job)
	log := r.log().With("job", id, "platform", job.Request.Platform, "command", firstWord(job.Request.Text))
	if r.Handler == nil || r.Dedupe == nil {
		return errors.New("drafter: runner needs a Handler and a Dedupe")
	}
	leaseKey, doneKey := "drafter:"+id, "drafter:done:"+id
	leased, err := r.Dedupe.Claim(ctx, leaseKey, r.lease())
	if err != nil {
		// Nothing is known: posting twice is better than posting nothing.
		log.Warn("job claim failed; running it anyway", "err", err)
		leased = true
	}
	if r.isDone(ctx, doneKey) {
		log.Info("job already done", "outcome", "duplicate")
		return nil
	}
	if !leased {
		log.Info("job held by another run", "outcome", "in_progress")
		return ErrInProgress
	}
	release := func() {
		if err := r.Dedupe.Release(context.WithoutCancel(ctx), leaseKey); err != nil {
			log.Warn("job lease not released", "err", err)
		}
	}
	attempt := r.attempt(ctx, id)
	poster := r.Posters[job.Request.Platform]
	if poster == nil {
		log.Error("job dropped", "outcome", "no_poster")
		r.markDone(ctx, doneKey, log)
		return fmt.Errorf("%w: %w %q", ErrGaveUp, ErrNoPoster, job.Request.Platform)
	}
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = start.Add(r.timeout())
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	rep, outcome := r.work(ctx, job, deadline)
	if errors.Is(context.Cause(ctx), context.Canceled) {
		// stopped, not timed out: nothing was posted, the job stays to do
		release()
		log.Info("job stopped before posting", "outcome", "canceled", "ms", time.Since(start).Milliseconds())
		return ErrCanceled
	}
	err = r.post(ctx, poster, job.Target, rep)
	if err == nil {
		r.markDone(ctx, doneKey, log)
		log.Info("job done", "outcome", outcome, "attempt", attempt, "ms", time.Since(start).Milliseconds())
		return nil
	}
	if attempt < r.maxAttempts() {
		release()
		log.Warn("job post failed; left for a retry", "outcome", outcome, "attempt", attempt, "ms", time.Since(start).Milliseconds(), "err", err)
		return fmt.Errorf("drafter: post job %s (attempt %d of %d): %w", id, attempt, r.maxAttempts(), err)
	}
	// the last attempt: tell the user, in a short reply that may get
	// through where the draft did not
	ctx2, cancel := context.WithTimeout(context.WithoutCancel(ctx), r.reserve())
	defer cancel()
	err2 := safePost(ctx2, poster, job.Target, GaveUp(job))
	r.markDone(ctx, doneKey, log)
	if err2 == nil {
		log.Error("job failed; the user was told", "outcome", "gave_up_told", "attempt", attempt, "err", err)
		return nil
	}
	err = errors.Join(err, err2)
	log.Error("job failed; nothing could be posted", "outcome", "gave_up", "attempt", attempt, "err", err)
	return fmt.Errorf("%w %s after %d attempts: %w", ErrGaveUp, id, attempt, err)
}

// JobID is the id a job is leased and marked under: its own, or one
// derived from what it is and where it goes.
func JobID(job chat.Job) string {
	if job.ID != "" {
		return job.ID
	}
	return derivedID(job)
}

// isDone reports whether the job's done mark is set. The store can only
// claim, so it claims the mark and at once releases it when the claim
// succeeds (the mark was not set). A store error counts as not done.
func (r *Runner) isDone(ctx context.Context, key string) bool {
	claimed, err := r.Dedupe.Claim(ctx, key, r.ttl())
	if err != nil {
		return false
	}
	if claimed {
		_ = r.Dedupe.Release(context.WithoutCancel(ctx), key)
	}
	return !claimed
}

func (r *Runner) markDone(ctx context.Context, key string, log *slog.Logger) {
	if _, err := r.Dedupe.Claim(context.WithoutCancel(ctx), key, r.ttl()); err != nil {
		log.Warn("job done mark not stored", "err", err)
	}
}

// attempt counts this run among the job's runs (1 for the first): the
// first of drafter:try:<id>:<n> it can claim. A store error counts as the
// first attempt (the platform's own retry limit still applies).
func (r *Runner) attempt(ctx context.Context, id string) int {
	n := 1
	for ; n < r.maxAttempts(); n++ {
		claimed, err := r.Dedupe.Claim(ctx, fmt.Sprintf("drafter:try:%s:%d", id, n), r.ttl())
		if err != nil {
			return 1
		}
		if claimed {
			return n
		}
	}
	return n
}

// GaveUp is the reply that tells a job's user the draft failed for good
// and how to ask again.
func GaveUp(job chat.Job) chat.Reply {
	lang := langOf(job.Request)
	cmd := chat.Truncate(strings.TrimSpace(job.Request.Text), 200)
	why := chat.T(lang, "The draft failed: it could not be delivered here after several tries.",
		"草稿失败了：多次尝试后仍无法发送到这里。")
	return chat.Reply{
		Lang:  lang,
		Title: chat.T(lang, "The draft failed", "草稿失败"),
		Summary: why + " " + chat.T(lang, "Ask again with the same command: ", "请用同样的命令再问一次：") + cmd +
			chat.T(lang, " (or in a terminal: gpuadvisor ", "（或在终端运行：gpuadvisor ") + cmd + chat.T(lang, ")", "）"),
		Error:   &chat.Error{Code: chat.CodeUnavailable, Example: cmd, Message: why},
		Private: true,
	}
}

// work runs the request with the deadline minus the post reserve. It always
// returns a reply: the answer, or a failure message.
func (r *Runner) work(ctx context.Context, job chat.Job, deadline time.Time) (chat.Reply, string) {
	req := job.Request
	req.Sync = true // the drafter is where slow work runs inline
	lang := langOf(req)
	reserve := r.reserve()
	if left := time.Until(deadline); reserve > left/2 {
		reserve = left / 2
	}
	waitUntil := deadline.Add(-reserve)
	// The work's own deadline comes a little before the wait ends, so that a
	// command that falls back when time runs out (an LLM draft becomes the
	// template) still delivers its fallback, rather than the failure message.
	grace := min(time.Second, time.Until(waitUntil)/5)
	hctx, hcancel := context.WithDeadline(ctx, waitUntil.Add(-grace))
	defer hcancel()
	wctx, cancel := context.WithDeadline(ctx, waitUntil)
	defer cancel()
	type result struct {
		rep   chat.Reply
		panic any
	}
	done := make(chan result, 1) // buffered: a late answer never blocks
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{panic: p}
			}
		}()
		done <- result{rep: r.Handler.Handle(hctx, req)}
	}()
	select {
	case res := <-done:
		switch {
		case res.panic != nil:
			r.log().Error("job panicked", "job", job.ID, "panic", fmt.Sprint(res.panic))
			return failure(lang, req.Text, false), "panic"
		case res.rep.Deferred:
			return failure(lang, req.Text, false), "deferred_again"
		case res.rep.Error != nil:
			return res.rep, "error_" + res.rep.Error.Code
		}
		return res.rep, "ok"
	case <-wctx.Done():
		return failure(lang, req.Text, true), "timeout"
	}
}

// safePost posts, turning a panic in the poster into an error.
func safePost(ctx context.Context, p chat.Poster, t chat.Target, rep chat.Reply) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("drafter: the poster panicked: %v", v)
		}
	}()
	return p.Post(ctx, t, rep)
}

// post sends the reply, once more if the first try fails and time is left.
func (r *Runner) post(ctx context.Context, p chat.Poster, t chat.Target, rep chat.Reply) error {
	err := safePost(ctx, p, t, rep)
	if err == nil {
		return nil
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < time.Second {
		return err
	}
	select {
	case <-ctx.Done():
		return err
	case <-time.After(300 * time.Millisecond):
	}
	if err2 := safePost(ctx, p, t, rep); err2 != nil {
		return errors.Join(err, err2)
	}
	return nil
}

// failure is the message posted when the work did not produce an answer.
func failure(lang chat.Lang, text string, timedOut bool) chat.Reply {
	why := chat.T(lang, "Something went wrong while drafting it; the operators have the details in the log.",
		"起草时出错了，详情已记录在日志中。")
	if timedOut {
		why = chat.T(lang, "It took longer than the time allowed (the LLM was too slow).",
			"用时超过了允许的时间（LLM 太慢）。")
	}
	cmd := chat.Truncate(strings.TrimSpace(text), 200)
	return chat.Reply{
		Lang:    lang,
		Title:   chat.T(lang, "The draft could not be finished", "草稿未能完成"),
		Summary: why + " " + chat.T(lang, "Nothing was sent to anyone. Run the command again, or in a terminal: gpuadvisor ", "没有发送任何内容。请重新运行命令，或在终端运行：gpuadvisor ") + cmd,
		Error: &chat.Error{Code: chat.CodeUnavailable, Example: cmd,
			Message: why},
		Private: true,
	}
}

func langOf(req chat.Request) chat.Lang {
	if req.Lang != "" {
		return req.Lang
	}
	if chat.HasHan(req.Text) {
		return chat.ZH
	}
	return chat.EN
}

// derivedID names a job that came without an id by what it is and where it
// goes, so that a redelivery is still recognised.
func derivedID(job chat.Job) string {
	b, _ := json.Marshal(struct {
		Req chat.Request
		T   chat.Target
	}{job.Request, job.Target})
	return store.Digest("h", b, 12)
}

func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return chat.Truncate(f[0], 20)
}

func (r *Runner) ttl() time.Duration { return orDefault(r.TTL, DefaultTTL) }

func (r *Runner) lease() time.Duration { return orDefault(r.Lease, DefaultLease) }

func (r *Runner) maxAttempts() int { return orDefault(r.MaxAttempts, DefaultMaxAttempts) }

func (r *Runner) reserve() time.Duration { return orDefault(r.PostReserve, DefaultPostReserve) }

func (r *Runner) timeout() time.Duration { return orDefault(r.Timeout, DefaultTimeout) }

// orDefault is v when it is set (positive), else def.
func orDefault[T int | time.Duration](v, def T) T {
	if v > 0 {
		return v
	}
	return def
}

func (r *Runner) log() *slog.Logger {
	if r.Log != nil {
		return r.Log
	}
	return slog.Default()
}
