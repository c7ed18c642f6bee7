package xray

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestParseHeader(t *testing.T) {
	tests := []struct {
		name, in string
		want     Header
		ok       bool
	}{
		{"sampled", "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1", Header{"1-5759e988-bd862e3fe1be46a994272793", "53995c3f42cd8ad8", true}, true},
		{"not sampled, with lineage", "Root=1-a-b;Parent=c;Sampled=0;Lineage=x:1", Header{"1-a-b", "c", false}, true},
		{"no parent", "Root=1-a-b;Sampled=1", Header{Root: "1-a-b", Sampled: true}, false},
		{"empty", "", Header{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := ParseHeader(tc.in)
			if got != tc.want || ok != tc.ok {
				t.Errorf("ParseHeader(%q) = %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

// recorder keeps the datagrams a tracer sends, each checked for the
// daemon's header line.
type recorder struct {
	mu   sync.Mutex
	docs []map[string]any
	bad  []string
}

func (r *recorder) send(b []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	head, body, ok := bytes.Cut(b, []byte("\n"))
	var h map[string]any
	if !ok || json.Unmarshal(head, &h) != nil || h["format"] != "json" || h["version"] != 1.0 {
		r.bad = append(r.bad, string(b))
		return nil
	}
	var doc map[string]any
	if err := json.Unmarshal(body, &doc); err != nil {
		r.bad = append(r.bad, string(b))
	}
	r.docs = append(r.docs, doc)
	return nil
}

func lambdaCtx(header string) context.Context {
	//lint:ignore SA1029 the string key is aws-lambda-go's, which the tracer reads
	return context.WithValue(context.Background(), traceKey, header)
}

// A sampled invocation: the router is a subsegment of the function's
// segment, the outbound call a remote subsegment of the router, with its
// method, URL (no query, no response_url path) and status.
func TestSubsegments(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTooManyRequests) }))
	defer srv.Close()
	rec := &recorder{}
	tr := &Tracer{Send: rec.send, Now: func() time.Time { return time.Unix(1796119200, 0) }}
	client := &http.Client{Transport: tr.Transport(nil)}

	ctx, router := tr.Start(lambdaCtx("Root=1-abc-def;Parent=fn0000000000seg;Sampled=1"), "router", "")
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/hooks/T1/B1/secret?token=x", nil)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	router.End(errors.New("boom"))
	router.End(nil) // once only

	if len(rec.bad) > 0 || len(rec.docs) != 2 {
		t.Fatalf("sent %d documents (%d malformed: %q), want 2", len(rec.docs), len(rec.bad), rec.bad)
	}
	call, rt := rec.docs[0], rec.docs[1]
	if rt["name"] != "router" || rt["parent_id"] != "fn0000000000seg" || rt["trace_id"] != "1-abc-def" || rt["type"] != "subsegment" || rt["fault"] != true {
		t.Errorf("router subsegment %v: want under the function's segment, with the fault", rt)
	}
	if call["parent_id"] != rt["id"] || call["namespace"] != "remote" || call["name"] != "127.0.0.1" || call["throttle"] != true {
		t.Errorf("call subsegment %v: want a remote subsegment under the router (%v), throttled", call, rt["id"])
	}
	h, _ := call["http"].(map[string]any)
	u := h["request"].(map[string]any)["url"].(string)
	if strings.Contains(u, "secret") || strings.Contains(u, "token") || h["response"].(map[string]any)["status"] != 429.0 {
		t.Errorf("http %v: want the status and a URL without the response_url path or query", h)
	}
	for _, d := range rec.docs {
		if id, _ := d["id"].(string); len(id) != 16 {
			t.Errorf("id %q, want 16 hex digits", id)
		}
		if d["start_time"] != 1796119200.0 || d["end_time"] != 1796119200.0 {
			t.Errorf("times %v %v, want epoch seconds", d["start_time"], d["end_time"])
		}
	}
}

// Nothing is sent for an invocation that is not sampled or has no trace
// header, nor by a nil tracer (tracing off).
func TestNoSubsegments(t *testing.T) {
	rec := &recorder{}
	tr := &Tracer{Send: rec.send}
	for _, ctx := range []context.Context{lambdaCtx("Root=1-a-b;Parent=c;Sampled=0"), context.Background()} {
		_, s := tr.Start(ctx, "router", "")
		s.HTTP("GET", "http://x", 200)
		s.End(nil)
	}
	var off *Tracer
	_, s := off.Start(lambdaCtx("Root=1-a-b;Parent=c;Sampled=1"), "router", "")
	s.End(nil)
	if len(rec.docs) != 0 {
		t.Errorf("sent %v, want nothing", rec.docs)
	}
	if FromGetenv(func(string) string { return "" }) != nil {
		t.Error("a tracer without AWS_XRAY_DAEMON_ADDRESS")
	}
	if FromGetenv(func(string) string { return "169.254.79.129:2000" }) == nil {
		t.Error("no tracer with AWS_XRAY_DAEMON_ADDRESS set")
	}
}
