package feishu

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

const (
	testKey   = "Sx2kP9vQe7LmT4wZ" // the app's Encrypt Key in tests
	testToken = "vT0k3n-9fQ2LxA"   // the app's Verification Token in tests
)

// testNow is the fixed clock of the handler under test.
var testNow = time.Date(2026, 11, 30, 9, 30, 0, 0, time.UTC)

// signedHeaders are the lower-case headers API Gateway hands over, signed
// with key at ts.
func signedHeaders(key string, ts time.Time, body []byte) map[string]string {
	sec := fmt.Sprint(ts.Unix())
	nonce := fmt.Sprintf("n%d", ts.UnixNano()%100000)
	return map[string]string{
		"content-type":             "application/json; charset=utf-8",
		"user-agent":               "Go-http-client/1.1",
		"x-lark-request-timestamp": sec,
		"x-lark-request-nonce":     nonce,
		"x-lark-signature":         Signature(sec, nonce, key, body),
		"x-request-id":             "req-" + nonce,
	}
}

// lambdaEvent builds a Function URL / HTTP API v2 event.
func lambdaEvent(headers map[string]string, body []byte, b64 bool) httpbody.Request {
	req := httpbody.Request{Version: "2.0", RawPath: "/feishu/events", Headers: headers, Body: string(body)}
	req.RequestContext.HTTP.Method = "POST"
	req.RequestContext.HTTP.Path = "/feishu/events"
	if b64 {
		req.Body = base64.StdEncoding.EncodeToString(body)
		req.IsBase64Encoded = true
	}
	return req
}

// fixtureAppID is the header.app_id of the fixtures; deliver and forApp
// put the harness's app id in its place.
const fixtureAppID = "cli_a5e3b2c1d0f4900c"

// fixture reads testdata/<name>, optionally replacing the event id.
func fixture(t testing.TB, name, eventID string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if eventID != "" {
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		if h, ok := m["header"].(map[string]any); ok {
			h["event_id"] = eventID
		}
		b, _ = json.Marshal(m)
	}
	return b
}

// recorder records what the test router's commands were asked.
type recorder = testkit.Recorder[chat.Request]

// testRouter has "billing" (计费) answering at once with the standard buttons
// and "draft" answering with an acknowledgement and a job, like the drafter's
// commands will.
func testRouter(rec *recorder) *chat.Router {
	r := chat.NewRouter()
	r.Now = func() time.Time { return testNow }
	r.Register(&chat.Command{
		Name: "billing", Aliases: []string{"计费"},
		Summary:  map[chat.Lang]string{chat.EN: "billing mode", chat.ZH: "计费方式"},
		Examples: []string{"billing ondemand=35 monthly=15000 hours=300"},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			rec.Record(c.Req)
			return chat.Reply{
				Title:   chat.T(c.Lang, "Monthly is cheaper", "包月更划算"),
				Summary: c.Args.Original,
				Facts:   []chat.Fact{{Label: chat.T(c.Lang, "On-demand", "按需"), Value: "¥10,500"}},
				Buttons: chat.StandardButtons(c.Lang, "billing "+c.Args.Original),
			}, nil
		},
	}, &chat.Command{
		Name: "draft", Summary: map[chat.Lang]string{chat.EN: "draft", chat.ZH: "起草"},
		Examples: []string{"draft questions vendor=X"},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			rec.Record(c.Req)
			return chat.Ack(c, "Drafting; the draft will be posted here.", "正在起草，完成后发在这里。"), nil
		},
	})
	return r
}

// jobs records dispatched jobs; Fail makes Dispatch fail.
type jobs struct{ testkit.Recorder[chat.Job] }

func (j *jobs) Dispatch(_ context.Context, job chat.Job) error { return j.Record(job) }

// harness is a Handler wired to a fake Open API, a recording router and a
// recording dispatcher, logging into a buffer.
type harness struct {
	h    *Handler
	api  *testkit.Feishu
	rec  *recorder
	jobs *jobs
	logs *testkit.SyncBuffer
	// dedupe records every call on the de-duplication store
	dedupe *testkit.CountingDeduper
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	rec := &recorder{}
	return newHarnessWith(t, testRouter(rec), rec)
}

// newHarnessWith is newHarness with another router (rec records what its
// commands choose to).
func newHarnessWith(t testing.TB, router *chat.Router, rec *recorder) *harness {
	t.Helper()
	api := newFakeAPI(t)
	dedupe := &testkit.CountingDeduper{Deduper: &memstore.Deduper{Now: func() time.Time { return testNow }}}
	hs := &harness{api: api, rec: rec, jobs: &jobs{}, logs: &testkit.SyncBuffer{}, dedupe: dedupe}
	log := slog.New(slog.NewJSONHandler(hs.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	cfg := apiConfig(api)
	h, err := NewHandler(cfg, Deps{
		Router:     router,
		Client:     NewClient(cfg, log, nil),
		Deduper:    dedupe,
		Dispatcher: hs.jobs,
		Log:        log,
		Now:        func() time.Time { return testNow },
	})
	if err != nil {
		t.Fatal(err)
	}
	hs.h = h
	return hs
}

// deliver sends a plaintext payload the way Feishu does: encrypted, signed
// now, lower-case headers.
func (hs *harness) deliver(t testing.TB, plain []byte) httpbody.Response {
	t.Helper()
	body := testkit.FeishuEncrypt(testKey, hs.forApp(plain))
	return hs.invoke(t, lambdaEvent(signedHeaders(testKey, testNow, body), body, false))
}

// deliverOK delivers plain n times, as Feishu delivers an event again,
// each time encrypted with a fresh IV and signed afresh, and fails the test
// unless every delivery is answered 200.
func (hs *harness) deliverOK(t testing.TB, plain []byte, n int) {
	t.Helper()
	for i := range n {
		if resp := hs.deliver(t, plain); resp.StatusCode != 200 {
			t.Fatalf("delivery %d of %d: status %d (%s), want 200", i+1, n, resp.StatusCode, resp.Body)
		}
	}
}

// forApp addresses a fixture to the harness's app (its fake Open API has an
// app id of its own, see newFakeAPI).
func (hs *harness) forApp(plain []byte) []byte {
	return bytes.ReplaceAll(plain, []byte(`"`+fixtureAppID+`"`), []byte(`"`+hs.api.AppID+`"`))
}

func (hs *harness) invoke(t testing.TB, ev httpbody.Request) httpbody.Response {
	t.Helper()
	resp, err := hs.h.HandleLambda(context.Background(), ev)
	if err != nil {
		t.Fatalf("HandleLambda returned an error: %v", err)
	}
	return resp
}

// card decodes the content of a sent interactive message.
func card(t testing.TB, s testkit.FeishuMessage) map[string]any {
	t.Helper()
	if s.Body.MsgType != "interactive" {
		t.Fatalf("msg_type %q, want interactive", s.Body.MsgType)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(s.Body.Content), &m); err != nil {
		t.Fatalf("content is not JSON: %v\n%s", err, s.Body.Content)
	}
	return m
}

func contains(s string, subs ...string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}
