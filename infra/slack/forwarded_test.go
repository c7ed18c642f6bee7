package slack

import (
	"net/http"
	"strings"
	"testing"
)

// A vendor's answer forwarded into the channel (Slack's Forward / Share
// message: the words in an attachment marked is_share, the message's own
// text empty) is what "Check vendor answer" reads: before 2026-12-02 it read
// the empty text and checked nothing.
func TestCheckVendorAnswerOnAForwardedMessage(t *testing.T) {
	f, _ := realFixture(t)
	status, _ := interact(t, f, readFixture(t, "message_action_forwarded.json"))
	if status != http.StatusOK {
		t.Fatalf("status %d, want 200", status)
	}
	eph := posts(f, "chat.postEphemeral")
	if len(eph) != 1 || len(f.rec.calls("/api/views.open")) != 0 {
		t.Fatalf("got %d ephemeral answers and %d forms; want the check at once (the forwarded text names its vendor)", len(eph), len(f.rec.calls("/api/views.open")))
	}
	if e := eph[0]; !strings.Contains(e["text"], "FastCompute") || !strings.Contains(e["blocks"], "NVLink") {
		t.Errorf("answer %q / %.300s; want the check of FastCompute's answer (its NVLink claim)", e["text"], e["blocks"])
	}
}

// The same forwarded answer sent to the bot in a DM with "checklist check"
// typed over it is checked; a link preview of a message (is_msg_unfurl
// without is_share) is not read as a forward.
func TestDirectMessageWithAForwardedAnswer(t *testing.T) {
	for _, tt := range []struct {
		name  string
		edits map[string]any
		reads bool
	}{
		{"forwarded", nil, true},
		{"a link preview, not forwarded", map[string]any{"event.attachments": []any{map[string]any{"is_msg_unfurl": true,
			"text": "vendor=FastCompute no NVLink", "from_url": "https://fastcompute.slack.com/archives/C0VENDOR9/p1699990000000200"}}}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := realFixture(t)
			invoke(t, f.h, event(t, payload(t, "event_message_im_forwarded.json", tt.edits), testNow, false, nil))
			p := posts(f, "chat.postMessage")
			eph := posts(f, "chat.postEphemeral")
			all := append(p, eph...)
			if len(all) != 1 {
				t.Fatalf("%d posts, want one answer", len(all))
			}
			if got := strings.Contains(all[0]["blocks"], "NVLink"); got != tt.reads {
				t.Errorf("the answer reads the attachment's NVLink claim: %t, want %t (%.300s)", got, tt.reads, all[0]["blocks"])
			}
		})
	}
}
