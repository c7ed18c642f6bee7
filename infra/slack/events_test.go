package slack

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/memstore"
)

// mentionBody is the Chinese app_mention fixture with its text and event_id
// replaced when given.
func mentionBody(t *testing.T, text, eventID string) []byte {
	t.Helper()
	var p map[string]any
	if err := json.Unmarshal(readFixture(t, "event_app_mention_zh.json"), &p); err != nil {
		t.Fatal(err)
	}
	if text != "" {
		p["event"].(map[string]any)["text"] = text
	}
	if eventID != "" {
		p["event_id"] = eventID
	}
	b, _ := json.Marshal(p)
	return b
}

func TestURLVerification(t *testing.T) {
	f := newFixture(t, nil)
	res := invoke(t, f.h, event(t, readFixture(t, "url_verification.json"), testNow, false, nil))
	if res.StatusCode != 200 || res.Body != "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" || !strings.HasPrefix(res.Headers["Content-Type"], "text/plain") {
		t.Errorf("url_verification: %d %q %q; want 200 text/plain with the challenge", res.StatusCode, res.Headers["Content-Type"], res.Body)
	}
}

func TestMentionIsAnsweredInTheThread(t *testing.T) {
	f := newFixture(t, nil)
	res := invoke(t, f.h, event(t, readFixture(t, "event_app_mention_zh.json"), testNow, false, nil))
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	posts := f.rec.calls("/api/chat.postMessage")
	if len(posts) != 1 {
		t.Fatalf("chat.postMessage calls = %d, want 1", len(posts))
	}
	p := posts[0].Form
	if p.Get("channel") != "C2147483705" || p.Get("thread_ts") != "1700000300.000100" || p.Get("token") != "xoxb-test-token" {
		t.Errorf("postMessage channel %q thread_ts %q token set %t; want C2147483705, the mention's ts, the bot token",
			p.Get("channel"), p.Get("thread_ts"), p.Get("token") != "")
	}
	if !strings.Contains(p.Get("blocks"), "计费：包月") || !strings.Contains(p.Get("blocks"), `"type":"header"`) {
		t.Errorf("blocks = %s", p.Get("blocks"))
	}
}

// The app_mention event fires wherever the bot is mentioned. Its own
// mention (the bot user of the event's authorizations) is dropped wherever
// it stands, as on Feishu; other people's stay plain words.
func TestBotMentionAnywhereIsDropped(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"at the end", "whoami a b <@U0BOT1234>", "whoami a b"},
		{"in the middle, with a name", "whoami <@U0BOT1234|gpuadvisor> a", "whoami a"},
		{"twice", "<@U0BOT1234> whoami a <@U0BOT1234>", "whoami a"},
		{"another user's mention stays a word", "whoami <@U999> <@U0BOT1234>", "whoami U999"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			if res := invoke(t, f.h, event(t, mentionBody(t, tc.text, ""), testNow, false, nil)); res.StatusCode != 200 {
				t.Fatalf("status %d", res.StatusCode)
			}
			posts := f.rec.calls("/api/chat.postMessage")
			if len(posts) != 1 {
				t.Fatalf("%d posts, want 1", len(posts))
			}
			if blocks := posts[0].Form.Get("blocks"); !strings.Contains(blocks, `*text*\n`+tc.want+`"`) {
				t.Errorf("mention %q: want the command text %q, got blocks %s", tc.text, tc.want, blocks)
			}
		})
	}
}

// Slack retries an event up to three times; whatever X-Slack-Retry-Num says,
// the same event_id is answered once. The fake Web API is driven through
// the real slack-go client.
func TestSameEventIDThreeTimesPostsOnce(t *testing.T) {
	f := newFixture(t, nil)
	body := readFixture(t, "event_app_mention_zh.json")
	deliveries := []map[string]string{
		nil,
		{"x-slack-retry-num": "1", "x-slack-retry-reason": "http_error"},
		{"x-slack-retry-num": "2", "x-slack-retry-reason": "connection_failed"},
	}
	for i, extra := range deliveries {
		if res := invoke(t, f.h, event(t, body, testNow, i%2 == 1, extra)); res.StatusCode != 200 {
			t.Fatalf("delivery %d: status %d, want 200", i, res.StatusCode)
		}
	}
	if n := len(f.rec.calls("/api/chat.postMessage")); n != 1 {
		t.Errorf("chat.postMessage calls = %d, want 1", n)
	}
	if n := f.runs.Load(); n != 1 {
		t.Errorf("commands run = %d, want 1", n)
	}
	if !strings.Contains(f.logs.String(), `"outcome":"duplicate"`) || !strings.Contains(f.logs.String(), `"retry_num":"2"`) {
		t.Errorf("the log does not show the duplicates: %s", f.logs.String())
	}
}

// A retry for an http_timeout while the first delivery still holds the
// event's lease does nothing and answers 500, so that Slack delivers it
// again; once the first is done, a retry is a duplicate.
func TestTimeoutRetryWhileTheFirstIsAnswering(t *testing.T) {
	f := newFixture(t, nil)
	const key = "slack:event:Ev0OTHERINSTANCE"
	if _, err := f.h.pipe.Deduper.Lease(context.Background(), key, chat.DefaultLease); err != nil {
		t.Fatal(err)
	}
	retry := func() httpbody.Response {
		return invoke(t, f.h, event(t, mentionBody(t, "", "Ev0OTHERINSTANCE"), testNow, false,
			map[string]string{"x-slack-retry-num": "1", "x-slack-retry-reason": "http_timeout"}))
	}
	if res := retry(); res.StatusCode != 500 || len(f.rec.Requests()) != 0 || f.runs.Load() != 0 {
		t.Errorf("retry while held: %d, %d calls, %d runs; want 500 and nothing done", res.StatusCode, len(f.rec.Requests()), f.runs.Load())
	}
	if err := f.h.pipe.Deduper.Done(context.Background(), key, DedupeTTL); err != nil {
		t.Fatal(err)
	}
	if res := retry(); res.StatusCode != 200 || len(f.rec.Requests()) != 0 || f.runs.Load() != 0 {
		t.Errorf("retry once done: %d, %d calls, %d runs; want 200 and nothing done", res.StatusCode, len(f.rec.Requests()), f.runs.Load())
	}
}

// A delivery that claimed the event and died before replying (a crash, a
// Lambda timeout) leaves a lease, not a "done" mark: Slack's retry within
// the lease is told to come back (500), and the retry after it answers.
func TestCrashBetweenClaimAndReplyIsAnsweredByTheRetry(t *testing.T) {
	f := newFixture(t, nil)
	now := testNow
	f.h.pipe.Deduper = &memstore.Deduper{Now: func() time.Time { return now }}
	body := mentionBody(t, "<@U0BOT1234> whoami", "Ev0CRASHED")
	// The first delivery claimed the event, then the process died.
	if _, err := f.h.pipe.Deduper.Lease(context.Background(), "slack:event:Ev0CRASHED", chat.DefaultLease); err != nil {
		t.Fatal(err)
	}
	now = now.Add(time.Minute) // Slack's second retry
	if res := invoke(t, f.h, event(t, body, testNow, false, map[string]string{"x-slack-retry-num": "2", "x-slack-retry-reason": "http_timeout"})); res.StatusCode != 500 || f.runs.Load() != 0 {
		t.Fatalf("retry within the lease: %d, %d runs; want 500, nothing run", res.StatusCode, f.runs.Load())
	}
	now = now.Add(4 * time.Minute) // the third, 5 minutes after the first: the 3-minute lease ran out
	if res := invoke(t, f.h, event(t, body, testNow, false, map[string]string{"x-slack-retry-num": "3", "x-slack-retry-reason": "http_error"})); res.StatusCode != 200 {
		t.Fatalf("retry after the lease: %d, want 200", res.StatusCode)
	}
	if n := len(f.rec.calls("/api/chat.postMessage")); n != 1 || f.runs.Load() != 1 {
		t.Errorf("after the lease: %d posts, %d runs; want 1 and 1", n, f.runs.Load())
	}
}

// A reply that could not be posted releases the event: the handler answers
// 500 and Slack's retry posts it (once).
func TestFailedPostIsPostedByTheRetry(t *testing.T) {
	f := newFixture(t, nil)
	f.rec.FailPosts.Store(1)
	body := mentionBody(t, "<@U0BOT1234> whoami", "Ev0POSTFAILED")
	if res := invoke(t, f.h, event(t, body, testNow, false, nil)); res.StatusCode != 500 {
		t.Fatalf("failed post: status %d, want 500 (Slack retries)", res.StatusCode)
	}
	for i := 1; i <= 2; i++ {
		if res := invoke(t, f.h, event(t, body, testNow, false, map[string]string{"x-slack-retry-num": strconv.Itoa(i), "x-slack-retry-reason": "http_error"})); res.StatusCode != 200 {
			t.Fatalf("retry %d: status %d, want 200", i, res.StatusCode)
		}
	}
	// 2 calls: the failed one and the retry's; the second retry is a duplicate.
	if n := len(f.rec.calls("/api/chat.postMessage")); n != 2 || f.runs.Load() != 2 {
		t.Errorf("chat.postMessage calls = %d, runs = %d; want 2 and 2", n, f.runs.Load())
	}
	if !strings.Contains(f.logs.String(), `"outcome":"post_failed"`) {
		t.Errorf("the log does not show the failed post: %s", f.logs.String())
	}
}

// A reply Slack refuses for good (channel_not_found, not a failure of its
// own) is not retried: the handler answers 200, and Slack's retry, if any,
// is a duplicate.
func TestRefusedPostIsNotRetried(t *testing.T) {
	f := newFixture(t, nil)
	f.rec.FailPosts.Store(1)
	f.rec.FailError = "channel_not_found"
	body := mentionBody(t, "<@U0BOT1234> whoami", "Ev0REFUSED")
	if res := invoke(t, f.h, event(t, body, testNow, false, nil)); res.StatusCode != 200 {
		t.Fatalf("refused post: status %d, want 200 (retrying cannot help)", res.StatusCode)
	}
	invoke(t, f.h, event(t, body, testNow, false, map[string]string{"x-slack-retry-num": "1", "x-slack-retry-reason": "http_error"}))
	if n := len(f.rec.calls("/api/chat.postMessage")); n != 1 || f.runs.Load() != 1 {
		t.Errorf("chat.postMessage calls = %d, runs = %d; want 1 and 1", n, f.runs.Load())
	}
	if !strings.Contains(f.logs.String(), `"outcome":"post_failed"`) || !strings.Contains(f.logs.String(), `"outcome":"duplicate"`) {
		t.Errorf("the log does not show the failed post and the duplicate: %s", f.logs.String())
	}
}

func TestPrivateMentionIsEphemeral(t *testing.T) {
	for _, text := range []string{"<@U0BOT1234> help", "<@U0BOT1234> billing ondemand=35 monthly=15000 hours=300 --private", "<@U0BOT1234> bilring"} {
		f := newFixture(t, nil)
		invoke(t, f.h, event(t, mentionBody(t, text, ""), testNow, false, nil))
		eph := f.rec.calls("/api/chat.postEphemeral")
		if len(eph) != 1 || len(f.rec.calls("/api/chat.postMessage")) != 0 {
			t.Fatalf("%q: %d ephemeral, %d channel posts; want 1 and 0", text, len(eph), len(f.rec.calls("/api/chat.postMessage")))
		}
		if p := eph[0].Form; p.Get("user") != "U2147483697" || p.Get("thread_ts") != "1700000300.000100" {
			t.Errorf("%q: ephemeral to %q in thread %q", text, p.Get("user"), p.Get("thread_ts"))
		}
	}
}

func TestDeferredMention(t *testing.T) {
	tests := []struct {
		name, text, channel, thread string
		ack                         string // how the acknowledgement is posted
		replace                     bool   // whether the draft replaces it
	}{
		{"public draft goes to the thread", "<@U0BOT1234> draft questions", "C2147483705", "1700000300.000100", "/api/chat.postMessage", true},
		{"private draft goes to the asker's DM", "<@U0BOT1234> draft questions --private", "U2147483697", "", "/api/chat.postEphemeral", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			invoke(t, f.h, event(t, mentionBody(t, tc.text, "Ev0DRAFT"), testNow, false, nil))
			if len(f.disp.jobs) != 1 {
				t.Fatalf("dispatched %d jobs", len(f.disp.jobs))
			}
			j := f.disp.jobs[0]
			if j.ID != "Ev0DRAFT" || j.Target.Channel != tc.channel || j.Target.ThreadTS != tc.thread || j.Target.ResponseURL != "" {
				t.Errorf("job %q target %+v; want id Ev0DRAFT channel %q thread %q", j.ID, j.Target, tc.channel, tc.thread)
			}
			if n := len(f.rec.Requests()); n != 1 || len(f.rec.calls(tc.ack)) != 1 {
				t.Errorf("%d requests, %d to %s; want the acknowledgement there", n, len(f.rec.calls(tc.ack)), tc.ack)
			}
			if (j.Target.Replace != "") != tc.replace {
				t.Errorf("the draft replaces %q; want a replacement: %t", j.Target.Replace, tc.replace)
			}
		})
	}
}

func TestDirectMessage(t *testing.T) {
	f := newFixture(t, nil)
	invoke(t, f.h, event(t, readFixture(t, "event_message_im.json"), testNow, false, nil))
	posts := f.rec.calls("/api/chat.postMessage")
	if len(posts) != 1 || posts[0].Form.Get("channel") != "D0DM12345" {
		t.Fatalf("DM answer: %+v", posts)
	}
}

func TestEventsNotForUs(t *testing.T) {
	tests := []struct{ name, body string }{
		{"the bot's own mention", `{"type":"event_callback","team_id":"T0001","event_id":"Ev1","event":{"type":"app_mention","text":"<@U0BOT1234> help","user":"U0BOT1234","bot_id":"B1","channel":"C1","ts":"1.1"}}`},
		{"a bot's direct message", `{"type":"event_callback","team_id":"T0001","event_id":"Ev2","event":{"type":"message","subtype":"bot_message","text":"help","bot_id":"B1","channel":"D1","channel_type":"im","ts":"1.1"}}`},
		{"an edited direct message", `{"type":"event_callback","team_id":"T0001","event_id":"Ev3","event":{"type":"message","subtype":"message_changed","channel":"D1","channel_type":"im","ts":"1.1"}}`},
		{"a channel message", `{"type":"event_callback","team_id":"T0001","event_id":"Ev4","event":{"type":"message","text":"help","user":"U1","channel":"C1","channel_type":"channel","ts":"1.1"}}`},
		{"another event type", `{"type":"event_callback","team_id":"T0001","event_id":"Ev5","event":{"type":"reaction_added","user":"U1","reaction":"thumbsup","item":{"type":"message","channel":"C1","ts":"1.1"},"event_ts":"1.2"}}`},
		{"rate limited notice", `{"token":"x","type":"app_rate_limited","team_id":"T0001","minute_rate_limited":1518467820,"api_app_id":"A1"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, nil)
			res := invoke(t, f.h, event(t, []byte(tc.body), testNow, false, nil))
			if res.StatusCode != 200 || len(f.rec.Requests()) != 0 || f.runs.Load() != 0 {
				t.Errorf("%s: %d, %d calls, %d runs; want 200 and nothing done", tc.name, res.StatusCode, len(f.rec.Requests()), f.runs.Load())
			}
		})
	}
}

func TestMalformedEventIsBadRequestWithoutRetry(t *testing.T) {
	f := newFixture(t, nil)
	res := invoke(t, f.h, event(t, []byte(`{"type":"event_callback","event":"nope"}`), testNow, false, nil))
	if res.StatusCode != 400 || res.Headers[HeaderNoRetry] != "1" {
		t.Errorf("malformed event: %d %v; want 400 with X-Slack-No-Retry: 1", res.StatusCode, res.Headers)
	}
}

// TestDeferredDirectMessageUpdatesInPlace: in a DM the "working on it" is a
// message of the bot's, so the drafter's answer updates it (chat.update on
// its ts) instead of arriving as a second message.
func TestDeferredDirectMessageUpdatesInPlace(t *testing.T) {
	f := newFixture(t, nil)
	body := bytes.Replace(readFixture(t, "event_message_im.json"), []byte(`"text": "help"`), []byte(`"text": "draft questions"`), 1)
	invoke(t, f.h, event(t, body, testNow, false, nil))
	posts := f.rec.calls("/api/chat.postMessage")
	if len(posts) != 1 || len(f.disp.jobs) != 1 {
		t.Fatalf("%d posts and %d jobs, want the acknowledgement and one job", len(posts), len(f.disp.jobs))
	}
	j := f.disp.jobs[0]
	if j.Target.Channel != "D0DM12345" || j.Target.Replace == "" || !strings.HasSuffix(j.Target.Replace, ".000100") {
		t.Fatalf("job target %+v: want the DM, replacing the acknowledgement's ts", j.Target)
	}
	p := NewPoster("xoxb-test-token", f.rec.apiURL(), f.rec.Client())
	if err := p.Post(context.Background(), j.Target, chat.Reply{Title: "Questions for sales", Private: true}); err != nil {
		t.Fatal(err)
	}
	up := f.rec.calls("/api/chat.update")
	if len(up) != 1 || up[0].Form.Get("ts") != j.Target.Replace || up[0].Form.Get("channel") != "D0DM12345" || len(f.rec.calls("/api/chat.postMessage")) != 1 {
		t.Errorf("chat.update calls %+v, posts %d: want the acknowledgement updated, no second message", up, len(f.rec.calls("/api/chat.postMessage")))
	}
}
