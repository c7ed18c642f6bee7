package function

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/infra/emf"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/infra/xray"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

// An invocation's answers become CommandsAnswered and CommandLatency
// lines, and a logged store failure a StoreErrors line, on the function's
// output (EMF, which CloudWatch turns into metrics).
func TestInvocationMetrics(t *testing.T) {
	out := &testkit.SyncBuffer{}
	iv := &invocations{metrics: emf.New(out, "slack")}
	log := slog.New(tagged{slog.NewJSONHandler(io.Discard, nil), iv})
	r := chat.NewRouter()
	r.Register(&chat.Command{Name: "echo", Summary: map[chat.Lang]string{chat.EN: "echo", chat.ZH: "回显"}, Examples: []string{"echo"},
		Run: func(context.Context, *chat.Call) (chat.Reply, error) { return chat.Reply{Title: "echo"}, nil }})
	p := &chat.Pipeline{Router: r, Deduper: &memstore.Deduper{}}
	h := iv.track(handlerFunc(func(ctx context.Context, payload []byte) ([]byte, error) {
		p.Answer(ctx, chat.Delivery{Key: "k", Request: chat.Request{Text: "echo hi"}, Deliver: func(context.Context, chat.Reply, chat.Outcome) error { return nil }})
		fault := &store.FaultError{Problem: store.Throttled, Path: "t", Err: errors.New("ProvisionedThroughputExceededException")}
		log.ErrorContext(ctx, "renewal add failed", "err", fmt.Errorf("put renewal: %w", fault))
		log.InfoContext(ctx, "not an error", "err", fault) // below warn: not counted
		return payload, nil
	}))
	if _, err := h.Invoke(context.Background(), []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %s", line)
		}
		switch {
		case m[emf.CommandsAnswered] != nil:
			got = append(got, fmt.Sprint("answered ", m["Command"], " ", m["Outcome"]))
		case m[emf.CommandLatency] != nil:
			got = append(got, fmt.Sprint("latency ", m["Command"]))
		case m[emf.StoreErrors] != nil:
			got = append(got, fmt.Sprint("store error ", m["Problem"]))
		}
	}
	want := "answered echo answered|latency echo|store error throttled"
	if strings.Join(got, "|") != want {
		t.Errorf("metric lines %q, want %q\n%s", strings.Join(got, "|"), want, out.String())
	}
}

// With tracing on, a sampled invocation's pipeline answer is a "router"
// subsegment of the invocation's segment.
func TestInvocationRouterSubsegment(t *testing.T) {
	var sent []string
	iv := &invocations{tracer: &xray.Tracer{Send: func(b []byte) error { sent = append(sent, string(b)); return nil }}}
	r := chat.NewRouter()
	r.Register(&chat.Command{Name: "echo", Summary: map[chat.Lang]string{chat.EN: "echo", chat.ZH: "回显"}, Examples: []string{"echo"},
		Run: func(context.Context, *chat.Call) (chat.Reply, error) { return chat.Reply{Title: "echo"}, nil }})
	p := &chat.Pipeline{Router: r, Deduper: &memstore.Deduper{}}
	h := iv.track(handlerFunc(func(ctx context.Context, payload []byte) ([]byte, error) {
		p.Answer(ctx, chat.Delivery{Request: chat.Request{Text: "echo hi"}, Deliver: func(context.Context, chat.Reply, chat.Outcome) error { return nil }})
		return payload, nil
	}))
	//lint:ignore SA1029 the string key is aws-lambda-go's
	ctx := context.WithValue(context.Background(), "x-amzn-trace-id", "Root=1-abc-def;Parent=0123456789abcdef;Sampled=1")
	if _, err := h.Invoke(ctx, []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	if len(sent) != 1 || !strings.Contains(sent[0], `"name":"router"`) || !strings.Contains(sent[0], `"parent_id":"0123456789abcdef"`) {
		t.Errorf("sent %q, want one router subsegment under the invocation's segment", sent)
	}
}
