package e2e

import (
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/internal/testkit"
)

const (
	feishuEncryptKey = "kudTz8wQ3rXe9YpL"
	feishuToken      = "vT0k3n-e2e-9fQ2"
)

// feishuHeaders are the lower-case headers of a Function URL event, signed
// with key when key is not empty (internal/testkit).
var feishuHeaders = testkit.FeishuHeaders

// feishuMessageEvent is an im.message.receive_v1 event (schema 2.0): a
// person's text message in a one-to-one chat.
func feishuMessageEvent(eventID, messageID, text string) []byte {
	content, _ := json.Marshal(map[string]string{"text": text})
	now := time.Now().UnixMilli()
	b, _ := json.Marshal(map[string]any{
		"schema": "2.0",
		"header": map[string]any{"event_id": eventID, "event_type": "im.message.receive_v1", "create_time": fmt.Sprint(now),
			"token": feishuToken, "app_id": "cli_a5e3b2c1d0f4900c", "tenant_key": "2ca1d211f64f6438"},
		"event": map[string]any{
			"sender": map[string]any{"sender_id": map[string]any{"open_id": "ou_84aad35d084aa403a838cf73ee18467", "user_id": "e33ggbyz",
				"union_id": "on_8ed6aa67826108097d9ee143816345"}, "sender_type": "user", "tenant_key": "2ca1d211f64f6438"},
			"message": map[string]any{"message_id": messageID, "create_time": fmt.Sprint(now), "chat_id": "oc_5ce6d572455d361153b7xx51da133945",
				"chat_type": "p2p", "message_type": "text", "content": string(content)},
		},
	})
	return b
}

// card is the part of an interactive card the test reads.
type card struct {
	Header struct {
		Title struct {
			Content string `json:"content"`
		} `json:"title"`
	} `json:"header"`
	Elements []json.RawMessage `json:"elements"`
}

// TestFeishu: the built feishu function answers an encrypted URL challenge
// and a signed, encrypted message event with a reply card through the Open
// API; an event delivered three times (twice to one instance, once to a new
// one sharing the DynamoDB table) is answered once; a forged signature gets
// a non-2xx and no reply.
func TestFeishu(t *testing.T) {
	api := newFakeFeishu(t)
	client := dynamotest.Client(t)
	env := map[string]string{
		"FEISHU_APP_ID": api.AppID, "FEISHU_APP_SECRET": api.AppSecret, "FEISHU_VERIFICATION_TOKEN": feishuToken,
		"FEISHU_ENCRYPT_KEY": feishuEncryptKey, "FEISHU_BASE_URL": api.URL,
		"TABLE_NAME": dynamotest.NewTable(t, client), "DYNAMO_ENDPOINT": dynamotest.Endpoint(t),
	}
	f := start(t, "feishu", env)
	defer logColdStarts(t)
	post := func(t *testing.T, f *fn, headers map[string]string, body []byte) (int, string) {
		t.Helper()
		r := httpReply(t, f.invoke(t, httpEvent("/feishu/events", headers, body)))
		return r.StatusCode, r.Body
	}

	t.Run("encrypted url_verification", func(t *testing.T) {
		plain, _ := json.Marshal(map[string]string{"challenge": "ajls384kdjx98XX", "token": feishuToken, "type": "url_verification"})
		status, body := post(t, f, feishuHeaders("", time.Now(), nil), testkit.FeishuEncrypt(feishuEncryptKey, plain))
		var got map[string]string
		json.Unmarshal([]byte(body), &got)
		if status != 200 || got["challenge"] != "ajls384kdjx98XX" || len(got) != 1 {
			t.Errorf("got HTTP %d %s, want 200 {\"challenge\":\"ajls384kdjx98XX\"}", status, body)
		}
	})

	event := testkit.FeishuEncrypt(feishuEncryptKey, feishuMessageEvent("5e3702a84e847582be8db7fb73283c02", "om_5ce6d572455d361153b7cb51da133945", "计费 按需=35 包月=15000 时长=300"))
	t.Run("message gets a reply card", func(t *testing.T) {
		if status, body := post(t, f, feishuHeaders(feishuEncryptKey, time.Now(), event), event); status != 200 {
			t.Fatalf("got HTTP %d %s, want 200", status, body)
		}
		sent, other := api.Messages(), api.Other()
		if len(other) > 0 {
			t.Errorf("unexpected Open API calls: %v", other)
		}
		if len(sent) != 1 {
			t.Fatalf("the Open API got %d messages, want 1 reply", len(sent))
		}
		m := sent[0]
		if m.Path != "/open-apis/im/v1/messages/om_5ce6d572455d361153b7cb51da133945/reply" {
			t.Errorf("sent to %s, want a reply to the message", m.Path)
		}
		if !strings.HasPrefix(m.ContentType, "application/json") || m.Auth != "Bearer "+api.Token() {
			t.Errorf("request Content-Type %q, Authorization %q; want JSON with the tenant token", m.ContentType, m.Auth)
		}
		if m.Body.MsgType != "interactive" {
			t.Errorf("msg_type %q, want interactive (a card)", m.Body.MsgType)
		}
		if u := m.Body.UUID; u == "" || len(u) > 50 {
			t.Errorf("uuid %q, want an idempotency key of 1 to 50 characters", u)
		}
		var c card
		if err := json.Unmarshal([]byte(m.Body.Content), &c); err != nil {
			t.Fatalf("content is not card JSON: %v: %.300s", err, m.Body.Content)
		}
		if c.Header.Title.Content != "计费方式：按需" {
			t.Errorf("card title %q, want 计费方式：按需", c.Header.Title.Content)
		}
		// 300 h × 35/h = 10,500 < 15,000; break-even 15,000 / 35 = 428.57 h.
		// short first: the follow-ups come with 详情 (Details)
		if miss, ok := containsAll(m.Body.Content, "10,500", "15,000", "428.57", `"action":"details"`); !ok {
			t.Errorf("card lacks %q: %.600s", miss, m.Body.Content)
		}
	})

	t.Run("the same event three times: one reply", func(t *testing.T) {
		// Feishu redelivers, with a fresh signature each time; the third
		// delivery reaches a new instance (another cold start).
		post(t, f, feishuHeaders(feishuEncryptKey, time.Now(), event), event)
		other := start(t, "feishu", env)
		status, body := post(t, other, feishuHeaders(feishuEncryptKey, time.Now(), event), event)
		if status != 200 {
			t.Errorf("redelivery: got HTTP %d %s, want 200 (answered, so Feishu stops)", status, body)
		}
		if sent := api.Messages(); len(sent) != 1 {
			t.Errorf("after three deliveries the Open API got %d messages, want 1", len(sent))
		}
	})

	t.Run("forged signature: rejected, no reply", func(t *testing.T) {
		before := api.Messages()
		for _, tc := range []struct {
			name    string
			headers func(body []byte) map[string]string
		}{
			{"signed with another key", func(body []byte) map[string]string {
				return feishuHeaders("not-the-encrypt-key", time.Now(), body)
			}},
			{"signature of another body", func(body []byte) map[string]string {
				return feishuHeaders(feishuEncryptKey, time.Now(), append([]byte(" "), body...))
			}},
			{"no signature", func([]byte) map[string]string { return feishuHeaders("", time.Now(), nil) }},
		} {
			// A new event id each time, so that de-duplication cannot be
			// what stops the reply.
			body := testkit.FeishuEncrypt(feishuEncryptKey, feishuMessageEvent("forged-"+strings.ReplaceAll(tc.name, " ", "-"), "om_forged0001", "计费 按需=35 包月=15000 时长=300"))
			if status, out := post(t, f, tc.headers(body), body); status >= 200 && status < 300 {
				t.Errorf("%s: got HTTP %d %s, want non-2xx", tc.name, status, out)
			}
		}
		if sent := api.Messages(); len(sent) != len(before) {
			t.Errorf("forged events produced %d replies", len(sent)-len(before))
		}
	})
}

// TestFeishuWithTracing: with X-Ray tracing Active (the template's default)
// Lambda sets AWS_XRAY_DAEMON_ADDRESS, and the function still starts and
// answers: the traced transport must not be what aws-lambda-go clones for
// its Runtime API client (it asserts an *http.Transport).
func TestFeishuWithTracing(t *testing.T) {
	daemon, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer daemon.Close()
	api := newFakeFeishu(t)
	f := start(t, "feishu", map[string]string{
		"FEISHU_APP_ID": api.AppID, "FEISHU_APP_SECRET": api.AppSecret, "FEISHU_VERIFICATION_TOKEN": feishuToken,
		"FEISHU_ENCRYPT_KEY": feishuEncryptKey, "FEISHU_BASE_URL": api.URL,
		"AWS_XRAY_DAEMON_ADDRESS": daemon.LocalAddr().String(),
	})
	event := testkit.FeishuEncrypt(feishuEncryptKey, feishuMessageEvent("7a1c0e2b9d3f4a5b6c7d8e9f0a1b2c3d", "om_traced0001", "计费 按需=35 包月=15000 时长=300"))
	r := httpReply(t, f.invoke(t, httpEvent("/feishu/events", feishuHeaders(feishuEncryptKey, time.Now(), event), event)))
	if r.StatusCode != 200 {
		t.Fatalf("got HTTP %d %s, want 200", r.StatusCode, r.Body)
	}
	if sent := api.Messages(); len(sent) != 1 {
		t.Errorf("the Open API got %d messages, want 1 reply", len(sent))
	}
}
