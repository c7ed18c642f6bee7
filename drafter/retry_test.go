package drafter

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
)

// clock is a settable time for the de-duplication store.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// flaky fails every post whose title is not allowed, until healed.
type flaky struct {
	recorder
	allow  map[string]bool
	healed bool
}

func (f *flaky) Post(ctx context.Context, t chat.Target, rep chat.Reply) error {
	f.mu.Lock()
	ok := f.healed || f.allow[rep.Title]
	f.mu.Unlock()
	if !ok {
		return errors.New("slack: 500 internal_error")
	}
	return f.recorder.Post(ctx, t, rep)
}

// TestRetryAfterAFailedPost: the post fails, so the job is not done and
// Lambda's retry (the same job, a second Run) posts the draft. Before the
// fix the first run had marked the job done before working, and the retry
// returned "already done": no draft, ever.
func TestRetryAfterAFailedPost(t *testing.T) {
	p := &flaky{}
	r := newRunner(answer("SLA clauses for X (draft)"), p)
	if err := r.Run(context.Background(), job); err == nil {
		t.Fatal("the first run could not post: want an error so that Lambda retries")
	}
	p.mu.Lock()
	p.healed = true
	p.mu.Unlock()
	if err := r.Run(context.Background(), job); err != nil {
		t.Fatalf("retry: %v", err)
	}
	if err := r.Run(context.Background(), job); err != nil { // a late duplicate
		t.Fatal(err)
	}
	got := p.all()
	if len(got) != 1 || got[0].rep.Title != "SLA clauses for X (draft)" {
		t.Fatalf("posts = %+v, want the draft once, from the retry", got)
	}
}

// TestLastAttemptTellsTheUser: the draft cannot be posted on any of the
// three attempts (say it is too large for the channel); the third posts a
// short error reply saying the draft failed and how to ask again.
func TestLastAttemptTellsTheUser(t *testing.T) {
	p := &flaky{allow: map[string]bool{"The draft failed": true, "草稿失败": true}}
	r := newRunner(answer("SLA clauses for X (draft)"), p)
	for i := 1; i <= 2; i++ {
		if err := r.Run(context.Background(), job); err == nil {
			t.Fatalf("attempt %d: want an error (a retry follows)", i)
		}
		if n := len(p.all()); n != 0 {
			t.Fatalf("attempt %d posted %d replies, want none before the last attempt", i, n)
		}
	}
	if err := r.Run(context.Background(), job); err != nil {
		t.Fatalf("last attempt: %v; want nil once the user was told", err)
	}
	got := p.all()
	if len(got) != 1 || got[0].rep.Error == nil || !strings.Contains(got[0].rep.Summary, "The draft failed") ||
		!strings.Contains(got[0].rep.Summary, "Ask again with the same command: draft sla vendor=X") {
		t.Fatalf("posts = %+v, want one error reply naming the command to ask again", got)
	}
	if err := r.Run(context.Background(), job); err != nil || len(p.all()) != 1 {
		t.Errorf("a fourth delivery: err %v, %d posts; want nothing more", err, len(p.all()))
	}
}

// TestGaveUpWhenNothingPosts: the last attempt cannot post the error reply
// either: ErrGaveUp, for the on-failure destination and its alarm.
func TestGaveUpWhenNothingPosts(t *testing.T) {
	p := &flaky{}
	r := newRunner(answer("ok"), p)
	r.MaxAttempts = 2
	_ = r.Run(context.Background(), job)
	if err := r.Run(context.Background(), job); !errors.Is(err, ErrGaveUp) {
		t.Fatalf("err = %v, want ErrGaveUp", err)
	}
}

// TestCrashBetweenLeaseAndPost: a run leased the job and died (a Lambda
// timeout, kill -9). A redelivery within the lease is told to come back
// later (an error, so Lambda retries); after the lease it does the work.
func TestCrashBetweenLeaseAndPost(t *testing.T) {
	c := &clock{t: time.Date(2027, 1, 1, 9, 0, 0, 0, time.UTC)}
	rec := &recorder{}
	r := newRunner(answer("ok"), rec)
	r.Dedupe = &memstore.Deduper{Now: c.now}
	// the crashed run: its lease, nothing else
	if ok, _ := r.Dedupe.Claim(context.Background(), "drafter:"+job.ID, r.lease()); !ok {
		t.Fatal("setup: lease not taken")
	}
	c.add(30 * time.Second)
	if err := r.Run(context.Background(), job); !errors.Is(err, ErrInProgress) {
		t.Fatalf("within the lease: err = %v, want ErrInProgress", err)
	}
	c.add(DefaultLease) // Lambda's retry comes at least a minute after the crash
	if err := r.Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	rec.wantPosts(t, 1, "")
}

// TestCanceledRunPostsNothing: a run stopped by shutdown posts nothing (no
// "took too long" message) and leaves the job to be run again.
func TestCanceledRunPostsNothing(t *testing.T) {
	rec := &recorder{}
	started := make(chan struct{})
	h := handlerFunc(func(ctx context.Context, req chat.Request) chat.Reply {
		close(started)
		<-ctx.Done()
		return chat.Reply{Title: "template draft"}
	})
	r := newRunner(h, rec)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	if err := r.Run(ctx, job); !errors.Is(err, ErrCanceled) {
		t.Fatalf("err = %v, want ErrCanceled", err)
	}
	if n := len(rec.all()); n != 0 {
		t.Fatalf("posts = %d, want none from a stopped run", n)
	}
	r.Handler = answer("ok")
	if err := r.Run(context.Background(), job); err != nil || len(rec.all()) != 1 {
		t.Fatalf("the next run: err %v, %d posts; want the answer", err, len(rec.all()))
	}
}
