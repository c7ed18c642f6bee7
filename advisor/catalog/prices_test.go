package catalog

import (
	"strings"
	"testing"
)

func mustPrices(t testing.TB) *Prices {
	t.Helper()
	p, err := ReferencePrices()
	if err != nil {
		t.Fatalf("ReferencePrices(): %v", err)
	}
	return p
}

// Every reference price row has a date and a source: a number from outside
// is never without them.
func TestEveryReferencePriceRowHasDateAndSource(t *testing.T) {
	p := mustPrices(t)
	if len(p.Rows()) == 0 {
		t.Fatal("no reference price rows")
	}
	for i, r := range p.Rows() {
		if r.Source == "" || r.SourceZH == "" || !datePattern.Get().MatchString(r.Date) {
			t.Errorf("row %d (%s, %s): source %q / %q, date %q; want a source in both languages and a date", i+1, r.GPU, r.Market, r.Source, r.SourceZH, r.Date)
		}
		if r.URL == "" && !strings.Contains(r.Source, "guide") {
			t.Errorf("row %d (%s, %s): no URL and not a named printed guide: %q", i+1, r.GPU, r.Market, r.Source)
		}
		if r.URL != "" && !strings.HasPrefix(r.URL, "https://") {
			t.Errorf("row %d (%s, %s): url %q is not an https address", i+1, r.GPU, r.Market, r.URL)
		}
		if want := map[string]string{MarketCN: CNY, MarketGlobal: USD}[r.Market]; r.Currency != want {
			t.Errorf("row %d (%s, %s): currency %s, want %s", i+1, r.GPU, r.Market, r.Currency, want)
		}
	}
}

// Every card commonly rented in a market was searched: it has a reference
// price there, or a record that none was found (and replies say so).
func TestCommonCardsPricedOrSearched(t *testing.T) {
	p := mustPrices(t)
	for market, ids := range map[string][]string{
		MarketCN: {"rtx-4090", "rtx-3090", "a10", "l20", "rtx-a6000", "a800-80g-sxm", "a800-80g-pcie", "a100-40g-pcie", "a100-40g-sxm",
			"a100-80g-pcie", "a100-80g-sxm", "h20", "h800-sxm", "h100-sxm", "ascend-910b"},
		MarketGlobal: {"rtx-4090", "l40s", "a100-80g-sxm", "a100-40g-sxm", "h100-sxm", "h200-sxm", "b200"},
	} {
		for _, id := range ids {
			_, priced := p.Reference(market, id)
			_, searched := p.NotFound(market, id)
			if !priced && !searched {
				t.Errorf("%s in %s: no reference price and no not_found record", id, market)
			}
		}
	}
}

// A card's range spans all its rows: the 4090 and 4090D rows in cn, the
// RunPod and OpenRelay rows worldwide.
func TestReferenceRangeSpansRows(t *testing.T) {
	p := mustPrices(t)
	for _, tc := range []struct {
		name, market, id string
		low, high, mid   float64
		rows             int
	}{
		{"4090 and 4090D in cn", MarketCN, "rtx-4090", 1.14, 1.24, 1.19, 2},
		{"A100 80G in cn, the Chengdu guide", MarketCN, "a100-80g-sxm", 30, 40, 35, 1},
		{"4090 worldwide", MarketGlobal, "rtx-4090", 0.29, 0.74, 0.515, 2},
		{"H100 SXM worldwide", MarketGlobal, "h100-sxm", 2.69, 4.29, 3.49, 3},
	} {
		r, ok := p.Reference(tc.market, tc.id)
		if !ok || r.OnDemand != [2]float64{tc.low, tc.high} || len(r.Rows) != tc.rows || r.Midpoint() != tc.mid {
			t.Errorf("%s: got %v %v (%d rows, mid %v), want [%v %v] (%d rows, mid %v)", tc.name, r.OnDemand, ok, len(r.Rows), r.Midpoint(), tc.low, tc.high, tc.rows, tc.mid)
		}
	}
	if r, _ := p.Reference(MarketCN, "a100-80g-sxm"); r.Monthly != [2]float64{15000, 18000} || r.Latest() != "2025" {
		t.Errorf("A100 80G monthly %v, latest %q; want [15000 18000], 2025", r.Monthly, r.Latest())
	}
	if _, ok := p.Reference(MarketCN, "h800-sxm"); ok {
		t.Error("h800-sxm has a cn reference price; none was found, so it must have none")
	}
}

func TestParsePricesRefuses(t *testing.T) {
	gpus := []GPU{{ID: "x"}}
	row := func(s string) string { return `{"rows":[` + s + `]}` }
	for name, doc := range map[string]string{
		"not JSON":             `{`,
		"unknown card":         row(`{"gpu":"y","market":"cn","currency":"CNY","on_demand":[1,2],"source":"s","source_zh":"z","date":"2026"}`),
		"unknown mkt":          row(`{"gpu":"x","market":"mars","currency":"CNY","on_demand":[1,2],"source":"s","source_zh":"z","date":"2026"}`),
		"no currency":          row(`{"gpu":"x","market":"cn","on_demand":[1,2],"source":"s","source_zh":"z","date":"2026"}`),
		"low > high":           row(`{"gpu":"x","market":"cn","currency":"CNY","on_demand":[3,2],"source":"s","source_zh":"z","date":"2026"}`),
		"zero price":           row(`{"gpu":"x","market":"cn","currency":"CNY","on_demand":[0,2],"source":"s","source_zh":"z","date":"2026"}`),
		"no source":            row(`{"gpu":"x","market":"cn","currency":"CNY","on_demand":[1,2],"date":"2026"}`),
		"no date":              row(`{"gpu":"x","market":"cn","currency":"CNY","on_demand":[1,2],"source":"s","source_zh":"z"}`),
		"bad date":             row(`{"gpu":"x","market":"cn","currency":"CNY","on_demand":[1,2],"source":"s","source_zh":"z","date":"last year"}`),
		"bad monthly":          row(`{"gpu":"x","market":"cn","currency":"CNY","on_demand":[1,2],"monthly":[9,1],"source":"s","source_zh":"z","date":"2026"}`),
		"two currencies":       row(`{"gpu":"x","market":"cn","currency":"CNY","on_demand":[1,2],"source":"s","source_zh":"z","date":"2026"},{"gpu":"x","market":"cn","currency":"USD","on_demand":[1,2],"source":"s","source_zh":"z","date":"2026"}`),
		"priced and not found": `{"rows":[{"gpu":"x","market":"cn","currency":"CNY","on_demand":[1,2],"source":"s","source_zh":"z","date":"2026"}],"not_found":[{"gpu":"x","market":"cn","searched":"2026-12-01","note":"n","note_zh":"z"}]}`,
		"not found, no note":   `{"not_found":[{"gpu":"x","market":"cn","searched":"2026-12-01"}]}`,
	} {
		if _, err := ParsePrices([]byte(doc), gpus); err == nil || !strings.Contains(err.Error(), "price catalog") {
			t.Errorf("%s: err = %v, want a price catalog error", name, err)
		}
	}
}
