package renewal

import (
	"errors"
	"math"
	"testing"
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
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.01 }
	tests := []struct {
		name         string
		ondemand     float64
		usage        []float64
		wantVerdict  Verdict
		wantReserved int
		wantBest     float64
		wantSaving   float64
	}{
		// The seed's example: 15000 / 35 ≈ 428.57 h break-even.
		{"no on-demand price: unknown", 0, []float64{310}, Unknown, 8, 120000, 0},
		{"no hours: unknown", 35, nil, Unknown, 8, 120000, 0},
		{"310 h < 428.57 h: downgrade to on-demand", 35, []float64{310}, Downgrade, 0, 8 * 310 * 35, 120000 - 8*310*35},
		{"500 h > 428.57 h: keep", 35, []float64{500}, Keep, 8, 120000, 0},
		{"exactly at the break-even: on-demand, less commitment", 30, []float64{500}, Downgrade, 0, 120000, 0},
		{"per card: busy cards reserved, the rest on-demand", 35, []float64{720, 720, 720, 720, 300, 300, 100, 0}, Hybrid, 4, 4*15000 + 700*35, 120000 - (4*15000 + 700*35)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := kusuan()
			r.OnDemand, r.Usage = tt.ondemand, tt.usage
			a := r.Advise()
			if a.Verdict != tt.wantVerdict || a.Reserved != tt.wantReserved || !near(a.BestCost, tt.wantBest) || !near(a.Saving, tt.wantSaving) {
				t.Errorf("ondemand=%v hours=%v: got %s reserved %d best %v saving %v; want %s %d %v %v",
					tt.ondemand, tt.usage, a.Verdict, a.Reserved, a.BestCost, a.Saving, tt.wantVerdict, tt.wantReserved, tt.wantBest, tt.wantSaving)
			}
		})
	}
	r := kusuan()
	r.OnDemand = 35
	if be := r.Advise().BreakEven; !near(be, 428.571) {
		t.Errorf("break-even 15000/35 = %v, want 428.57", be)
	}
}
