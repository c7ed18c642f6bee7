package feishu

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"gpuadvisor/chat"
)

// uuidSeq gives each fake API its own app id, so the SDK's token cache
// (keyed by app id) never mixes two servers.
var uuidSeq atomic.Int64

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	json.NewEncoder(w).Encode(v)
}

// uuidAPI is a Feishu Open API on loopback that keeps one message per send
// uuid (as Feishu does within an hour) and answers is_in_chat.
type uuidAPI struct {
	*httptest.Server
	appID string

	mu    sync.Mutex
	byKey map[string]string // uuid → receive_id_type:receive_id
	sends int
}

func newUUIDAPI(t *testing.T) *uuidAPI {
	f := &uuidAPI{appID: fmt.Sprintf("cli_uuid%04d", uuidSeq.Add(1)), byKey: map[string]string{}}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		body, _ := io.ReadAll(r.Body)
		switch {
		case strings.HasSuffix(r.URL.Path, "/tenant_access_token/internal"):
			writeJSON(w, map[string]any{"code": 0, "msg": "ok", "tenant_access_token": "t-x", "expire": 7200})
		case strings.HasSuffix(r.URL.Path, "/members/is_in_chat"):
			switch chat := strings.Split(r.URL.Path, "/")[5]; chat {
			case "oc_in":
				writeJSON(w, map[string]any{"code": 0, "msg": "ok", "data": map[string]any{"is_in_chat": true}})
			case "oc_out":
				writeJSON(w, map[string]any{"code": 0, "msg": "ok", "data": map[string]any{"is_in_chat": false}})
			default: // the bot cannot even look: it is not in the chat
				writeJSON(w, map[string]any{"code": 232011, "msg": "operator is not in the chat"})
			}
		case r.URL.Path == "/open-apis/im/v1/messages":
			var b struct {
				ReceiveID string `json:"receive_id"`
				UUID      string `json:"uuid"`
			}
			json.Unmarshal(body, &b)
			f.sends++
			if b.ReceiveID == "oc_gone" {
				writeJSON(w, map[string]any{"code": 230002, "msg": "Bot is not in the chat"})
				return
			}
			if _, dup := f.byKey[b.UUID]; !dup || b.UUID == "" {
				f.byKey[b.UUID] = r.URL.Query().Get("receive_id_type") + ":" + b.ReceiveID
			}
			writeJSON(w, map[string]any{"code": 0, "msg": "success", "data": map[string]any{"message_id": "om_" + b.UUID}})
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	t.Cleanup(f.Close)
	return f
}

func TestReminderSendsAreSingleByUUID(t *testing.T) {
	api := newUUIDAPI(t)
	c := NewClient(Config{AppID: api.appID, AppSecret: "s", BaseURL: api.URL}, slog.New(slog.DiscardHandler), nil)
	ctx := context.Background()
	rep := chat.Reply{Lang: chat.ZH, Title: "续约提醒"}
	const key = "remind-0123456789abcdef01234567" // store.ReminderKey.IdempotencyKey's shape
	for range 3 {                                 // a run, a crash, two reruns
		if err := c.PostReminder(ctx, "oc_in", key, rep); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.PostDirect(ctx, "ou_author", key+"-dm-2027-01-01", rep); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{key: "chat_id:oc_in", key + "-dm-2027-01-01": "open_id:ou_author"}
	if fmt.Sprint(api.byKey) != fmt.Sprint(want) || api.sends != 4 {
		t.Errorf("messages by uuid %v after %d sends; want %v: one message per uuid", api.byKey, api.sends, want)
	}
	err := c.PostReminder(ctx, "oc_gone", key, rep)
	var cp interface{ CannotPost() bool }
	if !errors.As(err, &cp) || !cp.CannotPost() {
		t.Errorf("a chat without the bot: %v, want an error that says it cannot post there", err)
	}
	for chat, want := range map[string]bool{"oc_in": true, "oc_out": false, "oc_private": false} {
		if got, err := c.CanPost(ctx, chat); err != nil || got != want {
			t.Errorf("CanPost(%s) = %v, %v; want %v", chat, got, err, want)
		}
	}
}
