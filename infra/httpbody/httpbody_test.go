package httpbody

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestRead(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ref := Read(w, r, 16, log)
		if ref != nil {
			http.Error(w, ref.Reason, ref.Status)
			return
		}
		w.Write(body)
	}))
	srv.Config.ReadTimeout = 300 * time.Millisecond
	srv.Start()
	defer srv.Close()

	res, err := http.Post(srv.URL+"/slack/commands", "text/plain", strings.NewReader("small"))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("small body: %v %v", res, err)
	}
	res, _ = http.Post(srv.URL+"/slack/commands", "text/plain", strings.NewReader(strings.Repeat("x", 17)))
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("17 bytes over a 16-byte limit: %d, want 413", res.StatusCode)
	}
	// A body that never finishes arriving is a timeout, not "too large".
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "POST /feishu/events HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
	conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	reply, _ := io.ReadAll(conn)
	if !strings.Contains(string(reply), "408") {
		t.Errorf("slow body answered %q, want 408", reply)
	}
	var reasons []string
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var m map[string]any
		json.Unmarshal([]byte(line), &m)
		reasons = append(reasons, m["reason"].(string)+" "+m["path"].(string))
	}
	if len(reasons) != 2 || reasons[0] != "request body too large /slack/commands" || reasons[1] != "request body not received in time /feishu/events" {
		t.Errorf("log lines %q, want one per refusal with its reason and path", reasons)
	}
}

func TestHeader(t *testing.T) {
	h := Header(map[string]string{"x-lark-signature": "s", "X-LARK-REQUEST-NONCE": "n", "x-Slack-Request-Timestamp": "1"})
	if h.Get("X-Lark-Signature") != "s" || h.Get("X-Lark-Request-Nonce") != "n" || h.Get("X-Slack-Request-Timestamp") != "1" || len(h) != 3 {
		t.Errorf("Header lost or added a header: %v", h)
	}
}
