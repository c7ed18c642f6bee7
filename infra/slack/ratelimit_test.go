package slack

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

// Issue 25: a response_url 429 with Retry-After: 3 was retried after
// 0.3 s, and chat.postMessage and chat.update 429s not at all. Each now
// waits the Retry-After the fake sends, tries again, and logs the wait.
func TestPosterHonoursRetryAfter(t *testing.T) {
	for _, tt := range []struct {
		name   string
		path   string
		target func(f *testkit.Slack) chat.Target
		call   string
	}{
		{"response_url", "/hooks/T1/B1/x", func(f *testkit.Slack) chat.Target { return chat.Target{ResponseURL: f.HookURL("T1/B1/x")} }, "response_url"},
		{"chat.postMessage", "/api/chat.postMessage", func(*testkit.Slack) chat.Target { return chat.Target{Channel: "C1"} }, "chat.postMessage"},
		{"chat.update", "/api/chat.update", func(*testkit.Slack) chat.Target { return chat.Target{Channel: "C1", Replace: "1700000000.000100"} }, "chat.update"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := testkit.NewSlack(t)
			f.RetryAfter = "1"
			f.Limit429.Store(1)
			logs := &testkit.SyncBuffer{}
			p := NewPoster("xoxb-test-token", f.APIURL(), nil)
			p.Log = slog.New(slog.NewJSONHandler(logs, nil))
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := p.Post(ctx, tt.target(f), chat.Reply{Title: "draft", Summary: "ok"}); err != nil {
				t.Fatalf("Post after one 429: %v, want it sent on the second try", err)
			}
			calls := f.Calls(tt.path)
			if len(calls) != 2 {
				t.Fatalf("%d calls to %s, want 2 (the 429, then the retry)", len(calls), tt.path)
			}
			if gap := calls[1].At.Sub(calls[0].At); gap < 950*time.Millisecond || gap > 3*time.Second {
				t.Errorf("retried after %s, want the Retry-After of 1 s", gap)
			}
			if n := logs.Count("WARN", "slack rate-limited the call"); n != 1 || !strings.Contains(logs.String(), `"call":"`+tt.call+`"`) {
				t.Errorf("%d rate-limit log lines naming %s, want 1:\n%s", n, tt.call, logs.String())
			}
			if len(f.Calls("/api/chat.postMessage")) > 0 && tt.call == "chat.update" {
				t.Errorf("a rate-limited chat.update fell back to a new message")
			}
		})
	}
}

// The retries are bounded, and a Retry-After past the call's deadline is
// not slept through: the caller gets the rate-limit error at once.
func TestPosterRetryAfterIsBounded(t *testing.T) {
	f := testkit.NewSlack(t)
	f.RetryAfter = "0"
	f.Limit429.Store(100)
	p := NewPoster("xoxb-test-token", f.APIURL(), nil)
	p.Log = slog.New(slog.DiscardHandler)
	err := p.Post(context.Background(), chat.Target{Channel: "C1"}, chat.Reply{Title: "x"})
	var rl *slackapi.RateLimitedError
	if !errors.As(err, &rl) || len(f.Calls("/api/chat.postMessage")) != MaxRateRetries+1 {
		t.Errorf("always 429: %v after %d calls, want a RateLimitedError after %d", err, len(f.Calls("/api/chat.postMessage")), MaxRateRetries+1)
	}

	f = testkit.NewSlack(t)
	f.RetryAfter = "20"
	f.Limit429.Store(1)
	p = NewPoster("xoxb-test-token", f.APIURL(), nil)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	start := time.Now()
	err = p.Post(ctx, chat.Target{ResponseURL: f.HookURL("T1/B1/x")}, chat.Reply{Title: "x"})
	if !errors.As(err, &rl) || time.Since(start) > time.Second {
		t.Errorf("Retry-After 20 s with 3 s left: %v after %s, want the rate-limit error at once", err, time.Since(start))
	}
}
