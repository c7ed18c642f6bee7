package catalog

import (
	"strings"
	"testing"
)

func TestMarketsCoverEveryCard(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := parseMarkets(marketJSON, c.GPUs()); err != nil {
		t.Fatal(err)
	}
	for _, g := range c.GPUs() {
		a, ok := Market(g.ID)
		if !ok || a.AsOf == "" || a.Reason.EN == "" || a.Reason.ZH == "" {
			t.Errorf("%s: %+v, %v", g.ID, a, ok)
		}
	}
}

// The facts a mainland-China team relies on: Blackwell, H200, L40S and the
// RTX 5090 are not rentable there; the China-market parts are.
func TestMarketFacts(t *testing.T) {
	for id, cn := range map[string]bool{
		"b200": false, "h200-sxm": false, "l40s": false, "rtx-5090": false,
		"a800-80g-sxm": true, "h800-sxm": true, "h20": true, "l20": true, "ascend-910b": true,
		"a100-80g-sxm": true, "rtx-4090": true, "a10": true,
	} {
		a, ok := Market(id)
		if !ok || a.In(MarketCN) != cn {
			t.Errorf("%s in cn = %v, want %v", id, a.In(MarketCN), cn)
		}
	}
	if _, ok := Market("no-such-card"); ok {
		t.Error("an unknown card has no market")
	}
}

func TestParseMarketsRefuses(t *testing.T) {
	gpus := []GPU{{ID: "x"}, {ID: "y"}}
	for name, doc := range map[string]string{
		"not JSON":     `{`,
		"no sources":   `{"as_of":"2026-11","cards":[]}`,
		"missing card": `{"note":"n","as_of":"2026-11","cards":[{"gpu":"x","markets":["cn"],"en":"e","zh":"z"}]}`,
		"extra card":   `{"note":"n","as_of":"2026-11","cards":[{"gpu":"x","markets":["cn"],"en":"e","zh":"z"},{"gpu":"y","markets":["cn"],"en":"e","zh":"z"},{"gpu":"w","markets":["cn"],"en":"e","zh":"z"}]}`,
		"unknown":      `{"note":"n","as_of":"2026-11","cards":[{"gpu":"x","markets":["mars"],"en":"e","zh":"z"},{"gpu":"y","markets":["cn"],"en":"e","zh":"z"}]}`,
		"no reason":    `{"note":"n","as_of":"2026-11","cards":[{"gpu":"x","markets":["cn"]},{"gpu":"y","markets":["cn"],"en":"e","zh":"z"}]}`,
		"listed twice": `{"note":"n","as_of":"2026-11","cards":[{"gpu":"x","markets":["cn"],"en":"e","zh":"z"},{"gpu":"x","markets":["cn"],"en":"e","zh":"z"}]}`,
	} {
		if _, err := parseMarkets([]byte(doc), gpus); err == nil || !strings.Contains(err.Error(), "market catalog") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}
