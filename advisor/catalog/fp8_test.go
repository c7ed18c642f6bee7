package catalog

import "testing"

// FP8 tensor cores: Ada (RTX 4090, L20, L40S), Hopper (H20, H100, H800, H200)
// and Blackwell (RTX 5090, B200) have them; Ampere (RTX 3090, A10, A100, A800) and the
// Ascend 910B do not.
func TestFP8Support(t *testing.T) {
	c := mustDefault(t)
	want := map[string]bool{
		"a10": false, "a100-40g-pcie": false, "a100-40g-sxm": false, "a100-80g-pcie": false, "a100-80g-sxm": false,
		"a800-80g-pcie": false, "a800-80g-sxm": false, "ascend-910b": false, "rtx-a6000": false, "rtx-3090": false,
		"rtx-4090": true, "rtx-5090": true, "l20": true, "l40s": true,
		"h20": true, "h100-pcie": true, "h100-sxm": true, "h800-sxm": true, "h200-sxm": true, "b200": true,
	}
	for _, g := range c.GPUs() {
		w, ok := want[g.ID]
		if !ok {
			t.Errorf("%s: no expected FP8 support in this test", g.ID)
			continue
		}
		if g.FP8 != w {
			t.Errorf("%s: fp8 %v, want %v", g.ID, g.FP8, w)
		}
	}
}
