package chat

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"gpuadvisor/store"
)

// DefaultLease is how long a delivery holds its de-duplication key while it
// is answered. It outlives any answer (the slowest is a Feishu card's 3 s
// budget or a Lambda's timeout) and runs out well before the platforms'
// later redeliveries (Slack: 1 and 5 minutes; Feishu: 5 minutes, 1 and 6
// hours), so an answer lost to a crash is given by the next one.
const DefaultLease = 3 * time.Minute

// DefaultKeep is how long an answered key is remembered when the platform
// does not say: Feishu's redeliveries span about 7 hours, Slack's minutes.
const DefaultKeep = 9 * time.Hour

// Pipeline answers one verified request the same way on every platform:
// claim its de-duplication key (a lease), route it, then deliver the reply or
// hand the deferred work to the drafter, and deliver a failure reply when
// that hand-off fails. The key is marked done only after the reply was
// delivered; a failed delivery releases it so that the platform's retry does
// the work. An answer given in the response to a request that only reads is
// claimed in one write instead (Delivery.InResponse). Platform adapters call
// Answer after they verified the request.
type Pipeline struct {
	// Router answers the commands (required).
	Router *Router
	// Deduper holds the leases on delivery keys (required).
	Deduper store.Deduper
	// Dispatcher hands deferred work to the drafter; nil means the drafter
	// is not deployed: deferred commands answer NotDeployed.
	Dispatcher Dispatcher
	// Lease is how long a key is held while it is answered; zero means
	// DefaultLease.
	Lease time.Duration
	// Keep is how long an answered key is remembered: the platform's whole
	// redelivery window; zero means DefaultKeep.
	Keep time.Duration
	// Log receives pipeline errors; nil means slog.Default().
	Log *slog.Logger
}

// Delivery is one verified request and where its answer goes.
type Delivery struct {
	// Key de-duplicates the request (an event, message or trigger id, with a
	// platform prefix); "" means no de-duplication.
	Key string
	// Request is what the user asked.
	Request Request
	// JobID names the drafter job of a deferred reply; Target is where the
	// drafter posts it (Target.Key defaults to JobID).
	JobID  string
	Target Target
	// Acked, when set, is asked after the acknowledgement was delivered for
	// the message it became (see Target.Replace): the drafter then replaces
	// it with the answer. "" keeps the answer a new message.
	Acked func() string
	// Route answers the request; nil means Router.Handle(Request). A
	// platform sets it for what it answers without a command (a message it
	// cannot read).
	Route func(ctx context.Context) Reply
	// InResponse says that Deliver only keeps the reply for the HTTP response
	// to this very request (a Slack slash command's): the user sees it when
	// the handler returns, or not at all. Such a reply to a request that
	// only reads (Router.OnlyReads) is routed first and claimed after, in
	// one write of the key as done (Deduper.Claim) instead of a lease before
	// and a done mark after: see Answer.
	InResponse bool
	// Idempotent, when set, says whether the platform shows a repeated send
	// of rep once (Feishu's uuid: one message per uuid within an hour, a
	// repeat answered with the first one's id). A reply to a request that
	// only reads is then routed, delivered, and claimed as done in one write
	// after the send, instead of a lease before and a done mark after: a
	// duplicate racing it, or a redelivery after a crash between the send and
	// the claim, sends the same uuid and the user sees one answer. A reply it
	// reports false for (an ephemeral card, which takes no uuid) is leased
	// after routing and marked done after the send. See Answer.
	Idempotent func(rep Reply) bool
	// Deliver shows a reply to the user (required): o is Answered,
	// NotDeployed or Deferred (the acknowledgement) for the first delivery,
	// and DispatchFailed for the failure reply after an acknowledgement whose
	// job the drafter did not take. An error means the user saw nothing.
	Deliver func(ctx context.Context, rep Reply, o Outcome) error
}

// Outcome is what became of a delivery, in the words of the request log.
type Outcome string

// The outcomes of Answer.
const (
	// Answered: the reply was delivered (an error reply included).
	Answered Outcome = "answered"
	// Deferred: the acknowledgement was delivered and the job dispatched.
	Deferred Outcome = "deferred"
	// NotDeployed: a deferred command with no drafter; NotDeployedReply was
	// delivered.
	NotDeployed Outcome = "deferred_unavailable"
	// DispatchFailed: the acknowledgement was delivered, the hand-off failed,
	// and the failure reply was delivered (or not: see Result.Err).
	DispatchFailed Outcome = "dispatch_failed"
	// Duplicate: the key was answered already; nothing was done.
	Duplicate Outcome = "duplicate"
	// InProgress: another delivery holds the key's lease; nothing was done.
	// The platform should deliver again later (by then the key is done, or
	// its lease ran out and the work is redone).
	InProgress Outcome = "in_progress"
	// DedupeFailed: the de-duplication store could not be asked; nothing was
	// done.
	DedupeFailed Outcome = "dedupe_error"
	// PostFailed: the reply could not be delivered; the key was released.
	PostFailed Outcome = "post_failed"
)

// Result is what Answer did: the outcome, the reply delivered last (zero when
// nothing was routed), and the error behind a failed outcome.
type Result struct {
	Outcome Outcome
	Reply   Reply
	Err     error
}

// Answer runs one delivery through the pipeline. It never panics on a
// command's bug (the Router turns it into an internal error).
//
// A delivery is claimed before any work that could be seen twice: a lease on
// its key, then the route (which may write), the delivery, and a done mark.
// A delivery answered in the response (Delivery.InResponse) to a request
// that only reads is claimed once instead, after it is routed and before it
// is delivered: routing it changed nothing, so two deliveries of it may both
// route, and the one conditional write that records the key as done
// (Deduper.Claim) lets exactly one of them answer; the other finds the key
// leased or done and answers nothing (InProgress, Duplicate). The claim is
// the last step before the response, as the done mark was: a crash after it
// loses that answer either way, and a crash before it leaves no key, so the
// platform's redelivery answers. A deferred reply (a job for the drafter)
// still takes the lease and the done mark around its hand-off.
//
// A reply sent with the platform's idempotency key (Delivery.Idempotent) to
// a request that only reads is claimed once too, but after it is sent: two
// deliveries racing, or a redelivery after a crash between the send and the
// claim, send the same key and the platform shows one message; a failed
// send has written nothing, so the redelivery answers.
func (p *Pipeline) Answer(ctx context.Context, d Delivery) (res Result) {
	start := time.Now()
	defer func() { observe(ctx, start, &res) }() // an Observer in ctx counts it
	late := d.Key != "" && (d.InResponse || d.Idempotent != nil) && d.Route == nil && p.Router.OnlyReads(d.Request)
	if d.Key != "" && !late {
		if res, ok := p.lease(ctx, d.Key); !ok {
			return res
		}
	}
	var rep Reply
	rctx, end := span(ctx, "router") // a trace subsegment in the functions
	if d.Route != nil {
		rep = d.Route(rctx)
	} else {
		rep = p.Router.Handle(rctx, d.Request)
	}
	end(nil)
	done := false       // the key is marked done already
	claimAfter := false // the key is claimed as done once the reply is sent
	if late {
		var ok bool
		switch {
		case rep.Deferred || !d.InResponse && !d.Idempotent(rep):
			res, ok = p.lease(ctx, d.Key)
		case d.InResponse:
			done, res, ok = p.claim(ctx, d.Key)
		default:
			claimAfter, ok = true, true
		}
		if !ok {
			return res
		}
	}
	res = Result{Outcome: Answered, Reply: rep}
	var job *Job
	if rep.Deferred {
		if rep.Job == nil || p.Dispatcher == nil {
			res = Result{Outcome: NotDeployed, Reply: NotDeployedReply(rep.Lang, rep.Command)}
		} else {
			j := *rep.Job
			j.ID, j.Target = d.JobID, d.Target
			if j.Target.Key == "" {
				j.Target.Key = d.JobID
			}
			job, res.Outcome = &j, Deferred
		}
	}
	// The acknowledgement goes out before the job is dispatched, so that a
	// fast drafter's answer never arrives ahead of it.
	if err := d.Deliver(ctx, res.Reply, res.Outcome); err != nil {
		if !claimAfter {
			p.release(ctx, d.Key)
		}
		return Result{Outcome: PostFailed, Reply: res.Reply, Err: err}
	}
	if claimAfter {
		p.claimSent(ctx, d.Key)
		done = true
	}
	if job != nil {
		if d.Acked != nil {
			if ref := d.Acked(); ref != "" {
				job.Target.Replace = ref
			}
		}
		if err := p.Dispatcher.Dispatch(ctx, *job); err != nil {
			p.log().ErrorContext(ctx, "dispatch failed", "command", rep.Command, "job", job.ID, "err", err)
			res = Result{Outcome: DispatchFailed, Reply: DispatchFailedReply(rep.Lang, rep.Command), Err: err}
			if err := d.Deliver(ctx, res.Reply, DispatchFailed); err != nil {
				res.Err = errors.Join(res.Err, err)
			}
		}
	}
	if d.Key != "" && !done {
		if err := p.Deduper.Done(ctx, d.Key, p.keep()); err != nil {
			// The user has the answer; a redelivery after the lease may answer
			// again, which is better than never.
			p.log().WarnContext(ctx, "dedupe key not marked done", "key", d.Key, "err", err)
		}
	}
	return res
}

// lease takes key for the time a delivery is answered. ok false means the
// delivery must stop, with res saying why.
func (p *Pipeline) lease(ctx context.Context, key string) (res Result, ok bool) {
	lease := p.Lease
	if lease <= 0 {
		lease = DefaultLease
	}
	c, err := p.Deduper.Lease(ctx, key, lease)
	switch {
	case err != nil:
		p.log().ErrorContext(ctx, "dedupe claim failed", "key", key, "err", err)
		return Result{Outcome: DedupeFailed, Err: err}, false
	case c == store.Sent:
		return Result{Outcome: Duplicate}, false
	case c == store.Held:
		return Result{Outcome: InProgress}, false
	}
	return Result{}, true
}

// claim records key as done in one write for an answer about to be given in
// the response. When the key is taken already, a lease says by what: a
// running delivery (InProgress) or a finished one (Duplicate); a key that
// turns out free by then (released, expired) is leased, and done false asks
// for the done mark after the answer.
func (p *Pipeline) claim(ctx context.Context, key string) (done bool, res Result, ok bool) {
	took, err := p.Deduper.Claim(ctx, key, p.keep())
	switch {
	case err != nil && took:
		// Taken, but the mark may not outlive a restart (bolt.Leases on a
		// full disk): the answer is ours to give.
		p.log().WarnContext(ctx, "dedupe key claimed but not kept", "key", key, "err", err)
		return true, Result{}, true
	case err != nil:
		p.log().ErrorContext(ctx, "dedupe claim failed", "key", key, "err", err)
		return false, Result{Outcome: DedupeFailed, Err: err}, false
	case took:
		return true, Result{}, true
	}
	res, ok = p.lease(ctx, key)
	return false, res, ok
}

// claimSent records key as done after its reply was sent with the
// platform's idempotency key (Delivery.Idempotent). The user has the answer
// whatever it finds: a key taken already was answered by a duplicate that
// sent the same idempotency key, and a failed write leaves a redelivery to
// send it again, which the platform shows once.
func (p *Pipeline) claimSent(ctx context.Context, key string) {
	took, err := p.Deduper.Claim(ctx, key, p.keep())
	switch {
	case err != nil:
		p.log().WarnContext(ctx, "dedupe key not marked done after an idempotent reply", "key", key, "err", err)
	case !took:
		p.log().InfoContext(ctx, "dedupe key answered by a duplicate delivery too; the platform shows the reply once", "key", key)
	}
}

func (p *Pipeline) keep() time.Duration {
	if p.Keep > 0 {
		return p.Keep
	}
	return DefaultKeep
}

// release forgets key after a failed delivery, so that the platform's retry is
// not taken for a duplicate.
func (p *Pipeline) release(ctx context.Context, key string) {
	if key == "" {
		return
	}
	if err := p.Deduper.Release(ctx, key); err != nil {
		// The lease still runs out: the retry after it does the work.
		p.log().WarnContext(ctx, "dedupe key not released after a failed reply", "key", key, "err", err)
	}
}

func (p *Pipeline) log() *slog.Logger {
	if p.Log != nil {
		return p.Log
	}
	return slog.Default()
}

// NotDeployedReply answers a deferred command when no drafter is deployed:
// never an error, and the same words on every platform.
func NotDeployedReply(lang Lang, command string) Reply {
	return Reply{
		Command: command, Lang: lang, Private: true,
		Title: T(lang, "Coming soon", "即将上线"),
		Summary: T(lang,
			"This feature is coming soon to gpuadvisor. Every advisor command works today; type /gpu help to see them.",
			"这个功能即将上线。所有顾问命令现在都可以使用，输入 /gpu help 查看。"),
	}
}

// DispatchFailedReply answers a deferred command whose job the drafter did
// not accept.
func DispatchFailedReply(lang Lang, command string) Reply {
	msg := T(lang, "The drafting service did not accept the job. Please try again in a minute.", "起草服务暂时没有接受这个任务，请一分钟后再试。")
	return Reply{
		Command: command, Lang: lang, Private: true,
		Title:   T(lang, "I could not start that", "暂时无法开始处理"),
		Summary: msg,
		Error:   &Error{Code: CodeUnavailable, Message: msg},
	}
}
