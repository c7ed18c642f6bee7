package catalog

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"

	"gpuadvisor/advisor"
)

// Markets a card can be rented in.
const (
	MarketCN     = "cn"     // mainland China
	MarketGlobal = "global" // everywhere else
)

// Markets lists the markets in the order replies name them.
var Markets = []string{MarketCN, MarketGlobal}

//go:embed market.json
var marketJSON []byte

// Availability is where one card can be rented, as of a date, and why.
type Availability struct {
	GPU     string       `json:"gpu"`
	Markets []string     `json:"markets"`
	AsOf    string       `json:"as_of"`
	Reason  advisor.Text `json:"reason"`
}

// In reports whether the card can be rented in market.
func (a Availability) In(market string) bool { return slices.Contains(a.Markets, market) }

type marketFile struct {
	Note  string `json:"note"`
	AsOf  string `json:"as_of"`
	Cards []struct {
		GPU     string   `json:"gpu"`
		Markets []string `json:"markets"`
		EN      string   `json:"en"`
		ZH      string   `json:"zh"`
	} `json:"cards"`
}

// parseMarkets reads market.json and checks it against the GPU catalog:
// every card has exactly one entry, in known markets, with a reason.
func parseMarkets(b []byte, gpus []GPU) (map[string]Availability, error) {
	var f marketFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("market catalog: %w", err)
	}
	if f.AsOf == "" || f.Note == "" {
		return nil, fmt.Errorf("market catalog: as_of and note (the sources) are required")
	}
	out := map[string]Availability{}
	for _, c := range f.Cards {
		if _, dup := out[c.GPU]; dup {
			return nil, fmt.Errorf("market catalog: %s listed twice", c.GPU)
		}
		if len(c.Markets) == 0 || c.EN == "" || c.ZH == "" {
			return nil, fmt.Errorf("market catalog: %s needs markets and a reason in both languages", c.GPU)
		}
		for _, m := range c.Markets {
			if !slices.Contains(Markets, m) {
				return nil, fmt.Errorf("market catalog: %s: unknown market %q", c.GPU, m)
			}
		}
		out[c.GPU] = Availability{GPU: c.GPU, Markets: c.Markets, AsOf: f.AsOf, Reason: advisor.Text{EN: c.EN, ZH: c.ZH}}
	}
	for _, g := range gpus {
		if _, ok := out[g.ID]; !ok {
			return nil, fmt.Errorf("market catalog: %s has no entry: say where it can be rented", g.ID)
		}
	}
	if len(out) != len(gpus) {
		return nil, fmt.Errorf("market catalog: %d entries for %d cards (an entry names a card the catalog lacks)", len(out), len(gpus))
	}
	return out, nil
}

var markets = advisor.Lazy[loaded[map[string]Availability]]{New: func() loaded[map[string]Availability] {
	c, err := Default()
	if err != nil {
		return loaded[map[string]Availability]{nil, err}
	}
	m, err := parseMarkets(marketJSON, c.GPUs())
	return loaded[map[string]Availability]{m, err}
}}

func loadMarkets() (map[string]Availability, error) {
	l := markets.Get()
	return l.v, l.err
}

// Market returns where the catalog card id can be rented; false for an id
// the catalog lacks.
func Market(id string) (Availability, bool) {
	m, err := loadMarkets()
	if err != nil {
		return Availability{}, false
	}
	a, ok := m[id]
	return a, ok
}
