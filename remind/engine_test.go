package remind_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/remind"
	"gpuadvisor/store"
)

func TestMain(m *testing.M) { os.Exit(dynamotest.Main(m)) }

var quiet = slog.New(slog.DiscardHandler)

// poster records what was posted (Fail makes every post fail); delay holds
// each post back.
type poster struct {
	testkit.Recorder[post]
	delay time.Duration
}

type post struct {
	target chat.Target
	reply  chat.Reply
}

func (p *poster) Post(_ context.Context, t chat.Target, rep chat.Reply) error {
	if p.delay > 0 {
		time.Sleep(p.delay)
	}
	return p.Record(post{t, rep})
}

func (p *poster) keys() []string {
	var out []string
	for _, x := range p.All() {
		out = append(out, x.target.Channel+"|"+x.reply.Data.(map[string]any)["renewal_id"].(string)+"|"+fmt.Sprint(x.reply.Data.(map[string]any)["offset_days"]))
	}
	sort.Strings(out)
	return out
}

func date(s string) rules.Date {
	d, err := rules.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

// at is 09:00 in Shanghai on day.
func at(day string) time.Time {
	d := date(day)
	return time.Date(d.Year, d.Month, d.Day, 1, 0, 0, 0, time.UTC)
}

// contract is the brief's renewal for tenant and id, stored on created.
func contract(tenant, id, channel, platform, created string) rules.Renewal {
	r := rules.Renewal{
		ID: id, Tenant: tenant, Platform: platform, Channel: channel, Lang: "en", Vendor: "酷算云", GPU: "A100-80G",
		Cards: 8, Mode: rules.Monthly, Price: 15000, Renews: date("2027-03-01"), NoticeDays: 30,
	}
	r.NextCheck = r.FirstCheck(date(created))
	return r
}

type stores map[string]func(t *testing.T) remind.Store

var all = stores{
	"inprocess": func(t *testing.T) remind.Store { return memstore.NewStore(nil) },
	"bbolt": func(t *testing.T) remind.Store {
		s, err := bolt.Open(filepath.Join(t.TempDir(), "g.db"), bolt.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	},
	"dynalite": func(t *testing.T) remind.Store { return dynamotest.NewStore(t, dynamo.Options{}) },
}

func engine(st remind.Store, p *poster, now time.Time) *remind.Engine {
	return &remind.Engine{Store: st, Posters: map[string]chat.Poster{"slack": p, "feishu": p}, Now: func() time.Time { return now }, Log: quiet}
}

func seed(t *testing.T, st remind.Store, rs ...rules.Renewal) {
	t.Helper()
	for _, r := range rs {
		if err := st.CreateRenewal(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
}

func TestEachReminderIsSentOnceWhateverTheRuns(t *testing.T) {
	for name, open := range all {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			seed(t, st,
				contract("slack:T1", "a", "C1", "slack", "2026-12-01"),
				contract("slack:T2", "a", "C2", "slack", "2026-12-01"),
				contract("feishu:X", "b", "oc_9", "feishu", "2026-12-01"))
			p := &poster{delay: 5 * time.Millisecond}
			now := at("2026-12-31") // the 30-day reminders are due

			// Three runs at once.
			var wg sync.WaitGroup
			results := make([]remind.Result, 3)
			for i := range 3 {
				wg.Go(func() {
					res, err := engine(st, p, now).Run(context.Background())
					if err != nil {
						t.Errorf("run %d: %v", i, err)
					}
					results[i] = res
				})
			}
			wg.Wait()
			want := []string{"C1|a|30", "C2|a|30", "oc_9|b|30"}
			if got := p.keys(); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("three concurrent runs posted %v, want each reminder once: %v", got, want)
			}
			sent := 0
			for _, r := range results {
				sent += len(r.Sent)
				if len(r.Failed) > 0 {
					t.Errorf("failures: %+v", r.Failed)
				}
			}
			if sent != 3 {
				t.Errorf("runs reported %d sent, want 3 in all", sent)
			}

			// Twice more in a row, the same day and the next: nothing new.
			for _, day := range []string{"2026-12-31", "2027-01-01"} {
				res, err := engine(st, p, at(day)).Run(context.Background())
				if err != nil || len(res.Sent) != 0 {
					t.Errorf("run on %s again sent %d (%v), want 0", day, len(res.Sent), err)
				}
			}
			if got := p.keys(); len(got) != 3 {
				t.Errorf("after the repeat runs %d posts, want still 3: %v", len(got), got)
			}
			// The 14-day reminder comes on its day, once.
			for range 2 {
				if _, err := engine(st, p, at("2027-01-16")).Run(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			if got := p.keys(); len(got) != 6 {
				t.Errorf("after the 14-day runs %d posts, want 6: %v", len(got), got)
			}
		})
	}
}

func TestAPostCarriesTheChannelAndIdempotencyKey(t *testing.T) {
	st := memstore.NewStore(nil)
	seed(t, st, contract("feishu:X", "b", "oc_9", "feishu", "2026-12-01"))
	p := &poster{}
	res, err := engine(st, p, at("2026-12-31")).Run(context.Background())
	if err != nil || len(p.All()) != 1 {
		t.Fatalf("run: %v, %d posts", err, len(p.All()))
	}
	got := p.All()[0]
	wantKey := store.ReminderKey{Tenant: "feishu:X", RenewalID: "b", Cycle: date("2027-03-01"), Offset: 30}.IdempotencyKey()
	if got.target.Channel != "oc_9" || got.target.Key != wantKey || len(got.target.Key) > 50 {
		t.Errorf("target %+v, want channel oc_9 and key %s (≤ 50 chars, Feishu's uuid limit)", got.target, wantKey)
	}
	if b := got.reply.Buttons; len(b) != 1 || b[0].Action != chat.ActionDraftRenewal || b[0].Value != "b" {
		t.Errorf("buttons %+v, want draft_renewal with the renewal id", b)
	}
	s := res.Sent[0]
	if s.RenewalID != "b" || s.OffsetDays != 30 || s.Deadline.String() != "2027-01-30" || s.Key != wantKey {
		t.Errorf("result %+v", s)
	}
}

func TestAFailedSendIsRetriedNextRunNeverMarkedSent(t *testing.T) {
	for name, open := range all {
		t.Run(name, func(t *testing.T) {
			st := open(t)
			seed(t, st, contract("slack:T1", "a", "C1", "slack", "2026-12-01"), contract("slack:T1", "b", "C1", "slack", "2026-12-01"))
			down := errors.New("slack: channel_not_found")
			p := &poster{}
			p.Fail(down)
			res, err := engine(st, p, at("2026-12-31")).Run(context.Background())
			if err != nil || len(res.Failed) != 2 || len(res.Sent) != 0 {
				t.Fatalf("run with a failing poster: sent %d failed %d err %v; want 0 sent, 2 failed", len(res.Sent), len(res.Failed), err)
			}
			key := store.ReminderKey{Tenant: "slack:T1", RenewalID: "a", Cycle: date("2027-03-01"), Offset: 30}
			if m, err := st.ReminderMark(context.Background(), key, at("2026-12-31")); err == nil && m.State == store.StateSent {
				t.Fatal("a failed send was marked sent")
			}
			// Next day, the poster works: both are caught up, once.
			p.Fail(nil)
			res, err = engine(st, p, at("2027-01-01")).Run(context.Background())
			if err != nil || len(res.Sent) != 2 || !res.Sent[0].Late {
				t.Fatalf("retry run: sent %+v err %v; want 2 late reminders", res.Sent, err)
			}
			if _, err := engine(st, p, at("2027-01-02")).Run(context.Background()); err != nil || len(p.All()) != 2 {
				t.Errorf("after the retry: %d posts, want 2", len(p.All()))
			}
		})
	}
}

func TestDryRunSendsNothingAndMarksNothing(t *testing.T) {
	st := memstore.NewStore(nil)
	seed(t, st, contract("slack:T1", "a", "C1", "slack", "2026-12-01"))
	p := &poster{}
	e := engine(st, p, at("2026-12-31"))
	e.DryRun = true
	for range 2 {
		res, err := e.Run(context.Background())
		if err != nil || len(res.Sent) != 1 || !res.DryRun || res.Sent[0].Title == "" {
			t.Fatalf("dry run: %+v, %v; want the one due reminder listed", res, err)
		}
	}
	if len(p.All()) != 0 {
		t.Errorf("dry run posted %d messages", len(p.All()))
	}
	key := store.ReminderKey{Tenant: "slack:T1", RenewalID: "a", Cycle: date("2027-03-01"), Offset: 30}
	if _, err := st.ReminderMark(context.Background(), key, at("2026-12-31")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("dry run left a mark: %v", err)
	}
	if r, _ := st.GetRenewal(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C1"}, "a"); r.NextCheck.String() != "2026-12-31" {
		t.Errorf("dry run moved the due index to %s", r.NextCheck)
	}
	// A real run afterwards sends it.
	if res, _ := engine(st, p, at("2026-12-31")).Run(context.Background()); len(res.Sent) != 1 || len(p.All()) != 1 {
		t.Errorf("real run after dry runs sent %d", len(res.Sent))
	}
	// And a dry run after that lists nothing: it was sent (and the renewal
	// moved on to its 14-day day in the index).
	if res, _ := e.Run(context.Background()); len(res.Sent) != 0 {
		t.Errorf("dry run after sending lists %d, want 0", len(res.Sent))
	}
	// Even when the index still points at today, a sent mark hides it.
	st.SetNextCheck(context.Background(), "slack:T1", "a", date("2026-12-31"))
	if res, _ := e.Run(context.Background()); len(res.Sent) != 0 || res.Skipped != 1 {
		t.Errorf("dry run over a sent mark lists %d, skipped %d; want 0 and 1", len(res.Sent), res.Skipped)
	}
}

func TestAMissedDayIsCaughtUp(t *testing.T) {
	st := memstore.NewStore(nil)
	seed(t, st, contract("slack:T1", "a", "C1", "slack", "2026-12-01"))
	p := &poster{}
	// The schedule did not run from 2026-12-31 to 2027-01-17: on the 18th the
	// 14-day reminder (due the 16th) goes out, late, and the 30-day one is
	// folded into it.
	res, err := engine(st, p, at("2027-01-18")).Run(context.Background())
	if err != nil || len(res.Sent) != 1 || res.Sent[0].OffsetDays != 14 || !res.Sent[0].Late || res.Sent[0].DaysLeft != 12 {
		t.Fatalf("catch-up run: %+v, %v", res.Sent, err)
	}
	if w := p.All()[0].reply.Warnings; len(w) == 0 || !strings.Contains(w[0], "sent late") {
		t.Errorf("a late reminder does not say so: %v", w)
	}
	if res, _ := engine(st, p, at("2027-01-23")).Run(context.Background()); len(res.Sent) != 1 || res.Sent[0].OffsetDays != 7 {
		t.Errorf("7-day run: %+v", res.Sent)
	}
}

func TestNoPosterOrADeletedRenewalIsNotSent(t *testing.T) {
	st := memstore.NewStore(nil)
	seed(t, st, contract("teams:T1", "a", "C1", "teams", "2026-12-01"))
	p := &poster{}
	res, err := engine(st, p, at("2026-12-31")).Run(context.Background())
	if err != nil || len(res.Failed) != 1 || !strings.Contains(res.Failed[0].Error, "no poster") {
		t.Errorf("unknown platform: %+v, %v", res.Failed, err)
	}
	// Deleted after the index was read: a store that hides it from Get.
	seed(t, st, contract("slack:T1", "gone", "C1", "slack", "2026-12-01"))
	del := &deleting{Store: st}
	if _, err := engine(del, p, at("2026-12-31")).Run(context.Background()); err != nil || len(p.All()) != 0 {
		t.Errorf("a renewal deleted mid-run was posted: %d posts, %v", len(p.All()), err)
	}
	key := store.ReminderKey{Tenant: "slack:T1", RenewalID: "gone", Cycle: date("2027-03-01"), Offset: 30}
	if m, err := st.ReminderMark(context.Background(), key, at("2026-12-31")); err == nil {
		t.Errorf("the claim on a deleted renewal was kept: %+v", m)
	}
}

// deleting deletes each renewal right after the due index returns it.
type deleting struct{ *memstore.Store }

func (d *deleting) DueRenewals(ctx context.Context, from, to rules.Date) ([]rules.Renewal, error) {
	rs, err := d.Store.DueRenewals(ctx, from, to)
	var kept []rules.Renewal
	for _, r := range rs {
		if r.ID == "gone" {
			d.Store.DeleteRenewal(ctx, store.ScopeOf(r), r.ID)
			kept = append(kept, r)
		}
	}
	return kept, err
}

func TestAClaimLeftByADeadRunIsTakenOverAfterTheLease(t *testing.T) {
	st := memstore.NewStore(nil)
	seed(t, st, contract("slack:T1", "a", "C1", "slack", "2026-12-01"))
	key := store.ReminderKey{Tenant: "slack:T1", RenewalID: "a", Cycle: date("2027-03-01"), Offset: 30}
	now := at("2026-12-31")
	if c, _ := st.ClaimReminder(context.Background(), key, "dead-run", now, remind.DefaultLease, now.Add(time.Hour*24*90)); c != store.Claimed {
		t.Fatal("setup claim failed")
	}
	p := &poster{}
	if res, _ := engine(st, p, now.Add(time.Minute)).Run(context.Background()); len(res.Sent) != 0 || res.Skipped != 1 {
		t.Errorf("within the lease: sent %d skipped %d, want 0 and 1", len(res.Sent), res.Skipped)
	}
	if res, _ := engine(st, p, now.Add(remind.DefaultLease+time.Minute)).Run(context.Background()); len(res.Sent) != 1 {
		t.Errorf("after the lease: sent %d, want 1", len(res.Sent))
	}
}

// panicky panics on a post to channel bad, and records the others.
type panicky struct {
	poster
	bad string
}

func (p *panicky) Post(ctx context.Context, t chat.Target, rep chat.Reply) error {
	if t.Channel == p.bad {
		panic("a bug one odd record can hit")
	}
	return p.poster.Post(ctx, t, rep)
}

// One renewal whose delivery panics fails alone: the run goes on with every
// other renewal (sent, once), reports the failure, and the next run after
// the lease tries it again.
func TestAPanickingRenewalDoesNotStopTheOthers(t *testing.T) {
	st := memstore.NewStore(nil)
	seed(t, st, contract("slack:T1", "a", "C1", "slack", "2026-12-01"), contract("slack:T1", "bad", "C-bad", "slack", "2026-12-01"),
		contract("feishu:K1", "b", "oc_1", "feishu", "2026-12-01"))
	p := &panicky{bad: "C-bad"}
	e := &remind.Engine{Store: st, Posters: map[string]chat.Poster{"slack": p, "feishu": p}, Now: func() time.Time { return at("2026-12-31") }, Log: quiet,
		Concurrency: 1} // one worker: a panic that escaped would end the run there
	res, err := e.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := p.keys(); strings.Join(got, ",") != "C1|a|30,oc_1|b|30" {
		t.Errorf("posted %v, want the two good renewals' reminders", got)
	}
	if len(res.Failed) != 1 || res.Failed[0].RenewalID != "bad" || !strings.Contains(res.Failed[0].Error, "internal error") {
		t.Errorf("failed %+v, want renewal bad, an internal error", res.Failed)
	}
	e.Now = func() time.Time { return at("2026-12-31").Add(remind.DefaultLease + time.Minute) }
	res, err = e.Run(context.Background())
	if err != nil || len(res.Failed) != 1 || res.Failed[0].RenewalID != "bad" || len(p.All()) != 2 {
		t.Errorf("the next run: failed %+v, %d posts, %v; want bad tried again and failing, nothing posted twice", res.Failed, len(p.All()), err)
	}
}
