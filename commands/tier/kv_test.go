package tier

import (
	"strings"
	"testing"

	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// An fp8 KV cache (vLLM's --kv-cache-dtype fp8) halves KV bytes: DeepSeek-R1
// on H20 at 163,840 tokens needs two nodes with a 16-bit cache and one
// 8-card node with fp8, in every spelling of the key.
func TestKVPrecision(t *testing.T) {
	bf16 := handle(t, "tier model=deepseek-r1 mode=infer gpu=h20 seq=163840").Data.(data)
	if bf16.Cards != 16 || bf16.KVPrecision != sizing.BF16 {
		t.Fatalf("bf16 KV: %d cards, kv_precision %s; want 16 and bf16", bf16.Cards, bf16.KVPrecision)
	}
	on8 := handle(t, "tier model=deepseek-r1 mode=infer gpu=h20 seq=163840 cards=8").Data.(data)
	if on8.Fits {
		t.Errorf("bf16 KV on 8 H20: fits at %v%%, want over the limit", on8.UtilizationPct)
	}
	for _, text := range []string{
		"tier model=deepseek-r1 mode=infer gpu=h20 seq=163840 kv_precision=fp8",
		"tier model=deepseek-r1 mode=infer gpu=h20 seq=163840 kv_cache_dtype=fp8",
		"选卡 模型=deepseek-r1 模式=推理 显卡=h20 上下文=163840 KV缓存精度=fp8",
	} {
		rep := handle(t, text)
		d := rep.Data.(data)
		if !d.Fits || d.Cards != 8 || d.Nodes != 1 || d.KVPrecision != sizing.FP8 {
			t.Errorf("%s: fits %v on %d cards (%d nodes), kv %s; want one 8-card node with fp8", text, d.Fits, d.Cards, d.Nodes, d.KVPrecision)
		}
		// the same layout with a 16-bit cache holds twice the KV bytes
		if got, want := d.Memory.KVCacheGB, on8.Memory.KVCacheGB/2; got < want-1e-3 || got > want+1e-3 {
			t.Errorf("%s: KV cache %v GB per card, want half of bf16's %v on 8 cards", text, got, on8.Memory.KVCacheGB)
		}
		table := chat.RenderText(rep)
		if !strings.Contains(table, "1 B (fp8 KV cache)") && !strings.Contains(table, "1 B（fp8 KV 缓存）") {
			t.Errorf("%s: the memory table does not show 1-byte KV values", text)
		}
	}
}

func TestKVPrecisionRefused(t *testing.T) {
	for _, tc := range []struct{ text, key string }{
		{"tier model=qwen2.5-7b mode=infer kv_precision=int3", "kv_precision"},
		{"tier model=qwen2.5-7b mode=lora kv_precision=fp8", "kv_precision"},
		{"选卡 模型=qwen2.5-7b 模式=推理 KV缓存精度=四位", "kv_precision"},
	} {
		rep := handle(t, tc.text)
		if rep.Error == nil || rep.Error.Key != tc.key || rep.Error.Example == "" {
			t.Errorf("%s: error %+v, want one naming %s with an example", tc.text, rep.Error, tc.key)
		}
	}
}
