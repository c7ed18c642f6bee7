package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"gpuadvisor/infra/slack"
)

const testSigningSecret = "8f742231b10e8888abcd99yyyzzz85a5"

// syncBuffer collects log lines from several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// count returns how many JSON log lines have msg containing sub.
func (s *syncBuffer) count(level, sub string) int {
	n := 0
	for _, line := range strings.Split(s.String(), "\n") {
		var rec struct {
			Level string `json:"level"`
			Msg   string `json:"msg"`
		}
		if json.Unmarshal([]byte(line), &rec) == nil && rec.Level == level && strings.Contains(rec.Msg, sub) {
			n++
		}
	}
	return n
}

// fakeSlack is a local Slack: the Web API (chat.postMessage,
// chat.postEphemeral, apps.connections.open), a Socket Mode WebSocket and a
// response_url, recording what the bot sent.
type fakeSlack struct {
	*httptest.Server
	mu       sync.Mutex
	posts    []url.Values      // chat.postMessage and chat.postEphemeral forms
	hooks    []json.RawMessage // bodies posted to the response_url
	socket   func(conn *websocket.Conn)
	opened   atomic.Int32
	appToken string
}

func newFakeSlack(t testing.TB) *fakeSlack {
	f := &fakeSlack{}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

// APIURL is the Web API base URL (SLACK_API_URL).
func (f *fakeSlack) APIURL() string { return f.URL + "/api/" }

// HookURL is a response_url.
func (f *fakeSlack) HookURL() string { return f.URL + "/hook/T1/B1/x" }

func (f *fakeSlack) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	switch r.URL.Path {
	case "/api/chat.postMessage", "/api/chat.postEphemeral":
		form, _ := url.ParseQuery(string(body))
		form.Set("method", strings.TrimPrefix(r.URL.Path, "/api/"))
		f.mu.Lock()
		f.posts = append(f.posts, form)
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"ok":true,"channel":%q,"ts":"1700000000.000100","message_ts":"1700000000.000100"}`, form.Get("channel"))
	case "/api/apps.connections.open":
		f.opened.Add(1)
		w.Header().Set("Content-Type", "application/json")
		if r.Header.Get("Authorization") != "Bearer "+f.appToken {
			fmt.Fprint(w, `{"ok":false,"error":"invalid_auth"}`)
			return
		}
		fmt.Fprintf(w, `{"ok":true,"url":%q}`, "ws"+strings.TrimPrefix(f.URL, "http")+"/socket")
	case "/socket":
		up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }} // Slack's client sends Origin: https://api.slack.com
		conn, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer conn.Close()
		if f.socket != nil {
			f.socket(conn)
		}
	default:
		if strings.HasPrefix(r.URL.Path, "/hook/") {
			f.mu.Lock()
			f.hooks = append(f.hooks, json.RawMessage(body))
			f.mu.Unlock()
			w.Write([]byte("ok"))
			return
		}
		http.NotFound(w, r)
	}
}

func (f *fakeSlack) sent() ([]url.Values, []json.RawMessage) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]url.Values(nil), f.posts...), append([]json.RawMessage(nil), f.hooks...)
}

// fakeFeishu is a local Feishu Open API: tenant token, bot info, message
// create and reply, recording the messages.
type fakeFeishu struct {
	*httptest.Server
	appID, secret string
	// mux takes more routes (the long-connection gateway).
	mux      *http.ServeMux
	mu       sync.Mutex
	messages []feishuSent
}

type feishuSent struct {
	Path string
	Body struct {
		ReceiveID string `json:"receive_id"`
		MsgType   string `json:"msg_type"`
		Content   string `json:"content"`
		UUID      string `json:"uuid"`
	}
}

var feishuAppSeq atomic.Int64

// newFakeFeishu starts the fake with an app id of its own (the SDK caches
// tenant tokens process-wide by app id).
func newFakeFeishu(t testing.TB) *fakeFeishu {
	f := &fakeFeishu{appID: fmt.Sprintf("cli_serve%04d", feishuAppSeq.Add(1)), secret: "feishu-app-secret"}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /open-apis/auth/v3/tenant_access_token/internal", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			AppID     string `json:"app_id"`
			AppSecret string `json:"app_secret"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		if req.AppID != f.appID || req.AppSecret != f.secret {
			fmt.Fprint(w, `{"code":10014,"msg":"app secret invalid"}`)
			return
		}
		fmt.Fprintf(w, `{"code":0,"msg":"ok","tenant_access_token":"t-%s","expire":7200}`, f.appID)
	})
	mux.HandleFunc("GET /open-apis/bot/v3/info", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		fmt.Fprint(w, `{"code":0,"msg":"ok","bot":{"activate_status":2,"app_name":"gpuadvisor","open_id":"ou_bot1"}}`)
	})
	record := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		if r.Header.Get("Authorization") != "Bearer t-"+f.appID {
			fmt.Fprint(w, `{"code":99991663,"msg":"Invalid access token for authorization"}`)
			return
		}
		s := feishuSent{Path: r.URL.Path}
		json.NewDecoder(r.Body).Decode(&s.Body)
		f.mu.Lock()
		f.messages = append(f.messages, s)
		n := len(f.messages)
		f.mu.Unlock()
		fmt.Fprintf(w, `{"code":0,"msg":"success","data":{"message_id":"om_sent%03d"}}`, n)
	}
	mux.HandleFunc("POST /open-apis/im/v1/messages", record)
	mux.HandleFunc("POST /open-apis/im/v1/messages/{id}/reply", record)
	f.mux = mux
	f.Server = httptest.NewServer(mux)
	t.Cleanup(f.Close)
	return f
}

func (f *fakeFeishu) sent() []feishuSent {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]feishuSent(nil), f.messages...)
}

// running is serve started in this process.
type running struct {
	srv    *server
	url    string
	logs   *syncBuffer
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
	logs := &syncBuffer{}
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
func slackEnv(f *fakeSlack) map[string]string {
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
