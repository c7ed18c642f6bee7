package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
)

func TestMain(m *testing.M) { os.Exit(dynamotest.Main(m)) }

// fakeAPIs stands in for Slack's Web API and Feishu's Open API and records
// what the function sent them.
type fakeAPIs struct {
	mu     sync.Mutex
	slack  []url.Values
	feishu []map[string]any
}

func (f *fakeAPIs) server(t *testing.T) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		f.mu.Lock()
		defer f.mu.Unlock()
		switch {
		case r.URL.Path == "/slack/api/chat.postMessage":
			form, _ := url.ParseQuery(string(body))
			f.slack = append(f.slack, form)
			io.WriteString(w, `{"ok":true,"channel":"`+form.Get("channel")+`","ts":"1767229200.000100"}`)
		case r.URL.Path == "/open-apis/auth/v3/tenant_access_token/internal":
			io.WriteString(w, `{"code":0,"msg":"ok","tenant_access_token":"t-test","expire":7200}`)
		case r.URL.Path == "/open-apis/im/v1/messages" && r.URL.Query().Get("receive_id_type") == "chat_id":
			var m map[string]any
			json.Unmarshal(body, &m)
			f.feishu = append(f.feishu, m)
			io.WriteString(w, `{"code":0,"msg":"success","data":{"message_id":"om_1","chat_id":"`+m["receive_id"].(string)+`"}}`)
		default:
			t.Errorf("unexpected call %s %s", r.Method, r.URL)
			http.NotFound(w, r)
		}
	}))
}

// TestEndToEnd wires the function from its environment, as in Lambda:
// DynamoDB (dynalite), Slack and Feishu (fakes speaking their wire formats).
func TestEndToEnd(t *testing.T) {
	apis := &fakeAPIs{}
	srv := apis.server(t)
	defer srv.Close()
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
		"SLACK_BOT_TOKEN": "xoxb-test", "SLACK_API_URL": srv.URL + "/slack/api/",
		"FEISHU_APP_ID": "cli_test", "FEISHU_APP_SECRET": "secret", "FEISHU_BASE_URL": srv.URL,
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
	apis.mu.Lock()
	defer apis.mu.Unlock()
	if len(apis.slack) != 1 || apis.slack[0].Get("channel") != "C0123" || !strings.Contains(apis.slack[0].Get("blocks"), "酷算云") {
		t.Errorf("Slack chat.postMessage calls: %v", apis.slack)
	}
	if len(apis.feishu) != 1 {
		t.Fatalf("Feishu message creates: %d, want 1", len(apis.feishu))
	}
	m := apis.feishu[0]
	uuid, _ := m["uuid"].(string)
	if m["receive_id"] != "oc_84983ff6516d731e5b5f68d4ea2e1da5" || m["msg_type"] != "interactive" || uuid == "" || len(uuid) > 50 {
		t.Errorf("Feishu create: receive_id %v msg_type %v uuid %q; want the chat, a card and a uuid of at most 50 chars", m["receive_id"], m["msg_type"], uuid)
	}
	if !strings.Contains(m["content"].(string), "续约提醒") {
		t.Errorf("Feishu card is not the Chinese reminder: %.200s", m["content"])
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
