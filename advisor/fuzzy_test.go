package advisor

import "testing"

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"billing", "biling", 1}, {"计费", "计废", 1}, {"", "abc", 3}, {"tier", "tier", 0}, {"kitten", "sitting", 3},
		{"list", "lsit", 1}, {"lsit", "edit", 2}, {"ca", "abc", 3},
	}
	for _, tt := range tests {
		if got := EditDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
