package testkit

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// Slack is a fake Slack on loopback, as slack-go talks to it: the Web API
// under /api/ (chat.postMessage and chat.postEphemeral form-encoded with the
// bot token; apps.connections.open with the app-level token), a Socket Mode
// WebSocket at /socket, and response_url webhooks (JSON) under /hooks/. It
// records what arrived.
type Slack struct {
	*httptest.Server
	// BotToken, when set, is the only bot token the Web API accepts
	// (invalid_auth otherwise).
	BotToken string
	// AppToken is the app-level token apps.connections.open accepts.
	AppToken string
	// Socket, when set, runs each Socket Mode connection.
	Socket func(conn *websocket.Conn)
	// FailPosts makes the next chat.postMessage calls answer ok:false, with
	// the error FailError ("fatal_error", Slack's own failure, when empty).
	FailPosts atomic.Int64
	FailError string
	// FailUpdates makes the next chat.update calls answer ok:false with
	// message_not_found (the message was deleted).
	FailUpdates atomic.Int64
	// Locale is every user's locale in users.info ("en-US" when empty).
	Locale string
	// FailViews makes the next views.publish calls answer ok:false.
	FailViews atomic.Int64
	// FailHooks makes the next response_url posts answer HTTP 500, as Slack
	// does when it cannot take one.
	FailHooks atomic.Int64
	// Limit429 makes the next calls of chat.postMessage, chat.update and
	// response_url posts answer HTTP 429 with Retry-After: RetryAfter
	// seconds ("1" when empty), as Slack rate-limits.
	Limit429   atomic.Int64
	RetryAfter string

	// Files are what a file's url_private_download serves, by path under
	// /files/ (the bot token must come as a Bearer).
	Files map[string]string
	// ExpiredTriggers makes views.open answer expired_trigger_id.
	ExpiredTriggers atomic.Bool

	opened atomic.Int32
	stamps atomic.Int64 // messages given a ts so far
	mu     sync.Mutex
	reqs   []SlackRequest
	posts  []url.Values // Web API forms, with "method" added
	hooks  []SlackHook
	other  []string      // anything else: a test failure
	seen   chan struct{} // one tick per recorded request
}

// SlackHook is a message posted to a response_url, as slack-go's
// WebhookMessage marshals it.
type SlackHook struct {
	Text            string            `json:"text"`
	ResponseType    string            `json:"response_type"`
	ReplaceOriginal bool              `json:"replace_original"`
	Blocks          []json.RawMessage `json:"blocks"`
	// Raw is the body as it arrived; ContentType its header.
	Raw         string `json:"-"`
	ContentType string `json:"-"`
}

// SlackRequest is one request as it arrived, answered or not.
type SlackRequest struct {
	Path string
	// Form is a Web API call's form; JSON a JSON body (a response_url).
	Form url.Values
	JSON map[string]any
	// At is when it arrived.
	At time.Time
}

// NewSlack starts a fake Slack, closed when the test ends.
func NewSlack(t testing.TB) *Slack {
	f := &Slack{seen: make(chan struct{}, 100)}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

// APIURL is the Web API base URL (SLACK_API_URL).
func (f *Slack) APIURL() string { return f.URL + "/api/" }

// HookURL is a response_url.
func (f *Slack) HookURL(name string) string { return f.URL + "/hooks/" + name }

// Opened is how many times apps.connections.open was called.
func (f *Slack) Opened() int { return int(f.opened.Load()) }

func (f *Slack) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	req := SlackRequest{Path: r.URL.Path, At: time.Now()}
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		json.Unmarshal(body, &req.JSON)
	} else {
		req.Form, _ = url.ParseQuery(string(body))
	}
	f.record(func() { f.reqs = append(f.reqs, req) })
	defer func() {
		select {
		case f.seen <- struct{}{}:
		default:
		}
	}()
	limited := r.URL.Path == "/api/chat.postMessage" || r.URL.Path == "/api/chat.update" || strings.HasPrefix(r.URL.Path, "/hooks/")
	if r.Method == http.MethodPost && limited && f.Limit429.Add(-1) >= 0 {
		after := f.RetryAfter
		if after == "" {
			after = "1"
		}
		w.Header().Set("Retry-After", after)
		if strings.HasPrefix(r.URL.Path, "/api/") {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"ok":false,"error":"ratelimited"}`)
			return
		}
		http.Error(w, "rate_limited", http.StatusTooManyRequests)
		return
	}
	switch {
	case r.Method == http.MethodPost && (r.URL.Path == "/api/chat.postMessage" || r.URL.Path == "/api/chat.postEphemeral" || r.URL.Path == "/api/chat.update"):
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		form, err := url.ParseQuery(string(body))
		if err != nil || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
			f.record(func() { f.other = append(f.other, r.URL.Path+" not form-encoded: "+r.Header.Get("Content-Type")) })
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		tok := form.Get("token")
		if a := r.Header.Get("Authorization"); a != "" {
			tok = strings.TrimPrefix(a, "Bearer ")
		}
		if f.BotToken != "" && tok != f.BotToken {
			io.WriteString(w, `{"ok":false,"error":"invalid_auth"}`)
			return
		}
		if r.URL.Path == "/api/chat.postMessage" && f.FailPosts.Add(-1) >= 0 {
			code := f.FailError
			if code == "" {
				code = "fatal_error"
			}
			fmt.Fprintf(w, `{"ok":false,"error":%q}`, code)
			return
		}
		if r.URL.Path == "/api/chat.update" && f.FailUpdates.Add(-1) >= 0 {
			io.WriteString(w, `{"ok":false,"error":"message_not_found"}`)
			return
		}
		form.Set("method", strings.TrimPrefix(r.URL.Path, "/api/"))
		f.record(func() { f.posts = append(f.posts, form) })
		// each message its own ts (the first .000100); an update keeps its ts
		ts := form.Get("ts")
		if r.URL.Path != "/api/chat.update" {
			ts = fmt.Sprintf("%d.%06d", time.Now().Unix(), 100+f.stamps.Add(1)-1)
		}
		fmt.Fprintf(w, `{"ok":true,"channel":%q,"ts":%q,"message_ts":%q}`, form.Get("channel"), ts, ts)
	case r.URL.Path == "/api/views.publish":
		// slack-go posts the view as JSON with the bot token as a Bearer.
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		if f.BotToken != "" && r.Header.Get("Authorization") != "Bearer "+f.BotToken {
			io.WriteString(w, `{"ok":false,"error":"invalid_auth"}`)
			return
		}
		if req.JSON == nil || req.JSON["user_id"] == nil {
			io.WriteString(w, `{"ok":false,"error":"invalid_arguments"}`)
			return
		}
		if f.FailViews.Add(-1) >= 0 {
			io.WriteString(w, `{"ok":false,"error":"internal_error"}`)
			return
		}
		fmt.Fprintf(w, `{"ok":true,"view":{"id":"V1","type":"home"}}`)
	case r.URL.Path == "/api/views.open" || r.URL.Path == "/api/views.update":
		// slack-go posts the view as JSON with the bot token as a Bearer.
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		if f.BotToken != "" && r.Header.Get("Authorization") != "Bearer "+f.BotToken {
			io.WriteString(w, `{"ok":false,"error":"invalid_auth"}`)
			return
		}
		if req.JSON == nil || req.JSON["view"] == nil || (r.URL.Path == "/api/views.open" && req.JSON["trigger_id"] == nil) {
			io.WriteString(w, `{"ok":false,"error":"invalid_arguments"}`)
			return
		}
		if r.URL.Path == "/api/views.open" && f.ExpiredTriggers.Load() {
			io.WriteString(w, `{"ok":false,"error":"expired_trigger_id"}`)
			return
		}
		io.WriteString(w, `{"ok":true,"view":{"id":"V0001","type":"modal","hash":"1.x"}}`)
	case strings.HasPrefix(r.URL.Path, "/files/"):
		if f.BotToken != "" && r.Header.Get("Authorization") != "Bearer "+f.BotToken {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		body, ok := f.Files[strings.TrimPrefix(r.URL.Path, "/files/")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, body)
	case r.URL.Path == "/api/users.info":
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		loc := f.Locale
		if loc == "" {
			loc = "en-US"
		}
		fmt.Fprintf(w, `{"ok":true,"user":{"id":%q,"locale":%q}}`, req.Form.Get("user"), loc)
	case r.URL.Path == "/api/apps.connections.open":
		f.opened.Add(1)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		if r.Header.Get("Authorization") != "Bearer "+f.AppToken {
			io.WriteString(w, `{"ok":false,"error":"invalid_auth"}`)
			return
		}
		fmt.Fprintf(w, `{"ok":true,"url":%q}`, "ws"+strings.TrimPrefix(f.URL, "http")+"/socket")
	case r.URL.Path == "/socket":
		up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }} // slack-go sends Origin: https://api.slack.com
		conn, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer conn.Close()
		if f.Socket != nil {
			f.Socket(conn)
		}
	case r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/hooks/") && f.FailHooks.Add(-1) >= 0:
		http.Error(w, "internal_error", http.StatusInternalServerError)
	case r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/hooks/"):
		var m SlackHook
		if err := json.Unmarshal(body, &m); err != nil {
			f.record(func() { f.other = append(f.other, "response_url body is not JSON: "+err.Error()) })
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		m.Raw, m.ContentType = string(body), r.Header.Get("Content-Type")
		f.record(func() { f.hooks = append(f.hooks, m) })
		io.WriteString(w, "ok")
	default:
		f.record(func() { f.other = append(f.other, r.Method+" "+r.URL.String()) })
		http.NotFound(w, r)
	}
}

func (f *Slack) record(fn func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn()
}

// Sent returns copies of what arrived so far: the Web API forms (each with
// "method" set to chat.postMessage, chat.postEphemeral or chat.update), the response_url
// messages, and any unexpected request.
func (f *Slack) Sent() (posts []url.Values, hooks []SlackHook, other []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append(posts, f.posts...), append(hooks, f.hooks...), append(other, f.other...)
}

// Requests returns every request so far, in order.
func (f *Slack) Requests() []SlackRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]SlackRequest(nil), f.reqs...)
}

// Calls returns the requests so far to path ("/api/chat.postMessage"), or
// under it when path ends in a slash ("/hooks/").
func (f *Slack) Calls(path string) []SlackRequest {
	var out []SlackRequest
	for _, r := range f.Requests() {
		if r.Path == path || strings.HasSuffix(path, "/") && strings.HasPrefix(r.Path, path) {
			out = append(out, r)
		}
	}
	return out
}

// WaitHooks waits until n response_url messages arrived, and returns them.
func (f *Slack) WaitHooks(t testing.TB, n int, within time.Duration) []SlackHook {
	t.Helper()
	deadline := time.After(within)
	for {
		if _, hooks, _ := f.Sent(); len(hooks) >= n {
			return hooks
		}
		select {
		case <-f.seen:
		case <-deadline:
			_, hooks, other := f.Sent()
			t.Fatalf("waited %v for %d response_url messages, got %d (other requests: %v)", within, n, len(hooks), other)
		}
	}
}
