package advisor

import (
	"math"
	"testing"
)

func TestFormats(t *testing.T) {
	tests := []struct {
		v            float64
		group, plain string
	}{
		{15000, "15,000", "15000"},
		{428.5714, "428.57", "428.57"},
		{0.5, "0.5", "0.5"},
		{-1234567.891, "-1,234,567.89", "-1234567.89"},
		{-0.001, "0", "0"},
		{100, "100", "100"},
		{1000.1, "1,000.1", "1000.1"},
		{math.NaN(), "?", "?"},
		{math.Inf(1), "?", "?"},
		{0, "0", "0"},
		{999.995, "1,000", "1000"}, // rounds up into a fourth digit
		{-999.5, "-999.5", "-999.5"},
		{123456789.987, "123,456,789.99", "123456789.99"},
		{1e21, "1,000,000,000,000,000,000,000", "1000000000000000000000"},
		{0.105, "0.1", "0.1"}, // 0.105 is 0.10499… in binary
	}
	for _, tt := range tests {
		if got := Group(tt.v); got != tt.group {
			t.Errorf("Group(%v) = %q, want %q", tt.v, got, tt.group)
		}
		if got := Plain(tt.v); got != tt.plain {
			t.Errorf("Plain(%v) = %q, want %q", tt.v, got, tt.plain)
		}
	}
	if got := Trim(3.70370, 3); got != "3.704" {
		t.Errorf("Trim(3.7037, 3) = %q", got)
	}
	if got := Trim(120, 0); got != "120" {
		t.Errorf("Trim(120, 0) = %q (no decimals: zeros of the integer stay)", got)
	}
}

func TestCompact(t *testing.T) {
	tests := []struct {
		in   []float64
		want string
	}{
		{nil, "0"},
		{[]float64{300, 300, 300}, "300"},
		{[]float64{600, 500, 300, 100}, "600, 500, 300, 100"},
		{[]float64{1500.5, 2}, "1,500.5, 2"},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 720}, "1–720"}, // nine values: the range
	}
	for _, tt := range tests {
		if got := Compact(tt.in); got != tt.want {
			t.Errorf("Compact(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
