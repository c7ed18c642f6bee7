package sizing

import "testing"

// When the named card can never fit, the closest try is where adding cards
// stops helping (each doubling saving under 5%), not the largest count
// searched: Llama-2-70B full training at 16K-32K tokens keeps the
// activations of its 80 layers on every card whatever the count (over PCIe
// too: a named card may span nodes), so more cards soon stop helping.
func TestClosestStopsWhereMoreCardsStopHelping(t *testing.T) {
	for _, tc := range []struct {
		name     string
		req      Request
		maxCards int
	}{
		{"Llama-2-70B full at 16K on RTX 4090", Request{Model: preset(t, "llama-2-70b"), Mode: ModeFull, Seq: 16384, GPU: "rtx-4090"}, 256},
		{"Llama-2-70B full at 32K on A10", Request{Model: preset(t, "llama-2-70b"), Mode: ModeFull, Seq: 32768, GPU: "a10"}, 128},
	} {
		a := advise1(t, tc.req)
		if a.Fits {
			t.Fatalf("%s: fits on %d cards, want no fit", tc.name, a.Pick.Cards())
		}
		if n := a.Pick.Cards(); n == 0 || n > tc.maxCards {
			t.Errorf("%s: closest try is %d cards at %.0f%%, want at most %d", tc.name, n, 100*a.Pick.Utilization, tc.maxCards)
		}
		// the next doubling saves under 5%
		next := a.Request
		next.Cards = 2 * a.Pick.Cards()
		b, err := Advise(next, gpus(t))
		if err != nil {
			t.Fatal(err)
		}
		if b.Pick.Utilization < 0.95*a.Pick.Utilization {
			t.Errorf("%s: %d cards at %.1f%% but %d at %.1f%%: more than 5%% better, the search stopped too soon",
				tc.name, a.Pick.Cards(), 100*a.Pick.Utilization, b.Pick.Cards(), 100*b.Pick.Utilization)
		}
	}
	// a card that can fit with more cards is still searched to its fit
	a := advise1(t, Request{Model: preset(t, "llama-2-70b"), Mode: ModeFull, Seq: 4096, GPU: "h100-sxm"})
	if !a.Fits {
		t.Errorf("Llama-2-70B full on H100 SXM: no fit (closest %d cards at %.0f%%), want a fit", a.Pick.Cards(), 100*a.Pick.Utilization)
	}
}
