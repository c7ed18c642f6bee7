package sizing

import "gpuadvisor/advisor/catalog"

// KVBytesPerToken is the KV cache of one token of one sequence over the whole
// model, 16-bit: 2 (K and V) × layers × kv_heads × head_dim × 2 bytes. GQA
// models cache kv_heads, not heads. Llama-2-7B: 2×32×32×128×2 = 524,288 bytes.
func KVBytesPerToken(m catalog.Model) float64 {
	return 2 * float64(m.Layers) * float64(m.KVHeads) * float64(m.HeadDim) * 2
}

// KVCache is the KV cache for seq tokens × batch sequences:
// 2 × layers × kv_heads × head_dim × seq × batch × 2 bytes.
// Llama-2-7B at 4096 tokens: 2,147,483,648 bytes (2.15 GB) per sequence.
func KVCache(m catalog.Model, seq, batch int) float64 {
	return KVBytesPerToken(m) * float64(seq) * float64(batch)
}
