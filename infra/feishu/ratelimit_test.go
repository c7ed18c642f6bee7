package feishu

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"
)

// Issue 25: the Open API's rate limit (HTTP 429, code 99991400,
// x-ogw-ratelimit-reset) was taken as a failure at once. Each message call
// now waits the reset the fake sends, tries again, and logs the wait.
func TestClientHonoursRateLimitReset(t *testing.T) {
	for _, tt := range []struct {
		name string
		call func(ctx context.Context, c *Client) error
	}{
		{"create message", func(ctx context.Context, c *Client) error {
			_, err := c.CreateCard(ctx, "oc_1", `{"elements":[]}`, "uuid-create")
			return err
		}},
		{"reply", func(ctx context.Context, c *Client) error {
			_, err := c.ReplyCard(ctx, "om_1", `{"elements":[]}`, false, "uuid-reply")
			return err
		}},
		{"update", func(ctx context.Context, c *Client) error { return c.UpdateCard(ctx, "om_1", `{"elements":[]}`) }},
		{"ephemeral card send", func(ctx context.Context, c *Client) error {
			_, err := c.EphemeralCard(ctx, "oc_1", "ou_1", `{"elements":[]}`)
			return err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			api := newFakeAPI(t)
			logs := &testkit.SyncBuffer{}
			c := NewClient(apiConfig(api), slog.New(slog.NewJSONHandler(logs, nil)), nil)
			api.RateLimit(1, "1")
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			start := time.Now()
			if err := tt.call(ctx, c); err != nil {
				t.Fatalf("after one rate-limited answer: %v, want it done on the second try", err)
			}
			if took := time.Since(start); took < 950*time.Millisecond || took > 4*time.Second {
				t.Errorf("done after %s, want about the 1 s reset", took)
			}
			if n := logs.Count("WARN", "feishu rate-limited the call"); n != 1 || !strings.Contains(logs.String(), `"code":99991400`) {
				t.Errorf("%d rate-limit log lines, want 1 with the code:\n%s", n, logs.String())
			}
			if got := len(api.RateLimited()); got != 1 {
				t.Errorf("%d rate-limited calls, want 1", got)
			}
		})
	}
}

// The retries are bounded, and a reset past the deadline is not slept
// through: the caller gets the API error (code 99991400) at once.
func TestClientRateLimitIsBounded(t *testing.T) {
	api := newFakeAPI(t)
	c := NewClient(apiConfig(api), slog.New(slog.DiscardHandler), nil)
	api.RateLimit(100, "0")
	_, err := c.CreateCard(context.Background(), "oc_1", `{"elements":[]}`, "uuid-1")
	var ae *APIError
	if !errors.As(err, &ae) || ae.Code != CodeRateLimited || len(api.RateLimited()) != MaxRateRetries+1 {
		t.Errorf("always limited: %v after %d calls, want code %d after %d", err, len(api.RateLimited()), CodeRateLimited, MaxRateRetries+1)
	}

	api = newFakeAPI(t)
	c = NewClient(apiConfig(api), slog.New(slog.DiscardHandler), nil)
	api.RateLimit(1, "20")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	start := time.Now()
	_, err = c.CreateCard(ctx, "oc_1", `{"elements":[]}`, "uuid-2")
	if !errors.As(err, &ae) || ae.Code != CodeRateLimited || time.Since(start) > time.Second {
		t.Errorf("reset 20 s with 3 s left: %v after %s, want the rate-limit error at once", err, time.Since(start))
	}
}
