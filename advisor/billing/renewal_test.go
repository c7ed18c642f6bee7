package billing

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"gpuadvisor/advisor"
)

func TestAdviseRenewal(t *testing.T) {
	tests := []struct {
		name     string
		c        Contract
		action   Action
		keep     []int
		advised  float64
		savings  float64
		commit   float64
		explains []string // substrings of the English explanation
	}{
		{"8 cards at 600 h: keep", Contract{Monthly: 15000, OnDemand: 35, Hours: []float64{600}, Cards: 8}, Keep,
			[]int{0, 1, 2, 3, 4, 5, 6, 7}, 120000, 0, 360000, []string{"Keep", "428.57 h", "168,000", "120,000", "360,000"}},
		{"8 cards at 310 h: downgrade to on-demand", Contract{Monthly: 15000, OnDemand: 35, Hours: []float64{310}, Cards: 8}, Downgrade,
			nil, 86800, 33200, 0, []string{"Downgrade", "310 h", "86,800", "33,200"}},
		{"4 cards, two busy: hybrid keeps the busy two", Contract{Monthly: 15000, OnDemand: 35, Hours: []float64{100, 600, 300, 500}}, SwitchHybrid,
			[]int{1, 3}, 44000, 16000, 90000, []string{"keep 2 of 4", "600, 500 h", "44,000", "16,000"}},
		{"at exactly the break-even: keep (the card reaches it)", Contract{Monthly: 14000, OnDemand: 35, Hours: []float64{400}, Cards: 1}, Keep,
			[]int{0}, 14000, 0, 42000, []string{"Keep"}},
	}
	for _, tt := range tests {
		r, err := AdviseRenewal(tt.c)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if r.Action != tt.action || !slices.Equal(r.Keep, tt.keep) || !near(r.AdvisedCost, tt.advised) || !near(r.SavingsPerMonth, tt.savings) || !near(r.RenewalCommit, tt.commit) {
			t.Errorf("%s: %+v: got %s keep %v cost %v savings %v commit %v, want %s %v %v %v %v", tt.name, tt.c,
				r.Action, r.Keep, r.AdvisedCost, r.SavingsPerMonth, r.RenewalCommit, tt.action, tt.keep, tt.advised, tt.savings, tt.commit)
		}
		en := r.Explain("en")
		for _, s := range tt.explains {
			if !strings.Contains(en, s) {
				t.Errorf("%s: explanation %q lacks %q", tt.name, en, s)
			}
		}
		if zh := r.Explain("zh"); zh == en || !strings.Contains(zh, "盈亏平衡点") || strings.Contains(zh, "%!") {
			t.Errorf("%s: Chinese explanation wrong: %q", tt.name, zh)
		}
		if strings.Contains(en, "%!") {
			t.Errorf("%s: explanation has a format error: %q", tt.name, en)
		}
	}
}

// TestSwitchingCost: a move off the reservation must pay for its set-up
// (12–72 h of the moved cards at the on-demand price) within the 3-month
// term, and carries the on-demand capacity caveat.
func TestSwitchingCost(t *testing.T) {
	tests := []struct {
		name      string
		hours     []float64
		action    Action
		kept      bool
		low, high float64
		term      float64
	}{
		// 8 × 310 h: saving 120,000 − 86,800 = 33,200 a month, 99,600 over 3 months > 8 × 72 × 35 = 20,160
		{"a large saving pays for the switch", []float64{310}, Downgrade, false, 8 * 12 * 35, 8 * 72 * 35, 99600},
		// 8 × 420 h: 14,700 on-demand per card, saving 300 × 8 = 2,400 a month, 7,200 over 3 months < 20,160: keep
		{"a small saving does not: keep", []float64{420}, Keep, true, 8 * 12 * 35, 8 * 72 * 35, 7200},
	}
	for _, tt := range tests {
		r, err := AdviseRenewal(Contract{Monthly: 15000, OnDemand: 35, Hours: tt.hours, Cards: 8})
		if err != nil {
			t.Fatal(err)
		}
		if r.Action != tt.action || r.KeptForSwitchCost != tt.kept || !near(r.SwitchCostLow, tt.low) || !near(r.SwitchCostHigh, tt.high) || !near(r.TermSavings, tt.term) {
			t.Errorf("%s: got %s kept=%v switch %v–%v term %v", tt.name, r.Action, r.KeptForSwitchCost, r.SwitchCostLow, r.SwitchCostHigh, r.TermSavings)
		}
		if r.CapacityRisk != (tt.action != Keep) || strings.Contains(r.Explain("en"), "capacity") != (tt.action != Keep) ||
			strings.Contains(r.SwitchNote("zh"), "按需资源在高峰期不保证有货") != (tt.action != Keep) {
			t.Errorf("%s: capacity caveat %v: %s", tt.name, r.CapacityRisk, r.Explain("en"))
		}
		if tt.kept && (r.SavingsPerMonth != 0 || len(r.Keep) != 8 || !strings.Contains(r.Explain("zh"), "切换一次要")) {
			t.Errorf("%s: kept for the switching cost but %+v", tt.name, r)
		}
	}
}

func TestAdviseRenewalErrors(t *testing.T) {
	tests := []struct {
		name string
		c    Contract
		key  string
	}{
		{"3 hour values for 4 cards", Contract{Monthly: 15000, OnDemand: 35, Hours: []float64{1, 2, 3}, Cards: 4}, "cards"},
		{"no hours", Contract{Monthly: 15000, OnDemand: 35, Cards: 4}, "hours"},
		{"too many cards", Contract{Monthly: 15000, OnDemand: 35, Hours: []float64{300}, Cards: MaxCards + 1}, "cards"},
		{"no monthly price", Contract{OnDemand: 35, Hours: []float64{300}}, "monthly"},
		{"no on-demand price", Contract{Monthly: 15000, Hours: []float64{300}}, "ondemand"},
		{"more hours than a month", Contract{Monthly: 15000, OnDemand: 35, Hours: []float64{800}}, "hours"},
	}
	for _, tt := range tests {
		_, err := AdviseRenewal(tt.c)
		var fe *advisor.Error
		if !errors.As(err, &fe) || fe.Key != tt.key || fe.Message.EN == "" || fe.Message.ZH == "" || fe.Example == "" {
			t.Errorf("%s: got %v, want an advisor.Error on %s in both languages with an example", tt.name, err, tt.key)
		}
	}
}
