package vendor

import (
	"slices"
	"strings"
	"testing"

	"gpuadvisor/advisor/tco"
)

func priced(gpu string, price float64, cur string) []Offer {
	return []Offer{{GPU: gpu, Monthly: price, Currency: cur, Date: "2026-12-20"}}
}

// TestCurrencies: prices in different currencies are never compared
// without the rate the team gave; with it they are, in yuan, and the
// reasons say at what rate. One foreign currency alone compares as it is.
func TestCurrencies(t *testing.T) {
	w := Workload{GPU: "h20", GPUName: "H20", Cards: 2, Hours: 300, Months: 3}
	usdRate := w
	usdRate.Rates = Rates{"USD": 7.1}
	tests := []struct {
		name     string
		w        Workload
		es       []Evidence
		verdict  string
		vendor   string
		needRate []string
		contains []string
		lacks    []string
	}{
		{
			name: "dollars and yuan without a rate: not compared, the rate asked for",
			w:    w,
			es: []Evidence{
				{Name: "Cheap$", Check: answered(0), Offers: priced("h20", 500, "USD")}, // $1,000 a month
				{Name: "Dear¥", Check: answered(1), Offers: priced("h20", 4000, "CNY")}, // ¥8,000, one risk
			},
			// decided on the answers alone: the dollar vendor has fewer risks
			verdict: Recommend, vendor: "Cheap$", needRate: []string{"USD"},
			contains: []string{"fewer risks in its answers than Dear¥", "costs are not compared", "Cheap$ in USD", "Dear¥ in CNY", "rate=USD:<yuan for 1 USD>"},
			lacks:    []string{"cheaper"},
		},
		{
			name: "same answers, different currencies, no rate: a tie that the rate would break",
			w:    w,
			es: []Evidence{
				{Name: "A", Check: answered(0), Offers: priced("h20", 500, "USD")},
				{Name: "B", Check: answered(0), Offers: priced("h20", 4000, "CNY")},
			},
			verdict: Tie, needRate: []string{"USD"},
			contains: []string{"a tie on their answers", "their costs are not compared", "exchange rate you will pay for USD"},
			lacks:    []string{"the same monthly cost"},
		},
		{
			name: "with the rate: compared in yuan, and the rate named",
			w:    usdRate,
			es: []Evidence{
				{Name: "A", Check: answered(0), Offers: priced("h20", 500, "USD")},  // ¥7,100
				{Name: "B", Check: answered(0), Offers: priced("h20", 4000, "CNY")}, // ¥8,000
			},
			verdict: Recommend, vendor: "A",
			contains: []string{"A: ¥900 a month cheaper than B", "1 USD = ¥7.1"},
		},
		{
			name: "the rate turns the order: B is cheaper at ¥9 a dollar",
			w:    Workload{GPU: "h20", GPUName: "H20", Cards: 2, Hours: 300, Months: 3, Rates: Rates{"USD": 9}},
			es: []Evidence{
				{Name: "A", Check: answered(0), Offers: priced("h20", 500, "USD")}, // ¥9,000
				{Name: "B", Check: answered(0), Offers: priced("h20", 4000, "")},   // ¥8,000: no currency is yuan
			},
			verdict: Recommend, vendor: "B", contains: []string{"B: ¥1,000 a month cheaper than A"},
		},
		{
			name: "only dollars: compared in dollars, no rate needed",
			w:    w,
			es: []Evidence{
				{Name: "A", Check: answered(0), Offers: priced("h20", 600, "USD")},
				{Name: "B", Check: answered(0), Offers: priced("h20", 500, "USD")},
			},
			verdict: Recommend, vendor: "B", contains: []string{"B: $200 a month cheaper than A"},
			lacks: []string{"rate"},
		},
		{
			name: "unanswered cheaper in another currency: no price claim without a rate",
			w:    w,
			es: []Evidence{
				{Name: "A", Offers: priced("h20", 100, "USD")},
				{Name: "B", Check: answered(0), Offers: priced("h20", 4000, "CNY")},
			},
			verdict: Recommend, vendor: "B", needRate: []string{"USD"},
			contains: []string{"A has not answered the checklist yet: ask first", "the price in USD (A) is not compared with the others"},
			lacks:    []string{"cheaper but"},
		},
		{
			name: "a vendor ruled out in dollars needs no rate: the others compare",
			w:    Workload{GPU: "h20", GPUName: "H20", Cards: 8, Hours: 300, Months: 3},
			es: []Evidence{
				{Name: "A", Check: answered(1, "hw.interconnect"), Offers: priced("h20", 100, "USD")},
				{Name: "B", Check: answered(0), Offers: priced("h20", 4000, "CNY")},
				{Name: "C", Check: answered(0), Offers: priced("h20", 4100, "CNY")},
			},
			verdict: Recommend, vendor: "B",
			contains: []string{"B: ¥800 a month cheaper than C", "A is ruled out"},
			lacks:    []string{"not compared", "rate"},
		},
		{
			name: "only prices in two currencies: ask first, no cheapest named",
			w:    w,
			es: []Evidence{
				{Name: "A", Offers: priced("h20", 100, "USD")},
				{Name: "B", Offers: priced("h20", 4000, "CNY")},
			},
			verdict: AskFirst, needRate: []string{"USD"},
			contains: []string{"No vendor has answered", "costs are not compared"},
			lacks:    []string{"On price alone"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Compare(tt.w, tt.es).Recommendation
			got := texts(r)
			if r.Verdict != tt.verdict || r.Vendor != tt.vendor || !slices.Equal(r.NeedRate, tt.needRate) {
				t.Errorf("got verdict %q vendor %q need rate %v, want %q %q %v\n%s", r.Verdict, r.Vendor, r.NeedRate, tt.verdict, tt.vendor, tt.needRate, got)
			}
			for _, want := range tt.contains {
				if !strings.Contains(got, want) {
					t.Errorf("reasons lack %q; got\n%s", want, got)
				}
			}
			for _, not := range tt.lacks {
				if strings.Contains(got, not) {
					t.Errorf("reasons say %q; got\n%s", not, got)
				}
			}
		})
	}
}

// TestFilled: a metered volume the workload states is priced at the
// reference unit price for every vendor alike, added to yuan costs (so the
// ranking and the gap stay those of the card prices), and carries its
// source; a vendor in dollars keeps its own figure and adds the yuan
// estimate only in the comparison's yuan cost.
func TestFilled(t *testing.T) {
	w := Workload{GPU: "h20", GPUName: "H20", Cards: 2, Hours: 720, Months: 2,
		Volumes: map[tco.Line]float64{tco.Storage: 1000, tco.Egress: 500}, Rates: Rates{"USD": 7}}
	ref := func(l tco.Line) tco.Reference { r, _ := tco.ReferenceFor(l); return r }
	extra := 1000*ref(tco.Storage).Price + 500*ref(tco.Egress).Price
	cmp := Compare(w, []Evidence{
		{Name: "A", Check: answered(0), Offers: priced("h20", 4000, "CNY")},
		{Name: "B", Check: answered(0), Offers: priced("h20", 600, "USD")},
		{Name: "C", Check: answered(0)},
	})
	a, b, c := cmp.Columns[0], cmp.Columns[1], cmp.Columns[2]
	if len(a.Filled) != 2 || a.Filled[0].Line != tco.Storage || a.Filled[1].Line != tco.Egress || a.Filled[0].Source.EN == "" || a.Filled[0].Source.ZH == "" {
		t.Fatalf("filled %+v; want storage then egress, each with its source", a.Filled)
	}
	tests := []struct {
		name                      string
		col                       Column
		card, monthly, yuan, proj float64
	}{
		{"yuan vendor: card time plus the estimate", a, 8000, 8000 + extra, 8000 + extra, 2 * (8000 + extra)},
		{"dollar vendor: its own figure, the estimate in yuan only", b, 1200, 1200, 1200*7 + extra, 2 * 1200},
		{"no price: nothing filled into a cost", c, 0, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.col.CardCost != tt.card || tt.col.Monthly != tt.monthly || tt.col.Yuan != tt.yuan || tt.col.Project != tt.proj {
				t.Errorf("got card %v monthly %v yuan %v project %v; want %v %v %v %v", tt.col.CardCost, tt.col.Monthly, tt.col.Yuan, tt.col.Project, tt.card, tt.monthly, tt.yuan, tt.proj)
			}
		})
	}
	if r := cmp.Recommendation; r.Vendor != "A" || !strings.Contains(texts(r), "A: ¥400 a month cheaper than B") {
		t.Errorf("got %q; want A ¥400 cheaper than B (¥8,000 against $1,200 × 7), the estimate alike for both\n%s", r.Vendor, texts(r))
	}
}

// TestPriceOnlySaysWhatIsMissing: a vendor whose only evidence is a price
// is compared on it and lists the answers, the trial and the contract as
// unknown; its next step is to send the checklist's questions.
func TestPriceOnlySaysWhatIsMissing(t *testing.T) {
	c := Compare(training, []Evidence{{Name: "A", Offers: monthly("a100-80g-sxm", 5000)}}).Columns[0]
	var codes []string
	for _, u := range c.Unknown {
		codes = append(codes, u.Code)
	}
	if !c.Priced || c.Monthly != 40000 || !slices.Equal(codes, []string{"answers", "trial", "contract"}) || c.Next.Kind != "ask" {
		t.Errorf("got priced %v monthly %v unknown %v next %s; want ¥40,000, unknown [answers trial contract], next ask", c.Priced, c.Monthly, codes, c.Next.Kind)
	}
}

// TestTrialJudgment: what a trial found weighs as evidence: the machines
// not being the ones sold (or faulty) rule a vendor out, and so does no
// NVLink for a multi-card job; other failures are settled by asking; at
// the same price and answers a passed trial beats none.
func TestTrialJudgment(t *testing.T) {
	passed := &Trial{Checks: 6, Date: "2026-12-22"}
	tests := []struct {
		name     string
		w        Workload
		es       []Evidence
		verdict  string
		vendor   string
		next     map[string]string
		contains []string
	}{
		{
			name: "a cheap vendor whose trial showed no NVLink loses an 8-card job",
			w:    training,
			es: []Evidence{
				{Name: "A", Check: answered(0), Offers: monthly("a100-80g-sxm", 5000), Trial: &Trial{Checks: 6, Failed: []string{"nvlink"}}},
				{Name: "B", Check: answered(0), Offers: monthly("a100-80g-sxm", 6000)},
			},
			verdict: Recommend, vendor: "B", next: map[string]string{"A": "questions:hw.interconnect", "B": "trial"},
			contains: []string{"A is ¥8,000 a month cheaper but ruled out: Card-to-card link (NVLink or PCIe) failed in its trial, and your 8-card job needs", "run a trial before signing"},
		},
		{
			name: "no NVLink on one card is settled, not a deal-breaker",
			w:    Workload{GPU: "h20", GPUName: "H20", Cards: 1, Hours: 200, Months: 1},
			es: []Evidence{
				{Name: "A", Check: answered(0), Offers: monthly("h20", 3000), Trial: &Trial{Checks: 6, Failed: []string{"nvlink"}}},
			},
			verdict: Recommend, vendor: "A", next: map[string]string{"A": "questions:hw.interconnect"},
			contains: []string{"trial checks that failed, to settle before signing: 1"},
		},
		{
			name: "faulty cards rule a vendor out whatever the job",
			w:    Workload{GPU: "h20", GPUName: "H20", Cards: 1, Hours: 200, Months: 1},
			es: []Evidence{
				{Name: "A", Check: answered(0), Offers: monthly("h20", 3000), Trial: &Trial{Checks: 6, Failed: []string{"ecc", "xid"}}},
				{Name: "B", Check: answered(0), Offers: monthly("h20", 4000)},
			},
			verdict: Recommend, vendor: "B", next: map[string]string{"A": "questions:hw.refurb"},
			contains: []string{"A is ¥1,000 a month cheaper but ruled out", "not the ones sold, or are faulty"},
		},
		{
			name: "a slow network is asked about, and ranks below a clean trial",
			w:    training,
			es: []Evidence{
				{Name: "A", Check: answered(0), Offers: monthly("a100-80g-sxm", 6000), Trial: &Trial{Checks: 6, Failed: []string{"intranet_tcp"}}},
				{Name: "B", Check: answered(0), Offers: monthly("a100-80g-sxm", 6000), Trial: passed},
			},
			verdict: Recommend, vendor: "B", next: map[string]string{"A": "questions:net.intranet_bw", "B": "sla"},
			contains: []string{"B: fewer failed trial checks than A (0 against 1)", "its trial passed (6 checks, 2026-12-22)"},
		},
		{
			name: "same price and answers: a passed trial beats none",
			w:    training,
			es: []Evidence{
				{Name: "A", Check: answered(0), Offers: monthly("a100-80g-sxm", 6000)},
				{Name: "B", Check: answered(0), Offers: monthly("a100-80g-sxm", 6000), Trial: passed},
			},
			verdict: Recommend, vendor: "B", next: map[string]string{"A": "trial", "B": "sla"},
			contains: []string{"B: its trial passed, A has none passed yet"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmp := Compare(tt.w, tt.es)
			r := cmp.Recommendation
			got := texts(r)
			if r.Verdict != tt.verdict || r.Vendor != tt.vendor {
				t.Errorf("got verdict %q vendor %q, want %q %q\n%s", r.Verdict, r.Vendor, tt.verdict, tt.vendor, got)
			}
			for _, c := range cmp.Columns {
				want, ok := tt.next[c.Name]
				n := c.Next.Kind
				if len(c.Next.Items) > 0 {
					n += ":" + strings.Join(c.Next.Items, ",")
				}
				if ok && n != want {
					t.Errorf("%s: next %q, want %q", c.Name, n, want)
				}
			}
			for _, want := range tt.contains {
				if !strings.Contains(got, want) {
					t.Errorf("reasons lack %q; got\n%s", want, got)
				}
			}
		})
	}
}
