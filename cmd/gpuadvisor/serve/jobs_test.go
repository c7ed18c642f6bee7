package serve

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/llm/llmtest"

	"gpuadvisor/internal/testkit"
)

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func TestJobRunnerCloseLetsRunningJobsFinish(t *testing.T) {
	var done atomic.Int32
	r := newJobRunner(func(ctx context.Context, job chat.Job) error {
		select {
		case <-time.After(100 * time.Millisecond):
			done.Add(1)
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}, quietLog())
	for i := range 3 {
		if err := r.Dispatch(context.Background(), chat.Job{ID: string(rune('a' + i))}); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	n, err := r.Close(ctx)
	if n != 0 || err != nil || done.Load() != 3 {
		t.Errorf("Close with 2 s for three 100 ms jobs: got %d cancelled, err %v, %d finished; want 0, nil, 3", n, err, done.Load())
	}
	if err := r.Dispatch(context.Background(), chat.Job{ID: "late"}); !errors.Is(err, errShuttingDown) {
		t.Errorf("Dispatch after Close: got %v, want errShuttingDown", err)
	}
}

func TestJobRunnerCloseCancelsJobsPastTheGrace(t *testing.T) {
	cancelled := make(chan struct{}, 1)
	r := newJobRunner(func(ctx context.Context, job chat.Job) error {
		<-ctx.Done() // a job that never finishes by itself
		cancelled <- struct{}{}
		return ctx.Err()
	}, quietLog())
	if err := r.Dispatch(context.Background(), chat.Job{ID: "stuck"}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	n, err := r.Close(ctx)
	if n != 1 || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Close past the grace: got %d, %v; want 1 job cancelled, deadline exceeded", n, err)
	}
	select {
	case <-cancelled:
	default:
		t.Error("the stuck job's context was not cancelled")
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Close took %s, want about the 100 ms grace", d)
	}
}

func TestJobRunnerDispatchNeverWaits(t *testing.T) {
	release := make(chan struct{})
	var panics atomic.Int32
	r := newJobRunner(func(ctx context.Context, job chat.Job) error {
		if job.ID == "panic" {
			panics.Add(1)
			panic("a bad draft")
		}
		select {
		case <-release:
		case <-ctx.Done():
		}
		return nil
	}, quietLog())
	if err := r.Dispatch(context.Background(), chat.Job{ID: "panic"}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	var busy error
	for i := range jobQueue + 10 {
		if err := r.Dispatch(context.Background(), chat.Job{ID: "j" + string(rune('A'+i))}); err != nil {
			busy = err
			break
		}
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("dispatching with every worker busy took %s, want at once", d)
	}
	if busy == nil || !strings.Contains(busy.Error(), "busy") {
		t.Errorf("dispatching past the queue: got %v, want a busy error", busy)
	}
	close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if n, err := r.Close(ctx); n != 0 || err != nil {
		t.Errorf("Close: got %d, %v", n, err)
	}
	if panics.Load() != 1 {
		t.Errorf("the panicking job ran %d times, want 1 (and serve kept going)", panics.Load())
	}
}

// Shutting serve down while a draft is being written: the draft is still
// posted before serve stops and closes the store.
func TestServeShutdownFinishesDraftInFlight(t *testing.T) {
	fake := llmtest.New(func(llmtest.Request) llmtest.Response {
		return llmtest.Response{Content: "slow draft", Delay: 400 * time.Millisecond}
	})
	t.Cleanup(fake.Close)
	fs := testkit.NewSlack(t)
	env := slackEnv(fs) // the LLM's settings come through serve's getenv, like the rest
	env["OPENAI_BASE_URL"], env["OPENAI_MODEL"], env["OPENAI_API_KEY"] = fake.BaseURL, "test-model", "sk-test"
	r := startServe(t, serveOptions{}, env)
	text := "draft sla vendor=AcmeGPU response=30m replace=4h outage=4h comp=2x migration=yes destruction=yes"
	body := []byte(slackForm(text, "trig-shutdown-1", fs.HookURL("T1/B1/x")).Encode())
	status, out := post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded", body, testSigningSecret, time.Now())
	var ack slackMessage
	json.Unmarshal(out, &ack)
	if status != 200 || !strings.Contains(strings.ToLower(ack.Text), "working on it") {
		t.Fatalf("draft command: got HTTP %d %q, want the acknowledgement", status, ack.Text)
	}
	if err := r.stop(); err != nil {
		t.Fatalf("stop: %v", err)
	}
	_, hooks, _ := fs.Sent()
	if len(hooks) != 1 || !strings.Contains(hooks[0].Raw, "AcmeGPU") {
		t.Fatalf("got %d posts to the response_url by the time serve stopped, want the draft", len(hooks))
	}
	// The store was closed: the file opens again at once.
	st, err := openStoreForTest(r.db)
	if err != nil {
		t.Fatalf("store still locked after shutdown: %v", err)
	}
	st.Close()
	if n := r.logs.Count("INFO", "stopped"); n != 1 {
		t.Errorf("got %d 'stopped' lines, want 1", n)
	}
}
