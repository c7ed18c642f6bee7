package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/infra/dynamo/dynamotest"
)

// mentionEvent is infra/slack's app_mention fixture (the Events API's
// published shape: rich_text blocks, a thread, authorizations) under
// eventID.
func mentionEvent(t *testing.T, eventID string, edits ...func(ev map[string]any)) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot(), "infra", "slack", "testdata", "event_app_mention_thread_blocks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	m["event_id"] = eventID
	for _, e := range edits {
		e(m["event"].(map[string]any))
	}
	out, _ := json.Marshal(m)
	return out
}

// TestSlackMentionRetries: the built slack function answers an app_mention
// in its thread once, whatever Slack retries: a retry after an
// http_timeout to the same instance, and a later one to another instance
// sharing the DynamoDB table, are acknowledged 200 and post nothing; a
// url_verification is answered with its challenge; another app's message
// is not answered.
func TestSlackMentionRetries(t *testing.T) {
	fs := newFakeSlack(t)
	client := dynamotest.Client(t)
	env := slackEnv(fs)
	env["TABLE_NAME"], env["DYNAMO_ENDPOINT"] = dynamotest.NewTable(t, client), dynamotest.Endpoint(t)
	f := start(t, "slack", env)
	defer logColdStarts(t)
	send := func(f *fn, body []byte, retry string) (int, string) {
		t.Helper()
		var ev map[string]any
		json.Unmarshal(slackRequest("/slack/events", "application/json", body, slackSecret, time.Now()), &ev)
		if retry != "" {
			h := ev["headers"].(map[string]any)
			h["x-slack-retry-num"], h["x-slack-retry-reason"] = retry, "http_timeout"
		}
		b, _ := json.Marshal(ev)
		r := httpReply(t, f.invoke(t, b))
		return r.StatusCode, r.Body
	}
	body := mentionEvent(t, fmt.Sprintf("Ev0E2E%d", time.Now().UnixNano()))

	if status, out := send(f, body, ""); status != 200 {
		t.Fatalf("first delivery: HTTP %d %s, want 200", status, out)
	}
	posts, _, _ := fs.Sent()
	if len(posts) != 1 || posts[0].Get("thread_ts") != "1515449000.000100" || !strings.Contains(posts[0].Get("blocks"), "15,000") {
		t.Fatalf("posts %v; want one billing answer in thread 1515449000.000100", posts)
	}
	if status, out := send(f, body, "1"); status != 200 {
		t.Errorf("retry 1 (http_timeout), same instance: HTTP %d %s, want 200", status, out)
	}
	other := start(t, "slack", env)
	if status, out := send(other, body, "2"); status != 200 {
		t.Errorf("retry 2, another instance: HTTP %d %s, want 200", status, out)
	}
	if posts, _, _ := fs.Sent(); len(posts) != 1 {
		t.Errorf("%d posts after three deliveries of one event, want 1", len(posts))
	}

	challenge := []byte(`{"token":"Jhj5dZrVaK7ZwHHjRyZWjbDl","challenge":"3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P","type":"url_verification"}`)
	if status, out := send(f, challenge, ""); status != 200 || out != "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" {
		t.Errorf("url_verification: HTTP %d %q, want 200 and the challenge", status, out)
	}
	bot := mentionEvent(t, "Ev0E2EBOT", func(ev map[string]any) { ev["bot_id"] = "B999" })
	if status, _ := send(f, bot, ""); status != 200 {
		t.Errorf("another app's mention: HTTP %d, want 200", status)
	}
	if posts, _, _ := fs.Sent(); len(posts) != 1 {
		t.Errorf("another app's mention was answered: %d posts", len(posts))
	}
}
