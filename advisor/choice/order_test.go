package choice

import (
	"fmt"
	"testing"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/sizing"
)

// pricingSortOrder is the options in the order Decide gave them before it
// sorted references: adv.Fitting with the pick's own option, sorted by
// in.Pricing().Sort.
func pricingSortOrder(in Input, adv sizing.Advice) []sizing.Option {
	opts := make([]sizing.Option, 0, len(adv.Fitting))
	for _, o := range adv.Fitting {
		if adv.Fits && o.GPU != nil && adv.Pick.GPU != nil && o.GPU.ID == adv.Pick.GPU.ID {
			o = adv.Pick
		}
		opts = append(opts, o)
	}
	in.Pricing().Sort(opts)
	return opts
}

// TestDecideOrderIsPricingSort checks Decide's order, costs and pick
// against Pricing.Sort over every card of the catalog, for models and modes
// that fit on many cards, with no prices, reference prices (with ties), a
// team's prices over them and a cost by the run.
func TestDecideOrderIsPricingSort(t *testing.T) {
	c, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	all := c.GPUs()
	refs := map[string]Price{}
	teamAndRef := map[string]Price{}
	for i, g := range all {
		if i%3 != 2 {
			refs[g.ID] = ref(float64(1 + i%4)) // ties on purpose
		}
		if i%4 == 0 {
			teamAndRef[g.ID] = team(float64(2 + i%3))
		}
	}
	byRun := func(o sizing.Option, perHour float64) (float64, bool) {
		if o.GPU.ID == "h20" {
			return 0, false // not costed: ranked per hour
		}
		return perHour * float64(o.Cards()) / o.GPU.BF16TFLOPS, true
	}
	inputs := map[string]Input{
		"no prices":      {},
		"reference":      {Reference: refs},
		"team and ref":   {Team: teamAndRef, Reference: refs},
		"by run":         {Reference: refs, By: ByRun, Cost: byRun},
		"team by volume": {Team: teamAndRef, Reference: refs, By: ByVolume, Cost: byRun},
	}
	n := 0
	for _, id := range []string{"qwen3-0.6b", "qwen2.5-7b", "qwen2.5-14b", "llama-2-70b", "deepseek-r1"} {
		m, ok := c.ModelByID(id)
		if !ok {
			t.Fatalf("no model %s", id)
		}
		for _, mode := range []sizing.Mode{sizing.ModeInfer, sizing.ModeLoRA, sizing.ModeFull} {
			for name, in := range inputs {
				in.Mode = mode
				req := sizing.Request{Model: m, Mode: mode, Seq: 4096}
				adv, err := sizing.AdviseByPrice(req, all, in.Pricing())
				if err != nil {
					t.Fatal(err)
				}
				d, want := Decide(in, adv), pricingSortOrder(in, adv)
				if len(d.Options) != len(want) {
					t.Fatalf("%s %s %s: got %d options, want %d", id, mode, name, len(d.Options), len(want))
				}
				for i, o := range d.Options {
					w := want[i]
					p := in.PriceOf(w.GPU.ID)
					c, ok := in.cost(w, p)
					if !ok {
						c = 0
					}
					if got, wantS := fmt.Sprintf("%s×%d %v %v", o.Option.GPU.ID, o.Option.Cards(), o.Cost, o.Price), fmt.Sprintf("%s×%d %v %v", w.GPU.ID, w.Cards(), c, p); got != wantS {
						t.Errorf("%s %s %s: option %d: got %s, want %s", id, mode, name, i, got, wantS)
					}
				}
				n++
			}
		}
	}
	t.Logf("%d decisions agree", n)
}

// TestPricingMemoAgrees checks the kept prices against Input.PriceOf: every
// card of the catalog twice over (two copies of each row, more rows than
// are kept), each option asked for three times, by hour and by a run.
func TestPricingMemoAgrees(t *testing.T) {
	c, _ := catalog.Default()
	rows := append(append([]catalog.GPU{}, c.GPUs()...), c.GPUs()...)
	refs := map[string]Price{}
	for i, g := range rows {
		if i%2 == 0 {
			refs[g.ID] = ref(float64(1 + i))
		}
	}
	for name, in := range map[string]Input{
		"by hour": {Reference: refs, Team: map[string]Price{rows[3].ID: team(7)}},
		"by run":  {Reference: refs, By: ByRun, Cost: func(o sizing.Option, perHour float64) (float64, bool) { return 2 * perHour, o.Cards() < 4 }},
	} {
		p := in.Pricing()
		for round := range 3 {
			for i := range rows {
				o := sizing.Option{GPU: &rows[i], Result: sizing.Result{Layout: sizing.Layout{Cards: 1 + i%5}}}
				gc, gok := p.Cost(o)
				wc, wok := in.cost(o, in.PriceOf(rows[i].ID))
				if gc != wc || gok != wok {
					t.Fatalf("%s round %d %s: cost %v %v, want %v %v", name, round, rows[i].ID, gc, gok, wc, wok)
				}
				if got, want := p.Group(o), in.PriceOf(rows[i].ID).Source.group(); got != want {
					t.Fatalf("%s round %d %s: group %d, want %d", name, round, rows[i].ID, got, want)
				}
			}
		}
	}
}
