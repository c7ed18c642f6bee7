package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
)

// Run checks the whole store contract against stores made by newStore; each
// subtest gets a fresh, empty store.
func Run(t *testing.T, newStore func(t *testing.T) store.Store) {
	t.Helper()
	run(t, newStore, []test[store.Store]{
		{"a created renewal reads back field for field", testRoundTrip},
		{"an id taken in the tenant is a conflict", testCreateConflict},
		{"an unknown id is not found", testNotFound},
		{"a tenant sees and changes only its own renewals", testTenancy},
		{"a channel sees and changes only its own and team-wide renewals", testChannelScope},
		{"the last delivery is recorded", testSetDelivery},
		{"list is ordered by renewal date then id", testListOrder},
		{"delete removes the renewal and its due entry", testDelete},
		{"usage is recorded", testSetUsage},
		{"due renewals are found by date across tenants", testDue},
		{"next check moves and leaves the due index", testSetNextCheck},
		{"a reminder is claimed once, then sent once", testClaimLifecycle},
		{"a claim whose lease ran out is taken over", testLeaseTakeover},
		{"a released claim is retried at once", testRelease},
		{"an expired mark reads as none", testMarkExpiry},
		{"concurrent claims: exactly one wins", testConcurrentClaims},
		{"a price reads back field for field, in its channel only", testPriceRoundTrip},
		{"a price id taken in the tenant is a conflict", testPriceConflict},
		{"team-wide prices are read and removed team-wide, a channel's only there", testPriceScope},
		{"prices are listed cheapest first per card", testPriceOrder},
		{"team settings read back per tenant; none is the zero value", testSettings},
		{"a check reads back field for field; a check without its key is refused", testCheckRoundTrip},
		{"a check is seen by who ran it and, unless private, in its conversation", testCheckScope},
		{"recent checks: newest first, at most n, each id once", testCheckOrder},
		{"past KeepChecks per tenant the oldest checks go", testCheckBound},
		{"a check older than CheckTTL reads as gone", testCheckExpiry},
		{"a team-wide check is seen team-wide; a delete takes a conversation's records of the id", testCheckTeamWideAndDelete},
		{"a trial reads back field for field; a trial without its key is refused", testTrialRoundTrip},
		{"a trial is seen and deleted in its channel, or team-wide", testTrialScope},
		{"trials: newest first, the same id replaced, at most KeepTrials, none past TrialTTL", testTrialOrderAndBound},
	})
	RunDeduper(t, func(t *testing.T) store.Deduper { return newStore(t) })
	RunTexts(t, func(t *testing.T) store.Texts { return newStore(t) })
}

// RunDeduper runs the store.Deduper contract against a fresh Deduper per
// test (a Store's own, or one layered over it).
func RunDeduper(t *testing.T, newDeduper func(t *testing.T) store.Deduper) {
	t.Helper()
	run(t, newDeduper, []test[store.Deduper]{
		{"dedupe keys are claimed once until they expire; leases run out unless done", testDedupe},
		{"concurrent dedupe leases: exactly one wins", testConcurrentDedupe},
	})
}

// test is one check of a contract on S.
type test[S any] struct {
	name string
	fn   func(t *testing.T, s S)
}

// run runs each test as a subtest on a fresh S from newS.
func run[S any](t *testing.T, newS func(t *testing.T) S, tests []test[S]) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, newS(t)) })
	}
}

var ctx = context.Background()

// SampleChannel is the channel Sample's renewals were added in.
const SampleChannel = "oc_84983ff6516d731e5b5f68d4ea2e1da5"

// in is the scope of SampleChannel in tenant.
func in(tenant string) store.Scope { return store.Scope{Tenant: tenant, Channel: SampleChannel} }

// Sample returns a full renewal for tenant and id, every field set but
// NoticeMonths (its notice is in days; testRoundTrip stores one in months
// too).
func Sample(tenant, id string) renewal.Renewal {
	renews, _ := renewal.ParseDate("2027-03-01")
	next, _ := renewal.ParseDate("2026-12-31")
	return renewal.Renewal{
		ID: id, Tenant: tenant, Platform: "feishu", Channel: SampleChannel,
		CreatedBy: "ou_7d8a6e6df7621556ce0d21922b676706ccs", Lang: "zh",
		CreatedAt: time.Date(2026, 11, 29, 9, 30, 15, 123456789, time.UTC),
		Vendor:    "酷算云", GPU: "A100-80G", Cards: 8, Mode: renewal.Monthly, Price: 15000.5, OnDemand: 35,
		Renews: renews, NoticeDays: 30, Offsets: []int{30, 14, 7, 1}, TermMonths: 3,
		Usage: []float64{310.25}, NextCheck: next, Scope: renewal.ScopeChannel,
		LastDelivery: &renewal.Delivery{At: time.Date(2026, 11, 30, 1, 0, 0, 0, time.UTC), Cycle: renews, Offset: 30,
			Via: renewal.ViaDM, Error: "not_in_channel"},
	}
}

func date(s string) renewal.Date {
	d, err := renewal.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func mustCreate(t *testing.T, s store.Store, r renewal.Renewal) {
	t.Helper()
	if err := s.CreateRenewal(ctx, r); err != nil {
		t.Fatalf("CreateRenewal(%s/%s): %v", r.Tenant, r.ID, err)
	}
}

func same(a, b renewal.Renewal) bool {
	if !a.CreatedAt.Equal(b.CreatedAt) {
		return false
	}
	a.CreatedAt, b.CreatedAt = time.Time{}, time.Time{}
	return reflect.DeepEqual(a, b)
}

func testRoundTrip(t *testing.T, s store.Store) {
	want := Sample("feishu:tk1", "r1")
	mustCreate(t, s, want)
	got, err := s.GetRenewal(ctx, in("feishu:tk1"), "r1")
	if err != nil {
		t.Fatalf("GetRenewal: %v", err)
	}
	if !same(got, want) {
		t.Errorf("GetRenewal\n got %+v\nwant %+v", got, want)
	}
	// A notice in calendar months comes back as months.
	months := Sample("feishu:tk1", "r3")
	months.NoticeMonths = 1
	mustCreate(t, s, months)
	got, err = s.GetRenewal(ctx, in("feishu:tk1"), "r3")
	if err != nil || !same(got, months) || got.Deadline().String() != "2027-02-01" {
		t.Errorf("a notice in months: got %+v, %v; want %+v (deadline 2027-02-01)", got, err, months)
	}
	// Optional fields left empty come back empty.
	min := renewal.Renewal{ID: "r2", Tenant: "feishu:tk1", Vendor: "v", Cards: 1, Mode: renewal.Monthly, Price: 1, Renews: date("2027-01-01")}
	mustCreate(t, s, min)
	got, err = s.GetRenewal(ctx, store.Scope{Tenant: "feishu:tk1"}, "r2") // no channel, like min
	if err != nil || !same(got, min) {
		t.Errorf("minimal renewal: got %+v, %v; want %+v", got, err, min)
	}
}

func testCreateConflict(t *testing.T, s store.Store) {
	mustCreate(t, s, Sample("slack:T1", "r1"))
	other := Sample("slack:T1", "r1")
	other.Vendor = "someone else"
	if err := s.CreateRenewal(ctx, other); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("second CreateRenewal with the same id: got %v, want ErrConflict", err)
	}
	got, _ := s.GetRenewal(ctx, in("slack:T1"), "r1")
	if got.Vendor != "酷算云" {
		t.Errorf("the conflicting create overwrote the renewal: vendor %q", got.Vendor)
	}
}

func testNotFound(t *testing.T, s store.Store) {
	if _, err := s.GetRenewal(ctx, in("slack:T1"), "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetRenewal(unknown): got %v, want ErrNotFound", err)
	}
	if err := s.DeleteRenewal(ctx, in("slack:T1"), "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("DeleteRenewal(unknown): got %v, want ErrNotFound", err)
	}
	if _, err := s.SetUsage(ctx, in("slack:T1"), "nope", []float64{1}, 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetUsage(unknown): got %v, want ErrNotFound", err)
	}
	if err := s.SetNextCheck(ctx, "slack:T1", "nope", date("2027-01-01")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetNextCheck(unknown): got %v, want ErrNotFound", err)
	}
	if rs, err := s.ListRenewals(ctx, in("slack:T1")); err != nil || len(rs) != 0 {
		t.Errorf("ListRenewals(empty tenant) = %v, %v; want none", rs, err)
	}
}

func testTenancy(t *testing.T, s store.Store) {
	a, b := "slack:TA", "slack:TB"
	mustCreate(t, s, Sample(a, "r1"))
	// The same id in another tenant is a different renewal.
	rb := Sample(b, "r1")
	rb.Vendor = "B's vendor"
	mustCreate(t, s, rb)
	mustCreate(t, s, Sample(a, "only-a"))

	if _, err := s.GetRenewal(ctx, in(b), "only-a"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("tenant B reads A's renewal: got %v, want ErrNotFound", err)
	}
	if err := s.DeleteRenewal(ctx, in(b), "only-a"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("tenant B deletes A's renewal: got %v, want ErrNotFound", err)
	}
	if _, err := s.SetUsage(ctx, in(b), "only-a", []float64{1}, 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("tenant B sets A's usage: got %v, want ErrNotFound", err)
	}
	if _, err := s.GetRenewal(ctx, in(a), "only-a"); err != nil {
		t.Errorf("A's renewal is gone after B's attempts: %v", err)
	}
	listB, err := s.ListRenewals(ctx, in(b))
	if err != nil || len(listB) != 1 || listB[0].Vendor != "B's vendor" {
		t.Errorf("ListRenewals(B) = %+v, %v; want only B's r1", listB, err)
	}
	if err := s.DeleteRenewal(ctx, in(b), "r1"); err != nil {
		t.Fatalf("B deletes its r1: %v", err)
	}
	if got, err := s.GetRenewal(ctx, in(a), "r1"); err != nil || got.Tenant != a {
		t.Errorf("B deleting its r1 touched A's r1: %+v, %v", got, err)
	}
	listA, _ := s.ListRenewals(ctx, in(a))
	if len(listA) != 2 {
		t.Errorf("ListRenewals(A) has %d renewals, want 2", len(listA))
	}
}

func testListOrder(t *testing.T, s store.Store) {
	for _, c := range []struct{ id, renews string }{{"c", "2027-05-01"}, {"b", "2027-03-01"}, {"a", "2027-05-01"}, {"d", "2026-12-25"}} {
		r := Sample("cli:local", c.id)
		r.Renews = date(c.renews)
		mustCreate(t, s, r)
	}
	rs, err := s.ListRenewals(ctx, in("cli:local"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rs {
		got = append(got, r.ID)
	}
	if fmt.Sprint(got) != "[d b a c]" {
		t.Errorf("ListRenewals order %v, want [d b a c]", got)
	}
}

func testDelete(t *testing.T, s store.Store) {
	r := Sample("slack:T1", "r1")
	mustCreate(t, s, r)
	if err := s.DeleteRenewal(ctx, in("slack:T1"), "r1"); err != nil {
		t.Fatalf("DeleteRenewal: %v", err)
	}
	if _, err := s.GetRenewal(ctx, in("slack:T1"), "r1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetRenewal after delete: got %v, want ErrNotFound", err)
	}
	if err := s.DeleteRenewal(ctx, in("slack:T1"), "r1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("second DeleteRenewal: got %v, want ErrNotFound", err)
	}
	due, err := s.DueRenewals(ctx, r.NextCheck, r.NextCheck)
	if err != nil || len(due) != 0 {
		t.Errorf("DueRenewals after delete = %d renewals, %v; want none", len(due), err)
	}
}

func testSetUsage(t *testing.T, s store.Store) {
	mustCreate(t, s, Sample("slack:T1", "r1"))
	hours := []float64{720, 720, 700.5, 600, 300, 300, 100, 0}
	got, err := s.SetUsage(ctx, in("slack:T1"), "r1", hours, 0)
	if err != nil {
		t.Fatalf("SetUsage: %v", err)
	}
	if !reflect.DeepEqual(got.Usage, hours) || got.Vendor != "酷算云" || got.OnDemand != 35 {
		t.Errorf("SetUsage returned usage %v vendor %q ondemand %v; want %v and the rest unchanged", got.Usage, got.Vendor, got.OnDemand, hours)
	}
	got, err = s.SetUsage(ctx, in("slack:T1"), "r1", []float64{310}, 32.5)
	if err != nil || got.OnDemand != 32.5 || !reflect.DeepEqual(got.Usage, []float64{310}) {
		t.Errorf("SetUsage with an on-demand price = %+v, %v; want usage [310], ondemand 32.5", got, err)
	}
	hours = []float64{310}
	read, _ := s.GetRenewal(ctx, in("slack:T1"), "r1")
	if !reflect.DeepEqual(read.Usage, hours) || read.NextCheck != got.NextCheck {
		t.Errorf("GetRenewal after SetUsage: usage %v next %s", read.Usage, read.NextCheck)
	}
}

func ids(rs []renewal.Renewal) map[string]bool {
	out := map[string]bool{}
	for _, r := range rs {
		out[r.Tenant+"/"+r.ID] = true
	}
	return out
}

func testDue(t *testing.T, s store.Store) {
	for i, c := range []struct{ tenant, id, next string }{
		{"slack:T1", "a", "2027-01-01"}, {"slack:T1", "b", "2027-01-03"}, {"feishu:X", "c", "2027-01-02"},
		{"feishu:X", "d", "2027-01-05"}, {"cli:local", "e", "2026-12-31"}, {"cli:local", "f", ""},
	} {
		r := Sample(c.tenant, c.id)
		r.NextCheck = renewal.Date{}
		if c.next != "" {
			r.NextCheck = date(c.next)
		}
		r.Renews = r.Renews.AddDays(i)
		mustCreate(t, s, r)
	}
	due, err := s.DueRenewals(ctx, date("2027-01-01"), date("2027-01-03"))
	if err != nil {
		t.Fatalf("DueRenewals: %v", err)
	}
	want := map[string]bool{"slack:T1/a": true, "slack:T1/b": true, "feishu:X/c": true}
	if got := ids(due); !reflect.DeepEqual(got, want) {
		t.Errorf("DueRenewals(2027-01-01..03) = %v, want %v", got, want)
	}
	for _, r := range due {
		if r.Vendor != "酷算云" || r.Cards != 8 {
			t.Errorf("due renewal %s came back incomplete: %+v", r.ID, r)
		}
	}
	one, _ := s.DueRenewals(ctx, date("2027-01-05"), date("2027-01-05"))
	if got := ids(one); !reflect.DeepEqual(got, map[string]bool{"feishu:X/d": true}) {
		t.Errorf("DueRenewals(2027-01-05) = %v, want feishu:X/d", got)
	}
}

func testSetNextCheck(t *testing.T, s store.Store) {
	r := Sample("slack:T1", "r1")
	mustCreate(t, s, r)
	if err := s.SetNextCheck(ctx, "slack:T1", "r1", date("2027-01-16")); err != nil {
		t.Fatalf("SetNextCheck: %v", err)
	}
	if old, _ := s.DueRenewals(ctx, r.NextCheck, r.NextCheck); len(old) != 0 {
		t.Errorf("still due on the old day after SetNextCheck: %v", ids(old))
	}
	if now, _ := s.DueRenewals(ctx, date("2027-01-16"), date("2027-01-16")); len(now) != 1 {
		t.Errorf("not due on the new day: %v", ids(now))
	}
	got, _ := s.GetRenewal(ctx, in("slack:T1"), "r1")
	if got.NextCheck.String() != "2027-01-16" {
		t.Errorf("GetRenewal().NextCheck = %s, want 2027-01-16", got.NextCheck)
	}
	if err := s.SetNextCheck(ctx, "slack:T1", "r1", renewal.Date{}); err != nil {
		t.Fatalf("SetNextCheck(zero): %v", err)
	}
	if all, _ := s.DueRenewals(ctx, date("2026-12-01"), date("2027-02-28")); len(all) != 0 {
		t.Errorf("a renewal with no next check is still due: %v", ids(all))
	}
}

// testChannelScope: a renewal added in one channel (a private one, say) is
// neither listed, read, changed nor removed from another channel of the same
// team; one shared with scope=team is, from every channel of that team only.
func testChannelScope(t *testing.T, s store.Store) {
	const team = "slack:T1"
	private := store.Scope{Tenant: team, Channel: "G-private"}
	public := store.Scope{Tenant: team, Channel: "C-general"}
	secret := Sample(team, "secret")
	secret.Channel, secret.Scope, secret.Price = private.Channel, renewal.ScopeChannel, 99999
	mustCreate(t, s, secret)
	old := Sample(team, "legacy") // stored before scopes: no Scope at all reads as the channel
	old.Channel, old.Scope = private.Channel, ""
	mustCreate(t, s, old)
	shared := Sample(team, "shared")
	shared.Channel, shared.Scope = private.Channel, renewal.ScopeTeam
	mustCreate(t, s, shared)
	mine := Sample(team, "mine")
	mine.Channel = public.Channel
	mustCreate(t, s, mine)

	list := func(sc store.Scope) string {
		rs, err := s.ListRenewals(ctx, sc)
		if err != nil {
			t.Fatalf("ListRenewals(%v): %v", sc, err)
		}
		var got []string
		for _, r := range rs {
			got = append(got, r.ID)
		}
		slices.Sort(got)
		return fmt.Sprint(got)
	}
	if got := list(public); got != "[mine shared]" {
		t.Errorf("the public channel lists %s, want [mine shared]: never the private channel's own", got)
	}
	if got := list(private); got != "[legacy secret shared]" {
		t.Errorf("the private channel lists %s, want [legacy secret shared]", got)
	}
	if got := list(store.Scope{Tenant: "slack:T2", Channel: private.Channel}); got != "[]" {
		t.Errorf("another team with the same channel id lists %s, want []", got)
	}
	for _, id := range []string{"secret", "legacy"} {
		if _, err := s.GetRenewal(ctx, public, id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("public reads private %s: got %v, want ErrNotFound", id, err)
		}
		if _, err := s.SetUsage(ctx, public, id, []float64{1}, 1); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("public sets usage of private %s: got %v, want ErrNotFound", id, err)
		}
		if err := s.DeleteRenewal(ctx, public, id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("public removes private %s: got %v, want ErrNotFound", id, err)
		}
		got, err := s.GetRenewal(ctx, private, id)
		if err != nil || got.Usage[0] != 310.25 || got.OnDemand != 35 {
			t.Errorf("private %s after the public channel's attempts: %+v, %v; want unchanged", id, got, err)
		}
	}
	if got, err := s.GetRenewal(ctx, public, "shared"); err != nil || got.Channel != private.Channel {
		t.Errorf("public reads the team-wide renewal: %+v, %v", got, err)
	}
	if got, err := s.SetUsage(ctx, public, "shared", []float64{200}, 0); err != nil || got.Usage[0] != 200 {
		t.Errorf("public sets usage of the team-wide renewal: %+v, %v", got, err)
	}
	if err := s.DeleteRenewal(ctx, store.Scope{Tenant: "slack:T2", Channel: public.Channel}, "shared"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("another team removes the team-wide renewal: got %v, want ErrNotFound", err)
	}
	if err := s.DeleteRenewal(ctx, public, "shared"); err != nil {
		t.Errorf("public removes the team-wide renewal: %v", err)
	}
	// Ids stay unique in the team across channels: the reminder engine and
	// the due index key on tenant and id.
	dup := Sample(team, "secret")
	dup.Channel = public.Channel
	if err := s.CreateRenewal(ctx, dup); !errors.Is(err, store.ErrConflict) {
		t.Errorf("the same id in another channel of the team: got %v, want ErrConflict", err)
	}
}

func testSetDelivery(t *testing.T, s store.Store) {
	r := Sample("slack:T1", "r1")
	r.LastDelivery = nil
	mustCreate(t, s, r)
	if got, _ := s.GetRenewal(ctx, in("slack:T1"), "r1"); got.LastDelivery != nil {
		t.Errorf("a new renewal has a delivery: %+v", got.LastDelivery)
	}
	d := renewal.Delivery{At: time.Date(2027, 1, 30, 1, 0, 0, 5, time.UTC), Cycle: r.Renews, Offset: 1, Via: renewal.ViaChannel}
	if err := s.SetDelivery(ctx, "slack:T1", "r1", d); err != nil {
		t.Fatalf("SetDelivery: %v", err)
	}
	got, err := s.GetRenewal(ctx, in("slack:T1"), "r1")
	if err != nil || got.LastDelivery == nil || !got.LastDelivery.At.Equal(d.At) || got.LastDelivery.Via != d.Via ||
		got.LastDelivery.Offset != 1 || got.LastDelivery.Cycle != d.Cycle || got.Vendor != r.Vendor || got.NextCheck != r.NextCheck {
		t.Errorf("after SetDelivery: %+v, %v; want delivery %+v and the rest unchanged", got.LastDelivery, err, d)
	}
	if err := s.SetDelivery(ctx, "slack:T1", "nope", d); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetDelivery(unknown): got %v, want ErrNotFound", err)
	}
}
