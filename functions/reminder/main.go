// Command reminder is the scheduled reminder Lambda: once a day (EventBridge,
// Asia/Shanghai) it sends every renewal reminder that is due, exactly once,
// to the channel it belongs to (Slack chat.postMessage, Feishu message create
// with a uuid idempotency key).
//
// It accepts a classic EventBridge rule's "Scheduled Event" and an
// EventBridge Scheduler (ScheduleV2) Input of {"task":"remind"}; the Input may
// also carry "now" (a day or RFC 3339 time) and "dry_run" for a manual test.
// When a reminder fails it returns an error after the others are sent, so the
// invocation is retried; reminders already sent are not sent again.
//
// Environment:
//
//	TABLE_NAME          required; the DynamoDB table (infra/dynamo/doc.go)
//	SLACK_BOT_TOKEN     Slack reminders (chat.postMessage); SLACK_API_URL for a fake API
//	FEISHU_APP_ID, FEISHU_APP_SECRET
//	                    Feishu reminders; FEISHU_BASE_URL for Lark or a fake API
//	                    (at least one platform must be configured)
//	GPUADVISOR_SECRETS  optional; fills secrets at cold start (infra/secrets)
//	REMINDER_TZ         optional; the zone of "today" (default Asia/Shanghai;
//	                    REMINDER_TIMEZONE is read too)
//	DYNAMO_ENDPOINT     optional; a DynamoDB-compatible server (tests)
//	LOG_LEVEL           debug, info (default), warn, error
//
// Build: GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -ldflags="-s -w" -o bootstrap ./functions/reminder
package main

import (
	"context"
	"encoding/json"
	"os"

	"gpuadvisor/infra/emf"
	"gpuadvisor/internal/wire/function"
)

func main() {
	m := emf.New(os.Stdout, "reminder")
	function.Main("reminder", function.Entry(setup, func(h *handler) any { return counted(h.Handle, m) }))
}

// counted reports each run's reminders sent and failed as metrics.
func counted(handle func(context.Context, json.RawMessage) (Summary, error), m *emf.Emitter) func(context.Context, json.RawMessage) (Summary, error) {
	return func(ctx context.Context, payload json.RawMessage) (Summary, error) {
		sum, err := handle(ctx, payload)
		if !sum.DryRun && (sum.Checked > 0 || sum.Sent > 0 || len(sum.Failed) > 0 || err == nil) {
			m.Reminders(sum.Sent, len(sum.Failed))
		}
		return sum, err
	}
}
