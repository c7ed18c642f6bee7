package slack

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit/drafttest"
)

// slackCall is one message Slack was asked to show: how (the Web API
// method, or "response_url"), where, and its content.
type slackCall struct {
	how, channel, ts, threadTS, responseType string
	replaceOriginal                          bool
	content                                  string
}

// slackCalls lists the messages posted, updated or sent to a response_url,
// in order.
func slackCalls(rec *recorder) []slackCall {
	var out []slackCall
	for _, r := range rec.Requests() {
		switch {
		case r.Path == "/api/chat.postMessage" || r.Path == "/api/chat.update" || r.Path == "/api/chat.postEphemeral":
			f := r.Form
			out = append(out, slackCall{how: strings.TrimPrefix(r.Path, "/api/"), channel: f.Get("channel"), ts: f.Get("ts"),
				threadTS: f.Get("thread_ts"), content: f.Get("text") + f.Get("blocks")})
		case strings.HasPrefix(r.Path, "/hooks/"):
			b, _ := json.Marshal(r.JSON)
			rt, _ := r.JSON["response_type"].(string)
			ro, _ := r.JSON["replace_original"].(bool)
			out = append(out, slackCall{how: "response_url", responseType: rt, replaceOriginal: ro, content: string(b)})
		}
	}
	return out
}

// TestDraftReplacesItsAcknowledgement runs a draft from the press (or the
// mention) through the handler, then the job through the drafter with the
// real poster, against the fake Slack: exactly one message carries the
// draft, and it is the "working on it" updated in place where Slack allows
// it (a message of the bot's), else a new message (never lost).
func TestDraftReplacesItsAcknowledgement(t *testing.T) {
	press := func(value string) func(*testing.T, *recorder) []byte {
		return func(t *testing.T, rec *recorder) []byte {
			return pressBody(t, rec.hookURL(), chat.ActionDraftQuestions, value)
		}
	}
	const channel, thread = "C2147483705", "1700000300.000100"
	tests := []struct {
		name string
		body func(*testing.T, *recorder) []byte
		// failPost: chat.postMessage answers this error once; failUpdate:
		// chat.update answers message_not_found once.
		failPost   string
		failUpdate bool
		// want lists how each message went out: the acknowledgement first.
		want []slackCall
		// draftAt is the index in want of the one message with the draft.
		draftAt int
	}{
		{
			name: "a button in a channel: the acknowledgement is a message, updated",
			body: press("vendor=AcmeGPU"),
			want: []slackCall{{how: "chat.postMessage", channel: channel}, {how: "chat.update", channel: channel, ts: "ACK"}}, draftAt: 1,
		},
		{
			name: "the acknowledgement was deleted: the draft comes as a new message",
			body: press("vendor=AcmeGPU"), failUpdate: true,
			want: []slackCall{{how: "chat.postMessage", channel: channel}, {how: "response_url", responseType: InChannel}}, draftAt: 1,
		},
		{
			name: "a private button stays ephemeral (an ephemeral message cannot be updated)",
			body: press("vendor=AcmeGPU --private"),
			want: []slackCall{{how: "response_url", responseType: Ephemeral}, {how: "response_url", responseType: Ephemeral}}, draftAt: 1,
		},
		{
			name: "a channel the bot may not post in: acknowledged on the response_url",
			body: press("vendor=AcmeGPU"), failPost: "not_in_channel",
			want: []slackCall{{how: "response_url", responseType: Ephemeral}, {how: "response_url", responseType: InChannel}}, draftAt: 1,
		},
		{
			name: "a mention in a channel: the acknowledgement in the thread, updated",
			body: func(t *testing.T, _ *recorder) []byte {
				return mentionBody(t, "<@U0BOT1234> draft questions", "Ev0DRAFT")
			},
			want: []slackCall{{how: "chat.postMessage", channel: channel, threadTS: thread}, {how: "chat.update", channel: channel, ts: "ACK"}}, draftAt: 1,
		},
		{
			name: "a private mention: ephemeral acknowledgement, the draft in the DM",
			body: func(t *testing.T, _ *recorder) []byte {
				return mentionBody(t, "<@U0BOT1234> draft questions --private", "Ev0DRAFT")
			},
			want: []slackCall{{how: "chat.postEphemeral", channel: channel, threadTS: thread}, {how: "chat.postMessage", channel: "U2147483697"}}, draftAt: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, drafttest.Router())
			if tc.failPost != "" {
				f.rec.FailPosts.Store(1)
				f.rec.FailError = tc.failPost
			}
			if tc.failUpdate {
				f.rec.FailUpdates.Store(1)
			}
			start := time.Now()
			if res := invoke(t, f.h, event(t, tc.body(t, f.rec), testNow, false, nil)); res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("acknowledged after %v; Slack waits 3 s", d)
			}
			if len(f.disp.jobs) != 1 {
				t.Fatalf("%d jobs dispatched, want 1", len(f.disp.jobs))
			}
			drafttest.Run(t, drafttest.Router(), f.h.poster, f.disp.jobs[0])
			got := slackCalls(f.rec)
			switch { // a refused call is a request too, not a message
			case tc.failPost != "":
				got = got[1:]
			case tc.failUpdate:
				got = append(got[:1], got[2:]...)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%d messages, want %d: %+v", len(got), len(tc.want), got)
			}
			ackTS := ""
			if got[0].how == "chat.postMessage" {
				ackTS = f.disp.jobs[0].Target.Replace // what the handler told the drafter to update
			}
			for i, w := range tc.want {
				g := got[i]
				if w.ts == "ACK" {
					w.ts = ackTS
					if ackTS == "" {
						t.Errorf("the job does not name the acknowledgement to update: %+v", f.disp.jobs[0].Target)
					}
				}
				if g.how != w.how || g.channel != w.channel || g.ts != w.ts || g.threadTS != w.threadTS || g.responseType != w.responseType || g.replaceOriginal {
					t.Errorf("message %d: %+v; want %+v (never replace_original: that is the message the button is on)", i, g, w)
				}
				if hasDraft := strings.Contains(g.content, drafttest.Mark); hasDraft != (i == tc.draftAt) {
					t.Errorf("message %d (%s) carries the draft: %t, want %t: %.300s", i, g.how, hasDraft, i == tc.draftAt, g.content)
				}
			}
			if _, _, other := f.rec.Sent(); len(other) > 0 {
				t.Errorf("unexpected requests: %v", other)
			}
		})
	}
}
