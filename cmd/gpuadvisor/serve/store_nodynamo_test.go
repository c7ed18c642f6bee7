//go:build !dynamo

package serve

import (
	"strings"
	"testing"
)

// The default build has no DynamoDB store (the CLI stays free of the AWS
// SDK); --store dynamo says how to get one that has it.
func TestServeStoreDynamoNeedsTheTag(t *testing.T) {
	_, err := tryServe(t, serveOptions{Store: "dynamo"}, map[string]string{"SLACK_SIGNING_SECRET": testSigningSecret, "SLACK_BOT_TOKEN": "xoxb-test", "TABLE_NAME": "t"})
	if err == nil || !strings.Contains(err.Error(), "-tags dynamo") {
		t.Errorf("--store dynamo in the default build: %v, want how to build with -tags dynamo", err)
	}
}
