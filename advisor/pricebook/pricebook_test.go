package pricebook

import (
	"errors"
	"math"
	"testing"
)

func TestValidate(t *testing.T) {
	ok := Entry{GPU: "a100-80g-sxm", OnDemand: 9, Monthly: 5000, Spot: 4, Currency: "CNY"}
	if err := ok.Validate(); err != nil {
		t.Fatalf("valid entry refused: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(*Entry)
		key  string
	}{
		{"no card", func(e *Entry) { e.GPU = "" }, "gpu"},
		{"no price", func(e *Entry) { e.OnDemand, e.Monthly, e.Spot = 0, 0, 0 }, "ondemand"},
		{"negative", func(e *Entry) { e.OnDemand = -1 }, "ondemand"},
		{"NaN", func(e *Entry) { e.Spot = math.NaN() }, "spot"},
		{"machine price", func(e *Entry) { e.OnDemand = 12000 }, "ondemand"},
		{"year price", func(e *Entry) { e.Monthly = 3_000_000 }, "monthly"},
		// 35 x 24 = 840 > 500: the pair looks swapped.
		{"swapped", func(e *Entry) { e.OnDemand, e.Monthly = 35, 500 }, "monthly"},
		{"spot above on-demand", func(e *Entry) { e.Spot = 10 }, "spot"},
		{"long note", func(e *Entry) { e.Note = string(make([]rune, 201)) }, "note"},
	} {
		e := ok
		tc.edit(&e)
		var fe *FieldError
		if err := e.Validate(); !errors.As(err, &fe) || fe.Key != tc.key || fe.Why.EN == "" || fe.Why.ZH == "" {
			t.Errorf("%s: Validate() = %v, want a bilingual FieldError on %q", tc.name, err, tc.key)
		}
	}
}

func TestHourlyEquivalent(t *testing.T) {
	e := Entry{OnDemand: 9, Monthly: 5000}
	// 5000 / 300 h = 16.67 > 9: on-demand is cheaper at 300 h.
	if got := e.HourlyEquivalent(300); got != 9 {
		t.Errorf("at 300 h = %v, want 9", got)
	}
	// 5000 / 720 h = 6.94 < 9: the monthly fee spread over a busy month wins.
	if got := e.HourlyEquivalent(720); math.Abs(got-5000.0/720) > 1e-9 {
		t.Errorf("at 720 h = %v, want 6.944", got)
	}
	if got := (Entry{Monthly: 5000}).HourlyEquivalent(0); got != 0 {
		t.Errorf("monthly only at 0 h = %v, want 0 (unknown)", got)
	}
}

func TestScope(t *testing.T) {
	private := Entry{Tenant: "slack:T1", Channel: "G-private"}
	shared := Entry{Tenant: "slack:T1", Channel: "C-ops", TeamWide: true}
	if !private.Visible("slack:T1", "G-private") || private.Visible("slack:T1", "C-general") || private.Visible("slack:T2", "G-private") {
		t.Error("a channel's price must be visible in that channel only")
	}
	if !shared.Visible("slack:T1", "C-general") || shared.Visible("slack:T2", "C-general") {
		t.Error("a team-wide price is visible in every channel of its team, and no other team")
	}
}

func TestCheapestAndSort(t *testing.T) {
	es := []Entry{
		{ID: "c", GPU: "h800", OnDemand: 20},
		{ID: "a", GPU: "a100-80g-sxm", OnDemand: 9, Vendor: "X"},
		{ID: "b", GPU: "a100-80g-sxm", Monthly: 4000, Vendor: "Y"},
		{ID: "d", GPU: "a100-80g-sxm", OnDemand: 8.5, Vendor: "Z"},
	}
	got := ForGPU(es, "a100-80g-sxm")
	if len(got) != 3 || got[0].ID != "d" || got[1].ID != "a" || got[2].ID != "b" {
		t.Errorf("ForGPU order = %v, want d (8.5/h), a (9/h), b (monthly only)", got)
	}
	// At 300 h: d 8.5, a 9, b 4000/300 = 13.33 → d.
	if c, ok := Cheapest(es[1:], 300); !ok || c.ID != "d" {
		t.Errorf("cheapest at 300 h = %v, want d", c.ID)
	}
	// At 720 h: b 4000/720 = 5.56 beats d 8.5.
	if c, ok := Cheapest(es[1:], 720); !ok || c.ID != "b" {
		t.Errorf("cheapest at 720 h = %v, want b", c.ID)
	}
	if _, ok := Cheapest(nil, 300); ok {
		t.Error("no entries has no cheapest")
	}
}
