package main

import (
	"context"
	"os"
	"strings"
	"testing"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/internal/testkit"
)

func TestMain(m *testing.M) { os.Exit(dynamotest.Main(m)) }

// TestEndToEnd wires the function from its environment, as in Lambda:
// DynamoDB (dynalite), Slack and Feishu (fakes speaking their wire formats).
func TestEndToEnd(t *testing.T) {
	slack, feishu := testkit.NewSlack(t), testkit.NewFeishu(t)
	client := dynamotest.Client(t)
	table := dynamotest.NewTable(t, client)
	st := dynamo.New(client, table, dynamo.Options{})
	renews, _ := rules.ParseDate("2027-03-01")
	created, _ := rules.ParseDate("2026-12-01")
	for _, r := range []rules.Renewal{
		{ID: "r1", Tenant: "slack:T1", Platform: "slack", Channel: "C0123", Lang: "en"},
		{ID: "r2", Tenant: "feishu:tk9", Platform: "feishu", Channel: "oc_84983ff6516d731e5b5f68d4ea2e1da5", Lang: "zh"},
	} {
		r.Vendor, r.GPU, r.Cards, r.Mode, r.Price, r.Renews, r.NoticeDays = "酷算云", "A100-80G", 8, rules.Monthly, 15000, renews, 30
		r.NextCheck = r.FirstCheck(created)
		if err := st.CreateRenewal(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{
		"TABLE_NAME": table, "DYNAMO_ENDPOINT": dynamotest.Endpoint(t),
		"SLACK_BOT_TOKEN": "xoxb-test", "SLACK_API_URL": slack.APIURL(),
		"FEISHU_APP_ID": feishu.AppID, "FEISHU_APP_SECRET": feishu.AppSecret, "FEISHU_BASE_URL": feishu.URL,
	}
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_REGION", "ap-southeast-1")
	t.Setenv("GPUADVISOR_SECRETS", "")
	h, err := setup(context.Background(), func(k string) string { return env[k] }, quiet)
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	payload := []byte(`{"task":"remind","now":"2027-01-16"}`)
	for range 2 { // the schedule fires twice
		if _, err := h.Handle(context.Background(), payload); err != nil {
			t.Fatalf("invoke: %v", err)
		}
	}
	posts, hooks, other := slack.Sent()
	if len(posts) != 1 || posts[0].Get("channel") != "C0123" || !strings.Contains(posts[0].Get("blocks"), "酷算云") || len(hooks)+len(other) > 0 {
		t.Errorf("Slack chat.postMessage calls: %v (response_url %d, other %v)", posts, len(hooks), other)
	}
	sent := feishu.Messages()
	if len(sent) != 1 || len(feishu.Other()) > 0 {
		t.Fatalf("Feishu message creates: %d, want 1 (other calls: %v)", len(sent), feishu.Other())
	}
	m := sent[0]
	if m.Path != "/open-apis/im/v1/messages" || m.ReceiveIDType != "chat_id" || m.Body.ReceiveID != "oc_84983ff6516d731e5b5f68d4ea2e1da5" || m.Body.MsgType != "interactive" || m.Body.UUID == "" || len(m.Body.UUID) > 50 {
		t.Errorf("Feishu create %s?receive_id_type=%s: receive_id %v msg_type %v uuid %q; want the chat, a card and a uuid of at most 50 chars", m.Path, m.ReceiveIDType, m.Body.ReceiveID, m.Body.MsgType, m.Body.UUID)
	}
	if !strings.Contains(m.Body.Content, "续约提醒") {
		t.Errorf("Feishu card is not the Chinese reminder: %.200s", m.Body.Content)
	}
}

func TestSetupNamesWhatIsMissing(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"SLACK_BOT_TOKEN": "x"}, "TABLE_NAME"},
		{map[string]string{"TABLE_NAME": "t"}, "SLACK_BOT_TOKEN"},
		{map[string]string{"TABLE_NAME": "t", "SLACK_BOT_TOKEN": "x", "REMINDER_TZ": "Mars/Base"}, "REMINDER_TZ"},
	} {
		t.Setenv("GPUADVISOR_SECRETS", "")
		_, err := setup(context.Background(), func(k string) string { return tc.env[k] }, quiet)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("env %v: got %v, want an error naming %s", tc.env, err, tc.want)
		}
	}
}
