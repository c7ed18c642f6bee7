package feishuws

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

func TestFrameRoundTrip(t *testing.T) {
	f := Frame{SeqID: 1, LogID: 2, Service: 7, Method: methodData, Headers: []Header{{"type", "event"}, {"sum", "1"}},
		PayloadType: "json", Payload: []byte(`{"a":1}`), LogIDNew: "x"}
	var g Frame
	if err := g.Unmarshal(f.Marshal()); err != nil {
		t.Fatal(err)
	}
	gb, _ := json.Marshal(g)
	fb, _ := json.Marshal(f)
	if !bytes.Equal(gb, fb) {
		t.Errorf("round trip: got %s, want %s", gb, fb)
	}
	// Required zero fields are still written (proto2 req): 4 varint fields.
	if z := (&Frame{}).Marshal(); len(z) != 8 {
		t.Errorf("empty frame is %d bytes, want 8 (fields 1-4 always present)", len(z))
	}
}

func FuzzFrame(f *testing.F) {
	f.Add((&Frame{Method: 1, Headers: []Header{{"type", "event"}}, Payload: []byte("{}")}).Marshal())
	f.Add([]byte{0x08})
	f.Fuzz(func(t *testing.T, b []byte) {
		var fr Frame
		if fr.Unmarshal(b) == nil {
			var again Frame
			if err := again.Unmarshal(fr.Marshal()); err != nil {
				t.Fatalf("re-encoding a decoded frame fails: %v", err)
			}
		}
	})
}

// gateway is a fake Feishu long-connection gateway.
type gateway struct {
	srv     *httptest.Server
	answers chan Frame
	send    []Frame
	code    int
	// silent makes the gateway read and never answer, as a connection
	// whose other end is gone; conns counts the connections opened.
	silent bool
	conns  atomic.Int32
}

func newGateway(t *testing.T, send []Frame, code int) *gateway {
	g := &gateway{answers: make(chan Frame, 10), send: send, code: code}
	up := websocket.Upgrader{}
	mux := http.NewServeMux()
	mux.HandleFunc(EndpointPath, func(w http.ResponseWriter, r *http.Request) {
		var in map[string]string
		json.NewDecoder(r.Body).Decode(&in)
		w.Header().Set("Content-Type", "application/json")
		if in["AppID"] != "cli_x" || in["AppSecret"] != "sec" {
			io.WriteString(w, `{"code":10003,"msg":"invalid app"}`)
			return
		}
		if g.code != 0 {
			io.WriteString(w, `{"code":1,"msg":"system busy"}`)
			return
		}
		u := "ws" + strings.TrimPrefix(g.srv.URL, "http") + "/ws?device_id=d1&service_id=7"
		json.NewEncoder(w).Encode(map[string]any{"code": 0, "data": map[string]any{"URL": u, "ClientConfig": map[string]int{"PingInterval": 1, "ReconnectInterval": 1}}})
	})
	mux.HandleFunc("/ws", func(w http.ResponseWriter, r *http.Request) {
		c, err := up.Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer c.Close()
		g.conns.Add(1)
		for _, f := range g.send {
			c.WriteMessage(websocket.BinaryMessage, f.Marshal())
		}
		for {
			_, b, err := c.ReadMessage()
			if err != nil {
				return
			}
			var f Frame
			if f.Unmarshal(b) == nil && !g.silent {
				g.answers <- f
				if f.Method == methodControl && f.Get("type") == "ping" {
					c.WriteMessage(websocket.BinaryMessage, (&Frame{Method: methodControl, Headers: []Header{{"type", "pong"}}, Payload: []byte(`{"PingInterval":1}`)}).Marshal())
				}
			}
		}
	})
	g.srv = httptest.NewServer(mux)
	t.Cleanup(g.srv.Close)
	return g
}

func TestClientDeliversEventsAndAnswers(t *testing.T) {
	event := `{"schema":"2.0","header":{"event_id":"e1","event_type":"im.message.receive_v1"},"event":{"message":{"content":"{\"text\":\"计费 按需=35\"}"}}}`
	half := len(event) / 2
	send := []Frame{
		{Method: methodData, Service: 7, Headers: []Header{{"type", "event"}, {"message_id", "m1"}, {"sum", "2"}, {"seq", "1"}}, Payload: []byte(event[half:])},
		{Method: methodData, Service: 7, Headers: []Header{{"type", "event"}, {"message_id", "m1"}, {"sum", "2"}, {"seq", "0"}}, Payload: []byte(event[:half])},
		{Method: methodData, Service: 7, Headers: []Header{{"type", "card"}, {"message_id", "m2"}, {"sum", "1"}}, Payload: []byte(`{"header":{"event_type":"card.action.trigger"}}`)},
	}
	g := newGateway(t, send, 0)
	got := make(chan string, 5)
	c := &Client{AppID: "cli_x", AppSecret: "sec", BaseURL: g.srv.URL, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Handle: func(ctx context.Context, ev []byte) ([]byte, error) {
			got <- string(ev)
			if strings.Contains(string(ev), "card.action") {
				return []byte(`{"toast":{"type":"info","content":"ok"}}`), nil
			}
			return nil, nil
		}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	seen := map[string]bool{}
	for len(seen) < 2 {
		select {
		case ev := <-got:
			if strings.Contains(ev, "card.action") {
				seen["card"] = true
			} else if ev != event {
				t.Fatalf("joined event = %q, want %q", ev, event)
			} else {
				seen["event"] = true
			}
		case <-ctx.Done():
			t.Fatalf("events not delivered: %v", seen)
		}
	}
	answered, pinged := map[string]response{}, false
	for len(answered) < 2 || !pinged {
		select {
		case f := <-g.answers:
			if f.Method == methodControl {
				pinged = f.Get("type") == "ping" && f.Service == 7
				continue
			}
			var r response
			if err := json.Unmarshal(f.Payload, &r); err != nil {
				t.Fatalf("answer payload %q: %v", f.Payload, err)
			}
			if f.Get("biz_rt") == "" {
				t.Errorf("answer without biz_rt header")
			}
			answered[f.Get("message_id")] = r
		case <-ctx.Done():
			t.Fatalf("answers: %v, pinged %v", answered, pinged)
		}
	}
	if answered["m1"].StatusCode != 200 || answered["m2"].StatusCode != 200 || !strings.Contains(string(answered["m2"].Data), "toast") {
		t.Errorf("answers = %+v", answered)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Run after cancel = %v", err)
	}
}

func TestClientRejectedAppStops(t *testing.T) {
	g := newGateway(t, nil, 0)
	c := &Client{AppID: "cli_x", AppSecret: "wrong", BaseURL: g.srv.URL, Handle: func(context.Context, []byte) ([]byte, error) { return nil, nil },
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := c.Run(ctx); !errors.Is(err, ErrRejected) {
		t.Fatalf("Run with a wrong secret = %v, want ErrRejected", err)
	}
}

func TestStalePartsAreDropped(t *testing.T) {
	c := &Client{parts: map[string]*pending{}}
	if got := c.combine("m1", 2, 0, []byte("a")); got != nil {
		t.Fatalf("first of two parts joined: %q", got)
	}
	c.parts["m1"].since = time.Now().Add(-2 * partTTL)
	if got := c.combine("m2", 2, 0, []byte("x")); got != nil {
		t.Fatalf("combine m2 = %q", got)
	}
	if _, ok := c.parts["m1"]; ok {
		t.Errorf("a part older than %v is still kept", partTTL)
	}
	if got := string(c.combine("m2", 2, 1, []byte("y"))); got != "xy" {
		t.Errorf("joined m2 = %q, want xy", got)
	}
}

// A connection whose gateway stops answering (a half-open TCP connection:
// pings are written without error, nothing comes back) is given up after
// silentPings ping intervals and a new one is opened; it used to wait on
// its read for ever, and receive no event again.
func TestSilentConnectionIsReplaced(t *testing.T) {
	g := newGateway(t, nil, 0)
	g.silent = true // PingInterval 1 s, ReconnectInterval 1 s
	c := &Client{AppID: "cli_x", AppSecret: "sec", BaseURL: g.srv.URL, Handle: func(context.Context, []byte) ([]byte, error) { return nil, nil },
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	defer func() { cancel(); <-done }()
	limit := time.Now().Add(silentPings*time.Second + 1*time.Second + 3*time.Second + 2*time.Second) // silence, reconnect, jitter, slack
	for g.conns.Load() < 2 {
		if time.Now().After(limit) {
			t.Fatalf("%d connection(s) after %s of silence, want a second one", g.conns.Load(), silentPings*time.Second)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// An event whose handler panics is answered 500 (Feishu delivers it again)
// and the connection goes on: the next event is handled.
func TestPanickingEventIsAnswered500AndTheConnectionGoesOn(t *testing.T) {
	send := []Frame{
		{Method: methodData, Service: 7, Headers: []Header{{"type", "event"}, {"message_id", "bad"}, {"sum", "1"}}, Payload: []byte(`{"poison":true}`)},
		{Method: methodData, Service: 7, Headers: []Header{{"type", "event"}, {"message_id", "good"}, {"sum", "1"}}, Payload: []byte(`{"ok":true}`)},
	}
	g := newGateway(t, send, 0)
	c := &Client{AppID: "cli_x", AppSecret: "sec", BaseURL: g.srv.URL, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Handle: func(ctx context.Context, ev []byte) ([]byte, error) {
			if strings.Contains(string(ev), "poison") {
				panic("a bug in the event's handling")
			}
			return nil, nil
		}}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- c.Run(ctx) }()
	answered := map[string]int{}
	for len(answered) < 2 {
		select {
		case f := <-g.answers:
			if f.Method != methodData {
				continue
			}
			var r response
			json.Unmarshal(f.Payload, &r)
			answered[f.Get("message_id")] = r.StatusCode
		case <-ctx.Done():
			t.Fatalf("answers %v, want both events answered", answered)
		}
	}
	if answered["bad"] != 500 || answered["good"] != 200 {
		t.Errorf("answers %v, want bad 500 and good 200", answered)
	}
	if g.conns.Load() != 1 {
		t.Errorf("%d connections, want the first one kept", g.conns.Load())
	}
	cancel()
	<-done
}
