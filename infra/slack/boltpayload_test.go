package slack

import "testing"

// Direct messages in the shapes of bolt-python's scenario tests
// (slackapi/bolt-python tests/scenario_tests/test_message_thread_broadcast.py,
// test_message_bot.py, test_message_deleted.py), moved into a DM
// (channel_type im) and given a command's text: a person's reply in a
// thread that is also sent to the conversation (subtype thread_broadcast) is
// answered in its thread; another app's message (bot_id, with a user id of
// its own), a classic bot_message and a deletion are not.
func TestDirectMessageSubtypes(t *testing.T) {
	for _, tt := range []struct {
		name, fixture string
		runs          int64
		thread        string // where the answer goes ("-": no answer)
	}{
		{"a thread reply also sent to the DM", "event_message_im_thread_broadcast.json", 1, "1633663824.000500"},
		{"another app's message", "event_message_im_other_app.json", 0, "-"},
		{"a classic bot_message", "event_message_im_classic_bot.json", 0, "-"},
		{"a deleted message", "event_message_im_deleted.json", 0, "-"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			res := invoke(t, f.h, event(t, readFixture(t, tt.fixture), testNow, false, nil))
			posts := f.rec.calls("/api/chat.postMessage")
			thread := "-"
			if len(posts) == 1 {
				thread = posts[0].Form.Get("thread_ts")
			}
			if res.StatusCode != 200 || f.runs.Load() != tt.runs || len(posts) > 1 || thread != tt.thread {
				t.Errorf("got status %d, %d commands run, %d posts, thread %q; want 200, %d, the answer in thread %q",
					res.StatusCode, f.runs.Load(), len(posts), thread, tt.runs, tt.thread)
			}
		})
	}
}
