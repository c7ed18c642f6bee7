package feishu

import (
	"encoding/json"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

func TestPrivateRepliesInGroupsStayPrivate(t *testing.T) {
	group := string(fixture(t, "im_message_group_text_mention.json", ""))
	help := strings.Replace(group, `计费 按需=35 包月=15000 时长=300`, `帮助`, 1) // help is private
	tests := []struct {
		name     string
		payload  string
		failEph  bool
		wantPath string
		wantRID  string
	}{
		{"group: ephemeral card", help, false, "/open-apis/ephemeral/v1/send", ""},
		{"group, ephemeral refused: direct message", help, true, "/open-apis/im/v1/messages", "open_id"},
		{"topic group: direct message", strings.Replace(help, `"chat_type": "group"`, `"chat_type": "topic_group"`, 1), false, "/open-apis/im/v1/messages", "open_id"},
		{"one-to-one: a plain reply", strings.Replace(help, `"chat_type": "group"`, `"chat_type": "p2p"`, 1), false, "/open-apis/im/v1/messages/om_9a8b7c6d5e4f30211203f4e5d6c7b8a9/reply", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hs := newHarness(t)
			hs.api.FailEphemeral(map[bool]int{true: 230006}[tc.failEph])
			if resp := hs.deliver(t, []byte(tc.payload)); resp.StatusCode != 200 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			sent := hs.api.Messages()
			if len(sent) != 1 {
				t.Fatalf("%d messages, want 1: %+v", len(sent), sent)
			}
			s := sent[0]
			if s.Path != tc.wantPath || s.ReceiveIDType != tc.wantRID {
				t.Fatalf("sent to %s?receive_id_type=%s, want %s?receive_id_type=%s", s.Path, s.ReceiveIDType, tc.wantPath, tc.wantRID)
			}
			const asker = "ou_3c1f2e9d8b7a60514233241506978a9b"
			switch {
			case strings.HasPrefix(s.Path, "/open-apis/ephemeral"):
				if s.Body.ChatID != "oc_a0553eda9014c201e6969b478895c230" || s.Body.OpenID != asker || s.Body.MsgType != "interactive" || !strings.Contains(string(s.Body.Card), "gpuadvisor") {
					t.Errorf("ephemeral request %+v", s.Body)
				}
			case tc.wantRID == "open_id":
				if s.Body.ReceiveID != asker {
					t.Errorf("direct message to %q, want the asker", s.Body.ReceiveID)
				}
			}
		})
	}
}

func TestDeferredCommandIsDispatched(t *testing.T) {
	hs := newHarness(t)
	msg := []byte(strings.Replace(string(fixture(t, "im_message_p2p_text.json", "")), `计费 按需=35元/时 包月=¥15,000 时长=300`, `draft questions 供应商=酷算云`, 1))
	if resp := hs.deliver(t, msg); resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
	js := hs.jobs.All()
	if len(js) != 1 {
		t.Fatalf("%d jobs dispatched, want 1", len(js))
	}
	j := js[0]
	if j.ID != "feishu:om_5ce6d572455d361153b7cb51da133945" {
		t.Errorf("job id %q, want feishu:<message_id>", j.ID)
	}
	// Replace: the "working on it" card sent (the fake API's first message)
	// is where the draft goes, updated in place
	wantTarget := chat.Target{Channel: "oc_5ce6d572455d361153b7xx51da133945", MessageID: "om_5ce6d572455d361153b7cb51da133945", Key: j.Target.Key, Replace: "om_sent001"}
	if j.Target != wantTarget || j.Target.Key == "" || len(j.Target.Key) > 50 {
		t.Errorf("target %+v, want %+v with a key of 1-50 characters", j.Target, wantTarget)
	}
	if !j.Request.Sync || j.Request.Text != "draft questions 供应商=酷算云" || j.Request.Platform != "feishu" {
		t.Errorf("job request %+v: want the same command, Sync", j.Request)
	}
	sent := hs.api.Messages()
	if len(sent) != 1 || !strings.Contains(sent[0].Body.Content, "正在起草") {
		t.Fatalf("want the acknowledgement card, got %+v", sent)
	}
	if sent[0].Body.UUID == j.Target.Key {
		t.Errorf("the acknowledgement and the draft share the idempotency key %q", j.Target.Key)
	}
}

// Without a drafter a deferred command says it is coming, as on Slack: not
// an error card promising that a retry will work.
func TestDeferredWithoutDrafterSaysSo(t *testing.T) {
	hs := newHarness(t)
	hs.h.pipe.Dispatcher = nil
	msg := []byte(strings.Replace(string(fixture(t, "im_message_p2p_text.json", "")), `计费 按需=35元/时 包月=¥15,000 时长=300`, `draft questions 供应商=酷算云`, 1))
	hs.deliver(t, msg)
	sent := hs.api.Messages()
	if len(sent) != 1 || !contains(sent[0].Body.Content, "即将上线") || contains(sent[0].Body.Content, `"template":"red"`) {
		t.Fatalf("want a card saying drafting is coming, got %+v", sent)
	}
}

func TestHandleEventLongConnection(t *testing.T) {
	hs := newHarness(t)
	// Plain events, as the long connection delivers them: no signature, no encryption.
	if out, err := hs.h.HandleEvent(t.Context(), fixture(t, "im_message_p2p_text.json", "")); err != nil || out != nil {
		t.Fatalf("message event: %s, %v; want nil, nil", out, err)
	}
	if n := len(hs.api.Messages()); n != 1 {
		t.Fatalf("%d replies, want 1", n)
	}
	out, err := hs.h.HandleEvent(t.Context(), fixture(t, "card_action_trigger.json", ""))
	if err != nil || !strings.Contains(string(out), `"toast"`) {
		t.Fatalf("card action: %s, %v; want a toast", out, err)
	}
	if _, err := hs.h.HandleEvent(t.Context(), []byte(`{"challenge":"x"}`)); err == nil {
		t.Error("a non-event was accepted")
	}
	hs.api.Fail(230002, "bot not in chat")
	if _, err := hs.h.HandleEvent(t.Context(), withMessageID(fixture(t, "im_message_p2p_text.json", "77702a84e847582be8db7fb73283c02"), "om_5ce6d572455d361153b7cb51da133945", "om_failed")); err == nil {
		t.Error("a failed reply returned no error")
	}
}

// An image, file, voice message or sticker sent to the bot one-to-one gets a
// short answer saying it reads text (in both languages: there are no words
// to tell the user's language from), once per event; in a group, where the
// bot answers only when mentioned, such messages are left alone.
func TestNonTextMessagesOneToOne(t *testing.T) {
	p2p := fixture(t, "im_message_p2p_text.json", "")
	withType := func(base []byte, typ, content string) []byte {
		var m map[string]any
		if err := json.Unmarshal(base, &m); err != nil {
			t.Fatal(err)
		}
		msg := m["event"].(map[string]any)["message"].(map[string]any)
		msg["message_type"], msg["content"] = typ, content
		b, _ := json.Marshal(m)
		return b
	}
	for _, tc := range []struct{ typ, content string }{
		{"image", `{"image_key":"img_v3_02ab_1c2d3e4f-5a6b-7c8d-9e0f-1a2b3c4d5e6g"}`},
		{"file", `{"file_key":"file_v3_00ab_1c2d","file_name":"报价单.pdf"}`},
		{"audio", `{"file_key":"file_v3_00ab_2c2d","duration":2000}`},
		{"sticker", `{"file_key":"v3_00ab_3c2d"}`},
		{"media", `{"file_key":"file_v3_00ab_4c2d","image_key":"img_v3_00ab","file_name":"a.mp4","duration":2000}`},
	} {
		t.Run(tc.typ, func(t *testing.T) {
			hs := newHarness(t)
			ev := withType(p2p, tc.typ, tc.content)
			hs.deliverOK(t, ev, 2) // a redelivery is not answered twice
			sent := hs.api.Messages()
			if len(sent) != 1 {
				t.Fatalf("%d replies to a %s message, want 1", len(sent), tc.typ)
			}
			if s := sent[0]; s.Path != "/open-apis/im/v1/messages/om_5ce6d572455d361153b7cb51da133945/reply" ||
				!contains(s.Body.Content, "只能读取文字", "text", "help") {
				t.Errorf("reply to %s: %s %s", tc.typ, s.Path, s.Body.Content)
			}
			if n := len(hs.rec.All()); n != 0 {
				t.Errorf("%d commands ran for a %s message", n, tc.typ)
			}
		})
	}
	group := withType(fixture(t, "im_message_group_text_mention.json", ""), "image", `{"image_key":"img_1"}`)
	fromApp := withType(fixture(t, "im_message_from_app.json", ""), "image", `{"image_key":"img_1"}`)
	for name, ev := range map[string][]byte{"in a group": group, "from an app": fromApp} {
		hs := newHarness(t)
		if resp := hs.deliver(t, ev); resp.StatusCode != 200 || len(hs.api.Messages()) != 0 {
			t.Errorf("an image %s: status %d, %d replies; want 200 and none", name, resp.StatusCode, len(hs.api.Messages()))
		}
	}
}
