package serve

import (
	"os"
	"strings"
	"testing"

	"gpuadvisor/infra/dynamo/dynamotest"
)

// --store dynamo says what it needs; an unknown store is refused.
func TestServeStoreFlag(t *testing.T) {
	if _, err := tryServe(t, serveOptions{Store: "dynamo"}, map[string]string{"SLACK_SIGNING_SECRET": testSigningSecret, "SLACK_BOT_TOKEN": "xoxb-test"}); err == nil || !strings.Contains(err.Error(), "TABLE_NAME") {
		t.Errorf("--store dynamo without TABLE_NAME: %v, want an error naming TABLE_NAME", err)
	}
	if _, err := parseServeFlags([]string{"--store", "postgres"}, &strings.Builder{}); err == nil || !strings.Contains(err.Error(), "bolt or dynamo") {
		t.Errorf("--store postgres: %v, want bolt or dynamo named", err)
	}
}

// TestMain stops a dynalite the DynamoDB test started (scripts/test.sh
// starts one and sets DYNAMO_ENDPOINT; without it the test starts its own).
func TestMain(m *testing.M) { os.Exit(dynamotest.Main(m)) }
