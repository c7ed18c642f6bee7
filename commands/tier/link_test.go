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
		{"Llama-2-7B full training on named A800 PCIe: tensor parallel over the bridge", "tier model=llama-2-7b mode=full gpu=a800-80g-pcie", true,
			[]string{"NVLink bridge", "nvidia-smi topo -m", "SXM"}},
		{"zh", "选卡 模型=llama-2-7b 模式=全参 显卡=a800-80g-pcie", true, []string{"NVLink 桥", "nvidia-smi topo -m"}},
		{"Llama-2-7B full training unnamed: SXM cards, no bridge to doubt", "tier model=llama-2-7b mode=full", false, nil},
		{"Qwen3-30B-A3B serving over a bridged pair", "tier model=qwen3-30b-a3b mode=infer seq=32k gpu=rtx-a6000", true, []string{"NVLink bridge"}},
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

// precision=fp8 on a card without FP8 tensor cores (Ampere, Ascend 910B)
// still fits (weight-only FP8, dequantized to 16-bit) but computes in 16-bit:
// the reply says so.
func TestFP8OnCardsWithoutFP8Warns(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string
		warn             bool
	}{
		{"A10 (Ampere) picked for fp8", "tier model=qwen2.5-7b mode=infer precision=fp8", "no FP8 tensor cores", true},
		{"zh", "选卡 模型=qwen2.5-7b 模式=推理 精度=fp8", "没有 FP8", true},
		{"A100 named", "tier model=qwen2.5-7b mode=infer precision=fp8 gpu=a100-80g-sxm", "no FP8 tensor cores", true},
		{"Ascend 910B named", "tier model=qwen2.5-7b mode=infer precision=fp8 gpu=910b", "no FP8 tensor cores", true},
		{"L40S (Ada) has FP8", "tier model=qwen2.5-7b mode=infer precision=fp8 gpu=l40s", "FP8", false},
		{"bf16 on A10: nothing to say", "tier model=qwen2.5-7b mode=infer", "FP8", false},
	} {
		d := tierData(t, tc.text)
		all := strings.Join(d.Warnings, "\n")
		if strings.Contains(all, tc.want) != tc.warn {
			t.Errorf("%s (gpu %s): FP8 warning %v, want %v:\n%s", tc.name, d.GPU, !tc.warn, tc.warn, all)
		}
	}
}
