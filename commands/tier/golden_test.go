package tier

import (
	"testing"

	"gpuadvisor/internal/testkit"

	"gpuadvisor/chat"
)

// TestGolden renders replies as a reviewer reads them: terminal text in both
// languages, and the JSON. Run `go test ./commands/tier -update` after an
// intended change and read the diff.
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		json       bool
	}{
		{"en_lora_qwen14b", "tier model=qwen2.5-14b mode=lora seq=4096", false},
		{"zh_lora_qwen14b", "选卡 模型=qwen2.5-14b 模式=微调 上下文=4096", false},
		{"zh_infer_qwen7b_32k", "选卡 模型=qwen2.5-7b 模式=推理 上下文=32k", false},
		{"en_infer_qwen7b_32k", "tier model=qwen2.5-7b mode=infer seq=32k", false},
		{"en_full_llama70b_multinode", "tier model=llama-2-70b mode=full", false},
		{"zh_full_7b_on_a100", "显存 模型=qwen2.5-7b 模式=全参 显卡=A100-80G", false},
		{"en_infer_70b_forced_a100", "tier model=llama-2-70b mode=infer gpu=a100-80g", false},
		{"en_params_int4_approx", "tier params=7b mode=infer precision=int4 seq=8k batch=8", false},
		{"zh_qlora_72b", "显存 模型=qwen2.5-72b 模式=qlora 序列=2048", false},
		{"en_zero3_cards8", "tier model=llama-3.1-8b mode=full cards=8 zero=3", false},
		{"en_not_fit_4090", "tier model=llama-2-13b mode=infer gpu=4090 cards=1", false},
		{"zh_not_fit_4090", "选卡 模型=llama-2-13b 模式=推理 显卡=4090 卡数=1", false},
		{"en_pcie_tp2_4090_32b_int4", "tier model=deepseek-r1-distill-qwen-32b mode=infer precision=int4 gpu=4090 cards=2", false},
		{"zh_pcie_zero3_8x4090", "显存 模型=Qwen3-8B 模式=全参 显卡=4090 卡数=8", false},
		{"en_error_seq0", "tier model=qwen2.5-14b seq=0", false},
		{"zh_error_unknown_model", "选卡 模型=unknown-99b", false},
		{"en_error_unknown_moe", "tier model=mixtral-8x22b mode=infer", false},
		{"zh_error_unknown_moe_active", "显存 模型=Qwen3-Next-80B-A3B 模式=推理", false},
		{"en_error_cards", "tier model=qwen2.5-14b cards=100000", false},
		{"json_lora_qwen14b", "tier model=qwen2.5-14b mode=lora seq=4096", true},
		{"json_infer_qwen7b_32k", "选卡 模型=qwen2.5-7b 模式=推理 上下文=32k", true},
		{"json_full_llama70b", "tier model=llama-2-70b mode=full", true},
		{"json_error_model", "tier model=unknown-99b", true},
		{"en_infer_llama4_scout_8xh100", "tier model=llama-4-scout mode=infer gpu=h100-sxm cards=8 seq=1280000", false},
		{"zh_infer_llama4_maverick_fp8_8xh100", "选卡 模型=llama-4-maverick 模式=推理 精度=fp8 显卡=h100-sxm 卡数=8 上下文=430000", false},
		{"zh_infer_llama4_scout_8xh200", "选卡 模型=llama-4-scout 模式=推理 显卡=h200-sxm 卡数=8 上下文=3600000", false},
		{"en_infer_llama4_maverick_fp8_8xh200", "tier model=llama-4-maverick mode=infer precision=fp8 gpu=h200-sxm cards=8", false},
		{"json_infer_llama4_maverick_fp8_8xh100", "tier model=llama-4-maverick mode=infer precision=fp8 gpu=h100-sxm cards=8 seq=430000", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := handle(t, tc.text)
			var got []byte
			if tc.json {
				got = chat.RenderJSON(rep)
			} else {
				got = []byte("$ " + tc.text + "\n" + chat.RenderText(rep))
			}
			testkit.Testdata(t, tc.name+".golden", got)
		})
	}
}
