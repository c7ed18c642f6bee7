package choice

import (
	"slices"
	"strings"
	"testing"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/sizing"
)

func gpus(t *testing.T, ids ...string) []catalog.GPU {
	t.Helper()
	c, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]catalog.GPU, 0, len(ids))
	for _, id := range ids {
		g, ok := c.GPUByID(id)
		if !ok {
			t.Fatalf("no card %s", id)
		}
		out = append(out, g)
	}
	return out
}

func model(t *testing.T, id string) catalog.Model {
	t.Helper()
	c, _ := catalog.Default()
	m, ok := c.ModelByID(id)
	if !ok {
		t.Fatalf("no model %s", id)
	}
	return m
}

func ref(v float64) Price { return Price{PerCardHour: v, Low: v, High: v, Currency: catalog.CNY} }

func team(v float64) Price { return Price{PerCardHour: v, Currency: catalog.CNY, Basis: "ondemand"} }

func TestDecide(t *testing.T) {
	small := sizing.Request{Model: model(t, "qwen3-0.6b"), Mode: sizing.ModeInfer}
	cards := []string{"a10", "rtx-4090", "a100-80g-sxm"}
	for _, tc := range []struct {
		name      string
		req       sizing.Request
		in        Input
		pick      string
		basis     Basis
		next      string
		more      float64
		tierRule  string
		ties      []string
		order     []string
		forcedGPU string
	}{
		{name: "new team, small model: the cheapest reference card, not the 80 GB one",
			req: small, in: Input{Reference: map[string]Price{"rtx-4090": ref(1.2), "a100-80g-sxm": ref(35)}},
			pick: "rtx-4090", basis: BasisReference, next: "a100-80g-sxm", more: 33.8, tierRule: "a10",
			order: []string{"rtx-4090", "a100-80g-sxm", "a10"}},
		{name: "the team's price ranks before any reference price",
			req: small, in: Input{Team: map[string]Price{"a100-80g-sxm": team(9)}, Reference: map[string]Price{"rtx-4090": ref(1.2)}},
			pick: "a100-80g-sxm", basis: BasisTeam, next: "rtx-4090", more: 0, tierRule: "a10",
			order: []string{"a100-80g-sxm", "rtx-4090", "a10"}},
		{name: "no price at all: the tier rule",
			req: small, in: Input{}, pick: "a10", basis: BasisTierRule, next: "rtx-4090",
			order: []string{"a10", "rtx-4090", "a100-80g-sxm"}},
		{name: "equal reference prices: a tie the tier rule breaks, recorded",
			req: small, in: Input{Reference: map[string]Price{"rtx-4090": ref(2), "a10": ref(2)}},
			pick: "a10", basis: BasisReference, next: "rtx-4090", more: 0, ties: []string{"rtx-4090"},
			order: []string{"a10", "rtx-4090", "a100-80g-sxm"}},
		{name: "a named card is forced",
			req: sizing.Request{Model: small.Model, Mode: sizing.ModeInfer, GPU: "a100-80g-sxm"}, in: Input{Forced: "a100-80g-sxm", Reference: map[string]Price{"rtx-4090": ref(1.2)}},
			pick: "a100-80g-sxm", basis: BasisForced, order: []string{"a100-80g-sxm"}},
		{name: "by the run: the option that costs less for the whole job wins",
			req: small, in: Input{By: ByRun, Reference: map[string]Price{"rtx-4090": ref(1.2), "a100-80g-sxm": ref(35)},
				Cost: func(o sizing.Option, perHour float64) (float64, bool) {
					// pretend the A100 runs the job 100x faster
					if o.GPU.ID == "a100-80g-sxm" {
						return perHour / 100, true
					}
					return perHour, true
				}},
			pick: "a100-80g-sxm", basis: BasisReference, next: "rtx-4090", more: 1.2 - 0.35, tierRule: "a10",
			order: []string{"a100-80g-sxm", "rtx-4090", "a10"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			adv, err := sizing.AdviseByPrice(tc.req, gpus(t, cards...), tc.in.Pricing())
			if err != nil {
				t.Fatal(err)
			}
			d := Decide(tc.in, adv)
			if d.Pick < 0 || d.Options[d.Pick].Option.GPU.ID != tc.pick || adv.Pick.GPU.ID != tc.pick {
				t.Fatalf("pick %v (advice %s), want %s", d.Pick, adv.Pick.GPU.ID, tc.pick)
			}
			var order []string
			for _, o := range d.Options {
				order = append(order, o.Option.GPU.ID)
			}
			if !slices.Equal(order, tc.order) {
				t.Errorf("options %v, want %v", order, tc.order)
			}
			cb := d.ChosenBy
			if cb.Basis != tc.basis {
				t.Errorf("basis %s, want %s", cb.Basis, tc.basis)
			}
			switch {
			case tc.next == "" && cb.Next != nil:
				t.Errorf("next %+v, want none", cb.Next)
			case tc.next != "" && (cb.Next == nil || cb.Next.GPU != tc.next || abs(cb.Next.More-tc.more) > 1e-9):
				t.Errorf("next %+v, want %s at %v more", cb.Next, tc.next, tc.more)
			}
			if cb.TierRulePick != tc.tierRule {
				t.Errorf("tier rule pick %q, want %q", cb.TierRulePick, tc.tierRule)
			}
			if want := tc.ties; !slices.Equal(cb.Ties, want) && !(len(want) == 0 && len(cb.Ties) == 0) {
				t.Errorf("ties %v, want %v", cb.Ties, want)
			}
		})
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

func TestTeamPrice(t *testing.T) {
	for _, tc := range []struct {
		name    string
		od, mo  []float64
		perHour float64
		basis   string
		ok      bool
	}{
		{"on-demand quoted", []float64{9}, []float64{5000}, 9, "ondemand", true},
		{"monthly only: over a month's 720 hours", []float64{0}, []float64{7200}, 10, "monthly", true},
		{"the cheapest of two quotes", []float64{9, 8}, []float64{0, 0}, 8, "ondemand", true},
		{"nothing quoted", nil, nil, 0, "", false},
	} {
		var es []pricebook.Entry
		for i := range tc.od {
			es = append(es, pricebook.Entry{GPU: "x", OnDemand: tc.od[i], Monthly: tc.mo[i], Currency: "CNY", Date: "2026-12-01"})
		}
		p, ok := TeamPrice(es)
		if ok != tc.ok || ok && (p.PerCardHour != tc.perHour || p.Basis != tc.basis || p.Source != Team) {
			t.Errorf("%s: got %+v %v, want %v/h by %s", tc.name, p, ok, tc.perHour, tc.basis)
		}
	}
}

func TestTrade(t *testing.T) {
	g := gpus(t, "rtx-4090", "h100-sxm")
	a := sizing.Option{GPU: &g[0], Utilization: 0.5, Result: sizing.Result{Layout: sizing.Layout{Cards: 1}}}
	b := sizing.Option{GPU: &g[1], Utilization: 0.1, Result: sizing.Result{Layout: sizing.Layout{Cards: 1}}}
	if got := Trade(a, a); got.EN != "the pick" {
		t.Errorf("Trade(pick, pick) = %q, want the pick", got.EN)
	}
	got := Trade(b, a)
	for _, want := range []string{"more memory headroom (90% free)", "a fuller NVLink", "3.3× the memory bandwidth (faster decoding)", "6.0× the BF16 compute"} {
		if !strings.Contains(got.EN, want) {
			t.Errorf("Trade(h100, 4090) = %q, lacks %q", got.EN, want)
		}
	}
	if got.ZH == "" {
		t.Error("no Chinese")
	}
}
