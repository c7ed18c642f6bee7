package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
)

// TestReminder: a renewal stored in the table (as the slack function stores
// it) whose 7-days-before reminder is due today in Asia/Shanghai; the
// reminder function runs twice (the schedule fired twice, once as an
// EventBridge Scheduler Input, once as a classic scheduled event) and the
// channel gets exactly one message.
func TestReminder(t *testing.T) {
	fs := newFakeSlack(t)
	client := dynamotest.Client(t)
	table := dynamotest.NewTable(t, client)
	loc := rules.Shanghai()
	today := rules.DateOf(time.Now(), loc)
	r := rules.Renewal{
		ID: "r1", Tenant: "slack:T1", Platform: "slack", Channel: "C1", Lang: "en",
		Vendor: "酷算云", GPU: "A100-80G", Cards: 8, Mode: rules.Monthly, Price: 15000,
		// The notice deadline is 7 days away, and reminders are due 7 and 1
		// days before it: the first one is due today.
		Renews: today.AddDays(37), NoticeDays: 30, Offsets: []int{7, 1},
	}
	r.NextCheck = r.FirstCheck(today)
	if r.NextCheck != today {
		t.Fatalf("the renewal is indexed for %v, want today %v", r.NextCheck, today)
	}
	if err := dynamo.New(client, table, dynamo.Options{}).CreateRenewal(context.Background(), r); err != nil {
		t.Fatalf("store the renewal: %v", err)
	}
	f := start(t, "reminder", map[string]string{
		"TABLE_NAME": table, "DYNAMO_ENDPOINT": dynamotest.Endpoint(t), "REMINDER_TZ": "Asia/Shanghai",
		"SLACK_BOT_TOKEN": fs.BotToken, "SLACK_API_URL": fs.APIURL(),
	})
	defer logColdStarts(t)
	scheduled := []byte(`{"version":"0","id":"53dc4d37-cffa-4f76-80c9-8b7d4a4d2eaa","detail-type":"Scheduled Event","source":"aws.events",` +
		`"account":"123456789012","time":"` + time.Now().UTC().Format(time.RFC3339) + `","region":"ap-southeast-1",` +
		`"resources":["arn:aws:events:ap-southeast-1:123456789012:rule/gpuadvisor-daily"],"detail":{}}`)
	for i, ev := range [][]byte{[]byte(`{"task":"remind"}`), scheduled} {
		out := f.invoke(t, ev)
		if !strings.Contains(string(out), `"today":"`+today.String()+`"`) {
			t.Errorf("run %d: summary %s, want today %s", i+1, out, today)
		}
	}
	posts, hooks, other := fs.Sent()
	if len(hooks)+len(other) > 0 {
		t.Errorf("unexpected Slack calls: %d response_url messages, other %v", len(hooks), other)
	}
	if len(posts) != 1 {
		t.Fatalf("two runs made %d chat.postMessage calls, want exactly 1", len(posts))
	}
	p := posts[0]
	if p.Get("channel") != "C1" {
		t.Errorf("posted to %q, want C1", p.Get("channel"))
	}
	if miss, ok := containsAll(p.Get("text")+p.Get("blocks"), "酷算云", "15,000", rules.DateOf(time.Now(), loc).AddDays(7).String()); !ok {
		t.Errorf("the reminder lacks %q: text %.300q blocks %.600s", miss, p.Get("text"), p.Get("blocks"))
	}
}
