package billing

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"gpuadvisor/advisor"
)

func near(got, want float64) bool { return math.Abs(got-want) <= 1e-6*math.Max(1, math.Abs(want)) }

func spotOffer(price float64, interruptible bool, lambda, c, r float64) *SpotOffer {
	return &SpotOffer{Price: price, Interruptible: interruptible, LossKnown: true, InterruptRate: lambda, CheckpointHours: c, RestartHours: r}
}

func fv(p *float64) string {
	if p == nil {
		return "nil"
	}
	return fmt.Sprint(*p)
}

// TestRules holds one row per rule of docs/billing.md.
func TestRules(t *testing.T) {
	seed := func(hours ...float64) Input { return Input{Hours: hours, OnDemand: 35, Monthly: 15000} }
	withSpot := func(in Input, s *SpotOffer) Input { in.Spot = s; return in }
	tests := []struct {
		rule      string
		in        Input
		rec       Mode
		breakEven float64
		od, mo    float64
		spot      float64 // -1: no spot cost
		hybrid    float64
		reserved  []int
		savings   float64
	}{
		{"on-demand costs price_h × hours × cards", seed(300, 300), OnDemand, 428.5714285714, 21000, 30000, -1, 21000, nil, 0},
		{"monthly is paid whether used or not", seed(0, 0, 0), OnDemand, 428.5714285714, 0, 45000, -1, 0, nil, 0},
		{"the seed's A100 example: 15000/35 = 428.6 h", seed(428), OnDemand, 428.5714285714, 14980, 15000, -1, 14980, nil, 0},
		{"at 300 h on-demand costs 10500 < 15000", seed(300), OnDemand, 428.5714285714, 10500, 15000, -1, 10500, nil, 0},
		{"past the break-even (429 h) monthly wins", seed(429), Monthly, 428.5714285714, 15015, 15000, -1, 15000, []int{0}, 15},
		{"steady 7x24 inference (720 h) is reserved", seed(720), Monthly, 428.5714285714, 25200, 15000, -1, 15000, []int{0}, 10200},
		{"at exactly the break-even the card is reserved (it reaches it)", Input{Hours: []float64{400}, OnDemand: 35, Monthly: 14000}, Monthly, 400, 14000, 14000, -1, 14000, []int{0}, 0},
		{"hybrid reserves the busy cards", seed(600, 500, 300, 100), Hybrid, 428.5714285714, 52500, 60000, -1, 44000, []int{0, 1}, 8500},
		{"hybrid reserves the busy cards whatever their order", seed(100, 600, 300, 500), Hybrid, 428.5714285714, 52500, 60000, -1, 44000, []int{1, 3}, 8500},
		{"spot is never chosen for work that cannot be interrupted",
			withSpot(seed(300), spotOffer(5, false, 0.05, 1, 0.25)), OnDemand, 428.5714285714, 10500, 15000, 5 * 300 * 1.0375, 10500, nil, 0},
		{"spot is never chosen for 7x24 inference, even at a tenth of the price",
			withSpot(seed(720), &SpotOffer{Price: 3.5}), Monthly, 428.5714285714, 25200, 15000, 3.5 * 720, 15000, []int{0}, 10200},
		{"interruptible work goes to spot when it is cheapest, lost work counted",
			withSpot(seed(600, 500, 300, 100), spotOffer(12, true, 0.05, 1, 0.25)), Spot, 428.5714285714, 52500, 60000, 18675, 18675, nil, 33825},
		{"spot dearer than on-demand once lost work is counted is not used",
			withSpot(seed(300), spotOffer(34, true, 0.1, 2, 1)), OnDemand, 428.5714285714, 10500, 15000, 34 * 300 * 1.2, 10500, nil, 0},
		{"hybrid puts the elastic cards on spot when tolerant",
			withSpot(seed(700, 650, 300), spotOffer(25, true, 0, 0, 0)), Hybrid, 428.5714285714, 57750, 45000, 41250, 37500, []int{0, 1}, 20250},
		{"spot that cannot fit a month (720 h × 1.2 > 744) is not used for that card",
			withSpot(seed(720, 100), spotOffer(10, true, 0.1, 2, 1)), Hybrid, 428.5714285714, 28700, 30000, 10 * 820 * 1.2, 15000 + 1200, []int{0}, 28700 - 16200},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			a, err := Advise(tt.in)
			if err != nil {
				t.Fatalf("Advise(%+v): %v", tt.in, err)
			}
			if a.Recommendation != tt.rec {
				t.Errorf("hours %v: recommendation got %s, want %s", tt.in.Hours, a.Recommendation, tt.rec)
			}
			if !near(a.BreakEvenHours, tt.breakEven) {
				t.Errorf("break-even got %v, want %v", a.BreakEvenHours, tt.breakEven)
			}
			if !near(a.Costs.OnDemand, tt.od) || !near(a.Costs.Monthly, tt.mo) || !near(a.Costs.Hybrid, tt.hybrid) {
				t.Errorf("hours %v: costs got od=%v monthly=%v hybrid=%v, want %v %v %v", tt.in.Hours, a.Costs.OnDemand, a.Costs.Monthly, a.Costs.Hybrid, tt.od, tt.mo, tt.hybrid)
			}
			switch {
			case tt.spot < 0 && a.Costs.Spot != nil:
				t.Errorf("spot cost got %v, want nil (no spot price)", *a.Costs.Spot)
			case tt.spot >= 0 && (a.Costs.Spot == nil || !near(*a.Costs.Spot, tt.spot)):
				t.Errorf("spot cost got %s, want %v", fv(a.Costs.Spot), tt.spot)
			}
			if !slices.Equal(a.Reserved, tt.reserved) {
				t.Errorf("hours %v: reserved got %v, want %v", tt.in.Hours, a.Reserved, tt.reserved)
			}
			if !near(a.Savings, tt.savings) {
				t.Errorf("savings got %v, want %v", a.Savings, tt.savings)
			}
		})
	}
}

// TestInvertedRuleNotUsed builds cases where the market guide's inverted rule (docs/domain.md#market-facts)
// "on-demand monthly total × 0.7 < monthly fee ⇒ reserve" says reserve, yet
// on-demand is cheaper at the expected hours: the advisor must say on-demand.
func TestInvertedRuleNotUsed(t *testing.T) {
	for _, hours := range []float64{100, 300, 400, 428} {
		in := Input{Hours: []float64{hours}, OnDemand: 35, Monthly: 15000}
		odTotal := in.OnDemand * hours
		if !(odTotal*0.7 < in.Monthly) {
			t.Fatalf("hours %v: test case wrong, the inverted rule must say reserve", hours)
		}
		a, err := Advise(in)
		if err != nil {
			t.Fatal(err)
		}
		if a.Recommendation != OnDemand || !(a.Costs.OnDemand < a.Costs.Monthly) {
			t.Errorf("hours %v: got %s (od %v, monthly %v), want on_demand because %v < %v",
				hours, a.Recommendation, a.Costs.OnDemand, a.Costs.Monthly, odTotal, in.Monthly)
		}
	}
}

func TestSeedFigures(t *testing.T) {
	tests := []struct {
		name             string
		onDemand, mon    float64
		fullMonth, share float64
	}{
		{"24×30 h at ¥30/h is ¥21.6k; ¥15k monthly is 69% of it", 30, 15000, 21600, 15000.0 / 21600},
		{"24×30 h at ¥40/h is ¥28.8k; ¥18k monthly is 62.5% of it", 40, 18000, 28800, 0.625},
		{"24×30 h at ¥35/h is ¥25.2k", 35, 15000, 25200, 15000.0 / 25200},
	}
	for _, tt := range tests {
		a, err := Advise(Input{Hours: []float64{720}, OnDemand: tt.onDemand, Monthly: tt.mon})
		if err != nil {
			t.Fatal(err)
		}
		if !near(a.FullMonthOnDemand, tt.fullMonth) || !near(a.MonthlyShare, tt.share) {
			t.Errorf("%s: ondemand=%v monthly=%v: full month got %v share %v, want %v %v", tt.name, tt.onDemand, tt.mon, a.FullMonthOnDemand, a.MonthlyShare, tt.fullMonth, tt.share)
		}
	}
}

func TestSpotFactor(t *testing.T) {
	tests := []struct {
		name string
		s    SpotOffer
		want float64
	}{
		{"λ 0.05, c 1 h, r 0.25 h: 1 + 0.05 × 0.75", *spotOffer(12, true, 0.05, 1, 0.25), 1.0375},
		{"no interruptions: 1", *spotOffer(12, true, 0, 4, 1), 1},
		{"λ 0.1, c 2 h, r 1 h: 1.2", *spotOffer(12, true, 0.1, 2, 1), 1.2},
		{"lost work unknown: 1", SpotOffer{Price: 12}, 1},
	}
	for _, tt := range tests {
		if got := tt.s.Factor(); !near(got, tt.want) {
			t.Errorf("%s: Factor(%+v) got %v, want %v", tt.name, tt.s, got, tt.want)
		}
	}
	a, err := Advise(Input{Hours: []float64{600}, OnDemand: 35, Monthly: 15000, Spot: spotOffer(12, true, 0.05, 1, 0.25)})
	if err != nil {
		t.Fatal(err)
	}
	if c := a.Cards[0]; !near(c.SpotHours, 622.5) || !near(*c.Spot, 7470) {
		t.Errorf("600 h on spot: got %v paid hours costing %v, want 622.5 h costing 7470", c.SpotHours, *c.Spot)
	}
	if !near(a.SpotBreakEvenHours, 15000/12.45) {
		t.Errorf("spot break-even got %v, want %v", a.SpotBreakEvenHours, 15000/12.45)
	}
}

func TestSpotStatus(t *testing.T) {
	base := Input{Hours: []float64{300}, OnDemand: 35, Monthly: 15000}
	tests := []struct {
		name string
		spot *SpotOffer
		want SpotStatus
	}{
		{"no spot price", nil, SpotNotOffered},
		{"not interruptible", spotOffer(5, false, 0, 0, 0), SpotNotInterruptible},
		{"dearer than on-demand per busy hour", spotOffer(34, true, 0.1, 2, 1), SpotDearer},
		{"as dear as on-demand once lost work is counted: on-demand (never reclaimed)", spotOffer(17.5, true, 1, 0, 1), SpotDearer},
		{"cheaper and interruptible", spotOffer(12, true, 0.05, 1, 0.25), SpotConsidered},
	}
	for _, tt := range tests {
		in := base
		in.Spot = tt.spot
		a, err := Advise(in)
		if err != nil {
			t.Fatal(err)
		}
		if a.Spot != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, a.Spot, tt.want)
		}
	}
}

func TestTies(t *testing.T) {
	tests := []struct {
		name  string
		in    Input
		chose Mode
		over  Mode
	}{
		{"monthly over on-demand at the break-even: the card reaches it", Input{Hours: []float64{400}, OnDemand: 35, Monthly: 14000}, Monthly, OnDemand},
		{"monthly over spot at equal cost: never reclaimed", Input{Hours: []float64{600}, OnDemand: 35, Monthly: 6000, Spot: spotOffer(10, true, 0, 0, 0)}, Monthly, Spot},
	}
	for _, tt := range tests {
		a, err := Advise(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Ties) == 0 || a.Ties[0].Chose != tt.chose || a.Ties[0].Over != tt.over || a.Cards[0].Mode != tt.chose {
			t.Errorf("%s: got mode %s ties %+v, want %s chosen over %s", tt.name, a.Cards[0].Mode, a.Ties, tt.chose, tt.over)
		}
	}
}

func TestValidate(t *testing.T) {
	ok := Input{Hours: []float64{300}, OnDemand: 35, Monthly: 15000}
	tests := []struct {
		name string
		edit func(*Input)
		key  string
	}{
		{"no cards", func(in *Input) { in.Hours = nil }, "hours"},
		{"negative hours", func(in *Input) { in.Hours = []float64{-5} }, "hours"},
		{"more than 744 h", func(in *Input) { in.Hours = []float64{745} }, "hours"},
		{"NaN hours", func(in *Input) { in.Hours = []float64{math.NaN()} }, "hours"},
		{"too many cards", func(in *Input) { in.Hours = make([]float64, MaxCards+1) }, "cards"},
		{"free on-demand", func(in *Input) { in.OnDemand = 0 }, "ondemand"},
		{"free monthly", func(in *Input) { in.Monthly = 0 }, "monthly"},
		{"infinite monthly", func(in *Input) { in.Monthly = math.Inf(1) }, "monthly"},
		{"free spot", func(in *Input) { in.Spot = &SpotOffer{} }, "spot"},
		{"interruptible spot without lost work", func(in *Input) { in.Spot = &SpotOffer{Price: 5, Interruptible: true} }, "interrupt_rate"},
		{"negative interrupt rate", func(in *Input) { in.Spot = spotOffer(5, true, -1, 1, 1) }, "interrupt_rate"},
		{"negative checkpoint", func(in *Input) { in.Spot = spotOffer(5, true, 0.1, -1, 1) }, "checkpoint"},
		{"negative restart", func(in *Input) { in.Spot = spotOffer(5, true, 0.1, 1, -1) }, "restart"},
		{"negative months", func(in *Input) { in.MonthsLeft = -1 }, "months"},
		{"100% yearly discount", func(in *Input) { in.Yearly = &YearlyOffer{Discount: 1} }, "yearly_discount"},
		// the swapped prices: 35 a month buys less than 8 h of 15,000 an hour
		{"swapped prices", func(in *Input) { in.OnDemand, in.Monthly = 15000, 35 }, "monthly"},
		// 250 < 8 × 35 = 280: a monthly fee below a working day of on-demand
		{"a monthly fee below 8 h of on-demand", func(in *Input) { in.Monthly = 250 }, "monthly"},
		{"negative min_months", func(in *Input) { in.MinMonths = -1 }, "min_months"},
		{"months past ten years", func(in *Input) { in.MonthsLeft = 121 }, "months"},
	}
	for _, tt := range tests {
		in := ok
		tt.edit(&in)
		_, err := Advise(in)
		var fe *advisor.Error
		if !errors.As(err, &fe) || fe.Key != tt.key || fe.Message.EN == "" || fe.Message.ZH == "" || fe.Example == "" {
			t.Errorf("%s: got %v, want an advisor.Error on %s in both languages with an example", tt.name, err, tt.key)
		}
	}
	if _, err := Advise(ok); err != nil {
		t.Errorf("valid input %+v: %v", ok, err)
	}
}
