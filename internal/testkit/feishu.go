package testkit

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Feishu is a fake Feishu (Lark) Open API on loopback: the tenant token, bot
// info, message create, reply and update, and ephemeral card send and
// delete endpoints, answering
// application/json as the real one does (larkcore refuses anything else),
// and recording every message sent. Mux takes more routes (a long-connection
// gateway).
type Feishu struct {
	*httptest.Server
	// AppID is the fake's own (larkcore caches tenant tokens process-wide
	// by app id); AppSecret the secret the token endpoint accepts.
	AppID, AppSecret string
	// BotOpenID is the bot's open_id in bot info.
	BotOpenID string
	// Mux serves every request; tests may add routes.
	Mux *http.ServeMux
	// InChat answers is_in_chat for the chats it names; a chat it does not
	// name answers 232011 (the bot is not in it, so it cannot look).
	InChat map[string]bool
	// Refuse makes a send to a receive_id answer that business code
	// (230002: the bot is not in the chat).
	Refuse map[string]int
	// Stored are the messages GET /open-apis/im/v1/messages/:id finds, by
	// id: their msg_type and content JSON.
	Stored map[string]StoredMessage
	// Files are what a message's file resource serves, by file_key.
	Files map[string]string

	mu         sync.Mutex
	sent       []FeishuMessage
	byUUID     map[string]string // a send's uuid → its message id
	sends      int
	other      []string
	tokenCalls int
	botCalls   int
	failCode   int
	failMsg    string
	ephCode    int
	limited    int    // calls still to answer 429 (RateLimit)
	reset      string // their x-ogw-ratelimit-reset
	limitedAt  []time.Time
}

// StoredMessage is a message the fake holds for GET message.
type StoredMessage struct{ Type, Content string }

// FeishuMessage is one message request as it arrived.
type FeishuMessage struct {
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
		// an ephemeral card deleted
		MessageID string `json:"message_id"`
	}
}

var feishuApps atomic.Int64

// NewFeishu starts a fake Feishu with an app id of its own, closed when the
// test ends.
func NewFeishu(t testing.TB) *Feishu {
	f := &Feishu{AppID: fmt.Sprintf("cli_test%04d", feishuApps.Add(1)), AppSecret: "app-secret", BotOpenID: "ou_bot0000000000000000000000000001",
		Mux: http.NewServeMux(), byUUID: map[string]string{}}
	f.Mux.HandleFunc("/", f.serve)
	f.Server = httptest.NewServer(f.Mux)
	t.Cleanup(f.Close)
	return f
}

// Token is the tenant access token the fake hands out.
func (f *Feishu) Token() string { return "t-" + f.AppID }

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	json.NewEncoder(w).Encode(v)
}

func (f *Feishu) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	if f.limited > 0 && r.URL.Path != "/open-apis/auth/v3/tenant_access_token/internal" &&
		(strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/messages") || strings.HasPrefix(r.URL.Path, "/open-apis/ephemeral/")) {
		f.limited--
		f.limitedAt = append(f.limitedAt, time.Now())
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("x-ogw-ratelimit-limit", "50")
		w.Header().Set("x-ogw-ratelimit-reset", f.reset)
		w.WriteHeader(http.StatusTooManyRequests)
		json.NewEncoder(w).Encode(map[string]any{"code": 99991400, "msg": "request trigger frequency limit"})
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/open-apis/auth/v3/tenant_access_token/internal":
		f.tokenCalls++
		var req struct {
			AppID     string `json:"app_id"`
			AppSecret string `json:"app_secret"`
		}
		json.Unmarshal(body, &req)
		if req.AppID != f.AppID || req.AppSecret != f.AppSecret {
			writeJSON(w, map[string]any{"code": 10014, "msg": "app secret invalid"})
			return
		}
		writeJSON(w, map[string]any{"code": 0, "msg": "ok", "tenant_access_token": f.Token(), "expire": 7200})
	case r.Method == http.MethodGet && r.URL.Path == "/open-apis/bot/v3/info":
		f.botCalls++
		writeJSON(w, map[string]any{"code": 0, "msg": "ok", "bot": map[string]any{"activate_status": 2, "app_name": "gpuadvisor", "open_id": f.BotOpenID}})
	case r.Method == http.MethodPost && r.URL.Path == "/open-apis/ephemeral/v1/send":
		m := FeishuMessage{Path: r.URL.Path, Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type")}
		json.Unmarshal(body, &m.Body)
		if f.ephCode != 0 {
			writeJSON(w, map[string]any{"code": f.ephCode, "msg": "chat type not supported"})
			return
		}
		f.sent = append(f.sent, m)
		writeJSON(w, map[string]any{"code": 0, "msg": "ok", "data": map[string]any{"message_id": fmt.Sprintf("om_eph%03d", len(f.sent))}})
	case r.Method == http.MethodPost && r.URL.Path == "/open-apis/ephemeral/v1/delete":
		// recorded with the messages, told by its path
		m := FeishuMessage{Path: r.URL.Path, Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type")}
		json.Unmarshal(body, &m.Body)
		f.sent = append(f.sent, m)
		writeJSON(w, map[string]any{"code": 0, "msg": "ok"})
	case r.Method == http.MethodPost && (r.URL.Path == "/open-apis/im/v1/messages" ||
		strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/messages/") && strings.HasSuffix(r.URL.Path, "/reply")):
		if r.Header.Get("Authorization") != "Bearer "+f.Token() {
			writeJSON(w, map[string]any{"code": 99991663, "msg": "Invalid access token for authorization"})
			return
		}
		m := FeishuMessage{Path: r.URL.Path, ReceiveIDType: r.URL.Query().Get("receive_id_type"), Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type")}
		if err := json.Unmarshal(body, &m.Body); err != nil {
			writeJSON(w, map[string]any{"code": 9499, "msg": "bad json"})
			return
		}
		f.sends++
		if code := f.Refuse[m.Body.ReceiveID]; code != 0 {
			writeJSON(w, map[string]any{"code": code, "msg": "refused"})
			return
		}
		if f.failCode != 0 {
			writeJSON(w, map[string]any{"code": f.failCode, "msg": f.failMsg})
			return
		}
		// Feishu sends at most one message per uuid: a repeat gets the
		// first one's id and sends nothing
		id, dup := f.byUUID[m.Body.UUID]
		if !dup {
			f.sent = append(f.sent, m)
			id = fmt.Sprintf("om_sent%03d", len(f.sent))
			if m.Body.UUID != "" {
				f.byUUID[m.Body.UUID] = id
			}
		}
		writeJSON(w, map[string]any{"code": 0, "msg": "success", "data": map[string]any{
			"message_id": id, "msg_type": m.Body.MsgType,
			"body": map[string]any{"content": m.Body.Content},
		}})
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/messages/") && strings.Contains(r.URL.Path, "/resources/"):
		parts := strings.Split(r.URL.Path, "/")
		content, ok := f.Files[parts[len(parts)-1]]
		if !ok || r.URL.Query().Get("type") != "file" || r.Header.Get("Authorization") != "Bearer "+f.Token() {
			writeJSON(w, map[string]any{"code": 234003, "msg": "File not in msg."})
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Content-Disposition", `attachment; filename="file.txt"`)
		io.WriteString(w, content)
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/messages/"):
		id := strings.TrimPrefix(r.URL.Path, "/open-apis/im/v1/messages/")
		m, ok := f.Stored[id]
		if !ok {
			writeJSON(w, map[string]any{"code": 230011, "msg": "The message was withdrawn."})
			return
		}
		writeJSON(w, map[string]any{"code": 0, "msg": "success", "data": map[string]any{"items": []map[string]any{{
			"message_id": id, "msg_type": m.Type, "deleted": false, "body": map[string]any{"content": m.Content}}}}})
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/chats/") && strings.HasSuffix(r.URL.Path, "/members/is_in_chat"):
		in, known := f.InChat[strings.Split(r.URL.Path, "/")[5]]
		if !known {
			writeJSON(w, map[string]any{"code": 232011, "msg": "operator is not in the chat"})
			return
		}
		writeJSON(w, map[string]any{"code": 0, "msg": "ok", "data": map[string]any{"is_in_chat": in}})
	case r.Method == http.MethodPatch && strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/messages/"):
		// a card updated in place: recorded with the others, told by its path
		m := FeishuMessage{Path: r.URL.Path, Auth: r.Header.Get("Authorization"), ContentType: r.Header.Get("Content-Type")}
		json.Unmarshal(body, &m.Body)
		if strings.HasSuffix(r.URL.Path, "/om_gone") {
			writeJSON(w, map[string]any{"code": 230011, "msg": "The message was withdrawn."})
			return
		}
		f.sent = append(f.sent, m)
		writeJSON(w, map[string]any{"code": 0, "msg": "success"})
	default:
		f.other = append(f.other, r.Method+" "+r.URL.String())
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		json.NewEncoder(w).Encode(map[string]any{"code": 404, "msg": "not found"})
	}
}

// Messages returns the messages sent so far.
func (f *Feishu) Messages() []FeishuMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]FeishuMessage(nil), f.sent...)
}

// Sends is how many message sends (creates and replies) arrived, a repeated
// uuid's and refused ones included.
func (f *Feishu) Sends() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.sends
}

// Other returns the unexpected requests so far.
func (f *Feishu) Other() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.other...)
}

// Calls says how often the token and bot info endpoints were called.
func (f *Feishu) Calls() (token, botInfo int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.tokenCalls, f.botCalls
}

// Fail makes the message endpoints answer the business error code (0: stop
// failing).
func (f *Feishu) Fail(code int, msg string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failCode, f.failMsg = code, msg
}

// RateLimit makes the next n calls to the message and ephemeral endpoints
// answer as the Open API over its rate limit does: HTTP 429, code 99991400,
// x-ogw-ratelimit-reset: reset (seconds).
func (f *Feishu) RateLimit(n int, reset string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.limited, f.reset = n, reset
}

// RateLimited returns when each rate-limited call arrived.
func (f *Feishu) RateLimited() []time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Time(nil), f.limitedAt...)
}

// FailEphemeral makes the ephemeral endpoint answer the code (0: stop).
func (f *Feishu) FailEphemeral(code int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ephCode = code
}

// FeishuEncrypt is an event body as Feishu encrypts it with an Encrypt Key:
// {"encrypt": FeishuCipher(key, FeishuPad(plain))}.
func FeishuEncrypt(key string, plain []byte) []byte {
	b, _ := json.Marshal(map[string]string{"encrypt": FeishuCipher(key, FeishuPad(plain))})
	return b
}

// FeishuPad pads p to the AES block size as PKCS#7 does.
func FeishuPad(p []byte) []byte {
	n := aes.BlockSize - len(p)%aes.BlockSize
	return append(append([]byte(nil), p...), bytes.Repeat([]byte{byte(n)}, n)...)
}

// FeishuCipher is base64(iv + AES-256-CBC(padded)), the AES key being
// sha256(key) and the IV random: Feishu's encryption of an already padded
// plaintext (tests of bad padding pass their own).
func FeishuCipher(key string, padded []byte) string {
	k := sha256.Sum256([]byte(key))
	block, err := aes.NewCipher(k[:])
	if err != nil {
		panic(err) // a 32-byte key always makes a cipher
	}
	out := make([]byte, aes.BlockSize+len(padded))
	rand.Read(out[:aes.BlockSize])
	cipher.NewCBCEncrypter(block, out[:aes.BlockSize]).CryptBlocks(out[aes.BlockSize:], padded)
	return base64.StdEncoding.EncodeToString(out)
}

// FeishuHeaders are the lower-case headers of a Feishu event request at ts,
// signed with the Encrypt Key key as Feishu signs
// (hex(sha256(timestamp + nonce + key + body))), or unsigned when key is "".
// The signature is computed here, not by the code under test.
func FeishuHeaders(key string, ts time.Time, body []byte) map[string]string {
	h := map[string]string{"content-type": "application/json; charset=utf-8", "user-agent": "Go-http-client/1.1"}
	if key != "" {
		sec, nonce := fmt.Sprint(ts.Unix()), fmt.Sprintf("n%d", ts.UnixNano()%1000000)
		sum := sha256.Sum256([]byte(sec + nonce + key + string(body)))
		h["x-lark-request-timestamp"], h["x-lark-request-nonce"], h["x-lark-signature"] = sec, nonce, hex.EncodeToString(sum[:])
	}
	return h
}
