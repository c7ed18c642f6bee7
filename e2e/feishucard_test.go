package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"
)

// cardAction is infra/feishu's card.action.trigger fixture (schema 2.0, the
// shape of Feishu's "卡片回传交互" callback: operator, token, action.value,
// context.open_message_id) for this test's app, token and button.
func cardAction(t *testing.T, appID, eventID, action, value string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(), "infra", "feishu", "testdata", "card_action_trigger.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	h := m["header"].(map[string]any)
	h["app_id"], h["token"], h["event_id"], h["create_time"] = appID, feishuToken, eventID, fmt.Sprint(time.Now().UnixMilli())
	a := m["event"].(map[string]any)["action"].(map[string]any)
	a["value"] = map[string]any{"action": action, "value": value, "lang": "zh"}
	out, _ := json.Marshal(m)
	return out
}

// TestFeishuCardAction: a button press through the built feishu function is
// answered within Feishu's 3 s with a toast, the answer replied under the
// card; the same callback delivered again posts nothing more; a forged
// token is refused.
func TestFeishuCardAction(t *testing.T) {
	api := newFakeFeishu(t)
	f := start(t, "feishu", map[string]string{
		"FEISHU_APP_ID": api.AppID, "FEISHU_APP_SECRET": api.AppSecret, "FEISHU_VERIFICATION_TOKEN": feishuToken,
		"FEISHU_ENCRYPT_KEY": feishuEncryptKey, "FEISHU_BASE_URL": api.URL,
	})
	defer logColdStarts(t)
	press := func(plain []byte) (int, string, time.Duration) {
		t.Helper()
		body := testkit.FeishuEncrypt(feishuEncryptKey, plain)
		start := time.Now()
		r := httpReply(t, f.invoke(t, httpEvent("/feishu/events", feishuHeaders(feishuEncryptKey, time.Now(), body), body)))
		return r.StatusCode, r.Body, time.Since(start)
	}
	ev := cardAction(t, api.AppID, fmt.Sprintf("card-e2e-%d", time.Now().UnixNano()), "run", "计费 按需=35 包月=15000 时长=300")
	status, body, took := press(ev)
	if status != 200 || !strings.Contains(body, `"toast"`) || !strings.Contains(body, `"success"`) {
		t.Fatalf("press: HTTP %d %s, want 200 and a success toast", status, body)
	}
	if took > 2500*time.Millisecond {
		t.Errorf("press answered in %s, want well within Feishu's 3 s", took)
	}
	sent := api.Messages()
	if len(sent) != 1 || !strings.HasSuffix(sent[0].Path, "/om_sent001x5d361153b7cb51da133945/reply") || !strings.Contains(sent[0].Body.Content, "10,500") {
		t.Fatalf("sent %+v; want the billing answer replied under the pressed card", sent)
	}
	if status, body, _ := press(ev); status != 200 || len(api.Messages()) != 1 {
		t.Errorf("the same callback again: HTTP %d %s and %d messages, want 200 and still 1", status, body, len(api.Messages()))
	}
	forged := []byte(strings.Replace(string(cardAction(t, api.AppID, "card-e2e-forged", "run", "help")), feishuToken, "forged-token", 1))
	if status, _, _ := press(forged); status != 401 || len(api.Messages()) != 1 {
		t.Errorf("forged token: HTTP %d and %d messages, want 401 and still 1", status, len(api.Messages()))
	}
}
