package storetest

import (
	"slices"
	"strings"
	"testing"
	"time"

	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/renewal"
	"gpuadvisor/store"
)

// Spoiler damages one stored record so that it no longer decodes, as a
// byte changed on disk or an item edited by hand leaves it; everything
// else (its key, its place in the due index) stays.
type Spoiler interface {
	SpoilRenewal(t *testing.T, tenant, id string)
	SpoilPrice(t *testing.T, tenant, id string)
	SpoilCheck(t *testing.T, c store.Check)
	SpoilSettings(t *testing.T, tenant string)
	SpoilTrial(t *testing.T, tenant, id string)
}

// RunUnreadable checks that a record that does not decode is skipped and
// reported by its key (store.Skip) while every other record is served, and
// that reading it alone is a store.ErrUnreadable.
func RunUnreadable(t *testing.T, newStore func(t *testing.T) (store.Store, Spoiler)) {
	t.Helper()
	tests := []struct {
		name string
		fn   func(t *testing.T, s store.Store, sp Spoiler)
	}{
		{"an unreadable renewal is skipped by list and due, reported, and alone is ErrUnreadable", testUnreadableRenewal},
		{"an unreadable price is skipped and reported", testUnreadablePrice},
		{"an unreadable check is skipped and reported", testUnreadableCheck},
		{"unreadable settings read as none chosen, reported", testUnreadableSettings},
		{"an unreadable trial is skipped and reported; a new one is kept beside it", testUnreadableTrial},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, sp := newStore(t)
			tt.fn(t, s, sp)
		})
	}
}

// skipped checks that exactly one record of bucket, whose key holds id,
// was reported.
func skipped(t *testing.T, sk *store.Skipped, bucket, id string) {
	t.Helper()
	list := sk.List()
	if len(list) != 1 || list[0].Bucket != bucket || !strings.Contains(list[0].Key, id) || list[0].Error == "" {
		t.Fatalf("skipped %+v, want one record of %s whose key holds %q, with why", list, bucket, id)
	}
}

func testUnreadableRenewal(t *testing.T, s store.Store, sp Spoiler) {
	const tenant = "slack:T0001"
	for _, id := range []string{"r1", "r2", "r3"} {
		mustCreate(t, s, Sample(tenant, id))
	}
	sp.SpoilRenewal(t, tenant, "r2")
	c, sk := store.WithSkipped(ctx, nil)
	got, err := s.ListRenewals(c, in(tenant))
	if err != nil {
		t.Fatalf("ListRenewals with one bad record: %v, want the others and no error", err)
	}
	if ids := renewalIDs(got); !slices.Equal(ids, []string{"r1", "r3"}) {
		t.Errorf("ListRenewals = %v, want [r1 r3]", ids)
	}
	skipped(t, sk, "renewals", "r2")

	next := Sample(tenant, "r1").NextCheck
	c, sk = store.WithSkipped(ctx, nil)
	due, err := s.DueRenewals(c, next, next)
	if err != nil {
		t.Fatalf("DueRenewals with one bad record: %v, want the others and no error", err)
	}
	if ids := renewalIDs(due); !slices.Equal(ids, []string{"r1", "r3"}) {
		t.Errorf("DueRenewals = %v, want [r1 r3]", ids)
	}
	skipped(t, sk, "renewals", "r2")

	if _, err := s.GetRenewal(ctx, in(tenant), "r2"); !store.IsUnreadable(err) {
		t.Errorf("GetRenewal(bad r2) = %v, want ErrUnreadable", err)
	}
	if r, err := s.GetRenewal(ctx, in(tenant), "r3"); err != nil || r.ID != "r3" {
		t.Errorf("GetRenewal(r3) = %v, %v; want r3", r.ID, err)
	}
	if _, err := s.SetUsage(ctx, in(tenant), "r3", []float64{100}, 0); err != nil {
		t.Errorf("SetUsage(r3) beside a bad record: %v", err)
	}
}

func renewalIDs(rs []renewal.Renewal) []string {
	var ids []string
	for _, r := range rs {
		ids = append(ids, r.ID)
	}
	slices.Sort(ids)
	return ids
}

func testUnreadablePrice(t *testing.T, s store.Store, sp Spoiler) {
	const tenant = "feishu:tk1"
	for _, id := range []string{"p1", "p2"} {
		e := pricebook.Entry{ID: id, GPU: "a100-80g", Vendor: "V" + id, OnDemand: 9, Currency: "CNY", Date: "2026-11-30",
			Tenant: tenant, Channel: SampleChannel}
		if err := s.PutPrice(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	sp.SpoilPrice(t, tenant, "p2")
	c, sk := store.WithSkipped(ctx, nil)
	got, err := s.ListPrices(c, in(tenant))
	if err != nil || len(got) != 1 || got[0].ID != "p1" {
		t.Fatalf("ListPrices with one bad entry = %+v, %v; want p1 alone, no error", got, err)
	}
	skipped(t, sk, "prices", "p2")
}

func testUnreadableCheck(t *testing.T, s store.Store, sp Spoiler) {
	const tenant = "slack:T0001"
	at := time.Now().UTC().Add(-time.Hour).Truncate(time.Millisecond)
	c1 := SampleCheck(tenant, SampleChannel, "U1", "c1", at)
	c2 := SampleCheck(tenant, SampleChannel, "U1", "c2", at.Add(time.Minute))
	for _, c := range []store.Check{c1, c2} {
		if err := s.AddCheck(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	sp.SpoilCheck(t, c2)
	c, sk := store.WithSkipped(ctx, nil)
	got, err := s.RecentChecks(c, in(tenant), "U1", 5)
	if err != nil || len(got) != 1 || got[0].ID != "c1" {
		t.Fatalf("RecentChecks with one bad check = %+v, %v; want c1 alone, no error", got, err)
	}
	skipped(t, sk, "checks", "c2")
}

func testUnreadableSettings(t *testing.T, s store.Store, sp Spoiler) {
	const tenant = "slack:T0001"
	if err := s.PutSettings(ctx, tenant, store.TeamSettings{Market: "global", UpdatedBy: "U1"}); err != nil {
		t.Fatal(err)
	}
	sp.SpoilSettings(t, tenant)
	c, sk := store.WithSkipped(ctx, nil)
	got, err := s.GetSettings(c, tenant)
	if err != nil || got != (store.TeamSettings{}) {
		t.Fatalf("GetSettings of bad settings = %+v, %v; want none chosen, no error", got, err)
	}
	skipped(t, sk, "settings", tenant)
}

func testUnreadableTrial(t *testing.T, s store.Store, sp Spoiler) {
	const tenant = "slack:T0001"
	at := time.Now().UTC().Add(-time.Hour).Truncate(time.Millisecond)
	for i, id := range []string{"t1", "t2", "t3"} {
		mustAddTrial(t, s, SampleTrial(tenant, SampleChannel, "U1", id, at.Add(time.Duration(i)*time.Minute)))
	}
	sp.SpoilTrial(t, tenant, "t2")
	c, sk := store.WithSkipped(ctx, nil)
	got, err := s.ListTrials(c, in(tenant))
	if err != nil || len(got) != 2 || got[0].ID != "t3" || got[1].ID != "t1" {
		t.Fatalf("ListTrials with one bad trial = %+v, %v; want t3 and t1, no error", got, err)
	}
	skipped(t, sk, "trials", "t2")
	// a new trial is still kept beside the bad one
	c, _ = store.WithSkipped(ctx, nil)
	if err := s.AddTrial(c, SampleTrial(tenant, SampleChannel, "U1", "t4", at.Add(time.Hour/2))); err != nil {
		t.Errorf("AddTrial beside a bad trial: %v", err)
	}
}
