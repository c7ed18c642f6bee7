package drafter

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/bolt/bolttest"
)

func jobN(i int) chat.Job {
	j := job
	j.ID = fmt.Sprintf("T1.trigger.%d", i)
	j.Request.Text = fmt.Sprintf("draft sla vendor=V%d", i)
	return j
}

// waitFor polls cond for up to d.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// postedOnce checks that every job 0..n-1 was answered exactly once and
// nothing else was posted.
func postedOnce(t *testing.T, n int, posts []posted) {
	t.Helper()
	seen := map[string]int{}
	for _, p := range posts {
		if p.rep.Error != nil {
			t.Errorf("a failure was posted: %s", p.rep.Summary)
		}
		seen[p.rep.Summary]++
	}
	for i := range n {
		if c := seen[fmt.Sprintf("draft sla vendor=V%d", i)]; c != 1 {
			t.Errorf("job %d answered %d times, want 1", i, c)
		}
	}
}

// slowAnswer answers after d, or gives up when ctx ends.
func slowAnswer(d time.Duration) handlerFunc {
	return func(ctx context.Context, req chat.Request) chat.Reply {
		select {
		case <-time.After(d):
			return chat.Reply{Title: "draft", Summary: req.Text}
		case <-ctx.Done():
			return chat.Reply{Title: "late", Summary: req.Text}
		}
	}
}

// TestShutdownKeepsQueuedJobs: 64 jobs accepted, SIGTERM (Shutdown with a
// short grace): the running ones finish or stop, the rest stay in the bbolt
// file, nothing is posted twice and no "failed" message goes out. The next
// start resumes them and every job is answered exactly once. Before the
// queue, the in-memory dispatcher dropped 56 of 64 silently.
func TestShutdownKeepsQueuedJobs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "serve.db")
	rec := &recorder{}

	st := bolttest.Open(t, path)
	r := newRunner(slowAnswer(60*time.Millisecond), rec)
	r.Dedupe = st
	q := &Queue{Runner: r, Store: st, Workers: 4}
	if _, err := q.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	for i := range 64 {
		if err := q.Dispatch(context.Background(), jobN(i)); err != nil {
			t.Fatal(err)
		}
	}
	before := len(rec.all()) // answered while the 64 were being accepted
	grace, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	start := time.Now()
	left, err := q.Shutdown(grace)
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("shutdown took %v with a 100 ms grace", took)
	}
	first := len(rec.all())
	// 4 workers × 60 ms a job: the ones running finish, and a worker that
	// took its next job just before the shutdown finishes that one too
	if left == 0 || first+left != 64 || first > before+8 {
		t.Fatalf("after shutdown: %d posted (%d before it), %d stored; want 64 in all, at most 8 finished during the grace", first, before, left)
	}
	if err := q.Dispatch(context.Background(), jobN(99)); err == nil {
		t.Error("a queue shutting down accepted a job")
	}
	st.Close()

	// restart
	st = bolttest.Open(t, path)
	defer st.Close()
	r = newRunner(slowAnswer(time.Millisecond), rec)
	r.Dedupe = st
	q = &Queue{Runner: r, Store: st, Workers: 4}
	resumed, err := q.Start(context.Background())
	if err != nil || resumed != left {
		t.Fatalf("resumed %d (err %v), want %d", resumed, err, left)
	}
	waitFor(t, 10*time.Second, "the resumed jobs", func() bool { return len(rec.all()) >= 64 })
	if n, _ := q.Shutdown(context.Background()); n != 0 {
		t.Errorf("%d jobs still stored after all were answered", n)
	}
	postedOnce(t, 64, rec.all())
}

// TestKillDashNineResumes: the process dies without Shutdown (kill -9)
// while 4 jobs run and 6 wait: a copy of the store file taken then is what
// the next process finds. It resumes all 10, though the dead runs' leases
// are still in the file, and answers each once.
func TestKillDashNineResumes(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "serve.db")
	st := bolttest.Open(t, path)
	defer st.Close()
	var started sync.WaitGroup
	started.Add(4)
	block := make(chan struct{})
	h := handlerFunc(func(ctx context.Context, req chat.Request) chat.Reply {
		started.Done()
		select {
		case <-block:
		case <-ctx.Done():
		}
		return chat.Reply{Title: "never posted"}
	})
	dead := newRunner(h, &recorder{})
	dead.Dedupe = st
	q := &Queue{Runner: dead, Store: st, Workers: 4}
	for i := range 10 {
		if err := q.Dispatch(context.Background(), jobN(i)); err != nil {
			t.Fatal(err)
		}
	}
	started.Wait() // 4 leases taken, 6 jobs waiting: nothing more is written
	img, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	crashed := filepath.Join(dir, "after-kill.db")
	if err := os.WriteFile(crashed, img, 0o600); err != nil {
		t.Fatal(err)
	}
	defer func() { // stop the "dead" process's goroutines
		close(block)
		ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
		defer cancel()
		_, _ = q.Shutdown(ctx)
	}()

	st2 := bolttest.Open(t, crashed)
	defer st2.Close()
	rec := &recorder{}
	r := newRunner(answer("draft"), rec)
	r.Dedupe = st2
	q2 := &Queue{Runner: r, Store: st2}
	if n, err := q2.Start(context.Background()); err != nil || n != 10 {
		t.Fatalf("resumed %d (err %v), want 10", n, err)
	}
	waitFor(t, 5*time.Second, "10 answers", func() bool { return len(rec.all()) >= 10 })
	if n, _ := q2.Shutdown(context.Background()); n != 0 {
		t.Errorf("%d jobs still stored", n)
	}
	postedOnce(t, 10, rec.all())
}

// TestQueueRetriesAFailedPost: the post fails (twice: the runner's own
// second try too), the job stays stored and runs again after RetryDelay.
func TestQueueRetriesAFailedPost(t *testing.T) {
	rec := &recorder{fail: 2}
	mem := &MemJobs{}
	q := &Queue{Runner: newRunner(answer("draft"), rec), Store: mem, RetryDelay: 10 * time.Millisecond}
	if err := q.Dispatch(context.Background(), jobN(0)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 5*time.Second, "the retried post", func() bool { return len(rec.all()) == 1 })
	waitFor(t, time.Second, "the job deleted", func() bool { m, _ := mem.Jobs(context.Background()); return len(m) == 0 })
	_, _ = q.Shutdown(context.Background())
	postedOnce(t, 1, rec.all())
}

// TestTooOldJobTellsItsUser: a stored job older than MaxAge (its Slack
// response_url has expired) is not run; its user is told the draft failed
// and how to ask again, and it is deleted.
func TestTooOldJobTellsItsUser(t *testing.T) {
	mem := &MemJobs{}
	now := time.Date(2027, 1, 1, 9, 0, 0, 0, time.UTC)
	data, _ := json.Marshal(entry{ID: "T1.trigger.0", Job: jobN(0), Accepted: now.Add(-40 * time.Minute)})
	_ = mem.PutJob(context.Background(), "T1.trigger.0", data)
	var runs int
	h := handlerFunc(func(context.Context, chat.Request) chat.Reply { runs++; return chat.Reply{Title: "draft"} })
	rec := &recorder{}
	q := &Queue{Runner: newRunner(h, rec), Store: mem, Now: func() time.Time { return now }}
	if n, err := q.Start(context.Background()); err != nil || n != 1 {
		t.Fatalf("resumed %d, %v", n, err)
	}
	waitFor(t, 5*time.Second, "the failure reply", func() bool { return len(rec.all()) == 1 })
	_, _ = q.Shutdown(context.Background())
	got := rec.all()[0].rep
	if runs != 0 || got.Error == nil || !strings.Contains(got.Summary, "Ask again with the same command: draft sla vendor=V0") {
		t.Errorf("runs %d, reply %+v; want no run and the error reply", runs, got)
	}
	if m, _ := mem.Jobs(context.Background()); len(m) != 0 {
		t.Errorf("the old job is still stored")
	}
}

// panicPoster panics on every post: a bug in a platform adapter.
type panicPoster struct{}

func (panicPoster) Post(context.Context, chat.Target, chat.Reply) error { panic("nil map") }

// TestQueueSurvivesAPanic: a job whose post panics is retried and finally
// dropped; the queue keeps running the other jobs.
func TestQueueSurvivesAPanic(t *testing.T) {
	rec := &recorder{}
	r := newRunner(answer("draft"), rec)
	r.Posters["feishu"] = panicPoster{}
	mem := &MemJobs{}
	q := &Queue{Runner: r, Store: mem, RetryDelay: time.Millisecond, Workers: 1}
	bad := jobN(1)
	bad.Request.Platform = "feishu"
	_ = q.Dispatch(context.Background(), bad)
	_ = q.Dispatch(context.Background(), jobN(0))
	waitFor(t, 5*time.Second, "the good job", func() bool { return len(rec.all()) == 1 })
	waitFor(t, 5*time.Second, "the bad job dropped", func() bool { m, _ := mem.Jobs(context.Background()); return len(m) == 0 })
	_, _ = q.Shutdown(context.Background())
	postedOnce(t, 1, rec.all())
}

// TestQueueBusy: past MaxQueued waiting jobs, Dispatch says busy.
func TestQueueBusy(t *testing.T) {
	block := make(chan struct{})
	h := handlerFunc(func(ctx context.Context, req chat.Request) chat.Reply { <-block; return chat.Reply{Title: "x"} })
	q := &Queue{Runner: newRunner(h, &recorder{}), Workers: 1, MaxQueued: 2}
	defer func() {
		close(block)
		_, _ = q.Shutdown(context.Background())
	}()
	var busy int
	for i := range 5 {
		if err := q.Dispatch(context.Background(), jobN(i)); errors.Is(err, ErrBusy) {
			busy++
		}
	}
	// one running (maybe not yet taken), two waiting: 2 or 3 refused
	if busy < 2 || busy > 3 {
		t.Errorf("%d of 5 refused as busy, want 2 or 3", busy)
	}
}

// BenchmarkDispatchBolt: accepting one job into the bbolt file (one
// fsynced transaction), what a user's request now waits for in serve.
func BenchmarkDispatchBolt(b *testing.B) {
	st, err := bolt.Open(filepath.Join(b.TempDir(), "serve.db"), bolt.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	block := make(chan struct{})
	defer close(block)
	h := handlerFunc(func(ctx context.Context, req chat.Request) chat.Reply { <-block; return chat.Reply{} })
	q := &Queue{Runner: newRunner(h, &recorder{}), Store: st, Workers: 1}
	i := 0
	for b.Loop() {
		if err := q.Dispatch(context.Background(), jobN(i)); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.StopTimer()
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	_, _ = q.Shutdown(ctx)
}

// Issue 25: after a kill -9 with 69 drafts queued, the resumed jobs ran one
// at a time (one wake-up for the whole pool). 69 resumed jobs of d each on
// 4 workers take about 69×d/4 (the 2 s LLM, scaled to 40 ms), and
// never more than 4 run at once.
func TestResumedJobsUseTheWholePool(t *testing.T) {
	const jobs, workers, d = 69, 4, 40 * time.Millisecond
	mem := &MemJobs{}
	for i := range jobs {
		data, _ := json.Marshal(entry{ID: JobID(jobN(i)), Job: jobN(i), Accepted: time.Now()})
		mem.PutJob(context.Background(), JobID(jobN(i)), data)
	}
	var mu sync.Mutex
	running, most := 0, 0
	h := handlerFunc(func(ctx context.Context, req chat.Request) chat.Reply {
		mu.Lock()
		running++
		most = max(most, running)
		mu.Unlock()
		defer func() { mu.Lock(); running--; mu.Unlock() }()
		return slowAnswer(d)(ctx, req)
	})
	rec := &recorder{}
	q := &Queue{Runner: newRunner(h, rec), Store: mem, Workers: workers}
	start := time.Now()
	if n, err := q.Start(context.Background()); err != nil || n != jobs {
		t.Fatalf("Start resumed %d, %v; want %d", n, err, jobs)
	}
	waitFor(t, 10*time.Second, "the resumed jobs", func() bool { return len(rec.all()) >= jobs })
	took := time.Since(start)
	q.Shutdown(context.Background())
	ideal := time.Duration(jobs) * d / workers // 690 ms
	if took > ideal*2 {
		t.Errorf("69 resumed jobs of %s on %d workers took %s, want about %s (serially: %s)", d, workers, took, ideal, time.Duration(jobs)*d)
	}
	if most != workers {
		t.Errorf("at most %d jobs ran at once, want %d (the whole pool, never more)", most, workers)
	}
	postedOnce(t, jobs, rec.all())
}
