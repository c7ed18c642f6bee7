package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeSlack is Slack's side: the Web API (chat.postMessage, form-encoded
// with the bot token, as slack-go sends it) under /api/, and response_url
// webhooks (JSON) under /hooks/. It records what arrived.
type fakeSlack struct {
	*httptest.Server
	token string

	mu    sync.Mutex
	posts []url.Values   // chat.postMessage forms
	hooks []slackWebhook // response_url bodies
	other []string       // anything else: a test failure
	seen  chan struct{}  // one tick per recorded request
}

// slackWebhook is a response_url message as slack-go's WebhookMessage
// marshals it.
type slackWebhook struct {
	Text            string            `json:"text"`
	ResponseType    string            `json:"response_type"`
	ReplaceOriginal bool              `json:"replace_original"`
	Blocks          []json.RawMessage `json:"blocks"`
	raw             string
	contentType     string
}

func newFakeSlack(t *testing.T) *fakeSlack {
	f := &fakeSlack{token: "xoxb-e2e-test", seen: make(chan struct{}, 100)}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

// APIURL is SLACK_API_URL.
func (f *fakeSlack) APIURL() string { return f.URL + "/api/" }

// HookURL is a response_url.
func (f *fakeSlack) HookURL(name string) string { return f.URL + "/hooks/" + name }

func (f *fakeSlack) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer func() {
		f.mu.Unlock()
		select {
		case f.seen <- struct{}{}:
		default:
		}
	}()
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/api/chat.postMessage":
		form, err := url.ParseQuery(string(body))
		if err != nil || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
			f.other = append(f.other, "chat.postMessage not form-encoded: "+r.Header.Get("Content-Type"))
			http.Error(w, "bad form", http.StatusBadRequest)
			return
		}
		tok := form.Get("token")
		if a := r.Header.Get("Authorization"); a != "" {
			tok = strings.TrimPrefix(a, "Bearer ")
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		if tok != f.token {
			io.WriteString(w, `{"ok":false,"error":"invalid_auth"}`)
			return
		}
		f.posts = append(f.posts, form)
		fmt.Fprintf(w, `{"ok":true,"channel":%q,"ts":"%d.000100"}`, form.Get("channel"), time.Now().Unix())
	case r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/hooks/"):
		var m slackWebhook
		if err := json.Unmarshal(body, &m); err != nil {
			f.other = append(f.other, "response_url body is not JSON: "+err.Error())
			http.Error(w, "bad json", http.StatusBadRequest)
			return
		}
		m.raw, m.contentType = string(body), r.Header.Get("Content-Type")
		f.hooks = append(f.hooks, m)
		io.WriteString(w, "ok")
	default:
		f.other = append(f.other, r.Method+" "+r.URL.String())
		http.NotFound(w, r)
	}
}

// sent returns copies of what arrived so far.
func (f *fakeSlack) sent() (posts []url.Values, hooks []slackWebhook, other []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append(posts, f.posts...), append(hooks, f.hooks...), append(other, f.other...)
}

// waitHooks waits until n response_url messages arrived.
func (f *fakeSlack) waitHooks(t *testing.T, n int, within time.Duration) []slackWebhook {
	t.Helper()
	deadline := time.After(within)
	for {
		if _, hooks, _ := f.sent(); len(hooks) >= n {
			return hooks
		}
		select {
		case <-f.seen:
		case <-deadline:
			_, hooks, other := f.sent()
			t.Fatalf("waited %v for %d response_url messages, got %d (other requests: %v)", within, n, len(hooks), other)
		}
	}
}

// lambdaAPI stands for the Lambda Invoke API in front of the emulator of one
// function: POST /2015-03-31/functions/{name}/invocations, SigV4-signed, with
// X-Amz-Invocation-Type: Event answered 202 at once, the event then run on
// the emulator (which serves only /functions/function/invocations and is
// synchronous), as Lambda's async queue would.
type lambdaAPI struct {
	*httptest.Server
	name string

	mu       sync.Mutex
	target   *fn
	events   [][]byte
	problems []string
	done     sync.WaitGroup
}

func newLambdaAPI(t *testing.T, name string) *lambdaAPI {
	l := &lambdaAPI{name: name}
	l.Server = httptest.NewServer(http.HandlerFunc(l.serve))
	t.Cleanup(l.Close)
	return l
}

// route sends the next events to f.
func (l *lambdaAPI) route(f *fn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.target = f
}

func (l *lambdaAPI) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	want := "/2015-03-31/functions/" + l.name + "/invocations"
	problem := ""
	switch {
	case r.Method != http.MethodPost || r.URL.Path != want:
		problem = fmt.Sprintf("%s %s, want POST %s", r.Method, r.URL.Path, want)
	case r.Header.Get("X-Amz-Invocation-Type") != "Event":
		problem = fmt.Sprintf("X-Amz-Invocation-Type %q, want Event (asynchronous)", r.Header.Get("X-Amz-Invocation-Type"))
	case !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 "):
		problem = "the invoke is not SigV4-signed"
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if problem != "" {
		l.problems = append(l.problems, problem)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"Type":"User","message":"bad invoke"}`)
		return
	}
	l.events = append(l.events, body)
	target := l.target
	l.done.Add(1)
	go func() {
		defer l.done.Done()
		if target == nil {
			l.fail("no function to run the event")
			return
		}
		if _, err := target.call(body); err != nil {
			l.fail(err.Error())
		}
	}()
	w.WriteHeader(http.StatusAccepted)
}

func (l *lambdaAPI) fail(p string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.problems = append(l.problems, p)
}

// wait waits for every accepted event to have run, then reports the events
// and any problem.
func (l *lambdaAPI) wait() (events [][]byte, problems []string) {
	l.done.Wait()
	l.mu.Lock()
	defer l.mu.Unlock()
	return append(events, l.events...), append(problems, l.problems...)
}

// fakeFeishu is Feishu's Open API: the tenant token, bot info, message
// reply and create endpoints, answering application/json as the real one
// does (larkcore refuses anything else), recording every message sent.
type fakeFeishu struct {
	*httptest.Server
	appID, secret string

	mu    sync.Mutex
	sent  []feishuMessage
	other []string
}

// feishuMessage is one reply or create request as it arrived.
type feishuMessage struct {
	Path          string
	ReceiveIDType string
	ContentType   string
	Auth          string
	Body          struct {
		ReceiveID     string `json:"receive_id"`
		MsgType       string `json:"msg_type"`
		Content       string `json:"content"`
		UUID          string `json:"uuid"`
		ReplyInThread bool   `json:"reply_in_thread"`
	}
}

func newFakeFeishu(t *testing.T) *fakeFeishu {
	f := &fakeFeishu{appID: "cli_a5e3b2c1d0f4900c", secret: "e2e-app-secret"}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeFeishu) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer f.mu.Unlock()
	reply := func(v any) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		json.NewEncoder(w).Encode(v)
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/open-apis/auth/v3/tenant_access_token/internal":
		var req struct {
			AppID     string `json:"app_id"`
			AppSecret string `json:"app_secret"`
		}
		json.Unmarshal(body, &req)
		if req.AppID != f.appID || req.AppSecret != f.secret {
			reply(map[string]any{"code": 10014, "msg": "app secret invalid"})
			return
		}
		reply(map[string]any{"code": 0, "msg": "ok", "tenant_access_token": "t-e2e", "expire": 7200})
	case r.Method == http.MethodGet && r.URL.Path == "/open-apis/bot/v3/info":
		reply(map[string]any{"code": 0, "msg": "ok", "bot": map[string]any{"activate_status": 2, "app_name": "gpuadvisor", "open_id": "ou_bot0000000000000000000000000001"}})
	case r.Method == http.MethodPost && (r.URL.Path == "/open-apis/im/v1/messages" ||
		strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/messages/") && strings.HasSuffix(r.URL.Path, "/reply")):
		if r.Header.Get("Authorization") != "Bearer t-e2e" {
			reply(map[string]any{"code": 99991663, "msg": "Invalid access token for authorization"})
			return
		}
		m := feishuMessage{Path: r.URL.Path, ReceiveIDType: r.URL.Query().Get("receive_id_type"), ContentType: r.Header.Get("Content-Type"), Auth: r.Header.Get("Authorization")}
		if err := json.Unmarshal(body, &m.Body); err != nil {
			reply(map[string]any{"code": 9499, "msg": "bad json"})
			return
		}
		f.sent = append(f.sent, m)
		reply(map[string]any{"code": 0, "msg": "success", "data": map[string]any{"message_id": fmt.Sprintf("om_e2e%04d", len(f.sent)), "msg_type": m.Body.MsgType}})
	default:
		f.other = append(f.other, r.Method+" "+r.URL.String())
		reply(map[string]any{"code": 404, "msg": "not found"})
	}
}

// messages returns what was sent so far, and any unexpected request.
func (f *fakeFeishu) messages() ([]feishuMessage, []string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]feishuMessage(nil), f.sent...), append([]string(nil), f.other...)
}
