package feishu

import (
	"context"
	"net/http"
	"strconv"
	"time"

	larkcore "github.com/larksuite/oapi-sdk-go/v3/core"
)

// The Open API answers a call over its rate limit with HTTP 429 (400 on
// some older endpoints), code 99991400, and the seconds to wait in the
// x-ogw-ratelimit-reset header
// (https://open.feishu.cn/document/server-docs/api-call-guide/frequency-control).
// The client waits that long and tries again, at most MaxRateRetries
// times, never past the call's deadline (less a second), with a log line
// each time. Sends carry their uuid, so a retry never sends twice.
const (
	// CodeRateLimited is the Open API's code for a call over its rate limit.
	CodeRateLimited = 99991400
	// MaxRateRetries bounds the tries after a rate-limited call.
	MaxRateRetries = 3
	// defaultRateWait is the wait when the header is missing.
	defaultRateWait = time.Second
	// maxRateWait bounds one wait, whatever the header says.
	maxRateWait = 30 * time.Second
)

// rateLimitWait says how long the answer (code, resp) asks to wait before
// trying again, and whether it is a rate limit at all.
func rateLimitWait(code int, resp *larkcore.ApiResp) (time.Duration, bool) {
	if code != CodeRateLimited && (resp == nil || resp.StatusCode != http.StatusTooManyRequests) {
		return 0, false
	}
	wait := defaultRateWait
	if resp != nil {
		if s, err := strconv.Atoi(resp.Header.Get("x-ogw-ratelimit-reset")); err == nil && s >= 0 {
			wait = time.Duration(s) * time.Second
		}
	}
	return wait, true
}

// again reports whether a call that answered code (with resp) on its try-th
// run should run again: a rate limit whose wait fits in ctx, waited out
// here (and logged).
func (c *Client) again(ctx context.Context, op string, code int, resp *larkcore.ApiResp, try int) bool {
	wait, limited := rateLimitWait(code, resp)
	if !limited || try > MaxRateRetries || wait > maxRateWait {
		return false
	}
	if dl, ok := ctx.Deadline(); ok && time.Until(dl)-time.Second < wait {
		return false
	}
	c.log.WarnContext(ctx, "feishu rate-limited the call; waiting x-ogw-ratelimit-reset, then trying again",
		"op", op, "code", code, "wait_s", wait.Seconds(), "try", try, "max_tries", MaxRateRetries)
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}
