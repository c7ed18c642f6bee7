package doctor

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/cmd/gpuadvisor/serve"
)

// A complete, well-formed configuration (test values of the right shape).
var good = map[string]string{
	"SLACK_SIGNING_SECRET":      "8f742231b10e8888abcd9900aa11bb22",
	"SLACK_BOT_TOKEN":           "xoxb-1234567890-0987654321-doctortesttoken",
	"FEISHU_APP_ID":             "cli_a1b2c3d4e5f60718",
	"FEISHU_APP_SECRET":         "Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56",
	"FEISHU_VERIFICATION_TOKEN": "doctor-verification-token",
	"FEISHU_ENCRYPT_KEY":        "doctor-encrypt-key",
}

func envOf(m map[string]string, over ...string) func(string) string {
	c := map[string]string{}
	for k, v := range m {
		c[k] = v
	}
	for i := 0; i+1 < len(over); i += 2 {
		c[over[i]] = over[i+1]
	}
	return func(k string) string { return c[k] }
}

// startServe runs the whole bot (gpuadvisor serve) in-process on a free
// loopback port with env, and returns its base URL.
func startServe(t *testing.T, env func(string) string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	url := serve.Listening(r)
	done := make(chan int, 1)
	db := filepath.Join(t.TempDir(), "serve.db")
	var logs bytes.Buffer
	go func() {
		done <- serve.Run(ctx, []string{"--addr", "127.0.0.1:0", "--remind-every", "0"}, db, w, &logs, env)
		w.Close()
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			t.Error("serve did not stop")
		}
	})
	select {
	case u := <-url:
		return u
	case code := <-done:
		t.Fatalf("serve exited %d before listening: %s", code, logs.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not listen within 60 s: %s", logs.String())
	}
	return ""
}

func statusOf(r Report, name string) Status {
	for _, c := range r.Checks {
		if c.Name == name {
			return c.Status
		}
	}
	return ""
}

// doctor against a running serve: with the same secrets every probe
// passes; with another signing secret or Encrypt Key on this machine the
// probe says so, and the exit status is 1.
func TestDoctorAgainstServe(t *testing.T) {
	base := startServe(t, envOf(good, "GPUADVISOR_DB", ""))
	client := &http.Client{Timeout: 20 * time.Second}
	opts := Options{SlackURL: base + "/slack/commands", FeishuURL: base + "/feishu/events", Timeout: 20 * time.Second}

	r := Run(context.Background(), chat.EN, opts, envOf(good), client, time.Now())
	if !r.OK {
		t.Fatalf("doctor with the serve's own secrets failed: %+v", r.Checks)
	}
	for _, name := range []string{"Slack URL", "Feishu URL", "SLACK_SIGNING_SECRET", "FEISHU_APP_ID"} {
		if statusOf(r, name) != Pass {
			t.Errorf("%s: %s, want pass", name, statusOf(r, name))
		}
	}

	r = Run(context.Background(), chat.ZH, opts, envOf(good, "SLACK_SIGNING_SECRET", "00000000000000000000000000000000", "FEISHU_ENCRYPT_KEY", "another-key"), client, time.Now())
	if r.OK || statusOf(r, "Slack URL") != Fail || statusOf(r, "Feishu URL") != Fail {
		t.Fatalf("doctor with other secrets: %+v, want both probes failed", r.Checks)
	}
	for _, c := range r.Checks {
		if c.Status == Fail && !strings.Contains(c.Fix, "secret") {
			t.Errorf("%s: fix %q does not say which secret to change", c.Name, c.Fix)
		}
	}
}

// The offline checks name what is wrong with each value, and the exit
// status follows.
func TestDoctorChecksValues(t *testing.T) {
	cases := []struct {
		name string
		env  func(string) string
		bad  string // the check that must fail; "" when all pass
	}{
		{"all good", envOf(good), ""},
		{"short signing secret", envOf(good, "SLACK_SIGNING_SECRET", "abc"), "SLACK_SIGNING_SECRET"},
		{"placeholder signing secret", envOf(good, "SLACK_SIGNING_SECRET", "<from Slack>"), "SLACK_SIGNING_SECRET"},
		{"user token", envOf(good, "SLACK_BOT_TOKEN", "xoxp-1234567890-0987654321-abc"), "SLACK_BOT_TOKEN"},
		{"bad app id", envOf(good, "FEISHU_APP_ID", "a1b2c3"), "FEISHU_APP_ID"},
		{"no encrypt key", envOf(good, "FEISHU_ENCRYPT_KEY", ""), "FEISHU_ENCRYPT_KEY"},
		{"lark base", envOf(good, "FEISHU_BASE_URL", "https://open.larksuite.com"), ""},
		{"bad base", envOf(good, "FEISHU_BASE_URL", "http://example.com"), "FEISHU_BASE_URL"},
		{"llm half set", envOf(good, "OPENAI_BASE_URL", "https://api.deepseek.com"), "LLM"},
		{"nothing", envOf(nil), "platforms"},
	}
	for _, tc := range cases {
		r := Run(context.Background(), chat.EN, Options{Timeout: time.Second}, tc.env, http.DefaultClient, time.Now())
		if tc.bad == "" {
			if !r.OK {
				t.Errorf("%s: failed %+v, want every check passed", tc.name, r.Checks)
			}
			continue
		}
		if r.OK || statusOf(r, tc.bad) != Fail {
			t.Errorf("%s: %s is %q (ok %v), want fail", tc.name, tc.bad, statusOf(r, tc.bad), r.OK)
		}
	}
}

// Main's exit status and JSON: 0 and ok when everything passed, 1 when a
// check failed, 2 for a bad flag.
func TestDoctorMain(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Main(context.Background(), []string{"--timeout", "1s"}, true, chat.EN, &out, &errb, envOf(good)); code != 0 {
		t.Fatalf("exit %d, want 0: %s %s", code, out.String(), errb.String())
	}
	var r Report
	if err := json.Unmarshal(out.Bytes(), &r); err != nil || !r.OK || r.Version != "1" || r.Command != "doctor" {
		t.Errorf("JSON %s (%v), want version 1, command doctor, ok", out.String(), err)
	}
	out.Reset()
	if code := Main(context.Background(), nil, false, chat.ZH, &out, &errb, envOf(good, "SLACK_BOT_TOKEN", "")); code != 1 {
		t.Errorf("exit %d with no bot token, want 1", code)
	}
	if !strings.Contains(out.String(), "未设置") {
		t.Errorf("Chinese report lacks 未设置: %s", out.String())
	}
	if code := Main(context.Background(), []string{"--bogus"}, false, chat.EN, &out, &errb, envOf(good)); code != 2 {
		t.Errorf("exit %d for a bad flag, want 2", code)
	}
}
