package vendor

import (
	"reflect"
	"testing"
)

func TestStage(t *testing.T) {
	check := &Check{Verdict: "ask_first", Covered: 3}
	offer := []Offer{{GPU: "a100-80g-sxm", Monthly: 5000, Currency: "CNY", Date: "2027-01-01"}}
	trial := &Trial{Checks: 6, Date: "2027-01-02"}
	contract := &Contract{Cards: 8, TermMonths: 3}
	for _, tt := range []struct {
		name string
		e    Evidence
		want Stage
	}{
		{"only answers", Evidence{Check: check}, Asked},
		{"nothing at all", Evidence{}, Asked},
		{"a price", Evidence{Check: check, Offers: offer}, Quoted},
		{"a trial, no price", Evidence{Check: check, Trial: trial}, Trialled},
		{"a trial and a price", Evidence{Offers: offer, Trial: trial}, Trialled},
		{"a failed trial is still trialled", Evidence{Trial: &Trial{Checks: 4, Failed: []string{"nvlink"}}}, Trialled},
		{"a contract beats a trial", Evidence{Trial: trial, Contract: contract}, Contracted},
	} {
		if got := tt.e.Stage(); got != tt.want {
			t.Errorf("%s: stage %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestTrialPassed(t *testing.T) {
	for _, tt := range []struct {
		name string
		tr   *Trial
		want bool
	}{
		{"no trial", nil, false},
		{"all pass", &Trial{Checks: 5, Warnings: []string{"ecc"}}, true},
		{"one failed", &Trial{Checks: 5, Failed: []string{"intranet_tcp"}}, false},
	} {
		if got := tt.tr.Passed(); got != tt.want {
			t.Errorf("%s: Passed() = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestLatestQuote(t *testing.T) {
	old := &QuoteWorkload{Cards: 4, Hours: 300}
	newer := &QuoteWorkload{Cards: 8, Hours: 720, Months: 6, Usage: map[string]float64{"egress": 2000}}
	for _, tt := range []struct {
		name   string
		es     []Evidence
		want   QuoteWorkload
		wantOK bool
	}{
		{"no offers", []Evidence{{Name: "A"}}, QuoteWorkload{}, false},
		{"prices set by hand only", []Evidence{{Name: "A", Offers: []Offer{{GPU: "h100", Date: "2027-01-03"}}}}, QuoteWorkload{}, false},
		{"the newest quote across vendors", []Evidence{
			{Name: "A", Offers: []Offer{{Date: "2027-01-01", Workload: old}, {Date: "2027-01-05"}}},
			{Name: "B", Offers: []Offer{{Date: "2027-01-02", Workload: newer}}},
		}, *newer, true},
		{"of one day, the first", []Evidence{
			{Name: "A", Offers: []Offer{{Date: "2027-01-02", Workload: old}}},
			{Name: "B", Offers: []Offer{{Date: "2027-01-02", Workload: newer}}},
		}, *old, true},
	} {
		got, ok := LatestQuote(tt.es)
		if ok != tt.wantOK || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: LatestQuote = %+v, %v; want %+v, %v", tt.name, got, ok, tt.want, tt.wantOK)
		}
	}
}
