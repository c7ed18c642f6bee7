package socket

import (
	"log/slog"
	"strings"
	"testing"
)

func TestAnsweredInAck(t *testing.T) {
	tests := []struct {
		name    string
		payload string
		want    bool
	}{
		{"a form's submission: its field errors ride in the ack", `{"type":"view_submission"}`, true},
		{"an external select's options ride in the ack", `{"type":"block_suggestion"}`, true},
		{"a button press is answered at the response_url", `{"type":"block_actions"}`, false},
		{"a shortcut opens its form by trigger", `{"type":"message_action"}`, false},
		{"not JSON", `type=view_submission`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := answeredInAck([]byte(tc.payload)); got != tc.want {
				t.Errorf("answeredInAck(%s) = %t, want %t", tc.payload, got, tc.want)
			}
		})
	}
}

// A request that panics ends alone, logged: the goroutines of the others
// run, and serve is not brought down.
func TestSpawnedPanicEndsThatRequestOnly(t *testing.T) {
	var logs strings.Builder
	k := &socket{log: slog.New(slog.NewTextHandler(&logs, nil))}
	ran := false
	k.spawn(func() { panic("a bug in the request's handling") })
	k.spawn(func() { ran = true })
	k.wg.Wait()
	if !ran || !strings.Contains(logs.String(), "a request panicked") {
		t.Errorf("the other request ran: %t; log %q; want it run and the panic logged", ran, logs.String())
	}
}
