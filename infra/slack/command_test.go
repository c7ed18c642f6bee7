package slack

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/httpbody"
)

// slashBody is the Chinese slash-command fixture with its text replaced.
func slashBody(t *testing.T, text string) []byte {
	t.Helper()
	v, err := url.ParseQuery(string(readFixture(t, "slash_command_zh.form")))
	if err != nil {
		t.Fatal(err)
	}
	if text != "" {
		v.Set("text", text)
	}
	return []byte(v.Encode())
}

func TestSlashCommandChineseFixture(t *testing.T) {
	for _, b64 := range []bool{true, false} {
		t.Run(map[bool]string{true: "base64 body", false: "plain body"}[b64], func(t *testing.T) {
			f := newFixture(t, nil)
			res := invoke(t, f.h, event(t, readFixture(t, "slash_command_zh.form"), testNow, b64, nil))
			if res.StatusCode != 200 || !strings.HasPrefix(res.Headers["Content-Type"], "application/json") {
				t.Fatalf("got %d %q, want 200 application/json\n%s", res.StatusCode, res.Headers["Content-Type"], res.Body)
			}
			m := decodeMessage(t, res.Body)
			if m["response_type"] != InChannel {
				t.Errorf("response_type = %v, want in_channel (results go to the channel)", m["response_type"])
			}
			for _, want := range []string{`"type":"header"`, "计费：包月", "按这个时长，包月更便宜。", "*按需*\\n35", "*包月*\\n15,000", "*时长*\\n300", `"action_id":"draft_questions"`, "起草供应商问题"} {
				if !strings.Contains(res.Body, want) {
					t.Errorf("response lacks %s\n%s", want, res.Body)
				}
			}
			if n := f.runs.Load(); n != 1 {
				t.Errorf("commands run = %d, want 1", n)
			}
			if calls := len(f.rec.Requests()); calls != 0 {
				t.Errorf("Slack was called %d times; a deterministic answer is the HTTP response itself", calls)
			}
		})
	}
}

func TestSlashCommandRequestFields(t *testing.T) {
	f := newFixture(t, nil)
	res := invoke(t, f.h, event(t, slashBody(t, "whoami a&amp;b &lt;x&gt;"), testNow, true, nil))
	for _, want := range []string{
		"*text*\\nwhoami a&amp;b &lt;x&gt;", // unescaped from Slack, escaped again for display
		"*platform*\\nslack", "*tenant*\\nslack:T0001", "*channel*\\nC2147483705", "*user*\\nU2147483697",
	} {
		if !strings.Contains(res.Body, want) {
			t.Errorf("response lacks %s\n%s", want, res.Body)
		}
	}
}

func TestSlashCommandVisibility(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"a result goes to the channel", "billing ondemand=35 monthly=15000 hours=300", InChannel},
		{"--private keeps it to the asker", "billing ondemand=35 monthly=15000 hours=300 --private", Ephemeral},
		{"私密 keeps it to the asker", "计费 按需=35 包月=15000 时长=300 私密", Ephemeral},
		{"help is ephemeral", "help", Ephemeral},
		{"empty text is help", "", Ephemeral},
		{"an unknown key is an ephemeral error", "billing ondemand=35 monthly=15000 hourz=300", Ephemeral},
		{"an unknown command is an ephemeral error", "bilring", Ephemeral},
		{"a bad value is an ephemeral error", "billing ondemand=abc monthly=15000 hours=300", Ephemeral},
		{"a deferred acknowledgement is ephemeral", "draft questions vendor=x", Ephemeral},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			body := slashBody(t, tc.text)
			if tc.text == "" {
				v, _ := url.ParseQuery(string(body))
				v.Set("text", "")
				body = []byte(v.Encode())
			}
			res := invoke(t, f.h, event(t, body, testNow, false, nil))
			if res.StatusCode != 200 {
				t.Fatalf("text %q: status %d, want 200", tc.text, res.StatusCode)
			}
			if got := decodeMessage(t, res.Body)["response_type"]; got != tc.want {
				t.Errorf("text %q: response_type %v, want %s\n%s", tc.text, got, tc.want, res.Body)
			}
		})
	}
}

func TestUnverifiedRequestsDoNoWork(t *testing.T) {
	body := readFixture(t, "slash_command_zh.form")
	tampered := append([]byte(nil), body...)
	tampered[len(tampered)-3] = 'X'
	signed := event(t, body, testNow, true, nil)
	tests := []struct {
		name string
		ev   func() httpbody.Request
	}{
		{"no signature headers", func() httpbody.Request {
			return event(t, body, testNow, true, map[string]string{"x-slack-signature": "", "x-slack-request-timestamp": ""})
		}},
		{"no signature header", func() httpbody.Request {
			return event(t, body, testNow, true, map[string]string{"x-slack-signature": ""})
		}},
		{"no timestamp header", func() httpbody.Request {
			return event(t, body, testNow, true, map[string]string{"x-slack-request-timestamp": ""})
		}},
		{"signed 6 minutes ago", func() httpbody.Request { return event(t, body, testNow.Add(-6*time.Minute), true, nil) }},
		{"signed 6 minutes ahead", func() httpbody.Request { return event(t, body, testNow.Add(6*time.Minute), true, nil) }},
		{"tampered body, base64", func() httpbody.Request {
			ev := event(t, tampered, testNow, true, nil)
			ev.Headers["x-slack-signature"] = signed.Headers["x-slack-signature"]
			return ev
		}},
		{"tampered body, plain", func() httpbody.Request {
			ev := event(t, tampered, testNow, false, nil)
			ev.Headers["x-slack-signature"] = signed.Headers["x-slack-signature"]
			return ev
		}},
		{"signature over the base64 text instead of the bytes", func() httpbody.Request {
			ev := event(t, body, testNow, true, nil)
			ev.Headers["x-slack-signature"] = Sign(testSecret, ev.Headers["x-slack-request-timestamp"], []byte(ev.Body))
			return ev
		}},
		{"wrong secret", func() httpbody.Request {
			ev := event(t, body, testNow, true, nil)
			ev.Headers["x-slack-signature"] = Sign("not-the-secret", ev.Headers["x-slack-request-timestamp"], body)
			return ev
		}},
		{"unsigned event callback", func() httpbody.Request {
			return event(t, readFixture(t, "event_app_mention_zh.json"), testNow, false, map[string]string{"x-slack-signature": ""})
		}},
		{"unsigned url_verification", func() httpbody.Request {
			return event(t, readFixture(t, "url_verification.json"), testNow, false, map[string]string{"x-slack-signature": "v0=00"})
		}},
		{"unsigned button press", func() httpbody.Request {
			return event(t, interactionBody(t, readFixture(t, "interaction_zh.json")), testNow.Add(-10*time.Minute), false, nil)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			res := invoke(t, f.h, tc.ev())
			if res.StatusCode != 401 {
				t.Errorf("status %d, want 401", res.StatusCode)
			}
			if strings.Contains(res.Body, "challenge") || strings.Contains(res.Body, "3eZbrw1") {
				t.Errorf("401 body leaks the challenge: %s", res.Body)
			}
			if n := f.runs.Load(); n != 0 {
				t.Errorf("%d commands ran for an unverified request", n)
			}
			if len(f.rec.Requests()) != 0 || len(f.disp.jobs) != 0 {
				t.Errorf("unverified request called Slack %d times, dispatched %d jobs", len(f.rec.Requests()), len(f.disp.jobs))
			}
			if c := f.dedupe.Calls(); c != "" {
				t.Errorf("the store was asked (%s) before the request was verified", c)
			}
			if !strings.Contains(f.logs.String(), `"status":401`) {
				t.Errorf("no 401 log line: %s", f.logs.String())
			}
		})
	}
}

func TestBadBase64IsBadRequest(t *testing.T) {
	f := newFixture(t, nil)
	ev := event(t, readFixture(t, "slash_command_zh.form"), testNow, true, nil)
	ev.Body = "%%%not base64"
	if res := invoke(t, f.h, ev); res.StatusCode != 400 || f.runs.Load() != 0 {
		t.Errorf("status %d, runs %d; want 400 and no work", res.StatusCode, f.runs.Load())
	}
}

// HandleLambda keeps ServeHTTP's rules: Slack only POSTs, and never more
// than a megabyte; anything else is refused before it is parsed, even when
// correctly signed.
func TestLambdaMethodAndSize(t *testing.T) {
	v, _ := url.ParseQuery(string(readFixture(t, "slash_command_zh.form")))
	v.Set("text", "help "+strings.Repeat("长", maxBody/3))
	big := []byte(v.Encode())
	tests := []struct {
		name   string
		method string
		body   []byte
		want   int
	}{
		{"a signed GET", "GET", readFixture(t, "slash_command_zh.form"), 405},
		{"a signed HEAD", "HEAD", readFixture(t, "slash_command_zh.form"), 405},
		{"a signed body over 1 MB", "POST", big, 413},
		{"lower-case post", "post", readFixture(t, "slash_command_zh.form"), 200},
	}
	for _, tc := range tests {
		for _, b64 := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s base64 %t", tc.name, b64), func(t *testing.T) {
				f := newFixture(t, nil)
				ev := event(t, tc.body, testNow, b64, nil)
				ev.RequestContext.HTTP.Method = tc.method
				res := invoke(t, f.h, ev)
				if res.StatusCode != tc.want {
					t.Fatalf("%s: status %d, want %d", tc.name, res.StatusCode, tc.want)
				}
				if tc.want != 200 && f.runs.Load() != 0 {
					t.Errorf("%s: %d commands ran, want none", tc.name, f.runs.Load())
				}
			})
		}
	}
}

func TestSSLCheck(t *testing.T) {
	for _, signed := range []bool{true, false} {
		f := newFixture(t, nil)
		extra := map[string]string{}
		if !signed {
			extra = map[string]string{"x-slack-signature": "", "x-slack-request-timestamp": ""}
		}
		res := invoke(t, f.h, event(t, readFixture(t, "ssl_check.form"), testNow, true, extra))
		if res.StatusCode != 200 || res.Body != "" || f.runs.Load() != 0 || len(f.rec.Requests()) != 0 {
			t.Errorf("ssl_check (signed %t): %d %q, runs %d; want 200, empty body, no work", signed, res.StatusCode, res.Body, f.runs.Load())
		}
	}
}

func TestDuplicateTriggerIDAnswersOnce(t *testing.T) {
	f := newFixture(t, nil)
	body := slashBody(t, "billing ondemand=35 monthly=15000 hours=300")
	first := invoke(t, f.h, event(t, body, testNow, true, nil))
	second := invoke(t, f.h, event(t, body, testNow, true, nil))
	if first.StatusCode != 200 || first.Body == "" {
		t.Fatalf("first: %d %q", first.StatusCode, first.Body)
	}
	if second.StatusCode != 200 || second.Body != "" || f.runs.Load() != 1 {
		t.Errorf("replay of the same trigger_id: %d %q, runs %d; want 200, no body, 1 run", second.StatusCode, second.Body, f.runs.Load())
	}
}

func TestDeferredSlashCommandIsHandedToTheDispatcher(t *testing.T) {
	f := newFixture(t, nil)
	res := invoke(t, f.h, event(t, slashBody(t, "draft questions vendor=酷算云"), testNow, true, nil))
	m := decodeMessage(t, res.Body)
	if res.StatusCode != 200 || m["response_type"] != Ephemeral || !strings.Contains(res.Body, "Working on it") {
		t.Fatalf("ack: %d %s", res.StatusCode, res.Body)
	}
	if len(f.disp.jobs) != 1 {
		t.Fatalf("dispatched %d jobs, want 1", len(f.disp.jobs))
	}
	got := f.disp.jobs[0]
	want := chat.Job{
		ID: "13345224609.738474920.8088930838d88f008e0",
		Request: chat.Request{Text: "draft questions vendor=酷算云", Lang: chat.EN, Platform: "slack", Tenant: "slack:T0001",
			Channel: "C2147483705", User: "U2147483697", Sync: true},
		Target: chat.Target{ResponseURL: "https://hooks.slack.com/commands/T0001/1234567890/ZYXWVUTSRQ", Channel: "C2147483705",
			Key: "13345224609.738474920.8088930838d88f008e0",
			// the draft replaces the "working on it" this response is
			Replace: chat.ReplaceOriginal},
	}
	gj, _ := json.Marshal(got)
	wj, _ := json.Marshal(want)
	if string(gj) != string(wj) {
		t.Errorf("job\n got %s\nwant %s", gj, wj)
	}
	if len(f.rec.Requests()) != 0 {
		t.Errorf("the slash handler called Slack %d times; the drafter posts the draft", len(f.rec.Requests()))
	}
}

func TestDeferredWithoutDrafterSaysComingSoon(t *testing.T) {
	f := newFixture(t, nil)
	f.h.pipe.Dispatcher = nil
	res := invoke(t, f.h, event(t, slashBody(t, "起草 问题 vendor=x"), testNow, true, nil))
	if m := decodeMessage(t, res.Body); m["response_type"] != Ephemeral || !strings.Contains(res.Body, "即将上线") || strings.Contains(res.Body, "无法") {
		t.Errorf("without a drafter: %s", res.Body)
	}
}

func TestDispatchFailureIsAnEphemeralApology(t *testing.T) {
	f := newFixture(t, nil)
	f.disp.err = errors.New("lambda: throttled")
	res := invoke(t, f.h, event(t, slashBody(t, "draft questions"), testNow, true, nil))
	if m := decodeMessage(t, res.Body); res.StatusCode != 200 || m["response_type"] != Ephemeral || !strings.Contains(res.Body, "try again") {
		t.Errorf("dispatch failure: %d %s", res.StatusCode, res.Body)
	}
	if strings.Contains(res.Body, "throttled") {
		t.Errorf("internal error detail shown to the user: %s", res.Body)
	}
}
