package feishu

import (
	"context"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
)

func TestCardActions(t *testing.T) {
	base := string(fixture(t, "card_action_trigger.json", ""))
	withValue := func(action, value string) []byte {
		s := strings.Replace(base, `"action": "draft_questions"`, fmt.Sprintf(`"action": %q`, action), 1)
		return []byte(strings.Replace(s, `"value": "billing 按需=35 包月=15000 时长=300"`, fmt.Sprintf(`"value": %q`, value), 1))
	}
	tests := []struct {
		name       string
		payload    []byte
		wantToast  string // type
		wantText   string // in the toast
		wantSent   int
		wantJobs   int
		noDrafting bool // router without the draft command
	}{
		{"draft questions: deferred to the drafter", withValue("draft_questions", "billing 按需=35"), "info", "正在起草", 0, 1, false},
		{"not landed yet: coming soon", []byte(base), "info", "「起草供应商问题」功能即将上线", 0, 0, true},
		{"SLA not landed yet", withValue("draft_sla", "billing 按需=35"), "info", "「起草SLA条款」功能即将上线", 0, 0, true},
		{"renewal not landed yet", withValue("remind_renewal", "billing 按需=35"), "info", "「续约提醒」功能即将上线", 0, 0, true},
		{"unknown action", withValue("launch_rockets", "x"), "info", "没有操作", 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hs := newHarness(t)
			if tc.noDrafting {
				hs.h.pipe.Router = chat.NewRouter()
			}
			start := time.Now()
			resp := hs.deliver(t, tc.payload)
			if d := time.Since(start); d > time.Second {
				t.Errorf("card callback took %s; Feishu waits 3 s", d)
			}
			if resp.StatusCode != 200 {
				t.Fatalf("status %d (%s)", resp.StatusCode, resp.Body)
			}
			var got struct{ Toast Toast }
			if err := json.Unmarshal([]byte(resp.Body), &got); err != nil {
				t.Fatalf("body %s: %v", resp.Body, err)
			}
			if got.Toast.Type != tc.wantToast || !strings.Contains(got.Toast.Content, tc.wantText) {
				t.Errorf("toast %+v, want type %s containing %q", got.Toast, tc.wantToast, tc.wantText)
			}
			if n := len(hs.api.Messages()); n != tc.wantSent {
				t.Errorf("%d messages sent, want %d", n, tc.wantSent)
			}
			if n := len(hs.jobs.All()); n != tc.wantJobs {
				t.Errorf("%d jobs, want %d", n, tc.wantJobs)
			}
		})
	}
}

func TestCardActionImmediateAnswerIsReplied(t *testing.T) {
	hs := newHarness(t)
	// A button whose command answers at once (here billing, via a custom action
	// routed to "billing"): the reply card goes under the pressed card.
	hs.h.d.Router.Register(&chat.Command{Name: "renewal", Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
		return chat.Reply{Title: chat.T(c.Lang, "Reminder set", "已设置续约提醒"), Summary: c.Args.Original}, nil
	}})
	payload := []byte(strings.Replace(string(fixture(t, "card_action_trigger.json", "")), `"action": "draft_questions"`, `"action": "remind_renewal"`, 1))
	resp := hs.deliver(t, payload)
	if !strings.Contains(resp.Body, `"type":"success"`) {
		t.Fatalf("toast %s, want success", resp.Body)
	}
	sent := hs.api.Messages()
	if len(sent) != 1 || sent[0].Path != "/open-apis/im/v1/messages/om_sent001x5d361153b7cb51da133945/reply" {
		t.Fatalf("want one reply under the card, got %+v", sent)
	}
	if !strings.Contains(sent[0].Body.Content, "已设置续约提醒") {
		t.Errorf("reply card %s lacks the answer", sent[0].Body.Content)
	}
	// Pressed twice (the same callback delivered again): no second message.
	hs.deliver(t, payload)
	if n := len(hs.api.Messages()); n != 1 {
		t.Errorf("%d messages after a repeated callback, want 1", n)
	}
}

func TestCardActionForgedTokenRejected(t *testing.T) {
	hs := newHarness(t)
	payload := []byte(strings.Replace(string(fixture(t, "card_action_trigger.json", "")), testToken, "forged", 1))
	if resp := hs.deliver(t, payload); resp.StatusCode != 401 {
		t.Fatalf("status %d, want 401", resp.StatusCode)
	}
	if len(hs.jobs.All()) != 0 || len(hs.api.Messages()) != 0 {
		t.Fatal("a forged card callback did work")
	}
}

// A button press in the old message-card callback format (消息卡片请求网址:
// plain body, X-Lark-Signature = sha1(timestamp + nonce + verification token
// + body)) is not served: it is refused with no work, and the log says what
// to configure instead of a bare "signature mismatch".
func TestLegacyCardCallbackRefusedWithAHint(t *testing.T) {
	hs := newHarness(t)
	body := []byte(`{"open_id":"ou_84aad35d084aa403a838cf73ee18467","user_id":"e33ggbyz",` +
		`"open_message_id":"om_sent001x5d361153b7cb51da133945","open_chat_id":"oc_5ce6d572455d361153b7xx51da133945",` +
		`"tenant_key":"2ca1d211f64f6438","token":"c-295ee57216a5dc9de90fefd0aadb4b1d7d337bc8",` +
		`"action":{"value":{"action":"draft_questions","value":"billing 按需=35 包月=15000 时长=300","lang":"zh"},"tag":"button"}}`)
	ts, nonce := fmt.Sprint(testNow.Unix()), "legacy-nonce"
	sum := sha1.Sum([]byte(ts + nonce + testToken + string(body)))
	headers := map[string]string{"content-type": "application/json", "x-lark-request-timestamp": ts,
		"x-lark-request-nonce": nonce, "x-lark-signature": hex.EncodeToString(sum[:])}
	resp := hs.invoke(t, lambdaEvent(headers, body, false))
	if resp.StatusCode != 401 {
		t.Fatalf("status %d %s, want 401", resp.StatusCode, resp.Body)
	}
	if n, m := len(hs.rec.All()), len(hs.api.Messages()); n != 0 || m != 0 {
		t.Errorf("%d commands and %d messages, want none", n, m)
	}
	if logs := hs.logs.String(); !strings.Contains(logs, "card.action.trigger") {
		t.Errorf("the log does not say to subscribe card.action.trigger:\n%s", logs)
	}
}
