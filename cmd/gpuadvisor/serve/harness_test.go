package serve

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"gpuadvisor/infra/slack"

	"gpuadvisor/internal/testkit"
)

const testSigningSecret = "8f742231b10e8888abcd99yyyzzz85a5"

// running is serve started in this process.
type running struct {
	srv    *server
	url    string
	logs   *testkit.SyncBuffer
	cancel context.CancelFunc
	done   chan error
	db     string
}

// startServe starts serve on 127.0.0.1:0 with env as its whole environment;
// it is stopped when the test ends.
func startServe(t *testing.T, o serveOptions, env map[string]string) *running {
	t.Helper()
	r, err := tryServe(t, o, env)
	if err != nil {
		t.Fatalf("serve did not start: %v", err)
	}
	return r
}

// tryServe starts serve and returns the error newServer gave, if any.
func tryServe(t *testing.T, o serveOptions, env map[string]string) (*running, error) {
	t.Helper()
	if o.Addr == "" {
		o.Addr = "127.0.0.1:0"
	}
	if o.DB == "" {
		o.DB = filepath.Join(t.TempDir(), "gpuadvisor.db")
	}
	if o.Grace == 0 {
		o.Grace = 5 * time.Second
	}
	logs := &testkit.SyncBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	getenv := func(k string) string { return env[k] }
	srv, err := newServer(context.Background(), o, getenv, log)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &running{srv: srv, url: "http://" + srv.Addr(), logs: logs, cancel: cancel, done: make(chan error, 1), db: o.DB}
	go func() { r.done <- srv.Run(ctx) }()
	t.Cleanup(func() {
		if err := r.stop(); err != nil {
			t.Errorf("serve did not stop cleanly: %v", err)
		}
		if t.Failed() {
			t.Logf("serve logs:\n%s", logs.String())
		}
	})
	return r, nil
}

// stop shuts serve down and returns Run's error (once; later calls return nil).
func (r *running) stop() error {
	r.cancel()
	select {
	case err, ok := <-r.done:
		if ok {
			close(r.done)
		}
		return err
	case <-time.After(15 * time.Second):
		return fmt.Errorf("serve did not stop within 15s")
	}
}

// slackForm is a slash command as Slack posts it.
func slackForm(text, trigger, responseURL string) url.Values {
	return url.Values{
		"token": {"gIkuvaNzQIHg97ATvDxqgjtO"}, "team_id": {"T0001"}, "team_domain": {"example"},
		"channel_id": {"C2147483705"}, "channel_name": {"test"}, "user_id": {"U2147483697"}, "user_name": {"steve"},
		"command": {"/gpu"}, "text": {text}, "response_url": {responseURL}, "trigger_id": {trigger}, "api_app_id": {"A123456"},
	}
}

// post sends body to path, signed with secret at ts when secret is set.
func post(t *testing.T, base, path, contentType string, body []byte, secret string, ts time.Time) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, base+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	if secret != "" {
		sec := strconv.FormatInt(ts.Unix(), 10)
		req.Header.Set(slack.HeaderTimestamp, sec)
		req.Header.Set(slack.HeaderSignature, slack.Sign(secret, sec, body))
	}
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		t.Fatalf("POST %s: %v", path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// waitFor polls cond for up to d.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", d, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// slackEnv is a Slack configuration against the fake.
func slackEnv(f *testkit.Slack) map[string]string {
	return map[string]string{
		"SLACK_SIGNING_SECRET": testSigningSecret,
		"SLACK_BOT_TOKEN":      "xoxb-test-token",
		"SLACK_API_URL":        f.APIURL(),
	}
}

// httpClientNoKeepAlive opens a connection per request (a killed server
// leaves no half-dead pooled connections behind).
var httpClientNoKeepAlive = http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}

// newSignedRequest is a slash command POST signed with testSigningSecret.
func newSignedRequest(u string, body []byte) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req.Header.Set(slack.HeaderTimestamp, ts)
	req.Header.Set(slack.HeaderSignature, slack.Sign(testSigningSecret, ts, body))
	return req, nil
}
