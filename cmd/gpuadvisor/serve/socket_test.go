package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"gpuadvisor/infra/feishuws"

	"gpuadvisor/internal/testkit"
)

// socketAck is what the bot writes back on the Socket Mode connection.
type socketAck struct {
	EnvelopeID string          `json:"envelope_id"`
	Payload    json.RawMessage `json:"payload"`
}

func TestServeSlackSocketMode(t *testing.T) {
	fs := testkit.NewSlack(t)
	fs.AppToken = "xapp-1-A1-test"
	acks := make(chan socketAck, 10)
	sentAt := make(chan time.Time, 10)
	fs.Socket = func(conn *websocket.Conn) {
		conn.WriteJSON(map[string]any{"type": "hello", "num_connections": 1})
		slash := map[string]any{
			"envelope_id": "env-slash", "type": "slash_commands", "accepts_response_payload": true,
			"payload": map[string]any{
				"team_id": "T0001", "channel_id": "C1", "user_id": "U1", "command": "/gpu",
				"text": "计费 按需=35 包月=15000 时长=300", "response_url": fs.HookURL("T1/B1/x"), "trigger_id": "trig-socket-1",
			},
		}
		mention := map[string]any{
			"envelope_id": "env-event", "type": "events_api", "accepts_response_payload": false,
			"payload": map[string]any{
				"token": "x", "team_id": "T0001", "api_app_id": "A1", "type": "event_callback",
				"event_id": "Ev-socket-1", "event_time": 1700000000,
				"event": map[string]any{"type": "app_mention", "user": "U1", "channel": "C1", "ts": "1700000000.000200",
					"event_ts": "1700000000.000200", "text": "<@UBOT> billing ondemand=35 monthly=15000 hours=300"},
			},
		}
		button := map[string]any{
			"envelope_id": "env-button", "type": "interactive", "accepts_response_payload": false,
			"payload": map[string]any{
				"type": "block_actions", "trigger_id": "trig-socket-button", "response_url": fs.HookURL("T1/B1/x"),
				"team": map[string]any{"id": "T0001"}, "user": map[string]any{"id": "U1"}, "channel": map[string]any{"id": "C1"},
				"container": map[string]any{"type": "message", "channel_id": "C1"},
				"actions": []map[string]any{{"action_id": "remind_renewal#2", "block_id": "b1", "type": "button",
					"value": "billing ondemand=35 monthly=15000 hours=300"}},
			},
		}
		for _, env := range []any{slash, mention, button} {
			sentAt <- time.Now()
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
	r := startServe(t, serveOptions{SlackSocket: true}, env)

	got := map[string]socketAck{}
	var start time.Time
	select {
	case start = <-sentAt:
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not open the Socket Mode connection within 5 s")
	}
	for len(got) < 3 {
		select {
		case a := <-acks:
			got[a.EnvelopeID] = a
		case <-time.After(3 * time.Second):
			t.Fatalf("got acknowledgements %v within 3 s, want env-slash, env-event and env-button", got)
		}
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("acknowledged after %s, want within Slack's 3 s", d)
	}
	var m slackMessage
	if err := json.Unmarshal(got["env-slash"].Payload, &m); err != nil {
		t.Fatalf("slash command ack payload is not a message: %v: %s", err, got["env-slash"].Payload)
	}
	if len(m.Blocks) == 0 || !strings.Contains(m.Text, "10,500") {
		t.Errorf("slash command ack: got text %q with %d blocks, want the billing answer (10,500) in blocks", m.Text, len(m.Blocks))
	}
	if p := got["env-event"].Payload; len(p) != 0 && string(p) != "null" {
		t.Errorf("event ack: got payload %s, want none", p)
	}
	waitFor(t, 5*time.Second, "the mention's answer in the thread and the button's at the response_url", func() bool {
		posts, hooks, _ := fs.Sent()
		return len(posts) > 0 && len(hooks) > 0
	})
	posts, hooks, _ := fs.Sent()
	if len(hooks) != 1 || !strings.Contains(hooks[0].Raw, "renewal") {
		t.Errorf("button over the socket: got %d posts to the response_url (%.120s), want the renewal reminder set-up", len(hooks), fmt.Sprint(hooks))
	}
	p := posts[0]
	if p.Get("method") != "chat.postMessage" || p.Get("channel") != "C1" || p.Get("thread_ts") != "1700000000.000200" || !strings.Contains(p.Get("blocks"), "header") {
		t.Errorf("mention answer: got %s to %s thread %s, want chat.postMessage with blocks in C1 thread 1700000000.000200", p.Get("method"), p.Get("channel"), p.Get("thread_ts"))
	}
	if n := r.logs.Count("INFO", "slack socket mode connected"); n != 1 {
		t.Errorf("got %d 'connected' lines, want 1", n)
	}
}

func TestServeSlackSocketModeBadTokenStopsServe(t *testing.T) {
	fs := testkit.NewSlack(t)
	fs.AppToken = "xapp-the-right-one"
	env := map[string]string{"SLACK_BOT_TOKEN": "xoxb-test", "SLACK_APP_TOKEN": "xapp-a-wrong-one", "SLACK_API_URL": fs.APIURL()}
	r := startServe(t, serveOptions{SlackSocket: true}, env)
	select {
	case err := <-r.done:
		close(r.done)
		if err == nil || !strings.Contains(err.Error(), "SLACK_APP_TOKEN") {
			t.Errorf("got %v, want serve to stop naming SLACK_APP_TOKEN", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve kept running with a rejected app token")
	}
}

// addGateway adds Feishu's long-connection gateway to the fake Open API: the
// endpoint request and a WebSocket of protobuf frames that delivers event
// once and sends every answer frame to answers.
func addGateway(f *testkit.Feishu, event []byte, answers chan<- feishuws.Frame) {
	f.Mux.HandleFunc("POST "+feishuws.EndpointPath, func(w http.ResponseWriter, r *http.Request) {
		var req struct{ AppID, AppSecret string }
		json.NewDecoder(r.Body).Decode(&req)
		w.Header().Set("Content-Type", "application/json")
		if req.AppID != f.AppID || req.AppSecret != f.AppSecret {
			fmt.Fprint(w, `{"code":1000040351,"msg":"app secret invalid"}`)
			return
		}
		fmt.Fprintf(w, `{"code":0,"msg":"ok","data":{"URL":%q,"ClientConfig":{"PingInterval":120,"ReconnectInterval":1}}}`,
			"ws"+strings.TrimPrefix(f.URL, "http")+"/ws?service_id=7")
	})
	f.Mux.HandleFunc("GET /ws", func(w http.ResponseWriter, r *http.Request) {
		conn, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
		if err != nil {
			return
		}
		defer conn.Close()
		f := feishuws.Frame{SeqID: 1, LogID: 1, Service: 7, Method: 1, Payload: event,
			Headers: []feishuws.Header{{Key: "type", Value: "event"}, {Key: "message_id", Value: "msg-1"}, {Key: "sum", Value: "1"}, {Key: "seq", Value: "0"}}}
		conn.WriteMessage(websocket.BinaryMessage, f.Marshal())
		for {
			_, b, err := conn.ReadMessage()
			if err != nil {
				return
			}
			var got feishuws.Frame
			if got.Unmarshal(b) == nil && got.Method == 1 {
				answers <- got
			}
		}
	})
}

// feishuTextEvent is an im.message.receive_v1 event (schema 2.0) for app
// appID: text in a one-to-one chat.
func feishuTextEvent(appID, eventID, token, text string) []byte {
	content, _ := json.Marshal(map[string]string{"text": text})
	b, _ := json.Marshal(map[string]any{
		"schema": "2.0",
		"header": map[string]any{"event_id": eventID, "event_type": "im.message.receive_v1", "create_time": "1796031000000",
			"token": token, "app_id": appID, "tenant_key": "2ca1d211f64f6438"},
		"event": map[string]any{
			"sender": map[string]any{"sender_id": map[string]any{"open_id": "ou_84aad35d084aa403a838cf73ee18467"}, "sender_type": "user", "tenant_key": "2ca1d211f64f6438"},
			"message": map[string]any{"message_id": "om_" + eventID, "create_time": "1796030999000", "chat_id": "oc_chat1",
				"chat_type": "p2p", "message_type": "text", "content": string(content)},
		},
	})
	return b
}

func TestServeFeishuLongConnection(t *testing.T) {
	ff := testkit.NewFeishu(t)
	answers := make(chan feishuws.Frame, 4)
	addGateway(ff, feishuTextEvent(ff.AppID, "ev-ws-1", "", "计费 按需=35 包月=15000 时长=300"), answers)
	env := map[string]string{"FEISHU_APP_ID": ff.AppID, "FEISHU_APP_SECRET": ff.AppSecret, "FEISHU_BASE_URL": ff.URL}
	r := startServe(t, serveOptions{FeishuWS: true}, env)
	select {
	case a := <-answers:
		var resp struct {
			Code int `json:"code"`
		}
		json.Unmarshal(a.Payload, &resp)
		if resp.Code != 200 {
			t.Errorf("got answer code %d for the event frame, want 200", resp.Code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no answer frame within 5 s")
	}
	waitFor(t, 5*time.Second, "the reply card", func() bool { return len(ff.Messages()) > 0 })
	m := ff.Messages()[0]
	if m.Path != "/open-apis/im/v1/messages/om_ev-ws-1/reply" || m.Body.MsgType != "interactive" || !strings.Contains(m.Body.Content, "10,500") {
		t.Errorf("got %s %s %.80q, want an interactive card replying to om_ev-ws-1 with the billing answer", m.Path, m.Body.MsgType, m.Body.Content)
	}
	// The HTTP endpoints are off: the long connection needs no event keys.
	status, _ := post(t, r.url, "/feishu/events", "application/json", []byte(`{}`), "", time.Now())
	if status != http.StatusNotFound {
		t.Errorf("POST /feishu/events with only the long connection on: got HTTP %d, want 404", status)
	}
}
