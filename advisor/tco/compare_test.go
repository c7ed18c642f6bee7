package tco

import (
	"errors"
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b)) }

// exampleVendors is the example: A 35/h × 8 with 2000 GB storage at
// 0.3, 21000 tokens/s; B 29/h × 8 with 3000 GB egress at 0.8, 14000 tokens/s.
func exampleVendors() []Vendor {
	return []Vendor{
		{Name: "A", PricePerCardHour: 35, Cards: 8, TokensPerSec: 21000,
			Charges: map[Line]Charge{Storage: {Volume: 2000, HasVolume: true, UnitPrice: 0.3, HasUnitPrice: true}}},
		{Name: "B", PricePerCardHour: 29, Cards: 8, TokensPerSec: 14000,
			Charges: map[Line]Charge{Egress: {Volume: 3000, HasVolume: true, UnitPrice: 0.8, HasUnitPrice: true}}},
	}
}

func TestGPUCost(t *testing.T) {
	tests := []struct {
		name  string
		v     Vendor
		hours float64
		want  float64
	}{
		// docs/domain.md#market-facts: A100 80G on-demand ¥30–40/h is ¥21.6k–28.8k for 24×30 h.
		{"A100 on-demand 30/h for 720 h is 21,600", Vendor{Name: "x", PricePerCardHour: 30, Cards: 1}, 720, 21600},
		{"A100 on-demand 40/h for 720 h is 28,800", Vendor{Name: "x", PricePerCardHour: 40, Cards: 1}, 720, 28800},
		{"issue example A: 35 × 300 h × 8 cards is 84,000", Vendor{Name: "A", PricePerCardHour: 35, Cards: 8}, 300, 84000},
		{"issue example B: 29 × 300 h × 8 cards is 69,600", Vendor{Name: "B", PricePerCardHour: 29, Cards: 8}, 300, 69600},
		{"monthly 15,000 per card × 2 cards is 30,000 whatever the hours", Vendor{Name: "m", MonthlyPerCard: 15000, Cards: 2}, 100, 30000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Compare([]Vendor{tt.v}, Options{Hours: tt.hours, HiddenShare: DefaultHiddenShare})
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Vendors[0].Lines[GPU]; !near(got, tt.want) {
				t.Errorf("GPU cost of %+v at %v h: got %v, want %v", tt.v, tt.hours, got, tt.want)
			}
		})
	}
}

func TestExampleTCO(t *testing.T) {
	r, err := Compare(exampleVendors(), DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	a, b := r.Vendors[0], r.Vendors[1]
	checks := []struct {
		name      string
		got, want float64
	}{
		{"A storage = 2000 GB × 0.3", a.Lines[Storage], 600},
		{"A snapshots estimate = 5% of 84,000", a.Estimated[Snapshots], 4200},
		{"A egress estimate = 5% of 84,000", a.Estimated[Egress], 4200},
		{"A intranet estimate = 5% of 84,000", a.Estimated[Intranet], 4200},
		{"A support assumed included", a.Lines[Support], 0},
		{"A quoted = 84,000 + 600", a.Quoted, 84600},
		{"A TCO = 84,600 + 3 × 4,200", a.TCO, 97200},
		{"A hourly cost of all cards = 35 × 8", a.HourlyCost, 280},
		{"A cost per 1M tokens = 280 / (21000 × 3600) × 1e6", a.CostPerMTok, 280.0 / (21000 * 3600) * 1e6},
		{"A TCO per 1M tokens = 97,200 / (21000 × 3600 × 300) × 1e6", a.TCOPerMTok, 97200.0 / (21000 * 3600 * 300) * 1e6},
		{"B egress = 3000 GB × 0.8", b.Lines[Egress], 2400},
		{"B storage estimate = 5% of 69,600", b.Estimated[Storage], 3480},
		{"B TCO = 69,600 + 2,400 + 3 × 3,480", b.TCO, 82440},
		{"B cost per 1M tokens = 232 / (14000 × 3600) × 1e6", b.CostPerMTok, 232.0 / (14000 * 3600) * 1e6},
	}
	for _, c := range checks {
		if !near(c.got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if r.Cheapest != "B" || r.CheapestPerToken != "A" || r.CheapestPerHour != "B" {
		t.Errorf("cheapest %q, per token %q, per hour %q; want B, A, B", r.Cheapest, r.CheapestPerToken, r.CheapestPerHour)
	}
	wantMissing := []Line{Snapshots, Egress, Intranet, Support, Licences}
	if len(a.Missing) != len(wantMissing) {
		t.Fatalf("A missing %v, want %v", a.Missing, wantMissing)
	}
	for i := range wantMissing {
		if a.Missing[i] != wantMissing[i] {
			t.Errorf("A missing %v, want %v", a.Missing, wantMissing)
		}
	}
}

func TestRunCost(t *testing.T) {
	vs := exampleVendors()
	o := DefaultOptions()
	o.RunTokens = 2e9
	r, err := Compare(vs, o)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		vendor            string
		wantHours, wantCo float64
	}{
		{"A", 2e9 / 21000 / 3600, 2e9 / 21000 / 3600 * 280},
		{"B", 2e9 / 14000 / 3600, 2e9 / 14000 / 3600 * 232},
	}
	for i, tt := range tests {
		c := r.Vendors[i]
		if !c.HasRun || !near(c.RunHours, tt.wantHours) || !near(c.RunCost, tt.wantCo) {
			t.Errorf("%s run of 2b tokens: got %v h ¥%v, want %v h ¥%v", tt.vendor, c.RunHours, c.RunCost, tt.wantHours, tt.wantCo)
		}
	}
	// 2e9/21000/3600 = 26.455 h; × 280 = 7,407.41
	if got := r.Vendors[0].RunCost; math.Abs(got-7407.41) > 0.01 {
		t.Errorf("A run cost: got %.2f, want 7407.41", got)
	}
}

func TestLegalLLMExample(t *testing.T) {
	// docs/domain.md#market-facts: ¥30k/month of GPU, ¥8k more for dataset download, result
	// upload and daily snapshots. 8 cards × 125 h × ¥30 = ¥30,000.
	quoted := Vendor{Name: "legal", PricePerCardHour: 30, Cards: 8, Hours: 125, Charges: map[Line]Charge{
		Egress:    {Fee: 5000, HasFee: true},
		Snapshots: {Fee: 3000, HasFee: true},
		Storage:   {Fee: 0, HasFee: true},
		Intranet:  {Fee: 0, HasFee: true},
		Support:   {Fee: 0, HasFee: true},
		Licences:  {Fee: 0, HasFee: true},
	}}
	bare := Vendor{Name: "bare", PricePerCardHour: 30, Cards: 8, Hours: 125}
	r, err := Compare([]Vendor{quoted, bare}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	q, b := r.Vendors[0], r.Vendors[1]
	if !near(q.TCO, 38000) || len(q.Missing) != 0 || q.Estimates != 0 {
		t.Errorf("fully quoted legal-LLM bill: got TCO %v missing %v estimates %v, want 38000, none, 0", q.TCO, q.Missing, q.Estimates)
	}
	// The bare quote hides the same costs: the 20% default fills ¥6,000.
	if !near(b.Estimates, 6000) || !near(b.TCO, 36000) || !near(b.Quoted, 30000) {
		t.Errorf("bare ¥30k quote: got estimates %v TCO %v quoted %v, want 6000, 36000, 30000", b.Estimates, b.TCO, b.Quoted)
	}
	if r.CheapestQuoted != "bare" || r.Cheapest != "bare" {
		t.Errorf("cheapest quoted %q cheapest %q", r.CheapestQuoted, r.Cheapest)
	}
}

func TestCharges(t *testing.T) {
	tests := []struct {
		name       string
		c          Charge
		priced     bool
		wantAmount float64
	}{
		{"fee wins over volume", Charge{Fee: 100, HasFee: true, Volume: 10, HasVolume: true, UnitPrice: 1, HasUnitPrice: true}, true, 100},
		{"included is a stated zero fee", Charge{HasFee: true}, true, 0},
		{"volume times unit price", Charge{Volume: 2000, HasVolume: true, UnitPrice: 0.3, HasUnitPrice: true}, true, 600},
		{"intranet over quota", Charge{Volume: 5000, HasVolume: true, UnitPrice: 0.5, HasUnitPrice: true, FreeGB: 2000, HasFreeGB: true}, true, 1500},
		{"intranet under quota costs nothing", Charge{Volume: 1000, HasVolume: true, UnitPrice: 0.5, HasUnitPrice: true, FreeGB: 2000, HasFreeGB: true}, true, 0},
		{"unit price without volume cannot be priced", Charge{UnitPrice: 0.3, HasUnitPrice: true}, false, 0},
		{"volume without unit price cannot be priced", Charge{Volume: 3000, HasVolume: true}, false, 0},
		{"intranet within the free quota costs nothing, price or not", Charge{Volume: 1000, HasVolume: true, FreeGB: 2000, HasFreeGB: true}, true, 0},
		{"intranet at the quota costs nothing", Charge{Volume: 2000, HasVolume: true, FreeGB: 2000, HasFreeGB: true}, true, 0},
		{"intranet past the quota without a price cannot be priced", Charge{Volume: 3000, HasVolume: true, FreeGB: 2000, HasFreeGB: true}, false, 0},
	}
	for _, tt := range tests {
		if got := tt.c.Priced(); got != tt.priced {
			t.Errorf("%s: Priced() got %v, want %v", tt.name, got, tt.priced)
		}
		if tt.priced && !near(tt.c.Amount(), tt.wantAmount) {
			t.Errorf("%s: Amount() got %v, want %v", tt.name, tt.c.Amount(), tt.wantAmount)
		}
	}
}

func TestIncompleteIsEstimatedAndFlagged(t *testing.T) {
	v := Vendor{Name: "A", PricePerCardHour: 10, Cards: 1, Charges: map[Line]Charge{Storage: {UnitPrice: 0.3, HasUnitPrice: true}}}
	r, err := Compare([]Vendor{v}, Options{Hours: 100, HiddenShare: 0.2})
	if err != nil {
		t.Fatal(err)
	}
	c := r.Vendors[0]
	if len(c.Incomplete) != 1 || c.Incomplete[0] != Storage || !near(c.Estimated[Storage], 50) {
		t.Errorf("storage price without GB: got incomplete %v estimate %v, want [storage] 50 (5%% of 1,000)", c.Incomplete, c.Estimated[Storage])
	}
}

func TestReservedPerCardHour(t *testing.T) {
	// docs/domain.md#market-facts: monthly ¥15,000 at 300 h is ¥50 per card-hour.
	r, err := Compare([]Vendor{{Name: "m", MonthlyPerCard: 15000, Cards: 1, TokensPerSec: 3000}}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	c := r.Vendors[0]
	if !c.Reserved || !near(c.PerCardHour, 50) || !near(c.CostPerMTok, 50.0/(3000*3600)*1e6) {
		t.Errorf("reserved 15000/month at 300 h: got per card-hour %v, per 1M tok %v", c.PerCardHour, c.CostPerMTok)
	}
}

func TestHiddenShareOption(t *testing.T) {
	v := Vendor{Name: "A", PricePerCardHour: 10, Cards: 1}
	for _, tt := range []struct {
		share, want float64
	}{{0, 0}, {0.2, 200}, {0.4, 400}} {
		r, err := Compare([]Vendor{v}, Options{Hours: 100, HiddenShare: tt.share})
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Vendors[0].Estimates; !near(got, tt.want) {
			t.Errorf("share %v of GPU 1,000: estimates got %v, want %v", tt.share, got, tt.want)
		}
	}
}

func TestCompareErrors(t *testing.T) {
	ok := Vendor{Name: "A", PricePerCardHour: 35, Cards: 8}
	tests := []struct {
		name    string
		vs      []Vendor
		o       Options
		field   string
		problem Problem
	}{
		{"no vendors", nil, DefaultOptions(), "vendors", ProblemNoVendors},
		{"no price", []Vendor{{Name: "A", Cards: 8}}, DefaultOptions(), "price", ProblemMissing},
		{"negative price", []Vendor{{Name: "A", PricePerCardHour: -35, Cards: 8}}, DefaultOptions(), "price", ProblemNegative},
		{"no cards", []Vendor{{Name: "A", PricePerCardHour: 35}}, DefaultOptions(), "cards", ProblemMissing},
		{"negative storage", []Vendor{{Name: "A", PricePerCardHour: 35, Cards: 1, Charges: map[Line]Charge{Storage: {Volume: -1, HasVolume: true}}}}, DefaultOptions(), "storage_gb", ProblemNegative},
		{"NaN throughput", []Vendor{{Name: "A", PricePerCardHour: 35, Cards: 1, TokensPerSec: math.NaN()}}, DefaultOptions(), "tokens_s", ProblemNotNumber},
		{"vendor hours over a month", []Vendor{{Name: "A", PricePerCardHour: 35, Cards: 1, Hours: 800}}, DefaultOptions(), "hours", ProblemTooLarge},
		{"duplicate names", []Vendor{ok, ok}, DefaultOptions(), "name", ProblemDuplicate},
		{"zero hours", []Vendor{ok}, Options{}, "hours", ProblemZero},
		{"hours over a month", []Vendor{ok}, Options{Hours: 745}, "hours", ProblemTooLarge},
		{"share over 100%", []Vendor{ok}, Options{Hours: 300, HiddenShare: 1.5}, "hidden_share", ProblemTooLarge},
	}
	for _, tt := range tests {
		_, err := Compare(tt.vs, tt.o)
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != tt.field || fe.Problem != tt.problem {
			t.Errorf("%s: got %v, want field %s problem %s", tt.name, err, tt.field, tt.problem)
		}
	}
}

func TestRankingTiesByName(t *testing.T) {
	vs := []Vendor{{Name: "Z", PricePerCardHour: 10, Cards: 1}, {Name: "M", PricePerCardHour: 10, Cards: 1}, {Name: "A", PricePerCardHour: 12, Cards: 1}}
	r, err := Compare(vs, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"M", "Z", "A"}
	for i := range want {
		if r.Ranking[i] != want[i] {
			t.Fatalf("ranking got %v, want %v", r.Ranking, want)
		}
	}
	if r.CheapestPerToken != "" {
		t.Errorf("no throughput given: cheapest per token got %q, want empty", r.CheapestPerToken)
	}
}
