package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/internal/testkit/llmtest"

	"gpuadvisor/internal/testkit"
)

const (
	testFeishuToken = "vT0k3n-serve"
	testFeishuKey   = "encrypt-key-serve-test"
)

// postFeishu posts an event to serve's /feishu/events, signed with key as
// Feishu signs (not signed when key is ""), and returns the HTTP status.
func postFeishu(t *testing.T, base string, body []byte, key string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, base+"/feishu/events", bytes.NewReader(body))
	for k, v := range testkit.FeishuHeaders(key, time.Now(), body) {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func feishuEnv(ff *testkit.Feishu) map[string]string {
	return map[string]string{
		"FEISHU_APP_ID": ff.AppID, "FEISHU_APP_SECRET": ff.AppSecret, "FEISHU_BASE_URL": ff.URL,
		"FEISHU_VERIFICATION_TOKEN": testFeishuToken, "FEISHU_ENCRYPT_KEY": testFeishuKey,
	}
}

func TestServeFeishuEvents(t *testing.T) {
	ff := testkit.NewFeishu(t)
	r := startServe(t, serveOptions{}, feishuEnv(ff))
	send := func(body []byte, signed bool) int {
		if signed {
			return postFeishu(t, r.url, body, testFeishuKey)
		}
		return postFeishu(t, r.url, body, "")
	}
	event := feishuTextEvent(ff.AppID, "ev-http-1", testFeishuToken, "billing ondemand=35 monthly=15000 hours=300")
	if got := send(event, false); got != http.StatusUnauthorized {
		t.Errorf("plaintext unsigned event: got HTTP %d, want 401", got)
	}
	if got := send(testkit.FeishuEncrypt(testFeishuKey, event), false); got != http.StatusUnauthorized {
		t.Errorf("encrypted but unsigned event: got HTTP %d, want 401", got)
	}
	if got := send(testkit.FeishuEncrypt(testFeishuKey, event), true); got != http.StatusOK {
		t.Fatalf("encrypted, signed event: got HTTP %d, want 200", got)
	}
	waitFor(t, 5*time.Second, "the reply card", func() bool { return len(ff.Messages()) > 0 })
	m := ff.Messages()[0]
	if m.Path != "/open-apis/im/v1/messages/om_ev-http-1/reply" || !strings.Contains(m.Body.Content, "10,500") {
		t.Errorf("got %s with %.80q, want a card replying to om_ev-http-1 with the billing answer", m.Path, m.Body.Content)
	}
	if n := len(ff.Messages()); n != 1 {
		t.Errorf("got %d messages for one verified event, want 1", n)
	}
}

func TestServeFeishuInsecurePlaintext(t *testing.T) {
	ff := testkit.NewFeishu(t)
	env := map[string]string{"FEISHU_APP_ID": ff.AppID, "FEISHU_APP_SECRET": ff.AppSecret, "FEISHU_BASE_URL": ff.URL}
	r := startServe(t, serveOptions{InsecureDev: true}, env)
	status, body := post(t, r.url, "/feishu/events", "application/json", []byte(`{"type":"url_verification","challenge":"abc123","token":"x"}`), "", time.Now())
	if status != 200 || string(body) != `{"challenge":"abc123"}` {
		t.Errorf("url_verification: got HTTP %d %s, want 200 {\"challenge\":\"abc123\"}", status, body)
	}
	status, _ = post(t, r.url, "/feishu/card", "application/json", feishuTextEvent(ff.AppID, "ev-plain-1", "", "help"), "", time.Now())
	if status != 200 {
		t.Fatalf("plaintext event in --insecure-dev: got HTTP %d, want 200", status)
	}
	waitFor(t, 5*time.Second, "the reply card", func() bool { return len(ff.Messages()) > 0 })
	status, _ = post(t, r.url, "/feishu/events", "application/json", []byte(`{"encrypt":"AAAA"}`), "", time.Now())
	if status != http.StatusBadRequest {
		t.Errorf("encrypted event without FEISHU_ENCRYPT_KEY: got HTTP %d, want 400", status)
	}
	if n := r.logs.Count("WARN", "INSECURE DEV MODE"); n != 1+3 {
		t.Errorf("got %d insecure warnings, want 4 (start and three requests)", n)
	}
}

// A button whose command needs the LLM is acknowledged at once with a
// "working on it" message in the channel; the in-process drafter writes the
// draft and puts it in place of that message (chat.update on its ts).
func TestServeButtonDraftReplacesItsAcknowledgement(t *testing.T) {
	fake := llmtest.New(func(llmtest.Request) llmtest.Response {
		return llmtest.Reply("A draft that names none of the facts.")
	})
	t.Cleanup(fake.Close)
	fs := testkit.NewSlack(t)
	env := slackEnv(fs) // the LLM's settings come through serve's getenv, like the rest
	env["OPENAI_BASE_URL"], env["OPENAI_MODEL"], env["OPENAI_API_KEY"] = fake.BaseURL, "test-model", "sk-test"
	r := startServe(t, serveOptions{}, env)
	payload, _ := json.Marshal(map[string]any{
		"type": "block_actions", "trigger_id": "trig-button-1", "response_url": fs.HookURL("T1/B1/x"),
		"team": map[string]any{"id": "T0001"}, "user": map[string]any{"id": "U1"}, "channel": map[string]any{"id": "C1"},
		"container": map[string]any{"type": "message", "channel_id": "C1"},
		"actions": []map[string]any{{"action_id": "draft_sla#1", "block_id": "b1", "type": "button",
			"value": "vendor=AcmeGPU response=30m replace=4h outage=4h comp=2x migration=yes destruction=yes"}},
	})
	body := []byte(url.Values{"payload": {string(payload)}}.Encode())
	if status, out := post(t, r.url, "/slack/interactions", "application/x-www-form-urlencoded", body, testSigningSecret, time.Now()); status != 200 {
		t.Fatalf("button press: got HTTP %d %s, want 200", status, out)
	}
	waitFor(t, 10*time.Second, "the acknowledgement and the draft in its place", func() bool {
		posts, _, _ := fs.Sent()
		return len(posts) >= 2
	})
	posts, hooks, other := fs.Sent()
	if len(posts) != 2 || len(hooks)+len(other) != 0 {
		t.Fatalf("%d Web API calls, %d response_url posts, other %v; want 2 (the acknowledgement, then the draft in its place) and nothing else", len(posts), len(hooks), other)
	}
	ack, draft := posts[0], posts[1]
	if ack.Get("method") != "chat.postMessage" || ack.Get("channel") != "C1" || !strings.Contains(strings.ToLower(ack.Get("text")), "working on it") {
		t.Errorf("first: %s in %s %q, want the acknowledgement posted in the channel", ack.Get("method"), ack.Get("channel"), ack.Get("text"))
	}
	if draft.Get("method") != "chat.update" || draft.Get("channel") != "C1" || draft.Get("ts") == "" ||
		!strings.Contains(draft.Get("text"), "AcmeGPU") || !strings.Contains(draft.Get("text"), "SLA") {
		t.Errorf("second: %s of %s at %q %q, want the draft updating the acknowledgement", draft.Get("method"), draft.Get("channel"), draft.Get("ts"), draft.Get("text"))
	}
	if len(fake.Requests()) == 0 {
		t.Error("the LLM was never asked: the draft did not go through the drafter")
	}
}

// A renewal added through Slack is reminded in its channel by the timer,
// once, however many times the timer fires.
func TestServeReminderTimer(t *testing.T) {
	fs := testkit.NewSlack(t)
	loc, _ := rules.Location("")
	renews := time.Now().In(loc).AddDate(0, 0, 37).Format("2006-01-02")
	o := serveOptions{RemindEvery: 200 * time.Millisecond}
	r := startServe(t, o, slackEnv(fs))
	add := "renewal add vendor=酷算云 gpu=A100-80G cards=8 mode=monthly price=15000 renews=" + renews + " notice=30d remind=7"
	status, out := post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded", []byte(slackForm(add, "trig-add-1", fs.HookURL("T1/B1/x")).Encode()), testSigningSecret, time.Now())
	if status != 200 || !strings.Contains(string(out), "酷算云") {
		t.Fatalf("renewal add: got HTTP %d %s", status, out)
	}
	waitFor(t, 5*time.Second, "the reminder in the channel", func() bool {
		posts, _, _ := fs.Sent()
		return len(posts) > 0
	})
	time.Sleep(700 * time.Millisecond) // three more timer runs
	posts, _, _ := fs.Sent()
	if len(posts) != 1 {
		t.Fatalf("got %d posts after four runs, want exactly 1 reminder", len(posts))
	}
	if p := posts[0]; p.Get("channel") != "C2147483705" || !strings.Contains(p.Get("text"), "酷算云") {
		t.Errorf("reminder: got channel %q text %.80q, want C2147483705 and the vendor", p.Get("channel"), p.Get("text"))
	}
}
