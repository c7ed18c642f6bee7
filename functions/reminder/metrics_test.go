package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"gpuadvisor/infra/emf"
	"gpuadvisor/remind"
)

// Each run's counts become the RemindersSent and RemindersFailed metrics; a
// dry run sends nothing and counts nothing.
func TestRunCountsAreMetrics(t *testing.T) {
	var buf bytes.Buffer
	m := emf.New(&buf, "reminder")
	run := func(sum Summary, err error) {
		counted(func(context.Context, json.RawMessage) (Summary, error) { return sum, err }, m)(context.Background(), nil)
	}
	run(Summary{Checked: 3, Sent: 2, Failed: []remind.Failure{{Error: "not_in_channel"}}}, errors.New("1 of 3 due reminders were not sent"))
	run(Summary{DryRun: true, Checked: 3}, nil)
	run(Summary{}, errors.New("not a reminder event")) // refused: no run
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], `"RemindersSent":2`) || !strings.Contains(lines[0], `"RemindersFailed":1`) {
		t.Errorf("metric lines:\n%s\nwant one with RemindersSent 2 and RemindersFailed 1", buf.String())
	}
}
