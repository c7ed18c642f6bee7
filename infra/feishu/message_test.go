package feishu

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	larkim "github.com/larksuite/oapi-sdk-go/v3/service/im/v1"
)

// event builds an im.message.receive_v1 event body around a content string.
func event(msgType, content, chatType string, mentions ...[2]string) []byte {
	var ms []map[string]any
	for _, m := range mentions {
		ms = append(ms, map[string]any{"key": m[0], "id": map[string]string{"open_id": m[1]}, "name": "x", "tenant_key": "t"})
	}
	b, _ := json.Marshal(map[string]any{
		"sender": map[string]any{"sender_id": map[string]string{"open_id": "ou_user"}, "sender_type": "user"},
		"message": map[string]any{
			"message_id": "om_1", "chat_id": "oc_1", "chat_type": chatType,
			"message_type": msgType, "content": content, "mentions": ms,
		},
	})
	return b
}

func TestParseMessage(t *testing.T) {
	bot := [2]string{"@_user_1", "ou_bot"}
	tests := []struct {
		name string
		ev   []byte
		want string
		err  bool
	}{
		{"plain text", event("text", `{"text":"计费 按需=35 包月=15000 时长=300"}`, "p2p"), "计费 按需=35 包月=15000 时长=300", false},
		{"bot mention stripped", event("text", `{"text":"@_user_1 billing ondemand=35"}`, "group", bot), "billing ondemand=35", false},
		{"mention in the middle and at the end", event("text", `{"text":"计费 @_user_1 按需=35 @_user_2"}`, "group", bot, [2]string{"@_user_2", "ou_2"}), "计费 按需=35", false},
		{"@_user_10 is not eaten by @_user_1", event("text", `{"text":"@_user_10 @_user_1 help"}`, "group", bot, [2]string{"@_user_10", "ou_10"}), "help", false},
		{"@all removed", event("text", `{"text":"@_all @_user_1 help"}`, "group", bot), "help", false},
		{"only the mention: empty (help)", event("text", `{"text":"@_user_1"}`, "group", bot), "", false},
		{"line breaks kept (vendor separators)", event("text", `{"text":"quote\nvendor=A price=35\nvendor=B price=30"}`, "p2p"), "quote\nvendor=A price=35\nvendor=B price=30", false},
		{"post with at, text and link", event("post", `{"title":"报价","content":[[{"tag":"at","user_id":"@_user_1","user_name":"gpuadvisor"},{"tag":"text","text":" 计费 按需=35"}],[{"tag":"a","href":"https://x.example","text":"包月=15000"},{"tag":"text","text":" 时长=300"}]]}`, "group", bot), "计费 按需=35\n包月=15000 时长=300", false},
		{"post wrapped in a language", event("post", `{"zh_cn":{"title":"","content":[[{"tag":"text","text":"帮助"}]]}}`, "p2p"), "帮助", false},
		{"post in en_us", event("post", `{"en_us":{"title":"quote","content":[[{"tag":"at","user_id":"@_user_1"},{"tag":"text","text":" billing ondemand=35"}]]}}`, "group", bot), "billing ondemand=35", false},
		{"post in ja_jp", event("post", `{"ja_jp":{"title":"","content":[[{"tag":"text","text":"help"}]]}}`, "p2p"), "help", false},
		{"post in another locale (zh_hk)", event("post", `{"zh_hk":{"title":"","content":[[{"tag":"text","text":"計費 按需=35"}]]}}`, "p2p"), "計費 按需=35", false},
		{"post with a title only", event("post", `{"title":"help"}`, "p2p"), "", false},
		{"post in two locales: zh_cn first", event("post", `{"en_us":{"content":[[{"tag":"text","text":"help"}]]},"zh_cn":{"content":[[{"tag":"text","text":"帮助"}]]}}`, "p2p"), "帮助", false},
		{"post with an image only", event("post", `{"title":"","content":[[{"tag":"img","image_key":"img_1"}]]}`, "p2p"), "", false},
		{"image message", event("image", `{"image_key":"img_1"}`, "p2p"), "", true},
		{"text content not JSON", event("text", `计费`, "p2p"), "", true},
		{"post content not JSON", event("post", `[`, "p2p"), "", true},
		{"no message", []byte(`{"sender":{}}`), "", true},
		{"not JSON", []byte(`{`), "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in, err := ParseMessage(tc.ev)
			if tc.err {
				if err == nil {
					t.Fatalf("ParseMessage = %+v, want an error", in)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if in.Text != tc.want {
				t.Errorf("Text = %q, want %q", in.Text, tc.want)
			}
		})
	}
}

func TestAddressed(t *testing.T) {
	tests := []struct {
		name     string
		chatType string
		mentions []string
		bot      string
		want     bool
	}{
		{"one-to-one, no mention", "p2p", nil, "ou_bot", true},
		{"group, bot mentioned", "group", []string{"ou_1", "ou_bot"}, "ou_bot", true},
		{"group, someone else mentioned", "group", []string{"ou_1"}, "ou_bot", false},
		{"group, no mention", "group", nil, "ou_bot", false},
		{"topic group, bot mentioned", "topic_group", []string{"ou_bot"}, "ou_bot", true},
		{"group, bot id unknown, a mention", "group", []string{"ou_1"}, "", true},
		{"group, bot id unknown, no mention", "group", nil, "", false},
	}
	for _, tc := range tests {
		in := Incoming{ChatType: tc.chatType, Mentions: tc.mentions}
		if got := in.addressed(tc.bot); got != tc.want {
			t.Errorf("%s: addressed = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestParseMessageFixtures(t *testing.T) {
	for _, name := range []string{"im_message_p2p_text.json", "im_message_group_text_mention.json", "im_message_group_post_mention.json"} {
		var env envelope
		if err := json.Unmarshal(fixture(t, name, ""), &env); err != nil {
			t.Fatal(err)
		}
		in, err := ParseMessage(env.Event)
		if err != nil || in.MessageID == "" || in.ChatID == "" || in.SenderID == "" || !in.FromUser || in.Text == "" {
			t.Errorf("%s: %+v, %v", name, in, err)
		}
	}
}

func FuzzParseMessage(f *testing.F) {
	f.Add("text", `{"text":"@_user_1 计费 按需=35"}`)
	f.Add("post", `{"title":"","content":[[{"tag":"at","user_id":"@_user_1"},{"tag":"text","text":"help"}]]}`)
	f.Add("post", `{"zh_cn":{"content":[[{"tag":"text","text":"x"}]]}}`)
	f.Fuzz(func(t *testing.T, typ, content string) {
		ParseMessage(event(typ, content, "group", [2]string{"@_user_1", "ou_bot"}))
	})
}

// TestMessageEventReadsAsTheSDK decodes every received-message fixture into
// the SDK's event type and into messageEvent: each field ParseMessage reads
// is the same in both.
func TestMessageEventReadsAsTheSDK(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "im_message_*.json"))
	if err != nil || len(names) < 5 {
		t.Fatalf("fixtures: %v, %v", names, err)
	}
	for _, path := range names {
		var env envelope
		if err := json.Unmarshal(fixture(t, filepath.Base(path), ""), &env); err != nil {
			t.Fatal(err)
		}
		var sdk larkim.P2MessageReceiveV1Data
		var ours messageEvent
		if err := json.Unmarshal(env.Event, &sdk); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(env.Event, &ours); err != nil {
			t.Fatal(err)
		}
		if sdk.Message == nil || ours.Message == nil || sdk.Sender == nil || ours.Sender == nil {
			t.Fatalf("%s: no message or sender", path)
		}
		sm, om := sdk.Message, ours.Message
		got := []string{str(om.MessageID), str(om.RootID), str(om.ParentID), str(om.ThreadID), str(om.ChatID), str(om.ChatType), str(om.MessageType), str(om.Content),
			str(ours.Sender.SenderType), str(ours.Sender.SenderID.OpenID)}
		want := []string{str(sm.MessageId), str(sm.RootId), str(sm.ParentId), str(sm.ThreadId), str(sm.ChatId), str(sm.ChatType), str(sm.MessageType), str(sm.Content),
			str(sdk.Sender.SenderType), str(sdk.Sender.SenderId.OpenId)}
		for _, me := range sm.Mentions {
			want = append(want, str(me.Key), str(me.Id.OpenId))
		}
		for _, me := range om.Mentions {
			got = append(got, str(me.Key), str(me.ID.OpenID))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: read %q, the SDK's type reads %q", path, got, want)
		}
		if str(om.MessageID) == "" || str(om.Content) == "" {
			t.Errorf("%s: nothing read: %q", path, got)
		}
	}
}
