package feishu

import (
	"fmt"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit/drafttest"
)

// sentAs is how a message went out: the API path and, for a new message,
// the receive_id_type; for a reply whether it is in a thread.
type sentAs struct {
	path, idType string
	inThread     bool
}

// TestDraftReplacesItsAcknowledgement runs a draft asked in a message
// through the handler, then its job through the drafter with the real
// client, against the fake Open API: exactly one message carries the draft,
// and the "working on it" is updated into it where it is a message of the
// bot's, or deleted once the draft is shown where it is an ephemeral card.
func TestDraftReplacesItsAcknowledgement(t *testing.T) {
	const (
		groupMsg = "om_9a8b7c6d5e4f30211203f4e5d6c7b8a9"
		p2pMsg   = "om_5ce6d572455d361153b7cb51da133945"
		asker    = "ou_3c1f2e9d8b7a60514233241506978a9b"
	)
	group := string(fixture(t, "im_message_group_text_mention.json", ""))
	inGroup := func(text string) string {
		return strings.Replace(group, `计费 按需=35 包月=15000 时长=300`, text, 1)
	}
	reply := func(msg string, inThread bool) sentAs {
		return sentAs{path: "/open-apis/im/v1/messages/" + msg + "/reply", inThread: inThread}
	}
	patch := sentAs{path: "/open-apis/im/v1/messages/om_sent001"}
	ephemeral := sentAs{path: "/open-apis/ephemeral/v1/send"}
	tests := []struct {
		name    string
		event   string
		failEph bool   // the ephemeral endpoint refuses
		gone    string // the acknowledgement is gone before the draft: its id
		want    []sentAs
		draftAt int
	}{
		{name: "a group: the acknowledgement replies in the thread, then becomes the draft",
			event: inGroup("draft questions"), want: []sentAs{reply(groupMsg, true), patch}, draftAt: 1},
		{name: "a group, the acknowledgement withdrawn: the draft comes as a reply",
			event: inGroup("draft questions"), gone: "om_gone", want: []sentAs{reply(groupMsg, true), reply(groupMsg, false)}, draftAt: 1},
		{name: "a topic group: the same, in the topic",
			event: strings.Replace(inGroup("draft questions"), `"chat_type": "group"`, `"chat_type": "topic_group"`, 1), want: []sentAs{reply(groupMsg, true), patch}, draftAt: 1},
		{name: "a private request in a group: ephemeral, deleted once the draft is in a direct message",
			event: inGroup("draft questions --private"),
			want:  []sentAs{ephemeral, {path: "/open-apis/im/v1/messages", idType: "open_id"}, {path: "/open-apis/ephemeral/v1/delete"}}, draftAt: 1},
		{name: "a private request, ephemeral cards refused: a direct message, updated",
			event: inGroup("draft questions 私密"), failEph: true, want: []sentAs{{path: "/open-apis/im/v1/messages", idType: "open_id"}, patch}, draftAt: 1},
		{name: "a private request in a topic group: a direct message, updated",
			event: strings.Replace(inGroup("draft questions --private"), `"chat_type": "group"`, `"chat_type": "topic_group"`, 1),
			want:  []sentAs{{path: "/open-apis/im/v1/messages", idType: "open_id"}, patch}, draftAt: 1},
		{name: "one-to-one: a reply, updated",
			event: strings.Replace(string(fixture(t, "im_message_p2p_text.json", "")), `计费 按需=35元/时 包月=¥15,000 时长=300`, `draft questions`, 1),
			want:  []sentAs{reply(p2pMsg, false), patch}, draftAt: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			router := drafttest.Router()
			hs := newHarnessWith(t, router, &recorder{})
			if tc.failEph {
				hs.api.FailEphemeral(230006)
			}
			if resp := hs.deliver(t, []byte(tc.event)); resp.StatusCode != 200 {
				t.Fatalf("status %d: %s", resp.StatusCode, resp.Body)
			}
			js := hs.jobs.All()
			if len(js) != 1 {
				t.Fatalf("%d jobs, want 1", len(js))
			}
			job := js[0]
			if job.Target.Replace == "" {
				t.Fatalf("the job names no acknowledgement to replace: %+v", job.Target)
			}
			if tc.gone != "" {
				job.Target.Replace = tc.gone
			}
			drafttest.Run(t, router, hs.h.d.Client, job)
			sent := hs.api.Messages()
			if len(sent) != len(tc.want) {
				t.Fatalf("%d requests, want %d: %+v", len(sent), len(tc.want), sent)
			}
			for i, w := range tc.want {
				s := sent[i]
				if s.Path != w.path || s.ReceiveIDType != w.idType || s.Body.ReplyInThread != w.inThread {
					t.Errorf("request %d: %s?receive_id_type=%s in thread %t, want %+v", i, s.Path, s.ReceiveIDType, s.Body.ReplyInThread, w)
				}
				if has := strings.Contains(s.Body.Content+string(s.Body.Card), drafttest.Mark); has != (i == tc.draftAt) {
					t.Errorf("request %d (%s) carries the draft: %t, want %t", i, s.Path, has, i == tc.draftAt)
				}
				if strings.HasPrefix(s.Path, "/open-apis/ephemeral/v1/send") && s.Body.OpenID != asker || w.idType == "open_id" && s.Body.ReceiveID != asker {
					t.Errorf("message %d shown to %q%q, want the asker", i, s.Body.OpenID, s.Body.ReceiveID)
				}
				if strings.HasSuffix(s.Path, "/delete") && "ephemeral:"+s.Body.MessageID != job.Target.Replace {
					t.Errorf("deleted %q, want the acknowledgement (%q)", s.Body.MessageID, job.Target.Replace)
				}
			}
			if o := hs.api.Other(); len(o) > 0 {
				t.Errorf("unexpected requests: %v", o)
			}
		})
	}
}

// A card button's draft comes under the card (the acknowledgement is a
// toast); a private one (the Details of a draft) only to the one who
// pressed it, never under the card for the whole chat.
func TestCardDraftGoesWhereItWasAsked(t *testing.T) {
	const operator = "ou_84aad35d084aa403a838cf73ee18467"
	base := string(fixture(t, "card_action_trigger.json", ""))
	for _, tc := range []struct {
		name, action, value string
		want                string // the path of the draft
	}{
		{"a public draft: a reply under the card", "draft_questions", "vendor=AcmeGPU", "/open-apis/im/v1/messages/om_sent001x5d361153b7cb51da133945/reply"},
		{"a private draft: a direct message to the operator", chat.ActionDetails, "draft questions vendor=AcmeGPU", "/open-apis/im/v1/messages"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			router := drafttest.Router()
			hs := newHarnessWith(t, router, &recorder{})
			s := strings.Replace(base, `"action": "draft_questions"`, fmt.Sprintf(`"action": %q`, tc.action), 1)
			s = strings.Replace(s, `"value": "billing 按需=35 包月=15000 时长=300"`, fmt.Sprintf(`"value": %q`, tc.value), 1)
			if resp := hs.deliver(t, []byte(s)); resp.StatusCode != 200 || !strings.Contains(resp.Body, "toast") {
				t.Fatalf("status %d %s, want a toast", resp.StatusCode, resp.Body)
			}
			js := hs.jobs.All()
			if len(js) != 1 {
				t.Fatalf("%d jobs, want 1", len(js))
			}
			drafttest.Run(t, router, hs.h.d.Client, js[0])
			sent := hs.api.Messages()
			if len(sent) != 1 || sent[0].Path != tc.want || !strings.Contains(sent[0].Body.Content+string(sent[0].Body.Card), drafttest.Mark) {
				t.Fatalf("requests %+v; want the draft once, at %s", sent, tc.want)
			}
			if tc.want == "/open-apis/im/v1/messages" && (sent[0].ReceiveIDType != "open_id" || sent[0].Body.ReceiveID != operator) {
				t.Errorf("sent to %s %q, want the operator's open_id", sent[0].ReceiveIDType, sent[0].Body.ReceiveID)
			}
		})
	}
}
