package serve

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"
)

// serve's log, at debug level, through answered, refused and failed requests
// on both platforms, holds no secret, no token, no message text and no
// response_url.
func TestServeLogsHoldNoSecretsOrBodies(t *testing.T) {
	const marker = "zqxjMARKER"
	fs := testkit.NewSlack(t)
	ff := testkit.NewFeishu(t)
	env := slackEnv(fs)
	for k, v := range feishuEnv(ff) {
		env[k] = v
	}
	r := startServe(t, serveOptions{}, env)

	// Slack: answered, refused (unsigned) and a button whose response_url is dead.
	form := slackForm("billing ondemand=35 monthly=15000 hours=300 vendor="+marker, "t-logs-1", fs.HookURL("T1/B1/x")).Encode()
	if status, _ := post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded", []byte(form), testSigningSecret, time.Now()); status != 200 {
		t.Fatalf("signed slash command: HTTP %d", status)
	}
	if status, _ := post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded", []byte(form), "", time.Now()); status != 401 {
		t.Fatalf("unsigned slash command: HTTP %d", status)
	}
	deadHook := "http://127.0.0.1:1/actions/T1/B1/" + marker + "hook"
	press := `{"type":"block_actions","team":{"id":"T0001"},"user":{"id":"U1"},"channel":{"id":"C1"},"trigger_id":"t-logs-2",` +
		`"response_url":"` + deadHook + `","actions":[{"type":"button","block_id":"gpuadvisor_actions","action_id":"run","value":"help ` + marker + `"}]}`
	body := []byte(url.Values{"payload": {press}}.Encode())
	if status, _ := post(t, r.url, "/slack/interactions", "application/x-www-form-urlencoded", body, testSigningSecret, time.Now()); status != 200 {
		t.Fatalf("button press: HTTP %d", status)
	}

	// Feishu: answered, and refused (wrong signature).
	event := testkit.FeishuEncrypt(testFeishuKey, feishuTextEvent(ff.AppID, "ev-logs-1", testFeishuToken, "billing ondemand=35 monthly=15000 hours=300 vendor="+marker))
	sendFeishu := func(sigKey string) int { return postFeishu(t, r.url, event, sigKey) }
	if got := sendFeishu(testFeishuKey); got != 200 {
		t.Fatalf("signed Feishu event: HTTP %d", got)
	}
	if got := sendFeishu("not-the-key"); got != 401 {
		t.Fatalf("wrongly signed Feishu event: HTTP %d", got)
	}
	waitFor(t, 5*time.Second, "the Feishu reply", func() bool { return len(ff.Messages()) > 0 })

	logs := r.logs.String()
	if !strings.Contains(logs, `"outcome":"post_failed"`) || !strings.Contains(logs, `"outcome":"rejected"`) {
		t.Fatalf("the log lacks the failed post or the refused Feishu event:\n%s", logs)
	}
	for what, secret := range map[string]string{
		"signing secret": testSigningSecret, "bot token": "xoxb-test-token", "Feishu encrypt key": testFeishuKey,
		"Feishu verification token": testFeishuToken, "Feishu app secret": ff.AppSecret, "message text": marker,
		"response_url": fs.HookURL("T1/B1/x"), "Feishu ciphertext": string(event[12:40]),
	} {
		if strings.Contains(logs, secret) {
			t.Errorf("the log contains the %s (%q)", what, secret)
		}
	}
}
