package sizing

import (
	"slices"
	"testing"
)

// Pricing.Sort puts options in the order a stable sort by Less gives, ties
// (same cost, same card) in their order, unpriced ones after by the tier
// rule, with and without groups.
func TestPricingSortAgreesWithLess(t *testing.T) {
	var opts []Option
	for _, r := range []Request{
		{Model: preset(t, "qwen2.5-14b"), Mode: ModeLoRA, Seq: 4096},
		{Model: preset(t, "llama-2-70b"), Mode: ModeInfer, Seq: 4096},
		{Model: preset(t, "qwen2.5-72b"), Mode: ModeFull, Seq: 4096},
	} {
		opts = append(opts, advise1(t, r).Fitting...)
	}
	if len(opts) < 15 {
		t.Fatalf("only %d options", len(opts))
	}
	// prices that tie often: every third card unpriced
	price := func(o Option) (float64, bool) {
		n := len(o.GPU.ID)
		if n%3 == 0 {
			return 0, false
		}
		return float64(n%4) * float64(o.Cards()), true
	}
	for _, tc := range []struct {
		name string
		p    Pricing
	}{
		{"by cost", Pricing{Cost: price}},
		{"by group, then cost", Pricing{Cost: price, Group: func(o Option) int { return o.Cards() % 2 }}},
		{"no prices: the tier rule", Pricing{}},
	} {
		want := slices.Clone(opts)
		slices.SortStableFunc(want, func(a, b Option) int {
			switch {
			case tc.p.Less(a, b):
				return -1
			case tc.p.Less(b, a):
				return 1
			}
			return 0
		})
		got := slices.Clone(opts)
		tc.p.Sort(got)
		for i := range want {
			if got[i].GPU.ID != want[i].GPU.ID || got[i].Cards() != want[i].Cards() || got[i].Utilization != want[i].Utilization {
				t.Errorf("%s: at %d got %d× %s, want %d× %s", tc.name, i, got[i].Cards(), got[i].GPU.ID, want[i].Cards(), want[i].GPU.ID)
				break
			}
		}
	}
}
