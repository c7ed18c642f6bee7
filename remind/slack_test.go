package remind_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/slack-go/slack/slacktest"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/infra/slack"
	"gpuadvisor/remind"
	"gpuadvisor/store"
)

// fakeSlack is Slack's Web API on loopback (slacktest, through the real
// slack-go client): chat.postMessage answers not_in_channel for the
// channels in refuse, and keeps what it posted, metadata included, for
// conversations.history to return.
type fakeSlack struct {
	srv *slacktest.Server

	mu      sync.Mutex
	refuse  map[string]bool
	posted  map[string][]map[string]any // channel → messages as conversations.history returns them
	posts   int
	history int
}

func newFakeSlack(t *testing.T, refuse ...string) *fakeSlack {
	f := &fakeSlack{refuse: map[string]bool{}, posted: map[string][]map[string]any{}}
	for _, c := range refuse {
		f.refuse[c] = true
	}
	f.srv = slacktest.NewTestServer(func(c slacktest.Customize) {
		c.Handle("/chat.postMessage", f.postMessage)
		c.Handle("/conversations.history", f.conversationsHistory)
	})
	f.srv.Start()
	t.Cleanup(f.srv.Stop)
	return f
}

func reply(w http.ResponseWriter, v map[string]any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func (f *fakeSlack) postMessage(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	ch := r.PostForm.Get("channel")
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refuse[ch] {
		reply(w, map[string]any{"ok": false, "error": "not_in_channel"})
		return
	}
	f.posts++
	ts := fmt.Sprintf("1798700000.%06d", f.posts)
	msg := map[string]any{"type": "message", "text": r.PostForm.Get("text"), "ts": ts, "blocks_sent": r.PostForm.Get("blocks")}
	if md := r.PostForm.Get("metadata"); md != "" {
		var m map[string]any
		json.Unmarshal([]byte(md), &m)
		msg["metadata"] = m
	}
	f.posted[ch] = append([]map[string]any{msg}, f.posted[ch]...) // newest first, as Slack answers
	reply(w, map[string]any{"ok": true, "channel": ch, "ts": ts})
}

func (f *fakeSlack) conversationsHistory(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	ch := r.PostForm.Get("channel")
	f.mu.Lock()
	defer f.mu.Unlock()
	f.history++
	if f.refuse[ch] {
		reply(w, map[string]any{"ok": false, "error": "not_in_channel"})
		return
	}
	msgs := f.posted[ch]
	if r.PostForm.Get("include_all_metadata") != "1" {
		msgs = nil // without it Slack leaves the metadata out; the look-up must ask
	}
	reply(w, map[string]any{"ok": true, "messages": msgs, "has_more": false})
}

func (f *fakeSlack) count() (posts int, byChannel map[string]int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	byChannel = map[string]int{}
	for ch, ms := range f.posted {
		byChannel[ch] = len(ms)
	}
	return f.posts, byChannel
}

func slackEngine(st remind.Store, f *fakeSlack, now time.Time) *remind.Engine {
	p := slack.NewPoster("xoxb-test", f.srv.GetAPIURL(), nil)
	return &remind.Engine{Store: st, Posters: map[string]chat.Poster{"slack": p}, Now: func() time.Time { return now }, Log: quiet}
}

// TestNotInChannelFallsBackToADirectMessage: issue 15, reminders to a
// channel the bot has not joined failed with not_in_channel every day.
func TestNotInChannelFallsBackToADirectMessage(t *testing.T) {
	for name, open := range all {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			r := contract("slack:T1", "a", "G-private", "slack", "2026-12-01")
			r.CreatedBy = "U42"
			seed(t, st, r)
			f := newFakeSlack(t, "G-private")
			ctx := context.Background()

			res, err := slackEngine(st, f, at("2026-12-31")).Run(ctx)
			if err != nil || len(res.Sent) != 0 || len(res.Failed) != 1 || !strings.Contains(res.Failed[0].Error, "not_in_channel") {
				t.Fatalf("run into a refusing channel: %+v, %v; want one failure naming not_in_channel", res, err)
			}
			_, by := f.count()
			if by["U42"] != 1 || by["G-private"] != 0 {
				t.Fatalf("posted %v; want one direct message to U42, who added the renewal", by)
			}
			dm := f.posted["U42"][0]
			if !strings.Contains(dm["blocks_sent"].(string), "/invite @gpuadvisor") || !strings.Contains(dm["blocks_sent"].(string), "G-private") ||
				dm["metadata"].(map[string]any)["event_type"] != slack.ReminderEventType {
				t.Errorf("the direct message: %v", dm)
			}
			got, _ := st.GetRenewal(ctx, store.ScopeOf(r), "a")
			if d := got.LastDelivery; d == nil || d.Via != rules.ViaDM || d.Offset != 30 || !strings.Contains(d.Error, "not_in_channel") {
				t.Fatalf("last delivery %+v; want a DM for the 30-day reminder, naming not_in_channel", d)
			}
			if got.NextCheck.String() != "2026-12-31" {
				t.Errorf("the failed reminder left the due index (next check %s): it must be retried", got.NextCheck)
			}

			// Lambda retries the failed invocation the same day: the person
			// is not messaged twice.
			if _, err := slackEngine(st, f, at("2026-12-31").Add(time.Minute)).Run(ctx); err != nil {
				t.Fatal(err)
			}
			if _, by := f.count(); by["U42"] != 1 {
				t.Errorf("a same-day retry sent %d direct messages, want still 1", by["U42"])
			}

			// The bot is invited; the next day's run posts in the channel, once.
			f.mu.Lock()
			delete(f.refuse, "G-private")
			f.mu.Unlock()
			for range 2 {
				if _, err := slackEngine(st, f, at("2027-01-01")).Run(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if _, by := f.count(); by["G-private"] != 1 || by["U42"] != 1 {
				t.Errorf("after the invite: posted %v; want one reminder in G-private, still one DM", by)
			}
			got, _ = st.GetRenewal(ctx, store.ScopeOf(r), "a")
			if d := got.LastDelivery; d == nil || d.Via != rules.ViaChannel {
				t.Errorf("last delivery after the invite: %+v, want posted in the channel", d)
			}
		})
	}
}

// dying is a store whose process dies right after recording the post (the
// first write after it): nothing later (the sent mark, the due index)
// reaches the store.
type dying struct{ remind.Store }

var errDied = errors.New("process killed")

func (dying) MarkSent(context.Context, store.ReminderKey, string, time.Time) error { return errDied }
func (dying) SetNextCheck(context.Context, string, string, rules.Date) error       { return errDied }

// TestACrashAfterPostingThenARerunSendsNothingTwice: issue 15, a crash
// mid-run re-sent the reminders in flight (8 of 1,100 posted twice).
func TestACrashAfterPostingThenARerunSendsNothingTwice(t *testing.T) {
	for name, open := range all {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			const n = 12
			for i := range n {
				seed(t, st, contract("slack:T1", fmt.Sprintf("r%02d", i), fmt.Sprintf("C%d", i%3), "slack", "2026-12-01"))
			}
			f := newFakeSlack(t)
			ctx := context.Background()
			now := at("2026-12-31")
			res, err := slackEngine(dying{st}, f, now).Run(ctx)
			if err != nil || len(res.Sent) != n {
				t.Fatalf("the dying run: %d sent, %v", len(res.Sent), err)
			}
			if posts, _ := f.count(); posts != n {
				t.Fatalf("the dying run posted %d, want %d", posts, n)
			}
			// A rerun while the dead run's leases hold sends nothing.
			res, _ = slackEngine(st, f, now.Add(time.Minute)).Run(ctx)
			if len(res.Sent) != 0 || res.Skipped != n {
				t.Errorf("rerun inside the lease: %d sent, %d skipped; want 0 and %d", len(res.Sent), res.Skipped, n)
			}
			// After the leases run out, the rerun finds every reminder's
			// message recorded in the store and marks it sent instead of
			// posting again, without reading the channel's history.
			later := now.Add(remind.DefaultLease + time.Minute)
			res, err = slackEngine(st, f, later).Run(ctx)
			if err != nil || len(res.Failed) != 0 {
				t.Fatalf("rerun after the leases: %+v, %v", res.Failed, err)
			}
			if posts, _ := f.count(); posts != n {
				t.Errorf("after the crash and a rerun Slack has %d posts, want %d: reminders were sent twice", posts, n)
			}
			if f.history != 0 {
				t.Errorf("conversations.history called %d times; the bot has no channels:history scope for reminders", f.history)
			}
			for i := range n {
				key := store.ReminderKey{Tenant: "slack:T1", RenewalID: fmt.Sprintf("r%02d", i), Cycle: date("2027-03-01"), Offset: 30}
				if m, err := st.ReminderMark(ctx, key, later); err != nil || m.State != store.StateSent {
					t.Errorf("%s after the rerun: %+v, %v; want sent", key, m, err)
				}
				rn, _ := st.GetRenewal(ctx, store.Scope{Tenant: "slack:T1", Channel: fmt.Sprintf("C%d", i%3)}, key.RenewalID)
				if d := rn.LastDelivery; d == nil || d.Via != rules.ViaChannel || d.Channel != fmt.Sprintf("C%d", i%3) || !strings.HasPrefix(d.Message, "1798700000.") {
					t.Errorf("%s last delivery %+v, want posted in C%d with its Slack ts", key, d, i%3)
				}
			}
			// And a third run the next day posts nothing either.
			slackEngine(st, f, at("2027-01-01")).Run(ctx)
			if posts, _ := f.count(); posts != n {
				t.Errorf("the next day's run posted again: %d posts, want %d", posts, n)
			}
		})
	}
}
