package billing

import (
	"fmt"
	"testing"
)

// TestPhases: over the months left a card may reserve whole months (or
// prepaid years) and run the last fraction of a month elastic, when that
// costs strictly less than any single mode; the plan lists the phases.
func TestPhases(t *testing.T) {
	tests := []struct {
		name     string
		hours    []float64
		months   float64
		min      float64
		discount float64 // yearly discount; 0: no yearly offer
		rec      Mode
		total    float64
		phases   string // mode cards start months card-hours cost, per phase
	}{
		// the issue: 8 × (15,000 + 360 h × 35) = 220,800, against 240,000 for two whole months
		{"the issue: 8 cards, 1.5 months", []float64{720, 720, 720, 720, 720, 720, 720, 720}, 1.5, 0, 0, Monthly, 220800,
			"monthly 8 0 1 0 120000; on_demand 8 1 0.5 2880 100800"},
		// 600 h: two reserved months and a half month on-demand, 30,000 + 10,500 = 40,500 < 45,000 (3 months)
		{"600 h, 2.5 months", []float64{600}, 2.5, 0, 0, Monthly, 40500, "monthly 1 0 2 0 30000; on_demand 1 2 0.5 300 10500"},
		// 0.2 month on-demand (5,040) beats a second reserved month (15,000)
		{"720 h, 1.2 months", []float64{720}, 1.2, 0, 0, Monthly, 20040, "monthly 1 0 1 0 15000; on_demand 1 1 0.2 144 5040"},
		// 0.8 month on-demand (20,160) costs more than a second month: two whole months
		{"720 h, 1.8 months: whole months", []float64{720}, 1.8, 0, 0, Monthly, 30000, "monthly 1 0 2 0 30000"},
		// a 3-month minimum: 45,000 + 12,600 = 57,600 < 60,000 for four months
		{"min 3, 3.5 months", []float64{720}, 3.5, 3, 0, Monthly, 57600, "monthly 1 0 3 0 45000; on_demand 1 3 0.5 360 12600"},
		// a 3-month minimum longer than the 2.5 months left: no phase fits, three whole months
		{"min 3, 2.5 months: one reservation", []float64{720}, 2.5, 3, 0, Monthly, 45000, "monthly 1 0 3 0 45000"},
		// 18 months with 10% off yearly: a prepaid year (162,000) then six months (90,000) = 252,000, against
		// 270,000 monthly and 324,000 for two prepaid years
		{"18 months: a prepaid year, then monthly", []float64{720}, 18, 0, 0.1, YearlyPrepay, 252000, "yearly 1 0 12 0 162000; monthly 1 12 6 0 90000"},
		// cards differ: the busy one is phased, the other stays on-demand
		{"hybrid, 1.5 months", []float64{720, 100}, 1.5, 0, 0, Hybrid, 27600 + 5250,
			"monthly 1 0 1 0 15000; on_demand 1 1 0.5 360 12600; on_demand 1 0 1.5 150 5250"},
		// without the months left: one month, by mode
		{"no months: one month per mode", []float64{600, 600, 100, 50}, 0, 0, 0, Hybrid, 0, "monthly 2 0 1 0 30000; on_demand 2 0 1 150 5250"},
	}
	for _, tt := range tests {
		in := Input{Hours: tt.hours, OnDemand: 35, Monthly: 15000, MonthsLeft: tt.months, MinMonths: tt.min}
		if tt.discount > 0 {
			in.Yearly = &YearlyOffer{Discount: tt.discount}
		}
		a, err := Advise(in)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if a.Recommendation != tt.rec {
			t.Errorf("%s: recommendation got %s, want %s", tt.name, a.Recommendation, tt.rec)
		}
		if a.Horizon != nil && !near(a.Horizon.Plan, tt.total) {
			t.Errorf("%s: horizon plan got %v, want %v", tt.name, a.Horizon.Plan, tt.total)
		}
		var sum float64
		got := ""
		for i, p := range a.Plan {
			if i > 0 {
				got += "; "
			}
			got += fmt.Sprintf("%s %d %g %g %g %g", p.Mode, p.Cards, p.StartMonth, round(p.Months), round(p.Hours), round(p.Cost))
			sum += p.Cost
		}
		if got != tt.phases {
			t.Errorf("%s: phases got %q, want %q", tt.name, got, tt.phases)
		}
		if a.Horizon != nil && !near(sum, a.Horizon.Plan) {
			t.Errorf("%s: the phases add up to %v, the horizon plan is %v", tt.name, sum, a.Horizon.Plan)
		}
	}
}

func round(x float64) float64 { return float64(int64(x*1e6+0.5)) / 1e6 }
