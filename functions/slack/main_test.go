package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/slack"
	"gpuadvisor/internal/testkit"
)

const secret = "8f742231b10e8888abcd99yyyzzz85a5"

// TestMain lets the test binary run main() itself, for the startup test.
func TestMain(m *testing.M) {
	if os.Getenv("SLACK_FUNCTION_RUN_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestMissingConfigurationStopsStartWithOneClearLine(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = []string{"SLACK_FUNCTION_RUN_MAIN=1", "PATH=" + os.Getenv("PATH")}
	out, err := cmd.Output()
	ee, ok := err.(*exec.ExitError)
	if !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit: %v; want exit status 1\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var rec map[string]any
	if len(lines) != 1 || json.Unmarshal([]byte(lines[0]), &rec) != nil {
		t.Fatalf("want one JSON log line, got:\n%s", out)
	}
	if rec["level"] != "ERROR" || rec["msg"] != "slack function cannot start" ||
		!strings.Contains(rec["err"].(string), "SLACK_SIGNING_SECRET") || !strings.Contains(rec["err"].(string), "SLACK_BOT_TOKEN") {
		t.Errorf("log line = %s", lines[0])
	}
}

func TestSetupConfiguration(t *testing.T) {
	log := slog.New(slog.NewJSONHandler(io.Discard, nil))
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string
	}{
		{"nothing set", map[string]string{}, "SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN not set"},
		{"no bot token", map[string]string{"SLACK_SIGNING_SECRET": "s"}, "SLACK_BOT_TOKEN not set"},
		{"no signing secret", map[string]string{"SLACK_BOT_TOKEN": "xoxb-1"}, "SLACK_SIGNING_SECRET not set"},
		{"blank values", map[string]string{"SLACK_SIGNING_SECRET": " ", "SLACK_BOT_TOKEN": "\t"}, "SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN not set"},
		{"bad API URL", map[string]string{"SLACK_SIGNING_SECRET": "s", "SLACK_BOT_TOKEN": "xoxb-1", "SLACK_API_URL": "slack.com/api"}, "SLACK_API_URL"},
		{"complete", map[string]string{"SLACK_SIGNING_SECRET": "s", "SLACK_BOT_TOKEN": "xoxb-1"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := setup(context.Background(), env(tc.env), log)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("setup: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Errorf("setup error = %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

// TestInvokeLikeLambda drives the wired handler through aws-lambda-go's own
// JSON path (lambda.NewHandler(...).Invoke), with a Function URL event as
// Lambda delivers it: lower-case headers, base64 body.
func TestInvokeLikeLambda(t *testing.T) {
	fake := testkit.NewSlack(t)
	var logs strings.Builder
	h, err := setup(context.Background(), env(map[string]string{
		"SLACK_SIGNING_SECRET": secret, "SLACK_BOT_TOKEN": "xoxb-test", "SLACK_API_URL": fake.APIURL(),
	}), slog.New(slog.NewJSONHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	invoke := lambda.NewHandler(h.HandleLambda)
	call := func(body string, signedAt time.Time, sign bool) httpbody.Response {
		t.Helper()
		ts := strconv.FormatInt(signedAt.Unix(), 10)
		hdr := map[string]string{"content-type": "application/x-www-form-urlencoded", "x-slack-request-timestamp": ts, "host": "x.lambda-url.ap-southeast-1.on.aws"}
		if sign {
			hdr["x-slack-signature"] = slack.Sign(secret, ts, []byte(body))
		}
		ev := httpbody.Request{Version: "2.0", RawPath: "/", Headers: hdr, IsBase64Encoded: true,
			Body:           base64.StdEncoding.EncodeToString([]byte(body)),
			RequestContext: httpbody.RequestContext{HTTP: httpbody.HTTPDescription{Method: "POST", Path: "/"}}}
		payload, _ := json.Marshal(ev)
		out, err := invoke.Invoke(context.Background(), payload)
		if err != nil {
			t.Fatalf("invoke: %v", err)
		}
		var res httpbody.Response
		if err := json.Unmarshal(out, &res); err != nil {
			t.Fatalf("response %s: %v", out, err)
		}
		return res
	}
	form := "team_id=T0001&channel_id=C1&user_id=U1&command=%2Fgpu&text=" + strings.ReplaceAll("计费 按需=35 包月=15000 时长=300", " ", "+") +
		"&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2F1&trigger_id=1.2.3"
	res := call(form, time.Now(), true)
	if res.StatusCode != 200 || !strings.Contains(res.Body, `"blocks"`) || !strings.Contains(res.Body, `"type":"header"`) {
		t.Errorf("signed slash command: %d %s", res.StatusCode, res.Body)
	}
	if res := call(form, time.Now(), false); res.StatusCode != 401 {
		t.Errorf("unsigned: %d, want 401", res.StatusCode)
	}
	if res := call(form, time.Now().Add(-6*time.Minute), true); res.StatusCode != 401 {
		t.Errorf("stale: %d, want 401", res.StatusCode)
	}
	if n := len(fake.Requests()); n != 0 {
		t.Errorf("the slash command called the Web API %d times", n)
	}
	if strings.Contains(logs.String(), secret) || strings.Contains(logs.String(), "xoxb-test") {
		t.Errorf("a secret reached the log:\n%s", logs.String())
	}
}
