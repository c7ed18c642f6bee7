package slack

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// pressBody is the Chinese button-press fixture with its response_url pointed
// at the fake Slack and its action replaced when action is not "".
func pressBody(t *testing.T, hook, action, value string) []byte {
	t.Helper()
	var p map[string]any
	if err := json.Unmarshal(readFixture(t, "interaction_zh.json"), &p); err != nil {
		t.Fatal(err)
	}
	p["response_url"] = hook
	act := p["actions"].([]any)[0].(map[string]any)
	if action != "" {
		act["action_id"] = action
	}
	if value != "" {
		act["value"] = value
	}
	b, _ := json.Marshal(p)
	return interactionBody(t, b)
}

func TestButtonPressDefersTheDraft(t *testing.T) {
	f := newFixture(t, nil)
	res := invoke(t, f.h, event(t, pressBody(t, f.rec.hookURL(), "", ""), testNow, true, nil))
	if res.StatusCode != 200 || res.Body != "" {
		t.Fatalf("button press answered %d %q; want 200 with no body (Slack ignores it)", res.StatusCode, res.Body)
	}
	if len(f.disp.jobs) != 1 {
		t.Fatalf("dispatched %d jobs, want 1", len(f.disp.jobs))
	}
	job := f.disp.jobs[0]
	if job.ID != "4711.738474920.aabbccddeeff" || job.Target.ResponseURL != f.rec.hookURL() || job.Target.Channel != "C2147483705" {
		t.Errorf("job id/target = %q %+v", job.ID, job.Target)
	}
	if want := "draft questions 计费 按需=35 包月=15000 时长=300"; job.Request.Text != want || job.Request.Tenant != "slack:T0001" || job.Request.User != "U2147483697" || !job.Request.Sync {
		t.Errorf("job request = %+v, want text %q for tenant slack:T0001, user U2147483697, sync", job.Request, want)
	}
	// the acknowledgement is a message in the channel, so that the draft
	// can replace it (chat.update); the response_url is left alone
	posts := f.rec.calls("/api/chat.postMessage")
	if len(posts) != 1 || len(f.rec.calls("/hook")) != 0 {
		t.Fatalf("chat.postMessage calls = %d, response_url posts = %d; want 1 (the acknowledgement) and 0", len(posts), len(f.rec.calls("/hook")))
	}
	if ack := posts[0].Form; ack.Get("channel") != "C2147483705" || !strings.Contains(ack.Get("text"), "正在处理") {
		t.Errorf("acknowledgement = %v", ack)
	}
	if !strings.HasSuffix(job.Target.Replace, ".000100") { // the fake's first ts
		t.Errorf("job target replaces %q, want the acknowledgement's ts", job.Target.Replace)
	}
}

func TestButtonAcknowledgesBeforeDispatching(t *testing.T) {
	f := newFixture(t, nil)
	posted := -1
	f.disp.before = func() { posted = len(f.rec.calls("/api/chat.postMessage")) }
	invoke(t, f.h, event(t, pressBody(t, f.rec.hookURL(), "", ""), testNow, true, nil))
	if posted != 1 {
		t.Fatalf("when the job was dispatched, %d acknowledgements had been posted; want 1, so that a fast draft cannot arrive before \"Working on it\"", posted)
	}
	// A failed hand-off turns the acknowledgement into the failure: in
	// place where it is a message, else after it on the response_url.
	for _, postErr := range []string{"", "not_in_channel"} {
		f = newFixture(t, nil)
		if postErr != "" {
			f.rec.FailPosts.Store(1)
			f.rec.FailError = postErr
		}
		f.disp.err = errors.New("lambda down")
		invoke(t, f.h, event(t, pressBody(t, f.rec.hookURL(), "", ""), testNow, true, nil))
		got := slackCalls(f.rec)
		if postErr != "" {
			got = got[1:] // the refused chat.postMessage
		}
		want := []string{"chat.postMessage", "chat.update"}
		if postErr != "" {
			want = []string{"response_url", "response_url"}
		}
		if len(got) != 2 || got[0].how != want[0] || got[1].how != want[1] ||
			!strings.Contains(got[0].content, "正在处理") || !strings.Contains(got[1].content, "暂时无法开始处理") {
			t.Fatalf("chat.postMessage %q: messages after a failed dispatch %+v; want the acknowledgement (%s), then the failure (%s)", postErr, got, want[0], want[1])
		}
		if up := f.rec.calls("/api/chat.update"); postErr == "" && up[0].Form.Get("ts") != f.disp.jobs[0].Target.Replace {
			t.Errorf("updated ts %q, want the acknowledgement's %q", up[0].Form.Get("ts"), f.disp.jobs[0].Target.Replace)
		}
	}
}

func TestButtonForAFeatureNotYetLandedSaysComingSoon(t *testing.T) {
	bare := chat.NewRouter() // no draft, no renewal commands
	tests := []struct{ action, value, want string }{
		{chat.ActionDraftQuestions, "计费 按需=35 包月=15000 时长=300", "即将上线"},
		{chat.ActionDraftSLA, "billing ondemand=35", "coming soon"},
		{chat.ActionRemindRenewal, "billing ondemand=35 monthly=15000", "coming soon"},
		{chat.ActionDraftRenewal + "#2", "计费 按需=35", "即将上线"},
	}
	for _, tc := range tests {
		t.Run(tc.action, func(t *testing.T) {
			f := newFixture(t, bare)
			res := invoke(t, f.h, event(t, pressBody(t, f.rec.hookURL(), tc.action, tc.value), testNow, false, nil))
			hooks := f.rec.calls("/hook")
			if res.StatusCode != 200 || len(hooks) != 1 {
				t.Fatalf("status %d, %d posts; want 200 and 1 post", res.StatusCode, len(hooks))
			}
			b, _ := json.Marshal(hooks[0].JSON)
			if !strings.Contains(string(b), tc.want) || hooks[0].JSON["response_type"] != Ephemeral {
				t.Errorf("button %s value %q posted %s; want an ephemeral %q", tc.action, tc.value, b, tc.want)
			}
			for _, bad := range []string{"unknown command", "未知命令", "could not", "无法"} {
				if strings.Contains(string(b), bad) {
					t.Errorf("button %s shows an error (%q): %s", tc.action, bad, b)
				}
			}
			if len(f.disp.jobs) != 0 {
				t.Errorf("dispatched %d jobs for a missing feature", len(f.disp.jobs))
			}
		})
	}
}

func TestButtonRunsARegisteredCommandInTheChannel(t *testing.T) {
	f := newFixture(t, nil)
	// An unknown action falls back to help (chat.ButtonCommand), which is private.
	invoke(t, f.h, event(t, pressBody(t, f.rec.hookURL(), "something_else", "x"), testNow, true, nil))
	hooks := f.rec.calls("/hook")
	if len(hooks) != 1 || hooks[0].JSON["response_type"] != Ephemeral {
		t.Fatalf("help via a button: %+v", hooks)
	}
}

func TestDuplicateButtonPressAnswersOnce(t *testing.T) {
	f := newFixture(t, nil)
	body := pressBody(t, f.rec.hookURL(), "", "")
	for i := 0; i < 3; i++ {
		if res := invoke(t, f.h, event(t, body, testNow, true, nil)); res.StatusCode != 200 {
			t.Fatalf("press %d: status %d", i, res.StatusCode)
		}
	}
	if n, p := len(f.disp.jobs), len(f.rec.calls("/api/chat.postMessage")); n != 1 || p != 1 {
		t.Errorf("the same trigger_id three times: %d jobs, %d posts; want 1 and 1", n, p)
	}
}

func TestNonButtonInteractionsAreAcknowledged(t *testing.T) {
	f := newFixture(t, nil)
	body := interactionBody(t, []byte(`{"type":"view_closed","team":{"id":"T0001"},"user":{"id":"U1"},"view":{"id":"V1"}}`))
	if res := invoke(t, f.h, event(t, body, testNow, true, nil)); res.StatusCode != 200 || len(f.rec.Requests()) != 0 || f.runs.Load() != 0 {
		t.Errorf("view_closed: %d, %d calls, %d runs; want 200 and nothing done", res.StatusCode, len(f.rec.Requests()), f.runs.Load())
	}
}

func TestMalformedPayloadIsBadRequest(t *testing.T) {
	f := newFixture(t, nil)
	if res := invoke(t, f.h, event(t, interactionBody(t, []byte(`{"type":`)), testNow, true, nil)); res.StatusCode != 400 {
		t.Errorf("malformed payload: status %d, want 400", res.StatusCode)
	}
}

// TestDetailsButton: the Details button of a short reply runs the same
// command again with --full and answers only the one who pressed it, with
// what the short reply left out (here the follow-up buttons).
func TestDetailsButton(t *testing.T) {
	f := newFixture(t, nil)
	short := Render(chat.Reply{Command: "billing", Lang: chat.ZH, Title: "计费", Asked: "计费 按需=35 包月=15000 时长=300",
		Tables:  []chat.Table{{Header: []string{"方案"}, Rows: [][]string{{"包月"}}}},
		Buttons: chat.StandardButtons(chat.ZH, "计费 按需=35 包月=15000 时长=300")})
	raw, _ := json.Marshal(short.Blocks)
	if !strings.Contains(string(raw), `"action_id":"details"`) || strings.Contains(string(raw), "draft_questions") {
		t.Fatalf("short reply buttons: %s", raw)
	}
	invoke(t, f.h, event(t, pressBody(t, f.rec.hookURL(), chat.ActionDetails, "计费 按需=35 包月=15000 时长=300"), testNow, true, nil))
	hooks := f.rec.calls("/hook")
	if len(hooks) != 1 {
		t.Fatalf("response_url posts = %d, want 1", len(hooks))
	}
	got := hooks[0].JSON
	body, _ := json.Marshal(got)
	if got["response_type"] != Ephemeral || !strings.Contains(string(body), `"action_id":"draft_questions"`) {
		t.Errorf("details answer = %s; want an ephemeral full reply with its follow-up buttons", body)
	}
}
