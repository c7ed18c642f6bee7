package billing

import (
	"slices"
	"testing"
)

// TestCommitment: with the months left known, each card goes on the option
// that costs least over them, a reservation paid for whole months and at
// least min_months; the plan's cost is the horizon total.
func TestCommitment(t *testing.T) {
	four := []float64{600, 500, 300, 100} // break-even 15000 / 35 = 428.57 h
	tests := []struct {
		name                string
		hours               []float64
		months, min         float64
		rec                 Mode
		billed              float64
		plan, elastic, idle float64
		committed           float64
		usualChanges        bool
		usualPlan           Mode
	}{
		// 600 h: 21,000 × 12 = 252,000 on-demand vs 15,000 × 12 = 180,000 reserved; 500 h: 210,000 vs 180,000;
		// 300 h and 100 h stay on-demand: 360,000 + (10,500 + 3,500) × 12 = 528,000 = 44,000 × 12
		{"12 months: reserve the two busy cards", four, 12, 0, Hybrid, 12, 44000 * 12, 52500 * 12, 0, 2 * 15000 * 12, false, ""},
		// 2 months, no minimum: 600 h: 42,000 vs 30,000; 500 h: 35,000 vs 30,000: both reserved, 44,000 × 2.
		// A 3-month minimum would bill 45,000 per reserved card: every card on-demand, 52,500 × 2 = 105,000.
		{"2 months, no minimum stated: the usual 3-month minimum would change the plan", four, 2, 0, Hybrid, 2, 44000 * 2, 52500 * 2, 0, 2 * 15000 * 2, true, OnDemand},
		{"2 months with min_months=3: stay on-demand", four, 2, 3, OnDemand, 3, 52500 * 2, 52500 * 2, 0, 0, false, ""},
		// the case: 8 cards at 500 h, 2 months, 3-month minimum: 17,500 × 2 = 35,000 on-demand per card
		// against 15,000 × 3 = 45,000 reserved: on-demand, 280,000 in all, not 360,000.
		{"the issue: 500 h × 8 cards, 2 months, 3-month minimum", []float64{500, 500, 500, 500, 500, 500, 500, 500}, 2, 3, OnDemand, 3, 280000, 280000, 0, 0, false, ""},
		// half a month at 600 h: a reservation bills a whole month (15,000) against 21,000 × 0.5 = 10,500
		{"half a month left: a whole month's reservation does not pay", []float64{600}, 0.5, 0, OnDemand, 1, 10500, 10500, 0, 0, false, ""},
		// 1.5 months at 720 h: 25,200 × 1.5 = 37,800 on-demand, 2 billed months = 30,000 reserved, and one
		// reserved month then on-demand for the last half = 15,000 + 12,600 = 27,600: nothing idles. Under a
		// 3-month minimum a reservation costs 45,000 > 37,800: on-demand.
		{"1.5 months at 720 h: reserve one month, then on-demand", []float64{720}, 1.5, 0, Monthly, 2, 27600, 37800, 0, 15000, true, OnDemand},
		// 1.8 months at 720 h: 15,000 + 0.8 × 25,200 = 35,160 phased against 30,000 for two whole months: reserve
		// both, 0.2 of a month (3,000) idles.
		{"1.8 months at 720 h: two whole months, the rest idles", []float64{720}, 1.8, 0, Monthly, 2, 30000, 45360, 3000, 30000, true, Monthly},
	}
	for _, tt := range tests {
		a, err := Advise(Input{Hours: tt.hours, OnDemand: 35, Monthly: 15000, MonthsLeft: tt.months, MinMonths: tt.min})
		if err != nil {
			t.Fatal(err)
		}
		c := a.Commitment
		if c == nil {
			t.Fatalf("%s: no commitment computed for months=%v", tt.name, tt.months)
		}
		if a.Recommendation != tt.rec {
			t.Errorf("%s: recommendation %s, want %s", tt.name, a.Recommendation, tt.rec)
		}
		got := []float64{c.BilledMonths, c.PlanCost, c.ElasticCost, c.IdleCost, c.Committed}
		want := []float64{tt.billed, tt.plan, tt.elastic, tt.idle, tt.committed}
		for i := range got {
			if !near(got[i], want[i]) {
				t.Errorf("%s: [billed plan elastic idle committed] got %v, want %v", tt.name, got, want)
				break
			}
		}
		if c.UsualChanges != tt.usualChanges || tt.usualChanges && c.UsualPlan != tt.usualPlan {
			t.Errorf("%s: usual minimum changes=%v plan=%s, want %v %s", tt.name, c.UsualChanges, c.UsualPlan, tt.usualChanges, tt.usualPlan)
		}
	}
	a, _ := Advise(Input{Hours: four, OnDemand: 35, Monthly: 15000})
	if a.Commitment != nil {
		t.Errorf("months not given: got a commitment %+v, want nil", a.Commitment)
	}
}

// TestYearlyRecommended is the case: 4 cards at 720 h, 12 months,
// 10% off: on-demand 25,200 × 12 = 302,400, monthly 180,000, yearly 13,500 ×
// 12 = 162,000 per card: recommend yearly, 54,000 a month.
func TestYearlyRecommended(t *testing.T) {
	a, err := Advise(Input{Hours: []float64{720, 720, 720, 720}, OnDemand: 35, Monthly: 15000, MonthsLeft: 12, Yearly: &YearlyOffer{Discount: 0.1}})
	if err != nil {
		t.Fatal(err)
	}
	if a.Recommendation != YearlyPrepay || !near(a.Costs.Hybrid, 54000) || !near(a.Horizon.Plan, 648000) || len(a.Reserved) != 4 {
		t.Errorf("got %s, %v a month, %v over the year, reserved %v; want yearly, 54,000, 648,000, 4", a.Recommendation, a.Costs.Hybrid, a.Horizon.Plan, a.Reserved)
	}
	if a.Costs.Yearly == nil || !near(*a.Costs.Yearly, 54000) {
		t.Errorf("costs.yearly = %v, want 54,000", a.Costs.Yearly)
	}
}

func TestYearly(t *testing.T) {
	hours := []float64{600, 400, 300} // 400 h is past the yearly break-even (385.7 h), not the monthly one
	tests := []struct {
		name    string
		months  float64
		known   bool
		cards   []int
		savings float64
	}{
		{"months not given: no verdict per card", 0, false, nil, 0},
		{"12 months left: prepay the 600 h and the 400 h cards", 12, true, []int{0, 1}, (180000 - 162000) + (168000 - 162000)},
		{"11 months left (≥ 10.8): the 600 h card still pays", 11, true, []int{0}, 165000 - 162000},
		{"6 months left: a prepaid year costs more than 6 monthly payments", 6, true, nil, 0},
	}
	for _, tt := range tests {
		a, err := Advise(Input{Hours: hours, OnDemand: 35, Monthly: 15000, MonthsLeft: tt.months, Yearly: &YearlyOffer{Discount: 0.1}})
		if err != nil {
			t.Fatal(err)
		}
		y := a.Yearly
		if !near(y.PricePerCardMonth, 13500) || !near(y.BreakEvenHours, 13500.0/35) || !near(y.MinMonths, 10.8) ||
			!near(y.YearPerCard, 162000) || !near(y.Cost, 40500) || y.CardsPastBreakEven != 2 {
			t.Errorf("%s: yearly got %+v, want 13,500 a card-month, break-even 385.71 h, min 10.8 months, 162,000 a year, 40,500 for 3 cards, 2 cards past", tt.name, y)
		}
		if y.Known != tt.known || !slices.Equal(y.Cards, tt.cards) || !near(y.ProjectSavings, tt.savings) {
			t.Errorf("%s: months %v: got known=%v cards=%v savings=%v, want %v %v %v", tt.name, tt.months, y.Known, y.Cards, y.ProjectSavings, tt.known, tt.cards, tt.savings)
		}
	}
}
