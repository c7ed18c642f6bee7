package slack

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/memstore"
)

// Slack's published signing example (the request of "Verifying requests from
// Slack": secret, timestamp, body and signature, all as published) as API
// Gateway's HTTP API delivers it: payload v2, route "POST /slack/commands",
// lower-case headers, the form base64-encoded. Driven through aws-lambda-go's
// own JSON path, on Slack's clock of that day, it is accepted and answered:
// its text is empty, so the answer is the help, shown to the asker only.
func TestPublishedSigningExampleThroughHTTPAPI(t *testing.T) {
	rec := newRecorder(t)
	h, err := New(Deps{Deduper: &memstore.Deduper{},
		SigningSecret: docSecret,
		Router:        testRouter(new(atomic.Int64)),
		Poster:        NewPoster("xoxb-test-token", rec.apiURL(), rec.Client()),
		Now:           func() time.Time { return docTime.Add(30 * time.Second) },
		Log:           slog.New(slog.NewJSONHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	out, err := lambda.NewHandler(h.HandleLambda).Invoke(context.Background(), readFixture(t, "http_api_published_example.json"))
	if err != nil {
		t.Fatalf("invoke: %v", err)
	}
	var res httpbody.Response
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("response %s: %v", out, err)
	}
	if res.StatusCode != 200 {
		t.Fatalf("Slack's own signed request: status %d %q, want 200", res.StatusCode, res.Body)
	}
	if m := decodeMessage(t, res.Body); m["response_type"] != Ephemeral || !strings.Contains(res.Body, "billing") {
		t.Errorf("empty text: got %s, want the help (listing billing), ephemeral", res.Body)
	}
	// The same request six minutes later is a replay.
	late, _ := New(Deps{Deduper: &memstore.Deduper{}, SigningSecret: docSecret, Router: testRouter(new(atomic.Int64)), Poster: NewPoster("x", rec.apiURL(), nil),
		Now: func() time.Time { return docTime.Add(6 * time.Minute) }, Log: slog.New(slog.DiscardHandler)})
	out, _ = lambda.NewHandler(late.HandleLambda).Invoke(context.Background(), readFixture(t, "http_api_published_example.json"))
	if !strings.Contains(string(out), `"statusCode":401`) {
		t.Errorf("replayed six minutes later: %s, want 401", out)
	}
}

// An app_mention as the Events API sends it today: rich_text blocks, the
// mention inside a thread (thread_ts, parent_user_id), authorizations and
// context fields. It is answered once, in that thread.
func TestMentionWithBlocksInAThread(t *testing.T) {
	f := newFixture(t, nil)
	res := invoke(t, f.h, event(t, readFixture(t, "event_app_mention_thread_blocks.json"), testNow, false, nil))
	if res.StatusCode != 200 {
		t.Fatalf("status %d %q", res.StatusCode, res.Body)
	}
	posts := f.rec.calls("/api/chat.postMessage")
	if len(posts) != 1 || f.runs.Load() != 1 {
		t.Fatalf("%d posts and %d commands, want 1 and 1", len(posts), f.runs.Load())
	}
	p := posts[0].Form
	if p.Get("channel") != "C123ABC456" || p.Get("thread_ts") != "1515449000.000100" || !strings.Contains(p.Get("blocks"), "15,000") {
		t.Errorf("posted channel %q thread_ts %q blocks %.120q; want C123ABC456, the thread 1515449000.000100, the billing answer",
			p.Get("channel"), p.Get("thread_ts"), p.Get("blocks"))
	}
}
