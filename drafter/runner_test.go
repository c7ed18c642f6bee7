package drafter

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// recorder is a chat.Poster that records what it was asked to post.
type recorder struct {
	mu    sync.Mutex
	posts []posted
	fail  int // fail this many posts first
}

type posted struct {
	target chat.Target
	rep    chat.Reply
}

func (r *recorder) Post(_ context.Context, t chat.Target, rep chat.Reply) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail > 0 {
		r.fail--
		return errors.New("slack: 500")
	}
	r.posts = append(r.posts, posted{t, rep})
	return nil
}

// wantPosts fails the test unless exactly want replies were posted; more
// says what the number means.
func (r *recorder) wantPosts(t *testing.T, want int, more string) {
	t.Helper()
	if n := len(r.all()); n != want {
		t.Errorf("posts = %d, want %d%s", n, want, more)
	}
}

func (r *recorder) all() []posted {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]posted(nil), r.posts...)
}

// handlerFunc adapts a function to Handler.
type handlerFunc func(ctx context.Context, req chat.Request) chat.Reply

func (f handlerFunc) Handle(ctx context.Context, req chat.Request) chat.Reply { return f(ctx, req) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func answer(title string) handlerFunc {
	return func(ctx context.Context, req chat.Request) chat.Reply {
		if !req.Sync {
			return chat.Reply{Deferred: true}
		}
		return chat.Reply{Title: title, Summary: req.Text}
	}
}

func newRunner(h Handler, p chat.Poster) *Runner {
	return &Runner{Handler: h, Posters: map[string]chat.Poster{"slack": p}, Dedupe: &memstore.Deduper{}, Log: quiet}
}

var job = chat.Job{ID: "T1.trigger.42", Request: chat.Request{Text: "draft sla vendor=X", Platform: "slack", Lang: chat.EN},
	Target: chat.Target{ResponseURL: "https://hooks.slack.com/commands/T1/1/x"}}

func TestRunPostsTheAnswer(t *testing.T) {
	rec := &recorder{}
	r := newRunner(answer("SLA clauses for X (draft)"), rec)
	if err := r.Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	got := rec.all()
	if len(got) != 1 || got[0].rep.Title != "SLA clauses for X (draft)" || got[0].target != job.Target {
		t.Fatalf("posts = %+v, want the answer at the job's target (Sync forced, so not deferred)", got)
	}
}

func TestRunIsIdempotent(t *testing.T) {
	rec := &recorder{}
	var runs atomic.Int32
	h := handlerFunc(func(ctx context.Context, req chat.Request) chat.Reply {
		runs.Add(1)
		return chat.Reply{Title: "ok"}
	})
	r := newRunner(h, rec)
	for range 2 {
		if err := r.Run(context.Background(), job); err != nil {
			t.Fatal(err)
		}
	}
	// and five concurrent deliveries of another job
	j2 := job
	j2.ID = "T1.trigger.43"
	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() { _ = r.Run(context.Background(), j2) })
	}
	wg.Wait()
	rec.wantPosts(t, 2, " (one per job id)")
	if n := runs.Load(); n != 2 {
		t.Errorf("runs = %d, want 2", n)
	}
}

func TestRunWithoutIDStillDeduplicates(t *testing.T) {
	rec := &recorder{}
	r := newRunner(answer("ok"), rec)
	j := job
	j.ID = ""
	_ = r.Run(context.Background(), j)
	_ = r.Run(context.Background(), j)
	rec.wantPosts(t, 1, " for the same job without an id")
}

// TestRunTimeout: a handler that ignores its deadline still gets a failure
// message posted before the job's own deadline.
func TestRunTimeout(t *testing.T) {
	rec := &recorder{}
	block := make(chan struct{})
	defer close(block)
	h := handlerFunc(func(ctx context.Context, req chat.Request) chat.Reply {
		<-block // never answers in time, ignores ctx
		return chat.Reply{Title: "late"}
	})
	r := newRunner(h, rec)
	r.PostReserve = 100 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
	defer cancel()
	start := time.Now()
	j := job
	j.Request.Lang = chat.ZH
	if err := r.Run(ctx, j); err != nil {
		t.Fatal(err)
	}
	// The handler never returns: Run coming back at all shows it does not
	// wait for it; the bound only rules out waiting on something else.
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %v with a 400ms deadline", took)
	}
	got := rec.all()
	if len(got) != 1 || got[0].rep.Error == nil || got[0].rep.Error.Code != chat.CodeUnavailable ||
		!strings.Contains(got[0].rep.Summary, "超过了允许的时间") || !strings.Contains(got[0].rep.Summary, "draft sla vendor=X") {
		t.Fatalf("posts = %+v, want one Chinese timeout message naming the command", got)
	}
}

func TestRunPanicPostsFailure(t *testing.T) {
	rec := &recorder{}
	h := handlerFunc(func(context.Context, chat.Request) chat.Reply { panic("boom") })
	r := newRunner(h, rec)
	if err := r.Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	got := rec.all()
	if len(got) != 1 || got[0].rep.Error == nil || !strings.Contains(got[0].rep.Summary, "went wrong") {
		t.Fatalf("posts = %+v, want a failure message", got)
	}
	if strings.Contains(got[0].rep.Summary, "boom") {
		t.Errorf("the panic value leaked to the user: %q", got[0].rep.Summary)
	}
}

func TestRunPostsErrorReplies(t *testing.T) {
	rec := &recorder{}
	h := handlerFunc(func(context.Context, chat.Request) chat.Reply {
		return chat.Reply{Title: "I could not answer that", Error: &chat.Error{Code: chat.CodeInvalid, Key: "comp", Message: "comp=0 is out of range"}}
	})
	r := newRunner(h, rec)
	_ = r.Run(context.Background(), job)
	if got := rec.all(); len(got) != 1 || got[0].rep.Error.Key != "comp" {
		t.Fatalf("posts = %+v, want the router's error reply as is", got)
	}
}

func TestRunRetriesAFailedPost(t *testing.T) {
	rec := &recorder{fail: 1}
	r := newRunner(answer("ok"), rec)
	if err := r.Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	rec.wantPosts(t, 1, " after one retry")
	rec2 := &recorder{fail: 5}
	r2 := newRunner(answer("ok"), rec2)
	if err := r2.Run(context.Background(), job); err == nil {
		t.Error("want an error when nothing could be posted")
	}
}

func TestRunNoPoster(t *testing.T) {
	r := newRunner(answer("ok"), &recorder{})
	j := job
	j.Request.Platform = "teams"
	if err := r.Run(context.Background(), j); !errors.Is(err, ErrNoPoster) {
		t.Errorf("err = %v, want ErrNoPoster", err)
	}
}

// failingDeduper cannot tell whether a job ran (the runner calls only Claim
// and Release; the embedded interface stands for the rest).
type failingDeduper struct{ store.Deduper }

func (failingDeduper) Release(context.Context, string) error { return errors.New("store down") }

func (failingDeduper) Claim(context.Context, string, time.Duration) (bool, error) {
	return false, errors.New("dynamodb: throttled")
}

func TestRunWhenTheDedupeStoreFails(t *testing.T) {
	rec := &recorder{}
	r := newRunner(answer("ok"), rec)
	r.Dedupe = failingDeduper{}
	if err := r.Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	rec.wantPosts(t, 1, ": posting beats silence when the store is down")
}

func TestLocalDispatch(t *testing.T) {
	rec := &recorder{}
	l := &Local{Runner: newRunner(answer("ok"), rec), Timeout: time.Second}
	ctx, cancel := context.WithCancel(context.Background())
	if err := l.Dispatch(ctx, job); err != nil {
		t.Fatal(err)
	}
	cancel() // the request that dispatched it ends at once
	l.Wait()
	rec.wantPosts(t, 1, " even after the dispatching request ended")
}

// TestRunDeliversAFallback: a command that falls back when its deadline
// passes (an LLM draft becomes the template) gets to post the fallback,
// not the failure message.
func TestRunDeliversAFallback(t *testing.T) {
	rec := &recorder{}
	h := handlerFunc(func(ctx context.Context, req chat.Request) chat.Reply {
		<-ctx.Done() // the LLM never answers
		return chat.Reply{Title: "template draft"}
	})
	r := newRunner(h, rec)
	// A second for the post: on a loaded CI machine a 100 ms reserve ran
	// out before the local poster answered and the failure message won.
	r.PostReserve = time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	if err := r.Run(ctx, job); err != nil {
		t.Fatal(err)
	}
	if got := rec.all(); len(got) != 1 || got[0].rep.Title != "template draft" {
		t.Fatalf("posts = %+v, want the fallback", got)
	}
}
