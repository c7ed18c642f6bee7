package tco

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestReferencesRejectBadRows breaks one row of reference.json at a time:
// each must be refused with a message naming what is wrong.
func TestReferencesRejectBadRows(t *testing.T) {
	if _, err := parseReferences(referenceJSON); err != nil {
		t.Fatalf("reference.json: %v", err)
	}
	tests := []struct {
		name   string
		mutate func(refs []map[string]any) []map[string]any
		want   string
	}{
		{"a line missing", func(r []map[string]any) []map[string]any { return r[1:] }, "3 references for 4 metered lines"},
		{"out of bill order", func(r []map[string]any) []map[string]any { r[0], r[1] = r[1], r[0]; return r }, `reference 1 is "snapshots", want "storage"`},
		// storage: 0.12 ≤ 0.35 ≤ 1; a price of 1.2 is above the high end.
		{"price above high", func(r []map[string]any) []map[string]any { r[0]["price"] = 1.2; return r }, "want 0 ≤ low ≤ price ≤ high"},
		{"negative low", func(r []map[string]any) []map[string]any { r[3]["low"] = -0.1; return r }, "intranet: want 0 ≤ low"},
		{"no Chinese source", func(r []map[string]any) []map[string]any {
			r[2]["source"] = map[string]string{"en": "list price"}
			return r
		}, "egress: unit and source need both languages"},
		{"misspelt key", func(r []map[string]any) []map[string]any { r[0]["prices"] = 1; return r }, "unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f struct {
				Note       string           `json:"note"`
				References []map[string]any `json:"references"`
			}
			if err := json.Unmarshal(referenceJSON, &f); err != nil {
				t.Fatal(err)
			}
			f.References = tt.mutate(f.References)
			b, err := json.Marshal(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := parseReferences(b); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("parseReferences = %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestReferencesInBillOrder: one reference per metered line, in bill order,
// and the slice returned is a copy.
func TestReferencesInBillOrder(t *testing.T) {
	refs := References()
	if len(refs) != len(Metered) {
		t.Fatalf("%d references for %d metered lines", len(refs), len(Metered))
	}
	for i, r := range refs {
		if r.Line != Metered[i] {
			t.Errorf("reference %d is %s, want %s", i, r.Line, Metered[i])
		}
		if got, ok := ReferenceFor(r.Line); !ok || got != r {
			t.Errorf("ReferenceFor(%s) = %+v, %v; want %+v", r.Line, got, ok, r)
		}
	}
	refs[0].Price = 99
	if References()[0].Price == 99 {
		t.Error("References returned the package's own slice")
	}
}
