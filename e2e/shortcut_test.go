package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/store"
)

// longVendorAnswer is a vendor's answer of n characters whose last line,
// past the 3,000 a modal holds, says support is office hours only.
func longVendorAnswer(n int) string {
	head := "We have 8x A100 80GB SXM4 with NVLink.\n"
	tail := "\nSupport is business hours only."
	filler := "Our Wuhu data centre has two power feeds and a diesel generator on site. "
	body := strings.Repeat(filler, (n-len(head)-len(tail))/len(filler)+1)[:n-len(head)-len(tail)]
	return head + body + tail
}

// interaction is the form Slack posts for an interaction payload.
func interaction(payload map[string]any) []byte {
	b, _ := json.Marshal(payload)
	return []byte(url.Values{"payload": {string(b)}}.Encode())
}

var (
	e2eTeam = map[string]any{"id": "T0001", "domain": "chengdu-ai"}
	e2eUser = map[string]any{"id": "U2147483697", "username": "lin", "team_id": "T0001"}
)

// TestSlackShortcutLongMessage: "Check vendor answer" on a 5,000-character
// message, in a channel and in a thread, on two instances of the slack
// function sharing the DynamoDB table (dynalite) as Lambda runs them: the
// shortcut reaches one, which keeps the text in the table and opens the
// form with only its id; the submission reaches the other, which reads it
// there and answers in the message's thread (finding the risk in its last
// line); Share, on the first again, posts it for everyone and the table
// forgets the text. Slack's conversations.history and
// conversations.replies are never called.
func TestSlackShortcutLongMessage(t *testing.T) {
	fs := newFakeSlack(t)
	client := dynamotest.Client(t)
	table := dynamotest.NewTable(t, client)
	env := slackEnv(fs)
	env["TABLE_NAME"], env["DYNAMO_ENDPOINT"] = table, dynamotest.Endpoint(t)
	first, second := start(t, "slack", env), start(t, "slack", env)
	defer logColdStarts(t)
	texts := dynamo.New(client, table, dynamo.Options{})
	msg := longVendorAnswer(5000)

	for i, tt := range []struct {
		name, thread, want string // the message's thread_ts; the thread answered in
	}{
		{"in a channel", "", "1767229200.000300"},
		{"in a thread", "1767229100.000100", "1767229100.000100"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			message := map[string]any{"type": "message", "text": msg, "user": "U0VENDOR1", "ts": "1767229200.000300", "team": "T0001"}
			if tt.thread != "" {
				message["thread_ts"] = tt.thread
			}
			views := len(fs.Calls("/api/views.open"))
			r := httpReply(t, first.invoke(t, slackRequest("/slack/interactions", formType, interaction(map[string]any{
				"type": "message_action", "callback_id": "check_vendor_answer", "team": e2eTeam, "user": e2eUser,
				"channel":    map[string]any{"id": "C2147483705", "name": "gpu-rental"},
				"trigger_id": fmt.Sprintf("4711.738474920.short%d", i), "response_url": fs.HookURL("shortcut"),
				"message_ts": "1767229200.000300", "message": message,
			}), slackSecret, time.Now())))
			if r.StatusCode != 200 {
				t.Fatalf("shortcut: HTTP %d %.300s", r.StatusCode, r.Body)
			}
			opened := fs.Calls("/api/views.open")
			if len(opened) != views+1 {
				t.Fatalf("views.open called %d times, want 1", len(opened)-views)
			}
			view, _ := opened[len(opened)-1].JSON["view"].(map[string]any)
			meta, _ := view["private_metadata"].(string)
			if view["notify_on_close"] != true || len(meta) > 300 || strings.Contains(meta, "Wuhu") {
				t.Fatalf("view notify_on_close %v, private_metadata %q; want view_closed asked for and only the kept text's id", view["notify_on_close"], meta)
			}
			var o struct {
				Kept string `json:"kt"`
			}
			json.Unmarshal([]byte(meta), &o)
			key := "slack:T0001:U2147483697:" + o.Kept
			if got, err := texts.KeptText(context.Background(), key); err != nil || got != msg {
				t.Fatalf("the table holds %d bytes under the form's key (%v); want the message's %d", len(got), err, len(msg))
			}

			posts, _, _ := fs.Sent()
			r = httpReply(t, second.invoke(t, slackRequest("/slack/interactions", formType, interaction(map[string]any{
				"type": "view_submission", "team": e2eTeam, "user": e2eUser, "trigger_id": fmt.Sprintf("4711.738474920.submit%d", i),
				"view": map[string]any{"id": "V0001", "type": "modal", "callback_id": view["callback_id"], "private_metadata": meta,
					"state": map[string]any{"values": map[string]any{"vendor": map[string]any{"value": map[string]any{"type": "plain_text_input", "value": "Acme"}}}}},
			}), slackSecret, time.Now())))
			if r.StatusCode != 200 || r.Body != "" {
				t.Fatalf("submission: HTTP %d %q; want an empty 200 (the modal closes)", r.StatusCode, r.Body)
			}
			now, _, _ := fs.Sent()
			if len(now) != len(posts)+1 || now[len(now)-1].Get("method") != "chat.postEphemeral" {
				t.Fatalf("after the submission %d new posts, want one ephemeral answer", len(now)-len(posts))
			}
			eph := now[len(now)-1]
			if eph.Get("channel") != "C2147483705" || eph.Get("user") != "U2147483697" || eph.Get("thread_ts") != tt.want {
				t.Errorf("answered in %q to %q in thread %q; want C2147483705, U2147483697, %s", eph.Get("channel"), eph.Get("user"), eph.Get("thread_ts"), tt.want)
			}
			m := formMessage(eph)
			if h := m.header(); h != "Acme — Checklist check: avoid" {
				t.Errorf("header %q, want Acme — Checklist check: avoid", h)
			}
			if !strings.Contains(m.all(), "Night-time support response") {
				t.Errorf("the answer misses the risk in the message's last line (past 3,000 characters): %.400s", m.all())
			}
			var share string
			for _, b := range m.buttons() {
				if b.ActionID == "share_in_channel" {
					share = b.Value
				}
			}
			if share == "" || len(share) > 2000 {
				t.Fatalf("Share button value %q", share)
			}

			r = httpReply(t, first.invoke(t, slackRequest("/slack/interactions", formType, interaction(map[string]any{
				"type": "block_actions", "team": e2eTeam, "user": e2eUser, "trigger_id": fmt.Sprintf("4711.738474920.share%d", i),
				"response_url": fs.HookURL("share"), "channel": map[string]any{"id": "C2147483705", "name": "gpu-rental"},
				"container": map[string]any{"type": "message", "message_ts": "1767229300.000100", "channel_id": "C2147483705", "is_ephemeral": true, "thread_ts": tt.want},
				"actions":   []map[string]any{{"action_id": "share_in_channel", "block_id": "gpuadvisor_actions", "type": "button", "value": share}},
			}), slackSecret, time.Now())))
			if r.StatusCode != 200 {
				t.Fatalf("share: HTTP %d", r.StatusCode)
			}
			after, _, _ := fs.Sent()
			if len(after) != len(now)+1 || after[len(after)-1].Get("method") != "chat.postMessage" || after[len(after)-1].Get("thread_ts") != tt.want {
				t.Fatalf("Share made %d posts; want one chat.postMessage in thread %s", len(after)-len(now), tt.want)
			}
			if got := formMessage(after[len(after)-1]).header(); got != m.header() {
				t.Errorf("shared %q, want the same check %q", got, m.header())
			}
			if _, err := texts.KeptText(context.Background(), key); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("after Share the table still holds the text (%v); want it dropped", err)
			}
		})
	}
	for _, p := range []string{"/api/conversations.history", "/api/conversations.replies"} {
		if n := len(fs.Calls(p)); n != 0 {
			t.Errorf("%s called %d times; the app has no history scope", p, n)
		}
	}
	if _, _, other := fs.Sent(); len(other) != 0 {
		t.Errorf("unexpected Slack calls: %v", other)
	}
}
