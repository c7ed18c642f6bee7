package remind

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	renewalcmd "gpuadvisor/commands/renewal"
	"gpuadvisor/store"
)

// Store is what the engine needs of a store.
type Store interface {
	store.Renewals
	store.Reminders
}

// Defaults of an Engine.
const (
	DefaultLease       = 5 * time.Minute
	DefaultCatchUpDays = 35
	DefaultConcurrency = 8
	// MarkKeep is how long after a cycle's renewal date its reminder marks
	// are kept before they expire.
	MarkKeep = 90 * 24 * time.Hour
)

// Engine sends due reminders. The zero value with a Store and Posters is
// ready to use.
type Engine struct {
	Store Store
	// Posters send a reply to a platform's channel, by platform ("slack",
	// "feishu", "cli"). A renewal whose platform has none fails (not sent,
	// retried next run).
	Posters map[string]chat.Poster
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Loc is the time zone of "today"; nil means Asia/Shanghai.
	Loc *time.Location
	// Lease is how long a claim keeps other runs off; zero means DefaultLease.
	Lease time.Duration
	// CatchUpDays is how far back the due index is read, so that days the
	// schedule missed are caught up; zero means DefaultCatchUpDays.
	CatchUpDays int
	// Concurrency is how many renewals are handled at once; zero means
	// DefaultConcurrency.
	Concurrency int
	// DryRun reports what is due and does nothing else.
	DryRun bool
	// Owner names this run in claims; empty means a random id per Run.
	Owner string
	// Log receives one line per run and one per failure; nil means slog.Default().
	Log *slog.Logger
}

// Sent is one reminder a run sent (or, in a dry run, would send).
type Sent struct {
	RenewalID  string     `json:"renewal_id"`
	OffsetDays int        `json:"offset_days"`
	Tenant     string     `json:"tenant"`
	Platform   string     `json:"platform"`
	Channel    string     `json:"channel"`
	Vendor     string     `json:"vendor"`
	GPU        string     `json:"gpu,omitempty"`
	Cards      int        `json:"cards"`
	Renews     rules.Date `json:"renews"`
	Deadline   rules.Date `json:"deadline"`
	DueDate    rules.Date `json:"due_date"`
	DaysLeft   int        `json:"days_left"`
	Late       bool       `json:"late,omitempty"`
	Key        string     `json:"idempotency_key"`
	Title      string     `json:"title"`
	// Reply is the message posted.
	Reply chat.Reply `json:"-"`
}

// Failure is a reminder that was due but not sent; the next run retries it.
type Failure struct {
	Sent
	Error string `json:"error"`
}

// Result is what one run did.
type Result struct {
	Now    time.Time  `json:"now"`
	Today  rules.Date `json:"today"`
	DryRun bool       `json:"dry_run"`
	// Checked is how many renewals the due index returned.
	Checked int `json:"checked"`
	// Sent are the reminders posted (in a dry run: due and not yet sent).
	Sent []Sent `json:"sent"`
	// Failed are due reminders whose post failed; they stay due.
	Failed []Failure `json:"failed"`
	// Skipped counts reminders already sent or held by a concurrent run.
	Skipped int `json:"skipped"`
	// Unreadable are the stored renewals that could not be decoded: the
	// run left them out (each logged with its key) and sent the others.
	Unreadable []store.Unreadable `json:"unreadable"`
	// Duration is how long the run took.
	Duration time.Duration `json:"duration_ns"`
}

func (e *Engine) now() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}

func (e *Engine) loc() *time.Location {
	if e.Loc != nil {
		return e.Loc
	}
	return rules.Shanghai()
}

func (e *Engine) log() *slog.Logger {
	if e.Log != nil {
		return e.Log
	}
	return slog.Default()
}

func randomOwner() string {
	b := make([]byte, 8)
	rand.Read(b)
	return "run-" + hex.EncodeToString(b)
}

// run is the state of one Run.
type run struct {
	*Engine
	now   time.Time
	today rules.Date
	owner string

	mu  sync.Mutex
	res Result
}

// Run sends every reminder due now. It returns an error only when the due
// renewals cannot be read at all; a reminder that fails is in
// Result.Failed and stays due for the next run, and a renewal that does not
// decode is in Result.Unreadable while the others are sent.
func (e *Engine) Run(ctx context.Context) (Result, error) {
	start := time.Now()
	ctx, unreadable := store.WithSkipped(ctx, e.log())
	r := &run{Engine: e, now: e.now(), owner: e.Owner}
	if r.owner == "" {
		r.owner = randomOwner()
	}
	r.today = rules.DateOf(r.now, e.loc())
	r.res = Result{Now: r.now, Today: r.today, DryRun: e.DryRun, Sent: []Sent{}, Failed: []Failure{}, Unreadable: []store.Unreadable{}}
	back := e.CatchUpDays
	if back <= 0 {
		back = DefaultCatchUpDays
	}
	due, err := e.Store.DueRenewals(ctx, r.today.AddDays(-back), r.today)
	if err != nil {
		return r.res, fmt.Errorf("remind %s: %w", r.today, err)
	}
	r.res.Checked = len(due)
	conc := e.Concurrency
	if conc <= 0 {
		conc = DefaultConcurrency
	}
	work := make(chan rules.Renewal)
	var wg sync.WaitGroup
	for range conc {
		wg.Go(func() {
			for rn := range work {
				r.one(ctx, rn)
			}
		})
	}
	for _, rn := range due {
		work <- rn
	}
	close(work)
	wg.Wait()
	r.res.Unreadable = append(r.res.Unreadable, unreadable.List()...)
	sortSent(r.res.Sent)
	slices.SortFunc(r.res.Failed, func(a, b Failure) int { return compareSent(a.Sent, b.Sent) })
	r.res.Duration = time.Since(start)
	e.log().Info("remind run", "today", r.today.String(), "dry_run", e.DryRun, "checked", r.res.Checked,
		"sent", len(r.res.Sent), "failed", len(r.res.Failed), "skipped", r.res.Skipped, "unreadable", len(r.res.Unreadable), "duration_ms", r.res.Duration.Milliseconds())
	return r.res, nil
}

func describe(rn rules.Renewal, rem rules.Reminder, key store.ReminderKey) Sent {
	return Sent{
		RenewalID: rn.ID, OffsetDays: rem.Offset, Tenant: rn.Tenant, Platform: rn.Platform, Channel: rn.Channel,
		Vendor: rn.Vendor, GPU: rn.GPU, Cards: rn.Cards, Renews: rem.Cycle.Renews, Deadline: rem.Cycle.Deadline,
		DueDate: rem.Date, DaysLeft: rem.DaysLeft, Late: rem.Late, Key: key.IdempotencyKey(),
	}
}

// one handles one renewal from the due index. A panic while it does (a
// record no code expected, a poster's bug) fails this renewal only: the
// other workers go on with theirs, and the claim, if taken, is left to its
// lease, so that the next run after the lease tries it again without
// posting twice a reminder that went out just before the panic.
func (r *run) one(ctx context.Context, rn rules.Renewal) {
	defer func() {
		if v := recover(); v != nil {
			r.log().Error("reminder panicked; the other renewals go on", "tenant", rn.Tenant, "renewal", rn.ID,
				"panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			r.fail(Sent{RenewalID: rn.ID, Tenant: rn.Tenant, Platform: rn.Platform, Channel: rn.Channel, Vendor: rn.Vendor},
				fmt.Errorf("internal error: %v", v))
		}
	}()
	rem, ok := rn.Due(r.today)
	if !ok {
		r.reschedule(ctx, rn) // indexed early or past its deadline: move it on
		return
	}
	key := store.ReminderKey{Tenant: rn.Tenant, RenewalID: rn.ID, Cycle: rem.Cycle.Renews, Offset: rem.Offset}
	s := describe(rn, rem, key)
	if r.DryRun {
		m, err := r.Store.ReminderMark(ctx, key, r.now)
		switch {
		case err == nil && m.State == store.StateSent:
			r.skip()
		case err != nil && !errors.Is(err, store.ErrNotFound):
			r.fail(s, fmt.Errorf("read reminder mark: %w", err))
		default:
			s.Reply = renewalcmd.Reminder(rn, rem, r.today)
			s.Title = s.Reply.Title
			r.sent(s)
		}
		return
	}
	poster := r.Posters[rn.Platform]
	if poster == nil {
		r.fail(s, fmt.Errorf("no poster for platform %q", rn.Platform))
		return
	}
	expires := rem.Cycle.Renews.Start(time.UTC).Add(MarkKeep)
	rp, _ := poster.(ReminderPoster)
	claim, err := r.Store.ClaimReminder(ctx, key, r.owner, r.now, r.lease(), expires)
	if err != nil {
		r.fail(s, fmt.Errorf("claim: %w", err))
		return
	}
	switch claim {
	case store.Sent:
		r.skip()
		r.reschedule(ctx, rn)
		return
	case store.Held:
		r.skip()
		return
	}
	fresh, err := r.Store.GetRenewal(ctx, store.ScopeOf(rn), rn.ID)
	if errors.Is(err, store.ErrNotFound) {
		r.release(ctx, key) // removed since the index was read
		return
	}
	if err != nil {
		r.release(ctx, key)
		r.fail(s, fmt.Errorf("re-read renewal: %w", err))
		return
	}
	s.Reply = renewalcmd.Reminder(fresh, rem, r.today)
	s.Title = s.Reply.Title
	// Before any resend, look in the store: a run that posted the reminder
	// recorded its message (channel and id) first of all, so a run that died
	// or failed to mark it sent after that is not posted again. (Reading the
	// channel's history instead would need channels:history and
	// groups:history, the right to read every message there.)
	if ld := fresh.LastDelivery; ld != nil && ld.Cycle == rem.Cycle.Renews && ld.Offset == rem.Offset &&
		ld.Via == rules.ViaChannel && ld.Message != "" && ld.Channel == fresh.Channel {
		r.log().Info("reminder already posted (its message is recorded); marked sent, not resent", "key", key.String(), "message", ld.Message)
		r.delivered(ctx, fresh, rem, key, s, *ld)
		return
	}
	var err2 error
	posted := rules.Delivery{At: r.now.UTC(), Cycle: rem.Cycle.Renews, Offset: rem.Offset, Via: rules.ViaChannel}
	if rp != nil {
		posted.Channel = fresh.Channel
		posted.Message, err2 = rp.PostReminder(ctx, fresh.Channel, s.Key, s.Reply)
	} else {
		err2 = poster.Post(ctx, chat.Target{Channel: fresh.Channel, Key: s.Key}, s.Reply)
	}
	if err2 != nil {
		d := rules.Delivery{At: r.now.UTC(), Cycle: rem.Cycle.Renews, Offset: rem.Offset, Via: rules.ViaFailed, Error: err2.Error()}
		ld := fresh.LastDelivery
		dmToday := ld != nil && ld.Via == rules.ViaDM && ld.Cycle == rem.Cycle.Renews && ld.Offset == rem.Offset &&
			rules.DateOf(ld.At, r.loc()) == r.today
		switch {
		case dmToday:
			d.Via = rules.ViaDM // a retry the same day (Lambda's, say): the person has it already
		case rp != nil && cannotPost(err2) && fresh.CreatedBy != "":
			dmKey := s.Key + "-dm-" + r.today.String() // one direct message a day while the channel refuses
			if err := rp.PostDirect(ctx, fresh.CreatedBy, dmKey, dmNote(s.Reply, fresh, err2)); err != nil {
				d.Error += "; direct message to " + fresh.CreatedBy + ": " + err.Error()
			} else {
				d.Via = rules.ViaDM
			}
		}
		r.record(ctx, fresh, d)
		r.release(ctx, key)
		r.fail(s, fmt.Errorf("post to %s %s (%s): %w", fresh.Platform, fresh.Channel, d.Via, err2))
		return
	}
	r.delivered(ctx, fresh, rem, key, s, posted)
}

// delivered marks a reminder posted in its channel: recorded as the
// renewal's last delivery with its message first (the write the next run
// reads before resending), then sent, and the renewal moved on in the due
// index.
func (r *run) delivered(ctx context.Context, fresh rules.Renewal, rem rules.Reminder, key store.ReminderKey, s Sent, d rules.Delivery) {
	r.record(ctx, fresh, d)
	if err := r.Store.MarkSent(ctx, key, r.owner, r.now); err != nil {
		// Posted, but the mark failed: the next run finds the message
		// recorded above (Slack, Feishu) or Feishu drops the resend by its
		// uuid.
		r.log().Error("reminder posted but not marked sent", "key", key.String(), "err", err)
	}
	r.sent(s)
	r.reschedule(ctx, fresh)
}

// record keeps how the delivery went, for `renewal list`; a failure to
// record it is only logged.
func (r *run) record(ctx context.Context, rn rules.Renewal, d rules.Delivery) {
	if err := r.Store.SetDelivery(ctx, rn.Tenant, rn.ID, d); err != nil && !errors.Is(err, store.ErrNotFound) {
		r.log().Warn("record reminder delivery", "tenant", rn.Tenant, "id", rn.ID, "err", err)
	}
}

func (r *run) lease() time.Duration {
	if r.Lease > 0 {
		return r.Lease
	}
	return DefaultLease
}

func (r *run) reschedule(ctx context.Context, rn rules.Renewal) {
	if r.DryRun {
		return
	}
	next, _ := rn.NextCheckAfter(r.today)
	if next == rn.NextCheck {
		return
	}
	err := r.Store.SetNextCheck(ctx, rn.Tenant, rn.ID, next)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		// Harmless: the renewal stays where it was and the next run moves it.
		r.log().Warn("reschedule renewal", "tenant", rn.Tenant, "id", rn.ID, "err", err)
	}
}

func (r *run) release(ctx context.Context, key store.ReminderKey) {
	if err := r.Store.ReleaseReminder(ctx, key, r.owner); err != nil {
		r.log().Warn("release reminder claim; it frees itself when the lease ends", "key", key.String(), "err", err)
	}
}

func (r *run) sent(s Sent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.res.Sent = append(r.res.Sent, s)
}

func (r *run) skip() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.res.Skipped++
}

func (r *run) fail(s Sent, err error) {
	r.log().Error("reminder not sent; the next run retries it", "tenant", s.Tenant, "renewal", s.RenewalID, "offset", s.OffsetDays, "err", err)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.res.Failed = append(r.res.Failed, Failure{Sent: s, Error: err.Error()})
}

func compareSent(a, b Sent) int {
	return cmp.Or(cmp.Compare(a.Tenant, b.Tenant), cmp.Compare(a.RenewalID, b.RenewalID), cmp.Compare(a.OffsetDays, b.OffsetDays))
}

func sortSent(s []Sent) { slices.SortFunc(s, compareSent) }
