package tco

import (
	"errors"
	"math"
	"testing"

	"gpuadvisor/advisor"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b)) }

func price(p float64) Charge { return Charge{UnitPrice: p, HasUnitPrice: true} }
func fee(f float64) Charge   { return Charge{Fee: f, HasFee: true} }

// issueWorkload is the issue's team: 300 h × 8 cards, 2000 GB stored, 3000 GB
// of egress a month.
func issueWorkload() Workload {
	return Workload{Hours: 300, Cards: 8, Volumes: map[Line]float64{Storage: 2000, Egress: 3000}}
}

func TestGPUCost(t *testing.T) {
	tests := []struct {
		name string
		w    Workload
		v    Vendor
		want float64
	}{
		// On-demand ¥30–40/h is ¥21.6k–28.8k for 24 × 30 h.
		{"30/h for 720 h is 21,600", Workload{Hours: 720, Cards: 1}, Vendor{Name: "x", PricePerCardHour: 30}, 21600},
		{"40/h for 720 h is 28,800", Workload{Hours: 720, Cards: 1}, Vendor{Name: "x", PricePerCardHour: 40}, 28800},
		{"35 × 300 h × 8 cards is 84,000", issueWorkload(), Vendor{Name: "A", PricePerCardHour: 35}, 84000},
		{"monthly 15,000 × 2 cards is 30,000 whatever the hours", Workload{Hours: 100, Cards: 2}, Vendor{Name: "m", MonthlyPerCard: 15000}, 30000},
		{"own cards on purpose: 35 × 300 × 16 = 168,000", issueWorkload(), Vendor{Name: "A", PricePerCardHour: 35, OwnCards: 16}, 168000},
		{"own hours on purpose: 35 × 500 × 8 = 140,000", issueWorkload(), Vendor{Name: "A", PricePerCardHour: 35, OwnHours: 500}, 140000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Compare(tt.w, []Vendor{tt.v})
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Vendors[0].Lines[GPU]; !near(got, tt.want) {
				t.Errorf("GPU cost: got %v, want %v", got, tt.want)
			}
			if r.Vendors[0].ChangesWorkload != (tt.v.OwnCards > 0 || tt.v.OwnHours > 0) {
				t.Errorf("ChangesWorkload = %v", r.Vendors[0].ChangesWorkload)
			}
		})
	}
}

// TestEstimatesFromWorkload: a missing unit price is the workload's volume ×
// the reference price, the same for every vendor whatever its GPU bill.
func TestEstimatesFromWorkload(t *testing.T) {
	w := issueWorkload()
	r, err := Compare(w, []Vendor{
		{Name: "cheap", PricePerCardHour: 10},
		{Name: "dear", PricePerCardHour: 50, Charges: map[Line]Charge{Storage: fee(600)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	cheap, dear := r.Vendors[0], r.Vendors[1]
	checks := []struct {
		name      string
		got, want float64
	}{
		{"cheap storage = 2000 GB × 0.35 reference", cheap.Estimated[Storage], 700},
		{"cheap egress = 3000 GB × 0.8 reference", cheap.Estimated[Egress], 2400},
		{"dear egress, the same estimate whatever its GPU bill", dear.Estimated[Egress], 2400},
		{"dear storage is its stated fee", dear.Lines[Storage], 600},
		{"cheap estimates low = 2000 × 0.12 + 3000 × 0.5", cheap.EstimatesLow, 1740},
		{"cheap estimates high = 2000 × 1.0 + 3000 × 1.0", cheap.EstimatesHigh, 5000},
		{"cheap TCO = 10 × 300 × 8 + 700 + 2400", cheap.TCO, 27100},
		{"dear TCO = 50 × 300 × 8 + 600 + 2400", dear.TCO, 123000},
	}
	for _, c := range checks {
		if !near(c.got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	// snapshots and intranet have no volume: unknown for everyone, not in totals
	for _, c := range r.Vendors {
		if _, ok := c.Lines[Snapshots]; ok {
			t.Errorf("%s: snapshots priced without a volume", c.Name)
		}
	}
}

func TestExplicitZeroIsZero(t *testing.T) {
	w := Workload{Hours: 300, Cards: 8, Volumes: map[Line]float64{Snapshots: 0}}
	r, err := Compare(w, []Vendor{{Name: "A", PricePerCardHour: 35}})
	if err != nil {
		t.Fatal(err)
	}
	// 0 GB of snapshots × 0.12 = ¥0, an estimate of nothing, not 5% of the GPU bill
	if got := r.Vendors[0].Lines[Snapshots]; got != 0 {
		t.Errorf("snapshot_gb=0: got %v, want 0", got)
	}
}

func TestIntranetQuota(t *testing.T) {
	w := Workload{Hours: 300, Cards: 1, Volumes: map[Line]float64{Intranet: 5000}}
	tests := []struct {
		name string
		ch   Charge
		want float64
		est  bool
	}{
		{"max(0, 5000 − 2000) × 0.5 = 1,500", Charge{FreeGB: 2000, HasFreeGB: true, UnitPrice: 0.5, HasUnitPrice: true}, 1500, false},
		{"within a 6000 GB quota: ¥0, no price needed", Charge{FreeGB: 6000, HasFreeGB: true}, 0, false},
		{"past a 2000 GB quota, no price: 3000 × 0.1 reference = 300", Charge{FreeGB: 2000, HasFreeGB: true}, 300, true},
	}
	for _, tt := range tests {
		r, err := Compare(w, []Vendor{{Name: "A", PricePerCardHour: 1, Charges: map[Line]Charge{Intranet: tt.ch}}})
		if err != nil {
			t.Fatal(err)
		}
		c := r.Vendors[0]
		_, est := c.Estimated[Intranet]
		if !near(c.Lines[Intranet], tt.want) || est != tt.est {
			t.Errorf("%s: got %v (estimated %v)", tt.name, c.Lines[Intranet], est)
		}
	}
}

// TestRankByRun is the issue's case: B is cheaper by the month, A by the run.
func TestRankByRun(t *testing.T) {
	w := Workload{Hours: 300, Cards: 8, RunTokens: 2e9}
	vs := []Vendor{{Name: "A", PricePerCardHour: 35, TokensPerSec: 21000}, {Name: "B", PricePerCardHour: 29, TokensPerSec: 14000}}
	r, err := Compare(w, vs)
	if err != nil {
		t.Fatal(err)
	}
	a, b := r.Vendors[0], r.Vendors[1]
	// A: 2e9 / 21000 / 3600 = 26.455 h × 280/h = 7,407.41; B: 39.683 h × 232/h = 9,206.35
	if !near(a.RunCost, 7407.407407) || !near(b.RunCost, 9206.349206) {
		t.Errorf("run costs %v, %v", a.RunCost, b.RunCost)
	}
	// no hidden items priced: TCO = GPU, run TCO = run cost
	if !near(a.RunTCO, a.RunCost) {
		t.Errorf("A run TCO %v, want %v", a.RunTCO, a.RunCost)
	}
	if r.Basis != ByRun || r.Cheapest != "A" || r.CheapestMonthly != "B" {
		t.Errorf("basis %s cheapest %s monthly %s; want run_tco, A, B", r.Basis, r.Cheapest, r.CheapestMonthly)
	}
	// one vendor without throughput: back to the month
	vs[1].TokensPerSec = 0
	r, _ = Compare(w, vs)
	if r.Basis != ByMonth || r.Cheapest != "B" {
		t.Errorf("without B's throughput: basis %s cheapest %s; want monthly_tco, B", r.Basis, r.Cheapest)
	}
}

// TestRangeFlips: A states storage at 0.3, B leaves it out; at 2000 GB the
// reference range 0.12–1.0 puts B's estimate at 240–2000 around A's 600.
func TestRangeFlips(t *testing.T) {
	w := Workload{Hours: 300, Cards: 1, Volumes: map[Line]float64{Storage: 2000}}
	vs := []Vendor{
		{Name: "A", PricePerCardHour: 10, Charges: map[Line]Charge{Storage: price(0.3)}}, // 3000 + 600 = 3600
		{Name: "B", PricePerCardHour: 10},                                                // 3000 + 700 (240..2000)
	}
	r, err := Compare(w, vs)
	if err != nil {
		t.Fatal(err)
	}
	if r.Cheapest != "A" || r.CheapestLow != "B" || r.CheapestHigh != "A" || !r.RangeFlips {
		t.Errorf("cheapest %s low %s high %s flips %v; want A, B, A, true", r.Cheapest, r.CheapestLow, r.CheapestHigh, r.RangeFlips)
	}
}

func TestNeedVolumes(t *testing.T) {
	r, err := Compare(Workload{Hours: 300, Cards: 8}, []Vendor{{Name: "A", PricePerCardHour: 35, Charges: map[Line]Charge{Storage: price(0.3)}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.NeedVolumes) != 1 || r.NeedVolumes[0] != Storage {
		t.Errorf("NeedVolumes = %v, want [storage]", r.NeedVolumes)
	}
}

func TestInvalid(t *testing.T) {
	tests := []struct {
		name string
		w    Workload
		v    []Vendor
		key  string
	}{
		{"no hours", Workload{Cards: 8}, []Vendor{{Name: "A", PricePerCardHour: 35}}, "hours"},
		{"hours past a month", Workload{Hours: 745, Cards: 8}, []Vendor{{Name: "A", PricePerCardHour: 35}}, "hours"},
		{"no cards", Workload{Hours: 300}, []Vendor{{Name: "A", PricePerCardHour: 35}}, "cards"},
		{"negative volume", Workload{Hours: 300, Cards: 1, Volumes: map[Line]float64{Egress: -1}}, []Vendor{{Name: "A", PricePerCardHour: 35}}, "egress_gb"},
		{"no price", issueWorkload(), []Vendor{{Name: "A"}}, "price"},
		{"negative unit price", issueWorkload(), []Vendor{{Name: "A", PricePerCardHour: 1, Charges: map[Line]Charge{Snapshots: price(-1)}}}, "snapshot_price"},
		{"two vendors one name", issueWorkload(), []Vendor{{Name: "A", PricePerCardHour: 1}, {Name: "A", PricePerCardHour: 2}}, "name"},
		{"no vendors", issueWorkload(), nil, "vendors"},
	}
	for _, tt := range tests {
		_, err := Compare(tt.w, tt.v)
		var e *advisor.Error
		if !errors.As(err, &e) || e.Key != tt.key || e.Message.EN == "" || e.Message.ZH == "" || e.Example == "" {
			t.Errorf("%s: err = %v, want an advisor.Error on %s in both languages with an example", tt.name, err, tt.key)
		}
	}
}
