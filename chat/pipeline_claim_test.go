package chat_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

// claimRouter has a command that only reads, one that writes, a slow one
// (deferred to the drafter) that reads, and one that reads and, for the
// user "first", says so on routed and waits for wait to close.
func claimRouter(wait <-chan struct{}, routed chan<- string) *chat.Router {
	r := chat.NewRouter()
	sum := map[chat.Lang]string{chat.EN: "test", chat.ZH: "测试"}
	r.Register(
		&chat.Command{Name: "look", Summary: sum, Examples: []string{"look"}, Writes: chat.Reads,
			Run: func(_ context.Context, c *chat.Call) (chat.Reply, error) { return chat.Reply{Title: "looked"}, nil }},
		&chat.Command{Name: "save", Summary: sum, Examples: []string{"save"}, Writes: chat.AlwaysWrites,
			Run: func(_ context.Context, c *chat.Call) (chat.Reply, error) { return chat.Reply{Title: "saved"}, nil }},
		&chat.Command{Name: "slow", Summary: sum, Examples: []string{"slow"}, Writes: chat.Reads,
			Run: func(_ context.Context, c *chat.Call) (chat.Reply, error) {
				return chat.Ack(c, "Working on it.", "正在处理。"), nil
			}},
		&chat.Command{Name: "wait", Summary: sum, Examples: []string{"wait"}, Writes: chat.Reads,
			Run: func(_ context.Context, c *chat.Call) (chat.Reply, error) {
				if c.Req.User == "first" {
					routed <- c.Req.User
					<-wait
				}
				return chat.Reply{Title: "answered for " + c.Req.User}, nil
			}},
	)
	return r
}

// TestClaimInResponse: an answer given in the response to a request that
// only reads costs one write of the key (Claim); a request that writes, a
// deferred one, or one answered by a post keeps the lease and the done mark.
// Either way the key is done afterwards.
func TestClaimInResponse(t *testing.T) {
	for _, tc := range []struct {
		name       string
		text       string
		inResponse bool
		claimFalse bool
		want       chat.Outcome
		calls      string
		delivered  int
	}{
		{"reads, in the response: one claim", "look", true, false, chat.Answered, "Claim", 1},
		{"a command that does not parse, in the response: one claim", "nosuchcommand", true, false, chat.Answered, "Claim", 1},
		{"writes, in the response: lease, then done", "save", true, false, chat.Answered, "Lease Done", 1},
		{"deferred, in the response: lease around the hand-off", "slow", true, false, chat.Deferred, "Lease Done", 1},
		{"reads, posted: lease, then done", "look", false, false, chat.Answered, "Lease Done", 1},
		{"claim lost to a key freed since: leased, answered, done", "look", true, true, chat.Answered, "Claim Lease Done", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dd := &testkit.CountingDeduper{Deduper: &memstore.Deduper{}, ClaimFalse: tc.claimFalse}
			p := &chat.Pipeline{Router: claimRouter(nil, nil), Deduper: dd, Keep: time.Hour,
				Dispatcher: dispatchFunc(func(context.Context, chat.Job) error { return nil })}
			delivered := 0
			res := p.Answer(context.Background(), chat.Delivery{Key: "k", Request: chat.Request{Text: tc.text}, InResponse: tc.inResponse, JobID: "j",
				Deliver: func(context.Context, chat.Reply, chat.Outcome) error { delivered++; return nil }})
			if res.Outcome != tc.want || delivered != tc.delivered {
				t.Errorf("got %s with %d deliveries, want %s with %d", res.Outcome, delivered, tc.want, tc.delivered)
			}
			if got := dd.Calls(); got != tc.calls {
				t.Errorf("de-duplication calls %q, want %q", got, tc.calls)
			}
			dd.ClaimFalse = false
			if c, _ := dd.Deduper.Lease(context.Background(), "k", time.Minute); c != store.Sent {
				t.Errorf("key after: %s, want sent", c)
			}
		})
	}
}

// TestClaimInResponseTakenKeys: a key leased by a delivery still answering,
// or done, is not answered again; a failed delivery releases the claim so
// the platform's retry answers; a failing store answers nothing.
func TestClaimInResponseTakenKeys(t *testing.T) {
	ctx := context.Background()
	d := func(n *int, err error) chat.Delivery {
		return chat.Delivery{Key: "k", Request: chat.Request{Text: "look"}, InResponse: true,
			Deliver: func(context.Context, chat.Reply, chat.Outcome) error { *n++; return err }}
	}
	dd := &testkit.CountingDeduper{Deduper: &memstore.Deduper{}}
	p := &chat.Pipeline{Router: claimRouter(nil, nil), Deduper: dd, Keep: time.Hour}
	n := 0
	dd.Deduper.Lease(ctx, "k", time.Minute) // a delivery answering the lease's way
	if res := p.Answer(ctx, d(&n, nil)); res.Outcome != chat.InProgress || n != 0 {
		t.Errorf("leased key: %s with %d deliveries, want in_progress and none", res.Outcome, n)
	}
	dd.Deduper.Done(ctx, "k", time.Hour)
	if res := p.Answer(ctx, d(&n, nil)); res.Outcome != chat.Duplicate || n != 0 {
		t.Errorf("done key: %s with %d deliveries, want duplicate and none", res.Outcome, n)
	}
	dd.Deduper.Release(ctx, "k")
	if res := p.Answer(ctx, d(&n, errPostFailed)); res.Outcome != chat.PostFailed || n != 1 {
		t.Errorf("failed delivery: %s with %d deliveries, want post_failed after one", res.Outcome, n)
	}
	if res := p.Answer(ctx, d(&n, nil)); res.Outcome != chat.Answered || n != 2 {
		t.Errorf("the retry after a failed delivery: %s with %d deliveries, want answered", res.Outcome, n)
	}
	down := &chat.Pipeline{Router: claimRouter(nil, nil), Deduper: &failingDeduper{}, Keep: time.Hour}
	if res := down.Answer(ctx, d(&n, nil)); res.Outcome != chat.DedupeFailed || n != 2 {
		t.Errorf("store down: %s with %d more deliveries, want dedupe_error and none", res.Outcome, n-2)
	}
}

var errPostFailed = &chat.Error{Code: chat.CodeUnavailable, Message: "post failed"}

type failingDeduper struct{ memstore.Deduper }

func (*failingDeduper) Claim(context.Context, string, time.Duration) (bool, error) {
	return false, errPostFailed
}

// TestClaimInResponseRace: a retry delivered while the first delivery is
// still routing answers, and the first, claiming after it, answers nothing:
// the request is answered exactly once.
func TestClaimInResponseRace(t *testing.T) {
	dd := &memstore.Deduper{}
	wait, routed := make(chan struct{}), make(chan string, 1)
	p := &chat.Pipeline{Router: claimRouter(wait, routed), Deduper: dd, Keep: time.Hour}
	var mu sync.Mutex
	var answers []string
	delivery := func(who string) chat.Delivery {
		return chat.Delivery{Key: "slack:trigger:race", Request: chat.Request{Text: "wait", User: who}, InResponse: true,
			Deliver: func(_ context.Context, rep chat.Reply, _ chat.Outcome) error {
				mu.Lock()
				defer mu.Unlock()
				answers = append(answers, rep.Title)
				return nil
			}}
	}
	first := make(chan chat.Result)
	go func() { first <- p.Answer(context.Background(), delivery("first")) }()
	<-routed // the first delivery is answering
	r2 := p.Answer(context.Background(), delivery("retry"))
	close(wait)
	r1 := <-first
	if r2.Outcome != chat.Answered || r1.Outcome != chat.Duplicate {
		t.Errorf("retry %s, first %s; want the retry answered and the first a duplicate", r2.Outcome, r1.Outcome)
	}
	if len(answers) != 1 || answers[0] != "answered for retry" {
		t.Errorf("delivered %q, want one answer, the retry's", answers)
	}
}

// TestClaimAfterIdempotentSend: a reply the platform shows once per
// idempotency key (Delivery.Idempotent) to a request that only reads is
// sent first and claimed after, in one write; a reply it says is not
// idempotent, a request that writes and a deferred one keep the lease; a
// failed send writes nothing; a claim found taken still leaves the answer
// given.
func TestClaimAfterIdempotentSend(t *testing.T) {
	for _, tc := range []struct {
		name       string
		text       string
		idempotent bool
		sendFails  bool
		claimFalse bool
		want       chat.Outcome
		calls      string
	}{
		{"reads, idempotent send: sent, then one claim", "look", true, false, false, chat.Answered, "Deliver Claim"},
		{"reads, a send without a key: lease, sent, done", "look", false, false, false, chat.Answered, "Lease Deliver Done"},
		{"writes: lease, sent, done", "save", true, false, false, chat.Answered, "Lease Deliver Done"},
		{"deferred: lease, acknowledged, done", "slow", true, false, false, chat.Deferred, "Lease Deliver Done"},
		{"the send fails: nothing written", "look", true, true, false, chat.PostFailed, "Deliver"},
		{"claim found taken (a duplicate answered with the same key): answered", "look", true, false, true, chat.Answered, "Deliver Claim"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dd := &testkit.CountingDeduper{Deduper: &memstore.Deduper{}, ClaimFalse: tc.claimFalse}
			p := &chat.Pipeline{Router: claimRouter(nil, nil), Deduper: dd, Keep: time.Hour,
				Dispatcher: dispatchFunc(func(context.Context, chat.Job) error { return nil })}
			res := p.Answer(context.Background(), chat.Delivery{Key: "k", Request: chat.Request{Text: tc.text}, JobID: "j",
				Idempotent: func(chat.Reply) bool { return tc.idempotent },
				Deliver: func(context.Context, chat.Reply, chat.Outcome) error {
					dd.Note("Deliver")
					if tc.sendFails {
						return errors.New("feishu: 230020 rate limited")
					}
					return nil
				}})
			if res.Outcome != tc.want {
				t.Errorf("outcome %s, want %s", res.Outcome, tc.want)
			}
			if got := dd.Calls(); got != tc.calls {
				t.Errorf("calls %q, want %q", got, tc.calls)
			}
		})
	}
}
