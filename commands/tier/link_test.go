package tier

import (
	"strings"
	"testing"
)

// A model split over two PCIe cards relies on an NVLink bridge, which the
// catalog assumes (the A100/A800/H100 PCIe datasheets list it as an option)
// but many rented PCIe servers lack: the reply must say so.
func TestBridgeSplitWarns(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		warn       bool
		want       []string
	}{
		{"Llama-2-7B full training: tensor parallel over two A800 PCIe", "tier model=llama-2-7b mode=full", true,
			[]string{"NVLink bridge", "nvidia-smi topo -m", "SXM"}},
		{"zh", "选卡 模型=llama-2-7b 模式=全参", true, []string{"NVLink 桥", "nvidia-smi topo -m"}},
		{"Llama-2-70B serving on forced SXM: NVSwitch, no bridge", "tier model=llama-2-70b mode=infer gpu=a100-80g-sxm", false, nil},
		{"one PCIe card: nothing split", "tier model=llama-2-7b mode=infer gpu=a100-80g-pcie", false, nil},
	} {
		d := tierData(t, tc.text)
		all := strings.Join(d.Warnings, "\n")
		has := strings.Contains(all, "nvidia-smi topo -m")
		if has != tc.warn {
			t.Errorf("%s: bridge warning %v, want %v (gpu %s x%d, NVLink %v):\n%s", tc.name, has, tc.warn, d.GPU, d.Cards, d.NeedsNVLink, all)
		}
		for _, w := range tc.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: warnings lack %q:\n%s", tc.name, w, all)
			}
		}
	}
}
