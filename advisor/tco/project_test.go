package tco

import (
	"math"
	"testing"
)

// TestProjectTotal: with the project's months, vendors are ranked by GPU
// time over the months paid (whole months and the minimum term for a
// reserved price) + the other lines over the months + one-off fees; the
// deposit is shown but refunded, so it is not in the total.
func TestProjectTotal(t *testing.T) {
	egress := func(p float64) map[Line]Charge { return map[Line]Charge{Egress: {UnitPrice: p, HasUnitPrice: true}} }
	tests := []struct {
		name     string
		w        Workload
		vendors  []Vendor
		basis    Basis
		cheapest string
		totals   []float64 // project_total per vendor, input order
		oneOff   []float64 // one_off.total per vendor
	}{
		{
			// A: 35 × 300 × 8 = 84,000 + support 2,000 a month × 6 = 516,000, + set-up 5,000 + migration 3,000 +
			// 5,000 GB × 0.5 = 2,500 out: 526,500 (the 20,000 deposit is refunded). B: 33 × 300 × 8 = 79,200 × 6 =
			// 475,200 + 5,000 GB at the 0.8 reference = 4,000: 479,200.
			"fees and exit egress", Workload{Hours: 300, Cards: 8, Months: 6, ExitEgressGB: 5000},
			[]Vendor{{Name: "A", PricePerCardHour: 35, SetupFee: 5000, Deposit: 20000, MigrationFee: 3000,
				Charges: map[Line]Charge{Support: {Fee: 2000, HasFee: true}, Egress: {UnitPrice: 0.5, HasUnitPrice: true}}},
				{Name: "B", PricePerCardHour: 33}},
			ByProject, "B", []float64{526500, 479200}, []float64{10500, 4000},
		},
		{
			// A is cheaper by the month (79,200 against 84,000) but its 60,000 set-up makes it dearer over 6 months:
			// 535,200 against 504,000.
			"a set-up fee flips the ranking", Workload{Hours: 300, Cards: 8, Months: 6},
			[]Vendor{{Name: "A", PricePerCardHour: 33, SetupFee: 60000}, {Name: "B", PricePerCardHour: 35}},
			ByProject, "B", []float64{535200, 504000}, []float64{60000, 0},
		},
		{
			"without months: by the month, fees left out of the ranking", Workload{Hours: 300, Cards: 8},
			[]Vendor{{Name: "A", PricePerCardHour: 33, SetupFee: 60000}, {Name: "B", PricePerCardHour: 35}},
			ByMonth, "A", []float64{0, 0}, []float64{60000, 0},
		},
		{
			// 1.5 months: a reserved price for 3 months (min_months) = 8 × 15,000 × 3 = 360,000; hourly
			// 35 × 720 × 8 × 1.5 = 302,400, 1,000 GB out at 0.8 = 800
			"a reserved price pays whole months and the minimum term", Workload{Hours: 720, Cards: 8, Months: 1.5, ExitEgressGB: 1000},
			[]Vendor{{Name: "A", MonthlyPerCard: 15000, MinMonths: 3, Charges: egress(0)}, {Name: "B", PricePerCardHour: 35, Charges: egress(0.8)}},
			ByProject, "B", []float64{360000, 303200}, []float64{0, 800},
		},
	}
	for _, tt := range tests {
		res, err := Compare(tt.w, tt.vendors)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if res.Basis != tt.basis || res.Cheapest != tt.cheapest {
			t.Errorf("%s: basis %s cheapest %s, want %s %s", tt.name, res.Basis, res.Cheapest, tt.basis, tt.cheapest)
		}
		for i, c := range res.Vendors {
			if math.Abs(c.ProjectTotal-tt.totals[i]) > 1e-6 || math.Abs(c.OneOff.Total-tt.oneOff[i]) > 1e-6 {
				t.Errorf("%s: %s project_total %v one_off %v, want %v %v", tt.name, c.Name, c.ProjectTotal, c.OneOff.Total, tt.totals[i], tt.oneOff[i])
			}
		}
	}
	if _, err := Compare(Workload{Hours: 300, Cards: 8, Months: 200}, []Vendor{{Name: "A", PricePerCardHour: 1}}); err == nil {
		t.Errorf("months=200: want an error on months")
	}
}
