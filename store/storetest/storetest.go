package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
)

// Run checks the whole store contract against stores made by newStore; each
// subtest gets a fresh, empty store.
func Run(t *testing.T, newStore func(t *testing.T) store.Store) {
	t.Helper()
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store)
	}{
		{"a created renewal reads back field for field", testRoundTrip},
		{"an id taken in the tenant is a conflict", testCreateConflict},
		{"an unknown id is not found", testNotFound},
		{"a tenant sees and changes only its own renewals", testTenancy},
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
		{"dedupe keys are claimed once until they expire", testDedupe},
		{"concurrent dedupe claims: exactly one wins", testConcurrentDedupe},
		{"a price reads back field for field, in its channel only", testPriceRoundTrip},
		{"a price id taken in the tenant is a conflict", testPriceConflict},
		{"team-wide prices are read team-wide, changed only where saved", testPriceScope},
		{"prices are listed cheapest first per card", testPriceOrder},
		{"team settings read back per tenant; none is the zero value", testSettings},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, newStore(t)) })
	}
}

var ctx = context.Background()

// Sample returns a full renewal for tenant and id, every field set.
func Sample(tenant, id string) renewal.Renewal {
	renews, _ := renewal.ParseDate("2027-03-01")
	next, _ := renewal.ParseDate("2026-12-31")
	return renewal.Renewal{
		ID: id, Tenant: tenant, Platform: "feishu", Channel: "oc_84983ff6516d731e5b5f68d4ea2e1da5",
		CreatedBy: "ou_7d8a6e6df7621556ce0d21922b676706ccs", Lang: "zh",
		CreatedAt: time.Date(2026, 11, 29, 9, 30, 15, 123456789, time.UTC),
		Vendor:    "酷算云", GPU: "A100-80G", Cards: 8, Mode: renewal.Monthly, Price: 15000.5, OnDemand: 35,
		Renews: renews, NoticeDays: 30, Offsets: []int{30, 14, 7, 1}, TermMonths: 3,
		Usage: []float64{310.25}, NextCheck: next,
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
	got, err := s.GetRenewal(ctx, "feishu:tk1", "r1")
	if err != nil {
		t.Fatalf("GetRenewal: %v", err)
	}
	if !same(got, want) {
		t.Errorf("GetRenewal\n got %+v\nwant %+v", got, want)
	}
	// Optional fields left empty come back empty.
	min := renewal.Renewal{ID: "r2", Tenant: "feishu:tk1", Vendor: "v", Cards: 1, Mode: renewal.Monthly, Price: 1, Renews: date("2027-01-01")}
	mustCreate(t, s, min)
	got, err = s.GetRenewal(ctx, "feishu:tk1", "r2")
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
	got, _ := s.GetRenewal(ctx, "slack:T1", "r1")
	if got.Vendor != "酷算云" {
		t.Errorf("the conflicting create overwrote the renewal: vendor %q", got.Vendor)
	}
}

func testNotFound(t *testing.T, s store.Store) {
	if _, err := s.GetRenewal(ctx, "slack:T1", "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetRenewal(unknown): got %v, want ErrNotFound", err)
	}
	if err := s.DeleteRenewal(ctx, "slack:T1", "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("DeleteRenewal(unknown): got %v, want ErrNotFound", err)
	}
	if _, err := s.SetUsage(ctx, "slack:T1", "nope", []float64{1}, 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetUsage(unknown): got %v, want ErrNotFound", err)
	}
	if err := s.SetNextCheck(ctx, "slack:T1", "nope", date("2027-01-01")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetNextCheck(unknown): got %v, want ErrNotFound", err)
	}
	if rs, err := s.ListRenewals(ctx, "slack:T1"); err != nil || len(rs) != 0 {
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

	if _, err := s.GetRenewal(ctx, b, "only-a"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("tenant B reads A's renewal: got %v, want ErrNotFound", err)
	}
	if err := s.DeleteRenewal(ctx, b, "only-a"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("tenant B deletes A's renewal: got %v, want ErrNotFound", err)
	}
	if _, err := s.SetUsage(ctx, b, "only-a", []float64{1}, 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("tenant B sets A's usage: got %v, want ErrNotFound", err)
	}
	if _, err := s.GetRenewal(ctx, a, "only-a"); err != nil {
		t.Errorf("A's renewal is gone after B's attempts: %v", err)
	}
	listB, err := s.ListRenewals(ctx, b)
	if err != nil || len(listB) != 1 || listB[0].Vendor != "B's vendor" {
		t.Errorf("ListRenewals(B) = %+v, %v; want only B's r1", listB, err)
	}
	if err := s.DeleteRenewal(ctx, b, "r1"); err != nil {
		t.Fatalf("B deletes its r1: %v", err)
	}
	if got, err := s.GetRenewal(ctx, a, "r1"); err != nil || got.Tenant != a {
		t.Errorf("B deleting its r1 touched A's r1: %+v, %v", got, err)
	}
	listA, _ := s.ListRenewals(ctx, a)
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
	rs, err := s.ListRenewals(ctx, "cli:local")
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
	if err := s.DeleteRenewal(ctx, "slack:T1", "r1"); err != nil {
		t.Fatalf("DeleteRenewal: %v", err)
	}
	if _, err := s.GetRenewal(ctx, "slack:T1", "r1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("GetRenewal after delete: got %v, want ErrNotFound", err)
	}
	if err := s.DeleteRenewal(ctx, "slack:T1", "r1"); !errors.Is(err, store.ErrNotFound) {
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
	got, err := s.SetUsage(ctx, "slack:T1", "r1", hours, 0)
	if err != nil {
		t.Fatalf("SetUsage: %v", err)
	}
	if !reflect.DeepEqual(got.Usage, hours) || got.Vendor != "酷算云" || got.OnDemand != 35 {
		t.Errorf("SetUsage returned usage %v vendor %q ondemand %v; want %v and the rest unchanged", got.Usage, got.Vendor, got.OnDemand, hours)
	}
	got, err = s.SetUsage(ctx, "slack:T1", "r1", []float64{310}, 32.5)
	if err != nil || got.OnDemand != 32.5 || !reflect.DeepEqual(got.Usage, []float64{310}) {
		t.Errorf("SetUsage with an on-demand price = %+v, %v; want usage [310], ondemand 32.5", got, err)
	}
	hours = []float64{310}
	read, _ := s.GetRenewal(ctx, "slack:T1", "r1")
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
	got, _ := s.GetRenewal(ctx, "slack:T1", "r1")
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
