package feishu

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

func TestPoster(t *testing.T) {
	draft := chat.Reply{Lang: chat.ZH, Title: "供应商问题草稿", Summary: "请确认以下事项。"}
	tests := []struct {
		name     string
		target   chat.Target
		wantPath string
		wantRID  string
		wantUUID string
	}{
		{"reply to the message", chat.Target{Channel: "oc_1", MessageID: "om_1", Key: "gpa-job-1"}, "/open-apis/im/v1/messages/om_1/reply", "", "gpa-job-1"},
		{"update the acknowledgement in place", chat.Target{Channel: "oc_1", MessageID: "om_1", Key: "gpa-job-1", Replace: "om_ack"}, "/open-apis/im/v1/messages/om_ack", "", ""},
		{"an acknowledgement that is gone: reply instead", chat.Target{Channel: "oc_1", MessageID: "om_1", Key: "gpa-job-1", Replace: "om_gone"}, "/open-apis/im/v1/messages/om_1/reply", "", "gpa-job-1"},
		{"new message in the chat", chat.Target{Channel: "oc_1", Key: "reminder:2026-12-01:30d"}, "/open-apis/im/v1/messages", "chat_id", "reminder:2026-12-01:30d"},
		{"a long key is hashed to 50 characters", chat.Target{Channel: "oc_1", Key: strings.Repeat("k", 80)}, "/open-apis/im/v1/messages", "chat_id", IdempotencyKey(strings.Repeat("k", 80))},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t)
			c := NewClient(apiConfig(api), slog.New(slog.DiscardHandler), nil)
			if err := c.Post(context.Background(), tc.target, draft); err != nil {
				t.Fatal(err)
			}
			sent := api.Messages()
			if len(sent) != 1 {
				t.Fatalf("%d messages, want 1", len(sent))
			}
			s := sent[0]
			if s.Path != tc.wantPath || s.ReceiveIDType != tc.wantRID || s.Body.UUID != tc.wantUUID {
				t.Errorf("sent %s?receive_id_type=%s uuid %q, want %s?receive_id_type=%s uuid %q", s.Path, s.ReceiveIDType, s.Body.UUID, tc.wantPath, tc.wantRID, tc.wantUUID)
			}
			if tc.wantRID == "chat_id" && s.Body.ReceiveID != "oc_1" {
				t.Errorf("receive_id %q, want oc_1", s.Body.ReceiveID)
			}
			if tc.target.Replace != "" && tc.wantUUID == "" {
				// an update carries the card alone: no msg_type, no uuid
				if !strings.Contains(s.Body.Content, "供应商问题草稿") || !strings.Contains(s.Body.Content, `"update_multi":true`) {
					t.Errorf("updated card %s: want the draft, shared (update_multi)", s.Body.Content)
				}
				return
			}
			if !strings.Contains(card(t, s)["header"].(map[string]any)["title"].(map[string]any)["content"].(string), "供应商问题草稿") {
				t.Errorf("card %s lacks the title", s.Body.Content)
			}
			if len(s.Body.UUID) > 50 {
				t.Errorf("uuid %d characters, Feishu allows 50", len(s.Body.UUID))
			}
		})
	}
}

func TestPosterErrors(t *testing.T) {
	api := newFakeAPI(t)
	c := NewClient(apiConfig(api), slog.New(slog.DiscardHandler), nil)
	if err := c.Post(context.Background(), chat.Target{}, chat.Reply{Title: "x"}); err == nil {
		t.Error("Post with an empty target succeeded")
	}
	api.Fail(230001, "invalid message_id")
	err := c.Post(context.Background(), chat.Target{MessageID: "om_gone"}, chat.Reply{Title: "x"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Code != 230001 || apiErr.Msg != "invalid message_id" {
		t.Errorf("Post = %v, want the business error 230001", err)
	}
}

func TestIdempotencyKey(t *testing.T) {
	a, b := IdempotencyKey("reply:5e3702a84e847582be8db7fb73283c02"), IdempotencyKey("reply:5e3702a84e847582be8db7fb73283c03")
	if a == b || len(a) > 50 || a != IdempotencyKey("reply:5e3702a84e847582be8db7fb73283c02") {
		t.Errorf("IdempotencyKey: %q, %q: want stable, distinct, at most 50 characters", a, b)
	}
	if IdempotencyKey("") != "" {
		t.Error("an empty input must give no key")
	}
}

func TestServeHTTP(t *testing.T) {
	hs := newHarness(t)
	srv := httptest.NewServer(hs.h)
	defer srv.Close()
	body := testkit.FeishuEncrypt(testKey, hs.forApp(fixture(t, "im_message_p2p_text.json", "")))
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/feishu/events", strings.NewReader(string(body)))
	for k, v := range signedHeaders(testKey, testNow, body) {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || len(hs.api.Messages()) != 1 {
		t.Fatalf("status %d, %d replies; want 200 and 1", resp.StatusCode, len(hs.api.Messages()))
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("content-type %q", ct)
	}
	for _, tc := range []struct {
		method string
		body   string
		want   int
	}{
		{http.MethodGet, "", http.StatusMethodNotAllowed},
		{http.MethodPost, strings.Repeat("x", MaxBody+1), http.StatusRequestEntityTooLarge},
		{http.MethodPost, string(body), http.StatusUnauthorized}, // unsigned
	} {
		req, _ := http.NewRequest(tc.method, srv.URL+"/feishu/card", strings.NewReader(tc.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s with %d bytes: status %d, want %d", tc.method, len(tc.body), resp.StatusCode, tc.want)
		}
	}
}

func TestLambdaMethodAndSize(t *testing.T) {
	hs := newHarness(t)
	ev := lambdaEvent(nil, []byte("{}"), false)
	ev.RequestContext.HTTP.Method = "GET"
	if resp := hs.invoke(t, ev); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET: status %d, want 405", resp.StatusCode)
	}
	if resp := hs.invoke(t, lambdaEvent(nil, []byte(strings.Repeat("x", MaxBody+1)), false)); resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("oversized body: status %d, want 413", resp.StatusCode)
	}
}

func TestConfigFromEnv(t *testing.T) {
	full := map[string]string{
		"FEISHU_APP_ID": "cli_x", "FEISHU_APP_SECRET": "s", "FEISHU_VERIFICATION_TOKEN": "v", "FEISHU_ENCRYPT_KEY": "k",
	}
	env := func(m map[string]string, drop string, extra ...string) func(string) string {
		return func(k string) string {
			if k == drop {
				return ""
			}
			for i := 0; i+1 < len(extra); i += 2 {
				if extra[i] == k {
					return extra[i+1]
				}
			}
			return m[k]
		}
	}
	c, err := ConfigFromEnv(env(full, ""))
	if err != nil || c.BaseURL != FeishuBaseURL {
		t.Fatalf("ConfigFromEnv = %+v, %v; want the Feishu base URL by default", c, err)
	}
	if c, _ := ConfigFromEnv(env(full, "", "FEISHU_BASE_URL", LarkBaseURL+"/")); c.BaseURL != LarkBaseURL {
		t.Errorf("Lark base URL read as %q", c.BaseURL)
	}
	for _, drop := range []string{"FEISHU_ENCRYPT_KEY", "FEISHU_VERIFICATION_TOKEN", "FEISHU_APP_ID", "FEISHU_APP_SECRET"} {
		if _, err := ConfigFromEnv(env(full, drop)); err == nil || !strings.Contains(err.Error(), drop) {
			t.Errorf("without %s: err = %v, want it named", drop, err)
		}
	}
	if _, err := ConfigFromEnv(env(full, "", "FEISHU_BASE_URL", "open.feishu.cn")); err == nil {
		t.Error("a base URL without a scheme was accepted")
	}
}
