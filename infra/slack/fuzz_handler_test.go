package slack

import (
	"context"
	"encoding/base64"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"

	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/memstore"
)

// FuzzSignedRequest: any correctly signed body, with any content type,
// base64-flagged or not, is answered with a status (never a panic, never a
// Go error that API Gateway would turn into 502).
func FuzzSignedRequest(f *testing.F) {
	f.Add(readFixture(f, "slash_command_zh.form"), "application/x-www-form-urlencoded", false)
	f.Add(readFixture(f, "event_app_mention_zh.json"), "application/json", false)
	f.Add(readFixture(f, "url_verification.json"), "application/json", true)
	f.Add([]byte("payload="+string(readFixture(f, "interaction_zh.json"))), "", false)
	f.Add([]byte(`payload={"type":"block_actions","actions":[{"block_id":"b","action_id":"x#2","value":"<@U1>"}]}`), "text/plain", false)
	f.Add([]byte(`{"type":"event_callback","event":{"type":"app_mention","text":"<@U1|bot> <!here> help"}}`), "application/json; charset=utf-8", false)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok":true,"ts":"1.1","channel":"C1"}`)
	}))
	f.Cleanup(hook.Close)
	h, err := New(Deps{Deduper: &memstore.Deduper{},
		SigningSecret: testSecret, Router: testRouter(new(atomic.Int64)),
		Poster: NewPoster("xoxb-test-token", hook.URL+"/api/", hook.Client()),
		Now:    fixedNow, Log: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		f.Fatal(err)
	}
	ts := strconv.FormatInt(testNow.Unix(), 10)
	f.Fuzz(func(t *testing.T, body []byte, contentType string, b64 bool) {
		ev := httpbody.Request{Headers: map[string]string{
			"content-type": contentType, "x-slack-request-timestamp": ts, "x-slack-signature": Sign(testSecret, ts, body),
		}, Body: string(body)}
		ev.RequestContext.HTTP.Method = "POST"
		if b64 {
			ev.Body, ev.IsBase64Encoded = base64.StdEncoding.EncodeToString(body), true
		}
		res, err := h.HandleLambda(context.Background(), ev)
		if err != nil {
			t.Fatalf("HandleLambda error %v", err)
		}
		switch res.StatusCode {
		case 200, 400, 413, 500:
		default:
			t.Errorf("signed body %q: status %d", body, res.StatusCode)
		}
	})
}
