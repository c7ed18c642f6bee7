package slack

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The net/http handler serves the same requests, on any path (it routes by
// content), with Go's canonical headers.
func TestServeHTTP(t *testing.T) {
	f := newFixture(t, nil)
	srv := httptest.NewServer(f.h)
	defer srv.Close()
	post := func(path string, body []byte, signedAt time.Time, contentType string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, srv.URL+path, bytes.NewReader(body))
		ts := strconv.FormatInt(signedAt.Unix(), 10)
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("X-Slack-Request-Timestamp", ts)
		req.Header.Set("X-Slack-Signature", Sign(testSecret, ts, body))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	form := "application/x-www-form-urlencoded"
	res, body := post("/slack/commands", readFixture(t, "slash_command_zh.form"), testNow, form)
	if res.StatusCode != 200 || !strings.Contains(body, "计费：包月") {
		t.Errorf("/slack/commands: %d %s", res.StatusCode, body)
	}
	res, body = post("/slack/events", readFixture(t, "url_verification.json"), testNow, "application/json")
	if res.StatusCode != 200 || body != "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" {
		t.Errorf("/slack/events url_verification: %d %q", res.StatusCode, body)
	}
	res, _ = post("/slack/interactions", pressBody(t, f.rec.hookURL(), "", ""), testNow, form)
	if res.StatusCode != 200 || len(f.disp.jobs) != 1 {
		t.Errorf("/slack/interactions: %d, %d jobs", res.StatusCode, len(f.disp.jobs))
	}
	res, _ = post("/anything", slashBody(t, "billing ondemand=35 monthly=15000 hours=300"), testNow.Add(-6*time.Minute), form)
	if res.StatusCode != 401 {
		t.Errorf("stale request: %d, want 401", res.StatusCode)
	}
	get, err := http.Get(srv.URL + "/slack/commands")
	if err != nil {
		t.Fatal(err)
	}
	get.Body.Close()
	if get.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: %d, want 405", get.StatusCode)
	}
}

// One log line per request, with outcome and duration, and never a body,
// the user's text or a secret.
func TestLogLines(t *testing.T) {
	f := newFixture(t, nil)
	invoke(t, f.h, event(t, readFixture(t, "slash_command_zh.form"), testNow, true, nil))
	invoke(t, f.h, event(t, readFixture(t, "slash_command_zh.form"), testNow.Add(time.Hour), true, nil))
	invoke(t, f.h, event(t, readFixture(t, "event_app_mention_zh.json"), testNow, false, nil))
	lines := strings.Split(strings.TrimSpace(f.logs.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d log lines for 3 requests:\n%s", len(lines), f.logs.String())
	}
	for i, want := range []string{`"outcome":"answered"`, `"outcome":"unauthorized: slack: timestamp more than 5 minutes from now"`, `"kind":"event"`} {
		var m map[string]any
		if err := json.Unmarshal([]byte(lines[i]), &m); err != nil {
			t.Fatalf("log line %d is not JSON: %s", i, lines[i])
		}
		if _, ok := m["duration_ms"]; !ok || !strings.Contains(lines[i], want) {
			t.Errorf("log line %d = %s; want duration_ms and %s", i, lines[i], want)
		}
	}
	for _, secret := range []string{testSecret, "xoxb-test-token", "按需", "gIkuvaNzQIHg97ATvDxqgjtO", "hooks.slack.com", "v0="} {
		if strings.Contains(f.logs.String(), secret) {
			t.Errorf("the log contains %q:\n%s", secret, f.logs.String())
		}
	}
}
