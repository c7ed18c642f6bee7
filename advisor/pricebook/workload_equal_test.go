package pricebook

import "testing"

func TestWorkloadEqual(t *testing.T) {
	base := func() *Workload {
		return &Workload{Hours: 300, Cards: 8, Months: 2, Usage: map[string]float64{"storage": 2000}}
	}
	for _, tt := range []struct {
		name string
		a, b *Workload
		want bool
	}{
		{"both nil", nil, nil, true},
		{"one nil", base(), nil, false},
		{"the same", base(), base(), true},
		{"other hours", base(), &Workload{Hours: 500, Cards: 8, Months: 2, Usage: map[string]float64{"storage": 2000}}, false},
		{"other cards", base(), &Workload{Hours: 300, Cards: 4, Months: 2, Usage: map[string]float64{"storage": 2000}}, false},
		{"other months", base(), &Workload{Hours: 300, Cards: 8, Usage: map[string]float64{"storage": 2000}}, false},
		{"other usage value", base(), &Workload{Hours: 300, Cards: 8, Months: 2, Usage: map[string]float64{"storage": 3000}}, false},
		{"other usage key", base(), &Workload{Hours: 300, Cards: 8, Months: 2, Usage: map[string]float64{"egress": 2000}}, false},
		{"usage missing", base(), &Workload{Hours: 300, Cards: 8, Months: 2}, false},
	} {
		if got := tt.a.Equal(tt.b); got != tt.want {
			t.Errorf("%s: Equal = %v, want %v", tt.name, got, tt.want)
		}
		if got := tt.b.Equal(tt.a); got != tt.want {
			t.Errorf("%s (reversed): Equal = %v, want %v", tt.name, got, tt.want)
		}
	}
}
