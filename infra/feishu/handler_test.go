package feishu

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

func TestChallenge(t *testing.T) {
	plain := fixture(t, "url_verification.json", "")
	wrongToken := []byte(strings.Replace(string(plain), testToken, "forged-token", 1))
	tests := []struct {
		name    string
		body    []byte
		headers map[string]string
		status  int
	}{
		// Feishu sends the challenge encrypted and without signature headers.
		{"encrypted, unsigned", testkit.FeishuEncrypt(testKey, plain), map[string]string{"content-type": "application/json"}, 200},
		{"encrypted and signed", nil, nil, 200},
		{"plain (no key in the console yet)", plain, map[string]string{}, 200},
		{"encrypted with another key", testkit.FeishuEncrypt("another key", plain), map[string]string{}, 401},
		{"encrypted, forged token", testkit.FeishuEncrypt(testKey, wrongToken), map[string]string{}, 401},
		{"plain, forged token", wrongToken, map[string]string{}, 401},
		{"encrypted, bad signature header", testkit.FeishuEncrypt(testKey, plain), map[string]string{"x-lark-signature": "00"}, 401},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hs := newHarness(t)
			body, headers := tc.body, tc.headers
			if body == nil {
				body = testkit.FeishuEncrypt(testKey, plain)
				headers = signedHeaders(testKey, testNow, body)
			}
			start := time.Now()
			resp := hs.invoke(t, lambdaEvent(headers, body, false))
			if d := time.Since(start); d > 100*time.Millisecond {
				t.Errorf("challenge took %s; Feishu waits 1 s", d)
			}
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d (body %s)", resp.StatusCode, tc.status, resp.Body)
			}
			if tc.status == 200 && resp.Body != `{"challenge":"1b6aef1a-401f-406a-be41-f48911eabcef"}` {
				t.Errorf("body %s, want the challenge echoed", resp.Body)
			}
			if tc.status != 200 && strings.Contains(resp.Body, "1b6aef1a") {
				t.Errorf("a rejected challenge was echoed: %s", resp.Body)
			}
			if n := len(hs.api.Messages()); n != 0 {
				t.Errorf("%d messages sent for a challenge", n)
			}
		})
	}
}

// TestRejected: every forged, tampered or malformed request is answered
// non-2xx, reaches no command and sends nothing.
func TestRejected(t *testing.T) {
	msg := fixture(t, "im_message_p2p_text.json", "")
	good := func(t *testing.T) []byte { return testkit.FeishuEncrypt(testKey, msg) }
	forged := []byte(strings.Replace(string(msg), testToken, "forged-token", 1))
	noToken := []byte(strings.Replace(string(msg), `"token": "`+testToken+`",`, "", 1))
	tamper := func(t *testing.T) []byte {
		var e struct{ Encrypt string }
		json.Unmarshal(good(t), &e)
		raw := []byte(e.Encrypt)
		// change one base64 character inside the first ciphertext block
		if raw[30] == 'A' {
			raw[30] = 'B'
		} else {
			raw[30] = 'A'
		}
		b, _ := json.Marshal(map[string]string{"encrypt": string(raw)})
		return b
	}
	badPadding := func(t *testing.T) []byte {
		padded := testkit.FeishuPad(msg)
		padded[len(padded)-2] ^= 0x40 // last pad bytes disagree
		b, _ := json.Marshal(map[string]string{"encrypt": testkit.FeishuCipher(testKey, padded)})
		return b
	}
	signed := func(body []byte) map[string]string { return signedHeaders(testKey, testNow, body) }
	without := func(h map[string]string, k string) map[string]string { delete(h, k); return h }
	tests := []struct {
		name  string
		why   string // the logged reason; alternatives separated by |
		event func(t *testing.T) (map[string]string, []byte, bool)
	}{
		{"forged token, correctly encrypted and signed", "verification token mismatch", func(t *testing.T) (map[string]string, []byte, bool) {
			b := testkit.FeishuEncrypt(testKey, forged)
			return signed(b), b, false
		}},
		{"no token", "verification token mismatch", func(t *testing.T) (map[string]string, []byte, bool) {
			b := testkit.FeishuEncrypt(testKey, noToken)
			return signed(b), b, false
		}},
		{"wrong signature", "signature mismatch", func(t *testing.T) (map[string]string, []byte, bool) {
			b := good(t)
			h := signed(b)
			h["x-lark-signature"] = Signature(h["x-lark-request-timestamp"], h["x-lark-request-nonce"], "not the key", b)
			return h, b, false
		}},
		{"signed, then the body swapped", "signature mismatch", func(t *testing.T) (map[string]string, []byte, bool) {
			return signed(good(t)), good(t), false
		}},
		{"no signature headers", "missing signature headers", func(t *testing.T) (map[string]string, []byte, bool) {
			return map[string]string{"content-type": "application/json"}, good(t), false
		}},
		{"no nonce", "missing signature headers", func(t *testing.T) (map[string]string, []byte, bool) {
			b := good(t)
			return without(signed(b), "x-lark-request-nonce"), b, false
		}},
		{"stale timestamp (6 min)", "timestamp outside the allowed window", func(t *testing.T) (map[string]string, []byte, bool) {
			b := good(t)
			return signedHeaders(testKey, testNow.Add(-6*time.Minute), b), b, false
		}},
		{"tampered ciphertext, re-signed", "decrypted body is not JSON|cannot decrypt", func(t *testing.T) (map[string]string, []byte, bool) {
			b := tamper(t)
			return signed(b), b, false
		}},
		{"bad padding, signed", "bad padding", func(t *testing.T) (map[string]string, []byte, bool) {
			b := badPadding(t)
			return signed(b), b, false
		}},
		{"encrypted with another key, signed", "cannot decrypt|decrypted body is not JSON", func(t *testing.T) (map[string]string, []byte, bool) {
			b := testkit.FeishuEncrypt("another key", msg)
			return signed(b), b, false
		}},
		{"plaintext event, signed", "event is not encrypted", func(t *testing.T) (map[string]string, []byte, bool) {
			return signed(msg), msg, false
		}},
		{"base64 body not flagged", "signature mismatch", func(t *testing.T) (map[string]string, []byte, bool) {
			b := good(t)
			h := signed(b)
			ev := lambdaEvent(h, b, true)
			return h, []byte(ev.Body), false
		}},
		{"flagged base64 body that is not base64", "body is not base64", func(t *testing.T) (map[string]string, []byte, bool) {
			return signed([]byte("@@@")), []byte("@@@"), false
		}},
		{"not JSON", "body is not JSON", func(t *testing.T) (map[string]string, []byte, bool) {
			b := []byte("encrypt=abc")
			return signed(b), b, false
		}},
		{"empty body, signed", "body is not JSON", func(t *testing.T) (map[string]string, []byte, bool) {
			return signed(nil), nil, false
		}},
		{"a JSON array, signed", "body is not JSON", func(t *testing.T) (map[string]string, []byte, bool) {
			b := []byte(`[{"encrypt":"x"}]`)
			return signed(b), b, false
		}},
		{"no encrypt field, signed", "verification token mismatch", func(t *testing.T) (map[string]string, []byte, bool) {
			b := []byte(`{"schema":"2.0"}`)
			return signed(b), b, false
		}},
		{"encrypt not base64, signed", "cannot decrypt", func(t *testing.T) (map[string]string, []byte, bool) {
			b := []byte(`{"encrypt":"not*base64!"}`)
			return signed(b), b, false
		}},
		{"ciphertext not whole blocks, signed", "cannot decrypt", func(t *testing.T) (map[string]string, []byte, bool) {
			b, _ := json.Marshal(map[string]string{"encrypt": base64.StdEncoding.EncodeToString(make([]byte, 16+20))})
			return signed(b), b, false
		}},
		{"decrypts to text that is not JSON, signed", "decrypted body is not JSON", func(t *testing.T) (map[string]string, []byte, bool) {
			b, _ := json.Marshal(map[string]string{"encrypt": testkit.FeishuCipher(testKey, testkit.FeishuPad([]byte("hello world")))})
			return signed(b), b, false
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			hs := newHarness(t)
			h, b, b64 := tc.event(t)
			ev := lambdaEvent(h, b, b64)
			if tc.name == "flagged base64 body that is not base64" {
				ev.IsBase64Encoded = true
			}
			resp := hs.invoke(t, ev)
			if resp.StatusCode < 400 {
				t.Fatalf("status %d, want a rejection (body %s)", resp.StatusCode, resp.Body)
			}
			if n := len(hs.api.Messages()); n != 0 {
				t.Errorf("%d messages sent", n)
			}
			if n := len(hs.rec.All()); n != 0 {
				t.Errorf("the router ran %d times", n)
			}
			if c := hs.dedupe.Calls(); c != "" {
				t.Errorf("the store was asked (%s) before the request was verified", c)
			}
			logs, found := hs.logs.String(), false
			for _, w := range strings.Split(tc.why, "|") {
				found = found || strings.Contains(logs, w)
			}
			if !found {
				t.Errorf("log does not give the reason %q:\n%s", tc.why, logs)
			}
			if strings.Contains(resp.Body, "token") || strings.Contains(resp.Body, "signature") || strings.Contains(resp.Body, "padding") {
				t.Errorf("the answer tells the caller why: %s", resp.Body)
			}
		})
	}
}

// An event that is verified (our Encrypt Key, our token) but addressed to
// another app (header.app_id) is refused: the keys were copied between apps
// or FEISHU_APP_ID names another app, and a reply would go out under the
// wrong identity. The log names both ids so the admin can tell which.
func TestEventForAnotherAppRejected(t *testing.T) {
	for _, name := range []string{"im_message_p2p_text.json", "card_action_trigger.json"} {
		t.Run(name, func(t *testing.T) {
			hs := newHarness(t)
			other := []byte(strings.Replace(string(fixture(t, name, "")), fixtureAppID, "cli_9f00000000000001", 1))
			body := testkit.FeishuEncrypt(testKey, other)
			resp := hs.invoke(t, lambdaEvent(signedHeaders(testKey, testNow, body), body, false))
			if resp.StatusCode != 401 {
				t.Fatalf("status %d, want 401 (body %s)", resp.StatusCode, resp.Body)
			}
			if n, m := len(hs.rec.All()), len(hs.api.Messages()); n != 0 || m != 0 {
				t.Errorf("%d commands ran and %d messages were sent, want none", n, m)
			}
			if logs := hs.logs.String(); !contains(logs, "cli_9f00000000000001", hs.api.AppID, "FEISHU_APP_ID") {
				t.Errorf("the log does not name both app ids:\n%s", logs)
			}
			// The same event for this app is answered.
			if resp := hs.deliver(t, fixture(t, name, "")); resp.StatusCode != 200 {
				t.Errorf("the event for this app: status %d (%s)", resp.StatusCode, resp.Body)
			}
		})
	}
}

func TestHeadersAnyCaseAndBase64Bodies(t *testing.T) {
	msg := fixture(t, "im_message_p2p_text.json", "")
	for _, tc := range []struct {
		name  string
		keys  func(string) string
		b64   bool
		wantN int
	}{
		{"lower-case headers (API Gateway)", strings.ToLower, false, 1},
		{"upper-case headers", strings.ToUpper, false, 1},
		{"canonical headers", func(s string) string { return s }, false, 1},
		{"base64 body", strings.ToLower, true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hs := newHarness(t)
			body := testkit.FeishuEncrypt(testKey, hs.forApp(msg))
			h := map[string]string{}
			for k, v := range signedHeaders(testKey, testNow, body) {
				h[tc.keys(k)] = v
			}
			resp := hs.invoke(t, lambdaEvent(h, body, tc.b64))
			if resp.StatusCode != 200 {
				t.Fatalf("status %d (%s)", resp.StatusCode, resp.Body)
			}
			if n := len(hs.api.Messages()); n != tc.wantN {
				t.Fatalf("%d replies, want %d", n, tc.wantN)
			}
		})
	}
}

func TestMessages(t *testing.T) {
	const tenant = "feishu:2ca1d211f64f6438"
	tests := []struct {
		fixture    string
		wantReply  bool
		wantText   string
		wantChat   string
		wantUser   string
		wantThread bool
		wantMsgID  string
	}{
		{"im_message_p2p_text.json", true, "计费 按需=35元/时 包月=¥15,000 时长=300", "oc_5ce6d572455d361153b7xx51da133945", "ou_84aad35d084aa403a838cf73ee18467", false, "om_5ce6d572455d361153b7cb51da133945"},
		{"im_message_p2p_slash.json", true, "/gpu billing ondemand=35 monthly=15000 hours=300", "oc_5ce6d572455d361153b7xx51da133945", "ou_84aad35d084aa403a838cf73ee18467", false, "om_7d1e8f9a0b1c2d3e4f5a6b7c8d9e0f1a"},
		{"im_message_group_text_mention.json", true, "计费 按需=35 包月=15000 时长=300", "oc_a0553eda9014c201e6969b478895c230", "ou_3c1f2e9d8b7a60514233241506978a9b", true, "om_9a8b7c6d5e4f30211203f4e5d6c7b8a9"},
		{"im_message_group_post_mention.json", true, "计费 按需=35\n包月=15000 时长=300", "oc_a0553eda9014c201e6969b478895c230", "ou_3c1f2e9d8b7a60514233241506978a9b", false, "om_2b3c4d5e6f708192a3b4c5d6e7f80912"},
		// A quote reply (回复) has root_id and parent_id but no thread_id: it
		// is not in a thread (话题), so the answer must not start one.
		{"im_message_group_quote_reply.json", true, "计费 按需=35 包月=15000 时长=300", "oc_a0553eda9014c201e6969b478895c230", "ou_3c1f2e9d8b7a60514233241506978a9b", false, "om_4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c"},
		{"im_message_group_other_mention.json", false, "", "", "", false, ""},
		{"im_message_from_app.json", false, "", "", "", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.fixture, func(t *testing.T) {
			hs := newHarness(t)
			resp := hs.deliver(t, fixture(t, tc.fixture, ""))
			if resp.StatusCode != 200 {
				t.Fatalf("status %d (%s)", resp.StatusCode, resp.Body)
			}
			sent, reqs := hs.api.Messages(), hs.rec.All()
			if !tc.wantReply {
				if len(sent) != 0 || len(reqs) != 0 {
					t.Fatalf("got %d replies and %d commands, want none", len(sent), len(reqs))
				}
				return
			}
			if len(sent) != 1 || len(reqs) != 1 {
				t.Fatalf("got %d replies and %d commands, want 1 and 1", len(sent), len(reqs))
			}
			want := chat.Request{Text: tc.wantText, Platform: "feishu", Tenant: tenant, Channel: tc.wantChat, User: tc.wantUser}
			if got := reqs[0]; got != want {
				t.Errorf("request %+v\nwant    %+v", got, want)
			}
			s := sent[0]
			if s.Path != "/open-apis/im/v1/messages/"+tc.wantMsgID+"/reply" {
				t.Errorf("sent to %s, want a reply to %s", s.Path, tc.wantMsgID)
			}
			if s.Body.ReplyInThread != tc.wantThread {
				t.Errorf("reply_in_thread %v, want %v", s.Body.ReplyInThread, tc.wantThread)
			}
			if s.Body.UUID == "" || len(s.Body.UUID) > 50 {
				t.Errorf("uuid %q: want a key of 1-50 characters", s.Body.UUID)
			}
			if !strings.HasPrefix(s.ContentType, "application/json") {
				t.Errorf("request content-type %q", s.ContentType)
			}
			c := card(t, s)
			wantTitle, wantButton := "包月更划算", "起草供应商问题"
			if !chat.HasHan(tc.wantText) {
				wantTitle, wantButton = "Monthly is cheaper", "Draft vendor questions"
			}
			if title := c["header"].(map[string]any)["title"].(map[string]any)["content"]; title != wantTitle {
				t.Errorf("card title %v, want %q (the user's language)", title, wantTitle)
			}
			if !strings.Contains(s.Body.Content, wantButton) || !strings.Contains(s.Body.Content, `"action":"draft_questions"`) {
				t.Errorf("card lacks the standard buttons: %s", s.Body.Content)
			}
		})
	}
}

func TestSameEventThreeTimesOneReply(t *testing.T) {
	hs := newHarness(t)
	msg := fixture(t, "im_message_group_text_mention.json", "")
	hs.deliverOK(t, msg, 3)
	if n := len(hs.api.Messages()); n != 1 {
		t.Fatalf("%d replies for one event delivered three times, want 1", n)
	}
	if n := len(hs.rec.All()); n != 1 {
		t.Fatalf("the command ran %d times, want 1", n)
	}
	// The same message under two more event ids (Feishu redelivers a
	// message under a new event id now and then) is not answered again.
	for _, id := range []string{"ffff02a84e847582be8db7fb73283c02", "eeee02a84e847582be8db7fb73283c02"} {
		hs.deliverOK(t, fixture(t, "im_message_group_text_mention.json", id), 1)
	}
	if n := len(hs.api.Messages()); n != 1 {
		t.Fatalf("%d replies for one message under three event ids, want 1", n)
	}
	// Another message with the same text is answered again.
	hs.deliver(t, withMessageID(fixture(t, "im_message_group_text_mention.json", "dddd02a84e847582be8db7fb73283c02"), "om_9a8b7c6d5e4f30211203f4e5d6c7b8a9", "om_second"))
	if n := len(hs.api.Messages()); n != 2 {
		t.Fatalf("%d replies after a second message, want 2", n)
	}
	if a, b := hs.api.Messages()[0].Body.UUID, hs.api.Messages()[1].Body.UUID; a == b {
		t.Errorf("two events share the idempotency key %q", a)
	}
	tokenCalls, botCalls := hs.api.Calls()
	if tokenCalls != 1 {
		t.Errorf("tenant token fetched %d times, want 1 (cached)", tokenCalls)
	}
	if botCalls != 1 {
		t.Errorf("bot info fetched %d times, want 1 (cached)", botCalls)
	}
}

func TestBusinessErrorIsSurfacedAndLogged(t *testing.T) {
	hs := newHarness(t)
	hs.api.Fail(230002, "The bot can not be outside the group.")
	resp := hs.deliver(t, fixture(t, "im_message_p2p_text.json", ""))
	if resp.StatusCode < 500 {
		t.Fatalf("status %d, want 5xx when the reply failed", resp.StatusCode)
	}
	logs := hs.logs.String()
	if !contains(logs, `"code":230002`, "The bot can not be outside the group.", "reply failed") {
		t.Errorf("log lacks the business error code and message:\n%s", logs)
	}
	// The client returns it as an *APIError with the code.
	_, err := hs.h.d.Client.ReplyCard(t.Context(), "om_x", "{}", false, "")
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Code != 230002 {
		t.Fatalf("ReplyCard error = %v, want an *APIError with code 230002", err)
	} // The redelivery is not taken for a duplicate: once the API works
	// again, Feishu's retry of the same event gets its reply.
	hs.api.Fail(0, "")
	if resp := hs.deliver(t, fixture(t, "im_message_p2p_text.json", "")); resp.StatusCode != 200 {
		t.Fatalf("redelivery after a failed reply: status %d, want 200", resp.StatusCode)
	}
	if n := len(hs.api.Messages()); n != 1 {
		t.Fatalf("%d replies after the redelivery, want 1", n)
	}
}

func TestLogsCarryNoBodies(t *testing.T) {
	hs := newHarness(t)
	msg := hs.forApp(fixture(t, "im_message_p2p_text.json", ""))
	body := testkit.FeishuEncrypt(testKey, msg)
	hs.invoke(t, lambdaEvent(signedHeaders(testKey, testNow, body), body, false))
	hs.invoke(t, lambdaEvent(map[string]string{}, body, false)) // rejected
	logs := hs.logs.String()
	var e struct{ Encrypt string }
	json.Unmarshal(body, &e)
	for _, secret := range []string{"按需=35", e.Encrypt[:20], testKey, testToken, "t-" + hs.api.AppID, "app-secret", "包月更划算"} {
		if strings.Contains(logs, secret) {
			t.Errorf("log contains %q:\n%s", secret, logs)
		}
	}
	if !strings.Contains(logs, `"outcome":"replied"`) || !strings.Contains(logs, `"outcome":"rejected"`) {
		t.Errorf("log lacks one line per request with its outcome:\n%s", logs)
	}
}

// withMessageID gives an event fixture another message id.
func withMessageID(event []byte, from, to string) []byte {
	return []byte(strings.Replace(string(event), from, to, 1))
}
