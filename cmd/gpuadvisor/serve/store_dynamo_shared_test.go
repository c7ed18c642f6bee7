//go:build dynamo

package serve

import (
	"strings"
	"testing"
	"time"

	"gpuadvisor/infra/dynamo/dynamotest"
)

// Two serve hosts with --store dynamo on one table share the team's state:
// a price one host saves is listed by the other. Each keeps its drafts in
// progress in its own file.
func TestServeStoreDynamoIsShared(t *testing.T) {
	endpoint := dynamotest.Endpoint(t)
	table := dynamotest.NewTable(t, dynamotest.Client(t))
	env := map[string]string{
		"SLACK_SIGNING_SECRET": testSigningSecret, "SLACK_BOT_TOKEN": "xoxb-test",
		"TABLE_NAME": table, "DYNAMO_ENDPOINT": endpoint,
		"AWS_ACCESS_KEY_ID": "test", "AWS_SECRET_ACCESS_KEY": "test", "AWS_REGION": "us-east-1",
	}
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_REGION", "us-east-1")
	a := startServe(t, serveOptions{Store: "dynamo"}, env)
	b := startServe(t, serveOptions{Store: "dynamo"}, env)
	if a.db == b.db {
		t.Fatal("the two hosts share a local file; the test would prove nothing")
	}
	slash := func(r *running, text, trigger string) string {
		t.Helper()
		body := []byte(slackForm(text, trigger, "https://hooks.slack.com/commands/T0001/1/x").Encode())
		code, reply := post(t, r.url, "/slack/commands", "application/x-www-form-urlencoded", body, testSigningSecret, time.Now())
		if code != 200 {
			t.Fatalf("%q: HTTP %d %s", text, code, reply)
		}
		return string(reply)
	}
	set := "price set gpu=a100-80g ondemand=9 monthly=5000 vendor=SharedCloud"
	if out := slash(a, set, "1.1.trigger"); !strings.Contains(out, "SharedCloud") {
		t.Fatalf("price set on host A: %s", out)
	}
	if out := slash(b, "price list", "1.2.trigger"); !strings.Contains(out, "SharedCloud") {
		t.Errorf("host B does not list the price host A saved: %s", out)
	}
	// the same delivery reaching the other host is a duplicate: de-duplication is shared too
	slash(b, set, "1.1.trigger")
	if !strings.Contains(b.logs.String(), `"outcome":"duplicate"`) {
		t.Errorf("host B answered a delivery host A had answered:\n%s", b.logs.String())
	}
}
