package sizing

import "gpuadvisor/advisor/catalog"

// KVBlockTokens is the tokens of one KV cache block (vLLM's default
// block_size): the unit a sliding-window layer's reserve is counted in.
const KVBlockTokens = 16

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

// growingLayers is the layers whose KV cache grows with the context: every
// layer but the sliding-window ones. Chunked-attention layers (Llama 4) are
// counted in full: vLLM allocates them as full attention by default (it
// turns its hybrid KV cache manager off for chunked local attention, for
// latency), which is what its published Llama 4 contexts show.
func growingLayers(m catalog.Model) int { return m.Layers - m.SlidingLayers }

// KVBytesPerToken is the KV cache that one more token of one sequence adds,
// over the layers whose cache grows with the context (every layer but the
// sliding-window ones, which keep a fixed reserve: SlidingKVTokens).
// Llama-2-7B: 2×32×32×128×2 = 524,288 bytes; DeepSeek-V3: 61×1,152 = 70,272
// bytes; gpt-oss-120b: 18 of 36 layers × 2,048 = 36,864 bytes.
func KVBytesPerToken(m catalog.Model) float64 {
	return float64(growingLayers(m)) * KVBytesPerLayerToken(m)
}

// SlidingKVTokens is the tokens of KV cache one sliding-window layer holds
// for one sequence at context seq, as vLLM reserves them (SlidingWindowSpec's
// max_memory_usage_bytes, vllm/v1/kv_cache_interface.py): min(window − 1 +
// max_num_batched_tokens, seq) in whole 16-token blocks, plus one block, the
// window rarely starting on a block boundary. With max_num_batched_tokens
// chunk 8,192 (LargeCardBatch): gpt-oss's 128-token window keeps 8,336
// tokens, Gemma 3's 1,024 9,232, Mistral-7B-v0.1's 4,096 12,304 (at contexts
// past those); with 2,048 (SmallCardBatch) 2,192, 3,088 and 6,160.
func SlidingKVTokens(window, seq, chunk int) int {
	n := min(window-1+chunk, seq)
	return ((n+KVBlockTokens-1)/KVBlockTokens + 1) * KVBlockTokens
}

// SlidingKVBytes is the KV cache of every sliding-window layer for one
// sequence at context seq, with prefill chunks of chunk tokens: their fixed
// reserve.
func SlidingKVBytes(m catalog.Model, seq, chunk int) float64 {
	if m.SlidingLayers == 0 {
		return 0
	}
	return float64(m.SlidingLayers) * float64(SlidingKVTokens(m.SlidingWindow, seq, chunk)) * KVBytesPerLayerToken(m)
}

// KVCache is the KV cache for seq tokens × batch sequences, whole model,
// with prefill chunks of chunk tokens: the growing layers hold every token,
// the sliding-window layers their reserve (SlidingKVTokens). Llama-2-7B at
// 4096 tokens: 2,147,483,648 bytes, whatever the chunk.
func KVCache(m catalog.Model, seq, batch, chunk int) float64 {
	return (KVBytesPerToken(m)*float64(seq) + SlidingKVBytes(m, seq, chunk)) * float64(batch)
}

// KVRead is the KV cache one decode step reads for seq tokens × batch
// sequences: the growing layers every token, a sliding-window layer its
// window.
func KVRead(m catalog.Model, seq, batch int) float64 {
	slide := float64(m.SlidingLayers) * float64(min(seq, max(m.SlidingWindow, 1)))
	return KVBytesPerLayerToken(m) * (float64(growingLayers(m))*float64(seq) + slide) * float64(batch)
}

// kvTokens is the longest context whose KV cache for batch sequences fits in
// budget bytes, whole model, with prefill chunks of chunk tokens (the
// inverse of KVCache): the budget less the
// sliding-window layers' reserve, over the growing layers' KV per token.
// With no growing layer (Mistral-7B-v0.1: every layer slides) memory does
// not limit the context once the reserve fits: NoMemoryLimit.
func kvTokens(m catalog.Model, budget float64, batch, chunk int) int {
	b := float64(batch)
	if budget <= 0 || KVBytesPerLayerToken(m) <= 0 {
		return 0
	}
	long := chunk + m.SlidingWindow // past this every sliding reserve is at its most
	rest := budget - SlidingKVBytes(m, long, chunk)*b
	per := KVBytesPerToken(m) * b
	switch {
	case rest < 0:
	case per == 0:
		return NoMemoryLimit
	case rest/per >= float64(long):
		return int(min(rest/per, NoMemoryLimit))
	}
	// a short context: the sliding layers hold about every token too
	all := KVBytesPerLayerToken(m) * float64(m.Layers) * b
	return int(budget / all)
}

// NoMemoryLimit is the longest context reported when memory does not limit
// it (every layer keeps a fixed window): 2^27 tokens, past any model's own
// limit, which then decides.
const NoMemoryLimit = 1 << 27
