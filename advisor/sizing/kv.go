package sizing

import "gpuadvisor/advisor/catalog"

// KVBytesPerLayerToken is the KV cache one layer keeps per token of one
// sequence, 16-bit. GQA caches K and V of every KV head: 2 × kv_heads ×
// head_dim × 2 bytes (vLLM's formula). MLA (DeepSeek-V2/V3, Kimi K2) caches
// one compressed latent and the shared rope key: (kv_lora_rank +
// qk_rope_head_dim) × 2 bytes, 576 × 2 = 1,152 bytes for DeepSeek-V3.
func KVBytesPerLayerToken(m catalog.Model) float64 {
	if m.MLA() {
		return float64(m.KVLoRARank+m.QKRopeDim) * 2
	}
	return 2 * float64(m.KVHeads) * float64(m.HeadDim) * 2
}

// KVBytesPerToken is the KV cache of one token of one sequence over every
// layer, as if every layer attended over the whole context. Llama-2-7B:
// 2×32×32×128×2 = 524,288 bytes; DeepSeek-V3: 61×1,152 = 70,272 bytes.
func KVBytesPerToken(m catalog.Model) float64 {
	return float64(m.Layers) * KVBytesPerLayerToken(m)
}

// KVCache is the KV cache for seq tokens × batch sequences, whole model:
// full-attention layers hold every token, sliding-window layers (gpt-oss)
// at most their window. Llama-2-7B at 4096 tokens: 2,147,483,648 bytes.
func KVCache(m catalog.Model, seq, batch int) float64 {
	full := float64(m.Layers - m.SlidingLayers)
	slide := float64(m.SlidingLayers) * float64(min(seq, max(m.SlidingWindow, 1)))
	return KVBytesPerLayerToken(m) * (full*float64(seq) + slide) * float64(batch)
}

// kvTokens is the longest context whose KV cache for batch sequences fits in
// budget bytes, whole model (the inverse of KVCache).
func kvTokens(m catalog.Model, budget float64, batch int) int {
	per := KVBytesPerLayerToken(m) * float64(batch)
	if budget <= 0 || per <= 0 {
		return 0
	}
	if m.SlidingLayers > 0 && m.SlidingWindow > 0 {
		full := float64(m.Layers - m.SlidingLayers)
		w := float64(m.SlidingWindow)
		rest := budget - per*float64(m.SlidingLayers)*w
		if full > 0 && rest >= per*full*w {
			return int(rest / (per * full)) // every window is full
		}
	}
	return int(budget / (per * float64(m.Layers)))
}
