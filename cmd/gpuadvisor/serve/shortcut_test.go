package serve

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"gpuadvisor/internal/testkit"
)

// From a message shortcut to the posted answer, through serve's HTTP
// surface: "Check vendor answer" on a message that does not name its vendor
// opens the form (views.open with the shortcut's trigger), its submission
// closes the modal and the check is shown to the user in the message's
// thread, with the command line the form stands for.
func TestServeCheckVendorAnswerShortcut(t *testing.T) {
	fs := testkit.NewSlack(t)
	r := startServe(t, serveOptions{}, slackEnv(fs))
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "infra", "slack", "testdata", "message_action.json"))
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	json.Unmarshal(raw, &p)
	msg := p["message"].(map[string]any)
	msg["text"] = "We have 8x A100 80GB PCIe, no NVLink. Support is business hours only."
	body, _ := json.Marshal(p)
	start := time.Now()
	status, _ := post(t, r.url, "/slack/interactions", "application/x-www-form-urlencoded", []byte(url.Values{"payload": {string(body)}}.Encode()), testSigningSecret, time.Now())
	if status != http.StatusOK {
		t.Fatalf("shortcut: HTTP %d", status)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the shortcut took %s; Slack's trigger expires after 3 s", d)
	}
	opens := fs.Calls("/api/views.open")
	if len(opens) != 1 || opens[0].JSON["trigger_id"] != p["trigger_id"] {
		t.Fatalf("views.open calls %+v; want one with the shortcut's trigger_id", opens)
	}
	view := opens[0].JSON["view"].(map[string]any)
	if view["callback_id"] != "form:checklist_check" {
		t.Fatalf("opened %v, want form:checklist_check", view["callback_id"])
	}
	sub := map[string]any{
		"type": "view_submission", "team": map[string]any{"id": "T0001"}, "user": map[string]any{"id": "U2147483697"},
		"trigger_id": "4711.serve.submit",
		"view": map[string]any{"id": "V0001", "type": "modal", "callback_id": view["callback_id"], "private_metadata": view["private_metadata"],
			"state": map[string]any{"values": map[string]any{
				"vendor": map[string]any{"value": map[string]any{"type": "plain_text_input", "value": "FastCompute"}},
				"text":   map[string]any{"value": map[string]any{"type": "plain_text_input", "value": msg["text"]}},
			}}},
	}
	body, _ = json.Marshal(sub)
	status, resp := post(t, r.url, "/slack/interactions", "application/x-www-form-urlencoded", []byte(url.Values{"payload": {string(body)}}.Encode()), testSigningSecret, time.Now())
	if status != http.StatusOK || len(resp) != 0 {
		t.Fatalf("submission: HTTP %d %q; want an empty 200 (the modal closes)", status, resp)
	}
	eph := fs.Calls("/api/chat.postEphemeral")
	if len(eph) != 1 {
		t.Fatalf("got %d ephemeral answers, want 1", len(eph))
	}
	f := eph[0].Form
	if f.Get("channel") != "C2147483705" || f.Get("user") != "U2147483697" || f.Get("thread_ts") != "1700000000.000300" {
		t.Errorf("answer to %s/%s thread %s; want C2147483705, U2147483697, thread 1700000000.000300", f.Get("channel"), f.Get("user"), f.Get("thread_ts"))
	}
	for _, want := range []string{"FastCompute", "NVLink", "share_in_channel", "checklist check vendor=FastCompute"} {
		if !strings.Contains(f.Get("text")+f.Get("blocks"), want) {
			t.Errorf("answer lacks %q", want)
		}
	}
}

// Over Socket Mode a form's field errors and the model picker's options
// ride in the envelope's acknowledgement, as in the HTTP response.
func TestServeSlackSocketForms(t *testing.T) {
	fs := testkit.NewSlack(t)
	fs.AppToken = "xapp-1-A1-test"
	acks := make(chan socketAck, 10)
	fs.Socket = func(conn *websocket.Conn) {
		conn.WriteJSON(map[string]any{"type": "hello", "num_connections": 1})
		submit := map[string]any{
			"envelope_id": "env-submit", "type": "interactive", "accepts_response_payload": true,
			"payload": map[string]any{
				"type": "view_submission", "trigger_id": "trig-socket-view", "team": map[string]any{"id": "T0001"}, "user": map[string]any{"id": "U1"},
				"view": map[string]any{"id": "V1", "type": "modal", "callback_id": "form:billing", "private_metadata": `{"l":"en"}`,
					"state": map[string]any{"values": map[string]any{
						"ondemand": map[string]any{"value": map[string]any{"type": "plain_text_input", "value": "35"}},
						"monthly":  map[string]any{"value": map[string]any{"type": "plain_text_input", "value": "15000"}},
						"hours":    map[string]any{"value": map[string]any{"type": "plain_text_input", "value": "lots"}},
					}}},
			},
		}
		suggest := map[string]any{
			"envelope_id": "env-suggest", "type": "interactive", "accepts_response_payload": true,
			"payload": map[string]any{"type": "block_suggestion", "team": map[string]any{"id": "T0001"}, "user": map[string]any{"id": "U1"},
				"block_id": "model", "action_id": "value", "value": "llama",
				"view": map[string]any{"id": "V1", "type": "modal", "callback_id": "form:tier"}},
		}
		for _, env := range []any{submit, suggest} {
			if err := conn.WriteJSON(env); err != nil {
				return
			}
		}
		for {
			var a socketAck
			if err := conn.ReadJSON(&a); err != nil {
				return
			}
			acks <- a
		}
	}
	env := map[string]string{"SLACK_BOT_TOKEN": "xoxb-test", "SLACK_APP_TOKEN": fs.AppToken, "SLACK_API_URL": fs.APIURL()}
	startServe(t, serveOptions{SlackSocket: true}, env)
	got := map[string]socketAck{}
	for len(got) < 2 {
		select {
		case a := <-acks:
			got[a.EnvelopeID] = a
		case <-time.After(5 * time.Second):
			t.Fatalf("acknowledgements %v; want env-submit and env-suggest", got)
		}
	}
	var errs struct {
		Action string            `json:"response_action"`
		Errors map[string]string `json:"errors"`
	}
	if err := json.Unmarshal(got["env-submit"].Payload, &errs); err != nil || errs.Action != "errors" || errs.Errors["hours"] == "" {
		t.Errorf("submit ack %s; want errors on hours", got["env-submit"].Payload)
	}
	var opts struct {
		Options []struct {
			Value string `json:"value"`
		} `json:"options"`
	}
	if err := json.Unmarshal(got["env-suggest"].Payload, &opts); err != nil || len(opts.Options) == 0 || !strings.Contains(opts.Options[0].Value, "llama") {
		t.Errorf("suggestion ack %s; want llama presets", got["env-suggest"].Payload)
	}
	if posts, hooks, _ := fs.Sent(); len(posts)+len(hooks) != 0 {
		t.Errorf("a refused form posted %d messages", len(posts)+len(hooks))
	}
}
