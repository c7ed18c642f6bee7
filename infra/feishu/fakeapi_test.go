package feishu

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// sent is one message request the fake Open API received.
type sent struct {
	Path          string
	ReceiveIDType string
	Auth          string
	ContentType   string
	Body          struct {
		ReceiveID     string `json:"receive_id"`
		MsgType       string `json:"msg_type"`
		Content       string `json:"content"`
		UUID          string `json:"uuid"`
		ReplyInThread bool   `json:"reply_in_thread"`
		// ephemeral cards
		ChatID string          `json:"chat_id"`
		OpenID string          `json:"open_id"`
		Card   json.RawMessage `json:"card"`
	}
}

// fakeAPI is a local Feishu Open API: the tenant token endpoint, bot info and
// the message create and reply endpoints, answering with application/json as
// the real one does, recording what was sent.
type fakeAPI struct {
	*httptest.Server
	appID, secret string
	botOpenID     string

	mu         sync.Mutex
	sent       []sent
	tokenCalls int
	botCalls   int
	// failCode, when set, is the business error code of message endpoints.
	failCode int
	failMsg  string
	// ephemeralCode, when set, fails the ephemeral endpoint.
	ephemeralCode int
}

var appSeq atomic.Int64

// newFakeAPI starts a fake server with an app id of its own: larkcore caches
// tenant tokens process-wide by app id.
func newFakeAPI(t testing.TB) *fakeAPI {
	f := &fakeAPI{appID: fmt.Sprintf("cli_test%04d", appSeq.Add(1)), secret: "app-secret", botOpenID: "ou_bot0000000000000000000000000001"}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeAPI) config() Config {
	return Config{
		AppID: f.appID, AppSecret: f.secret, BaseURL: f.URL,
		VerificationToken: testToken, EncryptKey: testKey,
	}
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	json.NewEncoder(w).Encode(v)
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/open-apis/auth/v3/tenant_access_token/internal":
		f.tokenCalls++
		var req struct {
			AppID     string `json:"app_id"`
			AppSecret string `json:"app_secret"`
		}
		json.Unmarshal(body, &req)
		if req.AppID != f.appID || req.AppSecret != f.secret {
			writeJSON(w, map[string]any{"code": 10014, "msg": "app secret invalid"})
			return
		}
		writeJSON(w, map[string]any{"code": 0, "msg": "ok", "tenant_access_token": "t-" + f.appID, "expire": 7200})
	case r.Method == http.MethodGet && r.URL.Path == "/open-apis/bot/v3/info":
		f.botCalls++
		writeJSON(w, map[string]any{"code": 0, "msg": "ok", "bot": map[string]any{"activate_status": 2, "app_name": "gpuadvisor", "open_id": f.botOpenID}})
	case r.Method == http.MethodPost && r.URL.Path == "/open-apis/ephemeral/v1/send":
		s := sent{Path: r.URL.Path, Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type")}
		json.Unmarshal(body, &s.Body)
		if f.ephemeralCode != 0 {
			writeJSON(w, map[string]any{"code": f.ephemeralCode, "msg": "chat type not supported"})
			return
		}
		f.sent = append(f.sent, s)
		writeJSON(w, map[string]any{"code": 0, "msg": "ok", "data": map[string]any{"message_id": fmt.Sprintf("om_eph%03d", len(f.sent))}})
	case r.Method == http.MethodPost && (r.URL.Path == "/open-apis/im/v1/messages" ||
		strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/messages/") && strings.HasSuffix(r.URL.Path, "/reply")):
		if r.Header.Get("Authorization") != "Bearer t-"+f.appID {
			writeJSON(w, map[string]any{"code": 99991663, "msg": "Invalid access token for authorization"})
			return
		}
		s := sent{Path: r.URL.Path, ReceiveIDType: r.URL.Query().Get("receive_id_type"), Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type")}
		if err := json.Unmarshal(body, &s.Body); err != nil {
			writeJSON(w, map[string]any{"code": 9499, "msg": "bad json"})
			return
		}
		if f.failCode != 0 {
			writeJSON(w, map[string]any{"code": f.failCode, "msg": f.failMsg})
			return
		}
		f.sent = append(f.sent, s)
		writeJSON(w, map[string]any{"code": 0, "msg": "success", "data": map[string]any{
			"message_id": fmt.Sprintf("om_sent%03d", len(f.sent)), "msg_type": s.Body.MsgType,
			"body": map[string]any{"content": s.Body.Content},
		}})
	default:
		w.WriteHeader(http.StatusNotFound)
		writeJSON(w, map[string]any{"code": 404, "msg": "not found"})
	}
}

func (f *fakeAPI) messages() []sent {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]sent(nil), f.sent...)
}

func (f *fakeAPI) fail(code int, msg string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failCode, f.failMsg = code, msg
}
