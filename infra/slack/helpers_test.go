package slack

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

const testSecret = "8f742231b10e8888abcd99yyyzzz85a5"

// testNow is the fixed clock of the handler tests.
var testNow = time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)

func fixedNow() time.Time { return testNow }

// testRouter is a router with a deterministic command standing in for the
// advisor (so these tests do not depend on which capabilities have landed)
// and a slow one that defers to the drafter. Every run is counted in runs.
func testRouter(runs *atomic.Int64) *chat.Router {
	r := chat.NewRouter()
	r.Now = fixedNow
	r.Register(&chat.Command{
		Name:     "billing",
		Aliases:  []string{"计费"},
		Summary:  map[chat.Lang]string{chat.EN: "echo billing", chat.ZH: "计费回显"},
		Examples: []string{"billing ondemand=35 monthly=15000 hours=300"},
		Keys: []chat.Key{
			{Name: "ondemand", Aliases: []string{"按需"}, Kind: chat.Money, Example: "35"},
			{Name: "monthly", Aliases: []string{"包月"}, Kind: chat.Money, Example: "15000"},
			{Name: "hours", Aliases: []string{"时长"}, Kind: chat.Hours, Example: "300"},
		},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			runs.Add(1)
			od, err := c.Args.Number("ondemand", 0, 1e6)
			if err != nil {
				return chat.Reply{}, err
			}
			mo, err := c.Args.Number("monthly", 0, 1e9)
			if err != nil {
				return chat.Reply{}, err
			}
			h, err := c.Args.Number("hours", 0, 744)
			if err != nil {
				return chat.Reply{}, err
			}
			return chat.Reply{
				Title:   chat.T(c.Lang, "Billing: monthly", "计费：包月"),
				Summary: chat.T(c.Lang, "Monthly is cheaper at these hours.", "按这个时长，包月更便宜。"),
				Facts: []chat.Fact{
					{Label: chat.T(c.Lang, "on-demand", "按需"), Value: chat.Num(od)},
					{Label: chat.T(c.Lang, "monthly", "包月"), Value: chat.Num(mo)},
					{Label: chat.T(c.Lang, "hours", "时长"), Value: chat.Num(h)},
				},
				Buttons: chat.StandardButtons(c.Lang, c.Args.Original),
				Data:    map[string]any{"command": "billing"},
			}, nil
		},
	})
	r.Register(&chat.Command{
		Name:     "whoami",
		Summary:  map[chat.Lang]string{chat.EN: "echo the request", chat.ZH: "回显请求"},
		Examples: []string{"whoami"},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			runs.Add(1)
			return chat.Reply{Title: "whoami", Full: true, Facts: []chat.Fact{ // every field shown, not a short reply
				{Label: "text", Value: c.Req.Text}, {Label: "platform", Value: c.Req.Platform},
				{Label: "tenant", Value: c.Req.Tenant}, {Label: "channel", Value: c.Req.Channel},
				{Label: "user", Value: c.Req.User},
			}}, nil
		},
	})
	r.Register(&chat.Command{
		Name:     "draft",
		Aliases:  []string{"起草"},
		Summary:  map[chat.Lang]string{chat.EN: "slow draft", chat.ZH: "起草"},
		Examples: []string{"draft questions"},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			runs.Add(1)
			if !c.Req.Sync {
				return chat.Ack(c, "Drafting; the draft will appear here.", "正在起草，稍后发到这里。"), nil
			}
			return chat.Reply{Title: "draft"}, nil
		},
	})
	return r
}

// recorder is the fake Slack (internal/testkit) as these tests read it:
// the Web API and a response_url, recording every request.
type recorder struct{ *testkit.Slack }

func newRecorder(t *testing.T) *recorder { return &recorder{testkit.NewSlack(t)} }

func (r *recorder) apiURL() string  { return r.APIURL() }
func (r *recorder) hookURL() string { return r.HookURL("T1/B1/x") }

// calls returns the requests to path ("/hook": the response_url).
func (r *recorder) calls(path string) []testkit.SlackRequest {
	if path == "/hook" {
		path = "/hooks/"
	}
	return r.Calls(path)
}

// dispatcher records the jobs handed to the drafter.
type dispatcher struct {
	mu   sync.Mutex
	jobs []chat.Job
	err  error
	// before, when set, runs at each Dispatch (to see what was posted already).
	before func()
}

func (d *dispatcher) Dispatch(_ context.Context, job chat.Job) error {
	if d.before != nil {
		d.before()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	d.jobs = append(d.jobs, job)
	return d.err
}

type fixture struct {
	// dedupe records every call on the de-duplication store
	dedupe *testkit.CountingDeduper
	runs   atomic.Int64 // commands run
	h      *Handler
	rec    *recorder
	disp   *dispatcher
	logs   *testkit.SyncBuffer
}

func newFixture(t *testing.T, router *chat.Router) *fixture {
	t.Helper()
	f := &fixture{}
	if router == nil {
		router = testRouter(&f.runs)
	}
	rec := newRecorder(t)
	disp := &dispatcher{}
	logs := &testkit.SyncBuffer{}
	f.dedupe = &testkit.CountingDeduper{Deduper: &memstore.Deduper{}}
	h, err := New(Deps{Deduper: f.dedupe,
		SigningSecret: testSecret,
		Router:        router,
		Poster:        NewPoster("xoxb-test-token", rec.apiURL(), rec.Client()),
		Dispatcher:    disp,
		Now:           fixedNow,
		Log:           slog.New(slog.NewJSONHandler(logs, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	f.h, f.rec, f.disp, f.logs = h, rec, disp, logs
	return f
}

// event builds a v2 event the way API Gateway and Function URLs deliver one:
// lower-case header names, the body base64-encoded when b64 is set, signed
// at ts with the test secret.
func event(t *testing.T, body []byte, ts time.Time, b64 bool, extra map[string]string) httpbody.Request {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "function_url_event.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ev httpbody.Request
	if err := json.Unmarshal(raw, &ev); err != nil {
		t.Fatal(err)
	}
	stamp := strconv.FormatInt(ts.Unix(), 10)
	ev.Headers["x-slack-request-timestamp"] = stamp
	ev.Headers["x-slack-signature"] = Sign(testSecret, stamp, body)
	if len(body) > 0 && body[0] == '{' {
		ev.Headers["content-type"] = "application/json"
	}
	for k, v := range extra {
		if v == "" {
			delete(ev.Headers, k)
			continue
		}
		ev.Headers[k] = v
	}
	ev.IsBase64Encoded = b64
	ev.Body = string(body)
	if b64 {
		ev.Body = base64.StdEncoding.EncodeToString(body)
	}
	return ev
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// interactionBody is the form Slack posts for a button press.
func interactionBody(t *testing.T, payload []byte) []byte {
	t.Helper()
	return []byte(url.Values{"payload": {string(payload)}}.Encode())
}

func invoke(t *testing.T, h *Handler, ev httpbody.Request) httpbody.Response {
	t.Helper()
	res, err := h.HandleLambda(context.Background(), ev)
	if err != nil {
		t.Fatalf("HandleLambda returned an error (API Gateway would answer 502): %v", err)
	}
	return res
}

// decodeMessage reads a slash-command response body.
func decodeMessage(t *testing.T, body string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatalf("response is not JSON: %v\n%s", err, body)
	}
	return m
}
