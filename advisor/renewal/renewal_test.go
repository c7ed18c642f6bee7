package renewal

import (
	"errors"
	"math"
	"testing"

	"gpuadvisor/advisor/billing"
)

func TestValidate(t *testing.T) {
	today := d("2027-01-01")
	tests := []struct {
		name    string
		edit    func(*Renewal)
		wantKey string // "" = valid
	}{
		{"the brief's example is valid", func(*Renewal) {}, ""},
		{"missing vendor", func(r *Renewal) { r.Vendor = "" }, "vendor"},
		{"missing price", func(r *Renewal) { r.Price = 0 }, "price"},
		{"negative price", func(r *Renewal) { r.Price = -1 }, "price"},
		{"NaN price", func(r *Renewal) { r.Price = math.NaN() }, "price"},
		{"zero cards", func(r *Renewal) { r.Cards = 0 }, "cards"},
		{"unknown mode", func(r *Renewal) { r.Mode = "hourly" }, "mode"},
		{"missing renewal date", func(r *Renewal) { r.Renews = Date{} }, "renews"},
		{"renewal date in the past", func(r *Renewal) { r.Renews = d("2026-12-01") }, "renews"},
		{"renewal date today", func(r *Renewal) { r.Renews = today }, "renews"},
		{"renewal date tomorrow", func(r *Renewal) { r.Renews = d("2027-01-02"); r.NoticeDays = 0 }, ""},
		{"notice of 31 days on a monthly term", func(r *Renewal) { r.NoticeDays = 31 }, "notice"},
		{"notice of 30 days on a monthly term", func(r *Renewal) { r.NoticeDays = 30 }, ""},
		{"notice of 60 days with term=3m", func(r *Renewal) { r.NoticeDays = 60; r.TermMonths = 3 }, ""},
		{"notice of 91 days with term=3m", func(r *Renewal) { r.NoticeDays = 91; r.TermMonths = 3 }, "notice"},
		{"notice of 90 days on a quarterly contract", func(r *Renewal) { r.NoticeDays = 90; r.Mode = Quarterly }, ""},
		{"negative notice", func(r *Renewal) { r.NoticeDays = -1 }, "notice"},
		{"term too long", func(r *Renewal) { r.TermMonths = 61 }, "term"},
		{"duplicate reminder days", func(r *Renewal) { r.Offsets = []int{7, 7} }, "remind"},
		{"reminder too early", func(r *Renewal) { r.Offsets = []int{400} }, "remind"},
		{"negative on-demand price", func(r *Renewal) { r.OnDemand = -35 }, "ondemand"},
		{"hours for the wrong number of cards", func(r *Renewal) { r.Usage = []float64{300, 300} }, "hours"},
		{"hours past a month", func(r *Renewal) { r.Usage = []float64{800} }, "hours"},
		{"hours per card", func(r *Renewal) { r.Usage = []float64{720, 720, 720, 720, 300, 300, 100, 0} }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := kusuan()
			tt.edit(&r)
			err := r.Validate(today)
			var fe *FieldError
			switch {
			case tt.wantKey == "" && err != nil:
				t.Fatalf("Validate(%+v) = %v, want valid", r, err)
			case tt.wantKey != "" && !errors.As(err, &fe):
				t.Fatalf("Validate(%+v) = %v, want a FieldError on %s", r, err, tt.wantKey)
			case tt.wantKey != "" && fe.Key != tt.wantKey:
				t.Fatalf("Validate(%+v) names key %q (%s), want %q", r, fe.Key, fe.En, tt.wantKey)
			case fe != nil && (fe.En == "" || fe.Zh == ""):
				t.Fatalf("error on %s lacks a wording: en %q zh %q", fe.Key, fe.En, fe.Zh)
			}
		})
	}
}

func TestNormalizeOffsets(t *testing.T) {
	got, err := NormalizeOffsets([]int{1, 30, 7, 14})
	if err != nil || len(got) != 4 || got[0] != 30 || got[3] != 1 {
		t.Errorf("NormalizeOffsets(1,30,7,14) = %v, %v; want [30 14 7 1]", got, err)
	}
	if _, err := NormalizeOffsets(nil); err == nil {
		t.Error("NormalizeOffsets(nil): want an error")
	}
	if _, err := NormalizeOffsets(make([]int, 11)); err == nil {
		t.Error("11 offsets: want an error")
	}
}

func TestCosts(t *testing.T) {
	r := kusuan()
	if got := r.MonthlyTotal(); got != 120000 {
		t.Errorf("8 cards × ¥15,000: monthly total %v, want 120000", got)
	}
	r.TermMonths = 3
	if got := r.TermTotal(); got != 360000 {
		t.Errorf("term=3m: commitment %v, want 360000", got)
	}
	r = kusuan()
	r.Mode, r.Price = Yearly, 162000
	if got := r.MonthlyPrice(); got != 13500 {
		t.Errorf("yearly ¥162,000: monthly price %v, want 13500", got)
	}
}

func TestAdvise(t *testing.T) {
	tests := []struct {
		name       string
		ondemand   float64
		usage      []float64
		wantOK     bool
		wantAction billing.Action
		wantKept   int
		wantSaving float64
	}{
		// The market guide's example (docs/domain.md#market-facts): 15000 / 35 ≈ 428.57 h break-even.
		{"no on-demand price: not known", 0, []float64{310}, false, "", 0, 0},
		{"no hours: not known", 35, nil, false, "", 0, 0},
		{"310 h < 428.57 h: downgrade to on-demand", 35, []float64{310}, true, billing.Downgrade, 0, 120000 - 8*310*35},
		{"500 h > 428.57 h: keep", 35, []float64{500}, true, billing.Keep, 8, 0},
		{"per card: busy cards reserved, the rest on-demand", 35, []float64{720, 720, 720, 720, 300, 300, 100, 0}, true, billing.SwitchHybrid, 4, 120000 - (4*15000 + 700*35)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := kusuan()
			r.OnDemand, r.Usage = tt.ondemand, tt.usage
			a, ok, err := r.Advise()
			if err != nil || ok != tt.wantOK {
				t.Fatalf("ondemand=%v hours=%v: ok %v err %v, want ok %v", tt.ondemand, tt.usage, ok, err, tt.wantOK)
			}
			if ok && (a.Action != tt.wantAction || len(a.Keep) != tt.wantKept || math.Abs(a.SavingsPerMonth-tt.wantSaving) > 0.01) {
				t.Errorf("ondemand=%v hours=%v: got %s keep %d saving %v; want %s %d %v",
					tt.ondemand, tt.usage, a.Action, len(a.Keep), a.SavingsPerMonth, tt.wantAction, tt.wantKept, tt.wantSaving)
			}
		})
	}
	r := kusuan()
	r.OnDemand = 35
	if be := r.BreakEven(); math.Abs(be-428.571) > 0.001 {
		t.Errorf("break-even 15000/35 = %v, want 428.57", be)
	}
	r.Mode, r.Price = Yearly, 162000
	if be := r.BreakEven(); math.Abs(be-385.714) > 0.001 {
		t.Errorf("yearly 162000/12/35 = %v, want 385.71", be)
	}
	r = kusuan()
	r.TermMonths = 3
	if got := r.Commitment(4); got != 180000 {
		t.Errorf("4 cards × 15000 × 3 months = %v, want 180000", got)
	}
}
