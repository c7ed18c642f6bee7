package tco

import (
	_ "embed"
	"fmt"
	"slices"

	"gpuadvisor/advisor"
)

// Reference is the unit price a missing metered item is estimated at, with
// the range it varies over in published Chinese cloud price lists and where
// the figure comes from. docs/quote.md lists the sources.
type Reference struct {
	// Line is the item the price is for.
	Line Line `json:"line"`
	// Price is the estimate in ¥ per GB (per GB-month for storage and
	// snapshots); Low and High bound it.
	Price float64 `json:"price"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	// Unit names what the price is per.
	Unit advisor.Text `json:"unit"`
	// Source says where the figures come from, and when they were published.
	Source advisor.Text `json:"source"`
}

// References returns the reference unit prices, in bill order of Metered:
// list prices of mainland-China public clouds, 2024–2025 (reference.json
// says which; docs/quote.md lists the sources). The slice is a copy.
func References() []Reference { return slices.Clone(references.Get()) }

// references is reference.json, decoded the first time a price is needed.
var references = advisor.Lazy[[]Reference]{New: func() []Reference { return advisor.MustParse("reference.json", referenceJSON, parseReferences) }}

//go:embed reference.json
var referenceJSON []byte

// parseReferences decodes and checks reference.json: one row per metered
// line in bill order, low ≤ price ≤ high, unit and source in both languages.
func parseReferences(b []byte) ([]Reference, error) {
	var refs []Reference
	if err := advisor.DecodeNoted(b, "references", &refs); err != nil {
		return nil, err
	}
	if len(refs) != len(Metered) {
		return nil, fmt.Errorf("%d references for %d metered lines", len(refs), len(Metered))
	}
	for i, r := range refs {
		switch {
		case r.Line != Metered[i]:
			return nil, fmt.Errorf("reference %d is %q, want %q (bill order)", i+1, r.Line, Metered[i])
		case r.Low < 0 || r.Low > r.Price || r.Price > r.High:
			return nil, fmt.Errorf("%s: want 0 ≤ low ≤ price ≤ high, got %v ≤ %v ≤ %v", r.Line, r.Low, r.Price, r.High)
		case r.Unit.EN == "" || r.Unit.ZH == "" || r.Source.EN == "" || r.Source.ZH == "":
			return nil, fmt.Errorf("%s: unit and source need both languages", r.Line)
		}
	}
	return refs, nil
}

// ReferenceFor returns the reference price of a metered item.
func ReferenceFor(l Line) (Reference, bool) {
	for _, r := range references.Get() {
		if r.Line == l {
			return r, true
		}
	}
	return Reference{}, false
}
