package drafter

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
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
	// DefaultTTL is how long a job id is remembered.
	DefaultTTL = 24 * time.Hour
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
type Runner struct {
	// Handler runs the job's request (the bot's router).
	Handler Handler
	// Posters post replies, by platform ("slack", "feishu", "cli").
	Posters map[string]chat.Poster
	// Dedupe claims job ids.
	Dedupe store.Deduper
	// TTL is how long a job id is remembered; zero means DefaultTTL.
	TTL time.Duration
	// PostReserve is kept back from the work for posting; zero means
	// DefaultPostReserve.
	PostReserve time.Duration
	// Timeout bounds a job when ctx has no deadline; zero means DefaultTimeout.
	Timeout time.Duration
	// Log gets one line per job (id, platform, command word, outcome,
	// duration; never the text); nil means slog.Default().
	Log *slog.Logger
}

// ErrNoPoster: the job's platform has no poster configured.
var ErrNoPoster = errors.New("drafter: no poster for the job's platform")

// Run does one job: claim, work, post. It returns nil when the reply (or a
// failure message) was posted, or when the job was already done; an error
// when nothing could be posted.
func (r *Runner) Run(ctx context.Context, job chat.Job) error {
	start := time.Now()
	id := job.ID
	if id == "" {
		id = derivedID(job)
	}
	log := r.log().With("job", id, "platform", job.Request.Platform, "command", firstWord(job.Request.Text))
	if r.Handler == nil || r.Dedupe == nil {
		return errors.New("drafter: runner needs a Handler and a Dedupe")
	}
	claimed, err := r.Dedupe.Claim(ctx, "drafter:"+id, r.ttl())
	switch {
	case err != nil:
		// Nothing is known: posting twice is better than posting nothing.
		log.Warn("job claim failed; running it anyway", "err", err)
	case !claimed:
		log.Info("job already done", "outcome", "duplicate")
		return nil
	}
	poster := r.Posters[job.Request.Platform]
	if poster == nil {
		log.Error("job dropped", "outcome", "no_poster")
		return fmt.Errorf("%w %q", ErrNoPoster, job.Request.Platform)
	}
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = start.Add(r.timeout())
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	rep, outcome := r.work(ctx, job, deadline)
	err = r.post(ctx, poster, job.Target, rep)
	if err != nil {
		log.Error("job done, post failed", "outcome", outcome, "ms", time.Since(start).Milliseconds(), "err", err)
		return fmt.Errorf("drafter: post job %s: %w", id, err)
	}
	log.Info("job done", "outcome", outcome, "ms", time.Since(start).Milliseconds())
	return nil
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

// post sends the reply, once more if the first try fails and time is left.
func (r *Runner) post(ctx context.Context, p chat.Poster, t chat.Target, rep chat.Reply) error {
	err := p.Post(ctx, t, rep)
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
	if err2 := p.Post(ctx, t, rep); err2 != nil {
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
	sum := sha256.Sum256(b)
	return "h" + hex.EncodeToString(sum[:12])
}

func firstWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return chat.Truncate(f[0], 20)
}

func (r *Runner) ttl() time.Duration {
	if r.TTL > 0 {
		return r.TTL
	}
	return DefaultTTL
}

func (r *Runner) reserve() time.Duration {
	if r.PostReserve > 0 {
		return r.PostReserve
	}
	return DefaultPostReserve
}

func (r *Runner) timeout() time.Duration {
	if r.Timeout > 0 {
		return r.Timeout
	}
	return DefaultTimeout
}

func (r *Runner) log() *slog.Logger {
	if r.Log != nil {
		return r.Log
	}
	return slog.Default()
}
