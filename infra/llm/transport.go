package llm

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MaxRetryAfter bounds how long a Retry-After header can make a caller
// wait: a server asking for minutes gets a template draft instead.
const MaxRetryAfter = 20 * time.Second

// callKey carries a *callState in the request context from Complete to the
// transport.
type callKey struct{}

// callState is one Complete call as the transport sees it: body fields to
// add, and the Retry-After of the last error response.
type callState struct {
	extra map[string]any

	mu    sync.Mutex
	after time.Duration
}

func (c *callState) retryAfter() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.after
}

// transport adds the call's extra body fields and records Retry-After on
// 429 and 503 answers, which go-openai drops with the response.
type transport struct{ next http.RoundTripper }

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	call, _ := req.Context().Value(callKey{}).(*callState)
	if call != nil && len(call.extra) > 0 && req.Body != nil {
		if r, err := withFields(req, call.extra); err == nil {
			req = r
		}
	}
	resp, err := t.next.RoundTrip(req)
	if err != nil || call == nil {
		return resp, err
	}
	if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
		if d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), time.Now()); ok {
			call.mu.Lock()
			call.after = d
			call.mu.Unlock()
		}
	}
	return resp, nil
}

// withFields returns a copy of req whose JSON body object has the fields
// added (existing fields win).
func withFields(req *http.Request, fields map[string]any) (*http.Request, error) {
	b, err := io.ReadAll(req.Body)
	req.Body.Close()
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		req.Body = io.NopCloser(bytes.NewReader(b))
		return req, nil
	}
	for k, v := range fields {
		if _, ok := m[k]; ok {
			continue
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		m[k] = raw
	}
	out, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	r := req.Clone(req.Context())
	r.Body = io.NopCloser(bytes.NewReader(out))
	r.ContentLength = int64(len(out))
	r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(out)), nil }
	return r, nil
}

// parseRetryAfter reads delay-seconds or an HTTP date (RFC 9110 §10.2.3),
// capped at MaxRetryAfter; ok is false for a missing or malformed value.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	var d time.Duration
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		if n < 0 {
			return 0, false
		}
		d = time.Duration(n * float64(time.Second))
	} else if at, err := http.ParseTime(v); err == nil {
		d = at.Sub(now)
		if d < 0 {
			d = 0
		}
	} else {
		return 0, false
	}
	return min(d, MaxRetryAfter), true
}
