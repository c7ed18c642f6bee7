package e2e

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"gpuadvisor/infra/slack"

	"gpuadvisor/internal/testkit"
)

const slackSecret = "8f742231b10e8888abcd99yyyzzz85a5"

// httpEvent is an API Gateway HTTP API (payload 2.0) / Function URL event as
// Lambda delivers it: lower-case header names, the body base64-encoded.
func httpEvent(path string, headers map[string]string, body []byte) []byte {
	ev := events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "$default", RawPath: path, Headers: headers,
		Body: base64.StdEncoding.EncodeToString(body), IsBase64Encoded: true,
	}
	ev.RequestContext.HTTP.Method = "POST"
	ev.RequestContext.HTTP.Path = path
	ev.RequestContext.HTTP.SourceIP = "3.5.140.2"
	ev.RequestContext.RequestID = fmt.Sprintf("req-%d", time.Now().UnixNano())
	ev.RequestContext.TimeEpoch = time.Now().UnixMilli()
	b, _ := json.Marshal(ev)
	return b
}

// slackRequest is a Slack POST signed with secret at ts (empty secret: no
// signature headers).
func slackRequest(path, contentType string, body []byte, secret string, ts time.Time) []byte {
	h := map[string]string{
		"content-type": contentType,
		"user-agent":   "Slackbot 1.0 (+https://api.slack.com/robots)",
		"host":         "abc123.lambda-url.ap-southeast-1.on.aws",
	}
	if secret != "" {
		sec := fmt.Sprint(ts.Unix())
		h["x-slack-request-timestamp"] = sec
		h["x-slack-signature"] = slack.Sign(secret, sec, body)
	}
	return httpEvent(path, h, body)
}

var triggerSeq atomic.Int64

// slashForm is the form Slack posts for `/gpu text`.
func slashForm(text, responseURL string) []byte {
	n := triggerSeq.Add(1)
	return []byte(url.Values{
		"token": {"gIkuvaNzQIHg97ATvDxqgjtO"}, "team_id": {"T0001"}, "team_domain": {"chengdu-ai"},
		"channel_id": {"C2147483705"}, "channel_name": {"gpu-rental"}, "user_id": {"U2147483697"}, "user_name": {"lin"},
		"command": {"/gpu"}, "text": {text}, "api_app_id": {"A0KRD7HC3"}, "is_enterprise_install": {"false"},
		"response_url": {responseURL}, "trigger_id": {fmt.Sprintf("13345224609.738474920.%d", n)},
	}.Encode())
}

// buttonForm is the form Slack posts when a Block Kit button is pressed.
func buttonForm(actionID, value, responseURL string) []byte {
	n := triggerSeq.Add(1)
	payload, _ := json.Marshal(map[string]any{
		"type": "block_actions", "trigger_id": fmt.Sprintf("13345224609.738474920.%d", n), "response_url": responseURL,
		"api_app_id": "A0KRD7HC3", "token": "gIkuvaNzQIHg97ATvDxqgjtO",
		"team":      map[string]any{"id": "T0001", "domain": "chengdu-ai"},
		"user":      map[string]any{"id": "U2147483697", "username": "lin", "team_id": "T0001"},
		"channel":   map[string]any{"id": "C2147483705", "name": "gpu-rental"},
		"container": map[string]any{"type": "message", "message_ts": "1767229200.000100", "channel_id": "C2147483705", "is_ephemeral": false},
		"actions": []map[string]any{{"action_id": actionID, "block_id": slack.ActionsBlockID, "type": "button",
			"value": value, "action_ts": fmt.Sprint(time.Now().Unix()), "text": map[string]any{"type": "plain_text", "text": "Draft SLA clauses"}}},
	})
	return []byte(url.Values{"payload": {string(payload)}}.Encode())
}

const formType = "application/x-www-form-urlencoded"

// httpReply decodes the function's API Gateway v2 response.
func httpReply(t *testing.T, raw []byte) events.APIGatewayV2HTTPResponse {
	t.Helper()
	var r events.APIGatewayV2HTTPResponse
	if err := json.Unmarshal(raw, &r); err != nil || r.StatusCode == 0 {
		t.Fatalf("not an API Gateway v2 response (%v): %.300s", err, raw)
	}
	if r.IsBase64Encoded {
		b, _ := base64.StdEncoding.DecodeString(r.Body)
		r.Body = string(b)
	}
	return r
}

// block is the part of a Block Kit block the tests read.
type block struct {
	Type     string          `json:"type"`
	BlockID  string          `json:"block_id"`
	Text     *textObject     `json:"text"`
	Fields   []textObject    `json:"fields"`
	Elements json.RawMessage `json:"elements"`
}

type textObject struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type button struct {
	Type     string     `json:"type"`
	ActionID string     `json:"action_id"`
	Value    string     `json:"value"`
	Text     textObject `json:"text"`
}

// slackMessage is a slash command's answer or a response_url message.
type slackMessage struct {
	ResponseType string  `json:"response_type"`
	Text         string  `json:"text"`
	Blocks       []block `json:"blocks"`
}

// header returns the text of the message's header block.
func (m slackMessage) header() string {
	for _, b := range m.Blocks {
		if b.Type == "header" && b.Text != nil {
			return b.Text.Text
		}
	}
	return ""
}

// all returns every text of every block, for searching.
func (m slackMessage) all() string {
	var sb strings.Builder
	for _, b := range m.Blocks {
		if b.Text != nil {
			sb.WriteString(b.Text.Text + "\n")
		}
		for _, f := range b.Fields {
			sb.WriteString(f.Text + "\n")
		}
		sb.Write(b.Elements)
		sb.WriteString("\n")
	}
	return sb.String()
}

// buttons returns the buttons of the actions blocks.
func (m slackMessage) buttons() []button {
	var out []button
	for _, b := range m.Blocks {
		if b.Type != "actions" {
			continue
		}
		var els []button
		json.Unmarshal(b.Elements, &els)
		out = append(out, els...)
	}
	return out
}

func slackEnv(fs *testkit.Slack) map[string]string {
	return map[string]string{
		"SLACK_SIGNING_SECRET": slackSecret, "SLACK_BOT_TOKEN": fs.BotToken, "SLACK_API_URL": fs.APIURL(),
	}
}

// TestSlackSlashCommand: a signed /gpu slash command, as a Function URL
// delivers it, gets Block Kit back in the HTTP response, in the user's
// language; unsigned, stale and tampered requests get 401.
func TestSlackSlashCommand(t *testing.T) {
	fs := newFakeSlack(t)
	f := start(t, "slack", slackEnv(fs))
	defer logColdStarts(t)

	t.Run("billing in English", func(t *testing.T) {
		form := slashForm("billing ondemand=35 monthly=15000 hours=300", fs.HookURL("billing"))
		r := httpReply(t, f.invoke(t, slackRequest("/slack/commands", formType, form, slackSecret, time.Now())))
		if r.StatusCode != 200 || !strings.HasPrefix(r.Headers["Content-Type"], "application/json") {
			t.Fatalf("got HTTP %d %q, want 200 application/json: %.300s", r.StatusCode, r.Headers["Content-Type"], r.Body)
		}
		var m slackMessage
		if err := json.Unmarshal([]byte(r.Body), &m); err != nil {
			t.Fatalf("body is not a Slack message: %v: %.300s", err, r.Body)
		}
		if m.ResponseType != "in_channel" {
			t.Errorf("response_type %q, want in_channel (results are for the team)", m.ResponseType)
		}
		if h := m.header(); !strings.Contains(h, "Billing") || !strings.Contains(strings.ToLower(h), "on-demand") {
			t.Errorf("header block %q, want the billing recommendation (on-demand)", h)
		}
		// 300 h × 35/h = 10,500 < 15,000 monthly; break-even 15,000 / 35 = 428.57 h.
		if miss, ok := containsAll(m.all(), "10,500", "15,000", "428.57"); !ok {
			t.Errorf("blocks lack %q: %.600s", miss, m.all())
		}
		var actions []string
		for _, b := range m.buttons() {
			actions = append(actions, b.ActionID)
		}
		// Short first: the follow-ups (draft questions, SLA, reminder) come
		// with the Details button, which runs the command again with --full;
		// then the same command as a form (chat/form).
		if got := strings.Join(actions, ","); got != "details,open_form" {
			t.Errorf("buttons %s, want details,open_form", got)
		}
	})

	t.Run("选卡 in Chinese", func(t *testing.T) {
		form := slashForm("选卡 model=qwen2.5-7b mode=lora", fs.HookURL("tier"))
		r := httpReply(t, f.invoke(t, slackRequest("/slack/commands", formType, form, slackSecret, time.Now())))
		if r.StatusCode != 200 {
			t.Fatalf("got HTTP %d: %.300s", r.StatusCode, r.Body)
		}
		var m slackMessage
		json.Unmarshal([]byte(r.Body), &m)
		h := m.header()
		if h == "" || !hasHan(h) {
			t.Errorf("header %q, want a Chinese title", h)
		}
		if miss, ok := containsAll(m.all(), "显存", "LoRA", "20.19"); !ok {
			t.Errorf("the Chinese tier answer lacks %q: %.600s", miss, m.all())
		}
		if strings.Contains(m.all(), "Recommendation") {
			t.Errorf("English label in a Chinese answer: %.600s", m.all())
		}
	})

	form := slashForm("billing ondemand=35 monthly=15000 hours=300", fs.HookURL("rejected"))
	for _, tc := range []struct {
		name  string
		event []byte
	}{
		{"unsigned", slackRequest("/slack/commands", formType, form, "", time.Now())},
		{"stale: signed 6 minutes ago", slackRequest("/slack/commands", formType, form, slackSecret, time.Now().Add(-6*time.Minute))},
		{"from the future: 6 minutes ahead", slackRequest("/slack/commands", formType, form, slackSecret, time.Now().Add(6*time.Minute))},
		{"signed with another secret", slackRequest("/slack/commands", formType, form, "not-the-secret", time.Now())},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httpReply(t, f.invoke(t, tc.event))
			if r.StatusCode != 401 {
				t.Errorf("got HTTP %d %.200s, want 401", r.StatusCode, r.Body)
			}
			if strings.Contains(r.Body, "10,500") {
				t.Errorf("a rejected request was answered: %.200s", r.Body)
			}
		})
	}
	if posts, hooks, other := fs.Sent(); len(posts)+len(hooks)+len(other) > 0 {
		t.Errorf("slash commands are answered in the HTTP response; Slack got %d posts, %d response_url messages, other %v", len(posts), len(hooks), other)
	}
}

func hasHan(s string) bool {
	for _, r := range s {
		if r >= 0x4e00 && r <= 0x9fff {
			return true
		}
	}
	return false
}
