package serve

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"
)

// slackMessage is the part of a slash command's answer the tests read.
type slackMessage struct {
	ResponseType string `json:"response_type"`
	Text         string `json:"text"`
	Blocks       []struct {
		Type string `json:"type"`
	} `json:"blocks"`
}

func TestServeSlackSlashCommand(t *testing.T) {
	fs := testkit.NewSlack(t)
	ff := testkit.NewFeishu(t)
	env := slackEnv(fs)
	env["FEISHU_APP_ID"], env["FEISHU_APP_SECRET"] = ff.AppID, ff.AppSecret
	env["FEISHU_VERIFICATION_TOKEN"], env["FEISHU_ENCRYPT_KEY"], env["FEISHU_BASE_URL"] = "vtoken", "ekey-serve-test", ff.URL
	r := startServe(t, serveOptions{}, env)
	now := time.Now()
	form := func(trigger string) []byte {
		return []byte(slackForm("billing ondemand=35 monthly=15000 hours=300", trigger, fs.HookURL("T1/B1/x")).Encode())
	}
	rows := []struct {
		name       string
		path       string
		body       []byte
		secret     string
		ts         time.Time
		wantStatus int
		wantBlocks bool
	}{
		{"signed slash command answers with blocks", "/slack/commands", form("t-signed"), testSigningSecret, now, 200, true},
		{"unsigned slash command is refused", "/slack/commands", form("t-unsigned"), "", now, 401, false},
		{"wrong secret is refused", "/slack/commands", form("t-wrong"), "not-the-secret", now, 401, false},
		{"signature six minutes old is refused", "/slack/commands", form("t-stale"), testSigningSecret, now.Add(-6 * time.Minute), 401, false},
		{"signed on another path answers the same", "/slack/events", form("t-events-path"), testSigningSecret, now, 200, true},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			status, body := post(t, r.url, row.path, "application/x-www-form-urlencoded", row.body, row.secret, row.ts)
			if status != row.wantStatus {
				t.Fatalf("POST %s: got HTTP %d (%s), want %d", row.path, status, body, row.wantStatus)
			}
			if !row.wantBlocks {
				if strings.Contains(string(body), "blocks") {
					t.Errorf("refused request got an answer: %s", body)
				}
				return
			}
			var m slackMessage
			if err := json.Unmarshal(body, &m); err != nil {
				t.Fatalf("answer is not JSON: %v: %s", err, body)
			}
			if len(m.Blocks) == 0 || m.Blocks[0].Type != "header" || m.ResponseType != "in_channel" {
				t.Errorf("got response_type %q and %d blocks (first %+v), want in_channel with a header block first", m.ResponseType, len(m.Blocks), m.Blocks)
			}
			if !strings.Contains(m.Text, "10,500") {
				t.Errorf("got text %q, want the on-demand cost 300 h × 35 = 10,500", m.Text)
			}
		})
	}
	if n := r.logs.Count("WARN", "INSECURE"); n != 0 {
		t.Errorf("got %d insecure warnings without --insecure-dev, want 0", n)
	}
}

func TestServeEndpoints(t *testing.T) {
	fs := testkit.NewSlack(t)
	r := startServe(t, serveOptions{}, slackEnv(fs))
	rows := []struct {
		name, method, path string
		want               int
	}{
		{"health", "GET", "/healthz", 200},
		{"GET on a Slack endpoint", "GET", "/slack/commands", 405},
		{"interactions endpoint exists (unsigned: 401)", "POST", "/slack/interactions", 401},
		{"Feishu is off: no route", "POST", "/feishu/events", 404},
		{"unknown path", "GET", "/admin", 404},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			req, _ := http.NewRequest(row.method, r.url+row.path, strings.NewReader("x=1"))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != row.want {
				t.Errorf("%s %s: got HTTP %d, want %d", row.method, row.path, resp.StatusCode, row.want)
			}
		})
	}
}

func TestServeRefusesToStart(t *testing.T) {
	fs := testkit.NewSlack(t)
	rows := []struct {
		name string
		opts serveOptions
		env  map[string]string
		want string
	}{
		{"nothing configured", serveOptions{}, nil, "no platform is configured"},
		{"Slack bot token without signing secret", serveOptions{}, map[string]string{"SLACK_BOT_TOKEN": "xoxb-1"}, "SLACK_SIGNING_SECRET not set"},
		{"Slack signing secret without bot token", serveOptions{}, map[string]string{"SLACK_SIGNING_SECRET": "s"}, "SLACK_BOT_TOKEN not set"},
		{"Feishu app id only", serveOptions{}, map[string]string{"FEISHU_APP_ID": "cli_1"},
			"FEISHU_APP_SECRET, FEISHU_VERIFICATION_TOKEN, FEISHU_ENCRYPT_KEY not set"},
		{"Feishu keys missing, Slack fine", serveOptions{}, map[string]string{"SLACK_SIGNING_SECRET": "s", "SLACK_BOT_TOKEN": "xoxb-1", "FEISHU_APP_ID": "cli_1", "FEISHU_APP_SECRET": "x"},
			"FEISHU_VERIFICATION_TOKEN, FEISHU_ENCRYPT_KEY not set"},
		{"socket mode without app token", serveOptions{SlackSocket: true}, map[string]string{"SLACK_BOT_TOKEN": "xoxb-1"}, "--slack-socket needs SLACK_APP_TOKEN"},
		{"socket mode with a bot token as app token", serveOptions{SlackSocket: true}, map[string]string{"SLACK_BOT_TOKEN": "xoxb-1", "SLACK_APP_TOKEN": "xoxb-2"}, "must be an app-level token starting with xapp-"},
		{"long connection without app secret", serveOptions{FeishuWS: true}, map[string]string{"FEISHU_APP_ID": "cli_1"}, "--feishu-ws needs FEISHU_APP_SECRET"},
		{"insecure dev beyond loopback", serveOptions{InsecureDev: true, Addr: "0.0.0.0:0"}, nil, "--insecure-dev only listens on loopback"},
		{"every interface without saying so", serveOptions{Addr: ":0"}, slackEnv(fs), "would listen on every interface without saying so"},
		{"bad Slack API URL", serveOptions{}, map[string]string{"SLACK_SIGNING_SECRET": "s", "SLACK_BOT_TOKEN": "xoxb-1", "SLACK_API_URL": "slack.com/api"}, "SLACK_API_URL"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			_, err := tryServe(t, row.opts, row.env)
			if err == nil {
				t.Fatalf("serve started with opts %+v and env %v; want it refused with %q", row.opts, row.env, row.want)
			}
			if !strings.Contains(err.Error(), row.want) {
				t.Errorf("got error %q, want it to say %q", err, row.want)
			}
		})
	}
}

// The subcommand itself: no secrets in the environment, no --insecure-dev.
func TestServeCommandRefusesWithoutSecrets(t *testing.T) {
	for _, k := range []string{"SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "FEISHU_APP_ID", "FEISHU_APP_SECRET",
		"FEISHU_VERIFICATION_TOKEN", "FEISHU_ENCRYPT_KEY"} {
		t.Setenv(k, "")
	}
	var stdout, stderr bytes.Buffer
	code := Main([]string{"--addr", "127.0.0.1:0"}, t.TempDir()+"/x.db", &stdout, &stderr, os.Getenv)
	if code != 1 {
		t.Errorf("got exit code %d, want 1", code)
	}
	for _, want := range []string{"no platform is configured", "SLACK_SIGNING_SECRET", "FEISHU_ENCRYPT_KEY", "--insecure-dev"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr %q does not say %q", stderr.String(), want)
		}
	}
	if stdout.Len() != 0 {
		t.Errorf("got stdout %q, want nothing (it never listened)", stdout.String())
	}
}

func TestServeInsecureDevWarnsOnEveryRequest(t *testing.T) {
	r := startServe(t, serveOptions{InsecureDev: true}, nil)
	if n := r.logs.Count("WARN", "INSECURE DEV MODE"); n != 1 {
		t.Fatalf("got %d warnings at start, want 1", n)
	}
	const requests = 5
	for i := range requests {
		body := []byte(slackForm("help", "t-insecure-"+string(rune('a'+i)), "").Encode())
		status, out := post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded", body, "", time.Now())
		if status != 200 || !strings.Contains(string(out), "blocks") {
			t.Fatalf("unsigned request %d in --insecure-dev: got HTTP %d %s, want 200 with blocks", i, status, out)
		}
	}
	resp, err := http.Get(r.url + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got, want := r.logs.Count("WARN", "INSECURE DEV MODE"), 1+requests+1; got != want {
		t.Errorf("got %d insecure warnings, want %d (one at start, one per request)", got, want)
	}
}

func TestServeDefaultAddressIsLoopback(t *testing.T) {
	o, err := parseServeFlags(nil, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	host, _, err := net.SplitHostPort(o.Addr)
	if err != nil {
		t.Fatal(err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		t.Errorf("default --addr is %q, want a loopback address", o.Addr)
	}
	// Started on the default host, it listens on loopback only.
	r := startServe(t, serveOptions{Addr: host + ":0", InsecureDev: true}, nil)
	tcp := r.srv.ln.Addr().(*net.TCPAddr)
	if !tcp.IP.IsLoopback() {
		t.Errorf("listening on %s, want loopback", tcp)
	}
	if n := r.logs.Count("WARN", "BEYOND LOOPBACK"); n != 0 {
		t.Errorf("got %d beyond-loopback warnings on loopback", n)
	}
}

func TestServeListensBeyondLoopbackOnlyWhenAsked(t *testing.T) {
	fs := testkit.NewSlack(t)
	r := startServe(t, serveOptions{Addr: "0.0.0.0:0"}, slackEnv(fs))
	if n := r.logs.Count("WARN", "BEYOND LOOPBACK"); n != 1 {
		t.Errorf("got %d beyond-loopback warnings for --addr 0.0.0.0:0, want 1", n)
	}
}

func TestParseServeFlags(t *testing.T) {
	rows := []struct {
		name string
		args []string
		want string // error substring; "" means accepted
	}{
		{"defaults", nil, ""},
		{"all flags", []string{"--addr", "127.0.0.1:9000", "--slack-socket", "--feishu-ws", "--insecure-dev", "--remind-every", "30m", "--grace", "5s"}, ""},
		{"reminder off", []string{"--remind-every", "0"}, ""},
		{"negative reminder", []string{"--remind-every", "-1h"}, "is negative"},
		{"reminder too often", []string{"--remind-every", "10ms"}, "too short"},
		{"not a duration (the flag package says so)", []string{"--remind-every", "daily"}, "bad flag"},
		{"unknown flag", []string{"--bogus"}, "bad flag"},
		{"stray word", []string{"now"}, "serve takes flags only"},
		{"zero grace", []string{"--grace", "0s"}, "must be positive"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			_, err := parseServeFlags(row.args, io.Discard)
			switch {
			case row.want == "" && err != nil:
				t.Errorf("parse %q: got error %v, want none", row.args, err)
			case row.want != "" && (err == nil || !strings.Contains(err.Error(), row.want)):
				t.Errorf("parse %q: got error %v, want one saying %q", row.args, err, row.want)
			}
		})
	}
}
