package storetest

import (
	"errors"
	"reflect"
	"testing"

	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/store"
)

// SamplePrice returns a price entry saved in channel of tenant, every field
// set, the workload of the quote it was saved from included.
func SamplePrice(tenant, channel, id string) pricebook.Entry {
	return pricebook.Entry{
		ID: id, GPU: "a100-80g-sxm", Vendor: "酷算云", OnDemand: 9, Monthly: 5000, Spot: 4.5,
		Currency: "CNY", Note: "quote of 2026-11-20, 8-card machines", Date: "2026-11-20",
		Tenant: tenant, Channel: channel, AddedBy: "U1",
		Workload: &pricebook.Workload{Hours: 500.5, Cards: 8, Months: 6, Usage: map[string]float64{"egress": 2000, "storage": 1500.5, "run_tokens": 3e9}},
	}
}

func mustPut(t *testing.T, s store.Store, e pricebook.Entry) {
	t.Helper()
	if err := s.PutPrice(ctx, e); err != nil {
		t.Fatalf("PutPrice(%s/%s): %v", e.Tenant, e.ID, err)
	}
}

func priceIDs(es []pricebook.Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

func testPriceRoundTrip(t *testing.T, s store.Store) {
	want := SamplePrice("slack:T1", "G-private", "p1")
	mustPut(t, s, want)
	got, err := s.ListPrices(ctx, store.Scope{Tenant: "slack:T1", Channel: "G-private"})
	if err != nil || len(got) != 1 {
		t.Fatalf("ListPrices = %v, %v; want the one entry", got, err)
	}
	if !reflect.DeepEqual(got[0], want) {
		t.Errorf("read back %+v (workload %+v)\nwant      %+v (workload %+v)", got[0], got[0].Workload, want, want.Workload)
	}
	got[0].Workload.Usage["egress"] = 1 // the caller's copy is not the store's
	if again, _ := s.ListPrices(ctx, store.Scope{Tenant: "slack:T1", Channel: "G-private"}); len(again) != 1 || again[0].Workload == nil || again[0].Workload.Usage["egress"] != 2000 {
		t.Errorf("changing a price read back changed the store's: %+v", again)
	}
	hand := SamplePrice("slack:T1", "G-private", "p2")
	hand.Workload = nil // a price set by hand has no workload
	mustPut(t, s, hand)
	if got, _ := s.ListPrices(ctx, store.Scope{Tenant: "slack:T1", Channel: "G-private"}); len(got) != 2 || got[0].Workload == nil == (got[1].Workload == nil) {
		t.Errorf("a price without a workload reads back %+v", got)
	}
	for _, where := range [][2]string{{"slack:T1", "C-general"}, {"slack:T2", "G-private"}} {
		if got, err := s.ListPrices(ctx, store.Scope{Tenant: where[0], Channel: where[1]}); err != nil || len(got) != 0 {
			t.Errorf("ListPrices(%s, %s) = %v, %v; a channel's price must not be read elsewhere", where[0], where[1], priceIDs(got), err)
		}
	}
}

func testPriceConflict(t *testing.T, s store.Store) {
	mustPut(t, s, SamplePrice("slack:T1", "C1", "p1"))
	err := s.PutPrice(ctx, SamplePrice("slack:T1", "C2", "p1"))
	if !errors.Is(err, store.ErrConflict) {
		t.Errorf("second put of p1 = %v, want ErrConflict", err)
	}
	mustPut(t, s, SamplePrice("slack:T2", "C1", "p1")) // another tenant may use the id
}

func testPriceScope(t *testing.T, s store.Store) {
	shared := SamplePrice("feishu:tk", "oc_ops", "team1")
	shared.TeamWide = true
	mustPut(t, s, shared)
	mustPut(t, s, SamplePrice("feishu:tk", "oc_private", "mine"))
	general := store.Scope{Tenant: "feishu:tk", Channel: "oc_general"}
	private := store.Scope{Tenant: "feishu:tk", Channel: "oc_private"}

	got, err := s.ListPrices(ctx, general)
	if err != nil || !reflect.DeepEqual(priceIDs(got), []string{"team1"}) {
		t.Errorf("another channel lists %v, %v; want the team-wide entry only", priceIDs(got), err)
	}
	if err := s.DeletePrice(ctx, general, "mine"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("delete a private channel's entry from another channel = %v, want ErrNotFound", err)
	}
	if err := s.DeletePrice(ctx, store.Scope{Tenant: "feishu:other", Channel: "oc_ops"}, "team1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("delete from another tenant = %v, want ErrNotFound", err)
	}
	if got, _ := s.ListPrices(ctx, private); len(got) != 2 {
		t.Errorf("after refused deletes the private channel lists %v, want team1 and mine", priceIDs(got))
	}
	// A team-wide entry belongs to the team: any of its channels may remove it.
	if err := s.DeletePrice(ctx, general, "team1"); err != nil {
		t.Errorf("delete a team-wide entry from another channel of the team: %v", err)
	}
	if got, _ := s.ListPrices(ctx, private); !reflect.DeepEqual(priceIDs(got), []string{"mine"}) {
		t.Errorf("after delete the private channel lists %v, want mine", priceIDs(got))
	}
	if err := s.DeletePrice(ctx, private, "team1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("second delete = %v, want ErrNotFound", err)
	}
	if err := s.DeletePrice(ctx, private, "mine"); err != nil {
		t.Errorf("delete from the saving channel: %v", err)
	}
}

func testPriceOrder(t *testing.T, s store.Store) {
	for _, e := range []pricebook.Entry{
		{ID: "h", GPU: "h800", OnDemand: 20},
		{ID: "m", GPU: "a100-80g-sxm", Monthly: 4000},
		{ID: "x", GPU: "a100-80g-sxm", OnDemand: 9, Vendor: "X"},
		{ID: "z", GPU: "a100-80g-sxm", OnDemand: 8.5, Vendor: "Z"},
	} {
		e.Tenant, e.Channel, e.Currency, e.Date = "slack:T9", "C1", "CNY", "2026-12-01"
		mustPut(t, s, e)
	}
	got, err := s.ListPrices(ctx, store.Scope{Tenant: "slack:T9", Channel: "C1"})
	if want := []string{"z", "x", "m", "h"}; err != nil || !reflect.DeepEqual(priceIDs(got), want) {
		t.Errorf("order %v, %v; want %v (card, then on-demand price, unpriced last)", priceIDs(got), err, want)
	}
}

func testSettings(t *testing.T, s store.Store) {
	got, err := s.GetSettings(ctx, "slack:T1")
	if err != nil || got != (store.TeamSettings{}) {
		t.Fatalf("settings of a new tenant = %+v, %v; want the zero value", got, err)
	}
	want := store.TeamSettings{Market: "cn", UpdatedBy: "U1", UpdatedAt: "2026-12-01T10:00:00Z"}
	if err := s.PutSettings(ctx, "slack:T1", want); err != nil {
		t.Fatal(err)
	}
	if got, err := s.GetSettings(ctx, "slack:T1"); err != nil || got != want {
		t.Errorf("read back %+v, %v; want %+v", got, err, want)
	}
	if got, _ := s.GetSettings(ctx, "slack:T2"); got != (store.TeamSettings{}) {
		t.Errorf("another tenant reads %+v", got)
	}
	want.Market = "global"
	if err := s.PutSettings(ctx, "slack:T1", want); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.GetSettings(ctx, "slack:T1"); got.Market != "global" {
		t.Errorf("after a second put: %+v", got)
	}
}
