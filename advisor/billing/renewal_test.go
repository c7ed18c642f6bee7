package billing

import (
	"errors"
	"slices"
	"strings"
	"testing"
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
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Key != tt.key {
			t.Errorf("%s: got %v, want a *FieldError on %s", tt.name, err, tt.key)
		}
	}
}
