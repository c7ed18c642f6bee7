package billing

import (
	"math"
	"testing"

	"gpuadvisor/chat"
)

// TestNumMatchesChat keeps the fast formatter identical to chat.Num.
func TestNumMatchesChat(t *testing.T) {
	for _, x := range []float64{0, -0.0, 0.001, -0.001, 0.005, 0.1, 1, 1.5, 12.45, 100, 999.995, 1000, 1234.5, -1234.567,
		15000, 428.5714285714, 1204.8192771, 1e6, 123456789.987, -5, 1e12, 0.995, 10.10, math.MaxInt32} {
		if got, want := num(x), chat.Num(x); got != want {
			t.Errorf("num(%v) = %q, want chat.Num's %q", x, got, want)
		}
	}
}
