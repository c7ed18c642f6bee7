package billing

import (
	"slices"
	"testing"
)

func TestCommitment(t *testing.T) {
	four := []float64{600, 500, 300, 100} // reserves 2 cards; elastic 52,500 a month
	tests := []struct {
		name                       string
		hours                      []float64
		months                     float64
		billed                     float64
		plan, elastic, idle        float64
		renewalCommit, renewalPlan float64
		renewalIdle                float64
		pays, renewalPays          bool
	}{
		{"12 months left: the reservation pays, and a renewal too", four, 12, 12,
			44000 * 12, 52500 * 12, 0, 90000, 44000 * 12, 0, true, true},
		{"2 months left: a 3-month renewal minimum idles a month and loses", four, 2, 2,
			44000 * 2, 52500 * 2, 0, 90000, 90000 + 14000*2, 30000, true, false},
		{"half a month left: the reservation is paid for a whole month and loses", []float64{600}, 0.5, 1,
			15000, 21000 * 0.5, 7500, 45000, 45000, 45000 - 7500, false, false},
		{"nothing reserved: no commitment", []float64{300}, 6, 6,
			10500 * 6, 10500 * 6, 0, 0, 10500 * 6, 0, false, false},
	}
	for _, tt := range tests {
		a, err := Advise(Input{Hours: tt.hours, OnDemand: 35, Monthly: 15000, MonthsLeft: tt.months})
		if err != nil {
			t.Fatal(err)
		}
		c := a.Commitment
		if c == nil {
			t.Fatalf("%s: no commitment computed for months=%v", tt.name, tt.months)
		}
		got := []float64{c.BilledMonths, c.PlanCost, c.ElasticCost, c.IdleCost, c.RenewalCommit, c.RenewalPlanCost, c.RenewalIdleCost}
		want := []float64{tt.billed, tt.plan, tt.elastic, tt.idle, tt.renewalCommit, tt.renewalPlan, tt.renewalIdle}
		for i := range got {
			if !near(got[i], want[i]) {
				t.Errorf("%s: hours %v months %v: [billed plan elastic idle renewalCommit renewalPlan renewalIdle] got %v, want %v", tt.name, tt.hours, tt.months, got, want)
				break
			}
		}
		if c.ReservationPays != tt.pays || c.RenewalPays != tt.renewalPays {
			t.Errorf("%s: pays got %v/%v, want %v/%v", tt.name, c.ReservationPays, c.RenewalPays, tt.pays, tt.renewalPays)
		}
	}
	a, _ := Advise(Input{Hours: four, OnDemand: 35, Monthly: 15000})
	if a.Commitment != nil {
		t.Errorf("months not given: got a commitment %+v, want nil", a.Commitment)
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
