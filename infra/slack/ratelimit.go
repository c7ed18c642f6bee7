package slack

import (
	"context"
	"errors"
	"log/slog"
	"time"

	slackapi "github.com/slack-go/slack"
)

// Slack answers a call over its rate limit with HTTP 429 and Retry-After,
// the seconds to wait (https://docs.slack.dev/apis/web-api/rate-limits/);
// slack-go returns it as *slack.RateLimitedError, from the Web API and
// from a response_url post alike. The poster waits that long and tries
// again, at most MaxRateRetries times, and never past the call's deadline
// (less a second to report the failure): a wait that does not fit is the
// caller's retry to make (the drafter's, Lambda's), not a sleep to the end.
const (
	// MaxRateRetries bounds the tries after a 429.
	MaxRateRetries = 3
	// maxRateWait bounds one wait, whatever Retry-After says.
	maxRateWait = 30 * time.Second
)

// rateLimited runs call, and after a 429 waits its Retry-After and runs it
// again, logging each wait (what, the wait, the try). It returns call's
// last error.
func rateLimited(ctx context.Context, log *slog.Logger, what string, call func() error) error {
	for try := 1; ; try++ {
		err := call()
		var rl *slackapi.RateLimitedError
		if !errors.As(err, &rl) || try > MaxRateRetries {
			return err
		}
		wait := max(rl.RetryAfter, 0)
		if wait > maxRateWait {
			return err
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl)-time.Second < wait {
			return err
		}
		if log == nil {
			log = slog.Default()
		}
		log.WarnContext(ctx, "slack rate-limited the call; waiting its Retry-After, then trying again",
			"call", what, "retry_after_s", wait.Seconds(), "try", try, "max_tries", MaxRateRetries)
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
	}
}
