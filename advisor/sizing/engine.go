package sizing

import "gpuadvisor/advisor/catalog"

// Engine is what one serving engine release reserves on each card at start-up
// beyond the weights, the KV cache and ReserveGB, as its source sets it up.
// vLLM sizes its KV cache as gpu_memory_utilization × the card's memory minus
// the peak its profiling pass reaches: torch's peak allocation during
// profile_run (a forward pass of max_num_batched_tokens tokens, then the
// sampler over max_num_seqs dummy requests) plus what is allocated outside
// torch (the CUDA context, NCCL) (Worker.determine_available_memory,
// vllm/v1/worker/gpu_worker.py, the same in every release of 2025). The
// figures of a release are named fields here so that a reply can show each.
type Engine struct {
	// ID names the release, as catalog.Model.ServingEngine does; Name is how
	// a reply says it.
	ID, Name string
	// MaxNumSeqs is the release's max_num_seqs default for `vllm serve`:
	// the rows of the sampler warm-up.
	MaxNumSeqs int
	// SamplerBytes is the bytes per row and vocabulary entry alive on each
	// card at the sampler warm-up's peak. The logits are gathered to the
	// whole vocabulary on every tensor-parallel card, so it is not split.
	SamplerBytes float64
	// NVLSBytes is what NCCL's NVLink SHARP (NVLS) buffers take on each card
	// when tensor parallelism spans more than two cards of a board that has
	// NVLS (NVLSCard); the release leaves NCCL's default (NVLS on).
	NVLSBytes float64
	// RoPETable is set when every card keeps the rotary cos/sin table over
	// the model's whole max_position_embeddings (RoPETableBytes).
	RoPETable bool
	// BlockTable is set when every card keeps the KV block table of
	// max_num_seqs requests of max_model_len tokens (BlockTableBytes).
	BlockTable bool
}

// vLLM083 is vLLM v0.8.3 (2025-04-06), the release that added Llama 4 and the
// one of vLLM's published Llama 4 contexts, started with `vllm serve` (the V1
// engine) from the pip wheel:
//
//   - max_num_seqs 1,024: EngineArgs._set_default_args_v1 in
//     vllm/engine/arg_utils.py sets 1,024 for V1 (on every card until
//     https://github.com/vllm-project/vllm/pull/16158, merged 2025-04-07,
//     reverted it to 256 below the H100/H200 class); max_num_batched_tokens
//     8,192 on H100/H200 (https://github.com/vllm-project/vllm/pull/12369),
//     PrefillTokens.
//   - the sampler warm-up (GPUModelRunner._dummy_sampler_run, called from
//     profile_run in vllm/v1/worker/gpu_model_runner.py) runs the sampler
//     with top_k = vocabulary − 1 and top_p = 0.9 over max_num_seqs rows.
//     Without FlashInfer, which the wheel does not install, top-k/top-p is
//     the PyTorch path (apply_top_k_top_p in
//     vllm/v1/sample/ops/topk_topp_sampler.py), whose logits.sort() is its
//     peak: the bf16 logits (2 B per entry), the sampler's fp32 copy (4),
//     the sorted values (4) and indices (int64, 8), and inside the sort
//     (aten/src/ATen/native/cuda/SortStable.cu, segmented_sort_pairs, for
//     128 or more rows shorter than 1,000,000) an int64 index per entry (8)
//     and cub's second key and value buffers (4 + 8): 38 bytes. Llama 4's
//     202,048-entry vocabulary × 1,024 rows: 7.86 GB on every card.
//   - NVLS: vLLM's measurement on 8× H200 at tensor parallel 8 (Llama
//     3.1-405B) left 17,595 KV blocks with NVLS and 227xx with
//     NCCL_NVLS_ENABLE=0 (https://github.com/vllm-project/vllm/issues/9699,
//     2024-10-25): at least 5,105 blocks of 126 layers × 16 tokens × 2 ×
//     128 × 2 B = 5.27 GB per card.
//   - the block table: the model runner keeps, on the card, one int32 block
//     id per 16-token block of max_model_len for each of max_num_seqs
//     requests (BlockTable, vllm/v1/worker/block_table.py): 256 bytes per
//     token of context, 0.33 GB at 1,280,000 tokens.
//   - the RoPE table: RotaryEmbedding (vllm/model_executor/layers/
//     rotary_embedding.py) caches cos and sin for every position up to
//     max_position_embeddings in the model's dtype, one table per card;
//     Llama 4 passes its config's max_position_embeddings (Scout: 10,485,760
//     × 128 × 2 B = 2.68 GB).
var vLLM083 = Engine{
	ID: "vllm-0.8.3", Name: "vLLM v0.8.3",
	MaxNumSeqs: 1024, SamplerBytes: 38, NVLSBytes: 5105 * 126 * 16 * 2 * 128 * 2, RoPETable: true, BlockTable: true,
}

// engines are the releases a request or a catalog model can name.
var engines = []Engine{vLLM083}

// EngineByID returns the release named id.
func EngineByID(id string) (Engine, bool) {
	for _, e := range engines {
		if e.ID == id {
			return e, true
		}
	}
	return Engine{}, false
}

// EngineIDs lists the releases EngineByID knows.
func EngineIDs() []string {
	ids := make([]string, len(engines))
	for i, e := range engines {
		ids[i] = e.ID
	}
	return ids
}

// NVLSCard reports whether g's NVLink has NVLink SHARP (NVLS), which NCCL
// uses for more than two cards: third-generation NVSwitch, Hopper onward
// (https://github.com/vllm-project/vllm/issues/9699: "NVLS is only enabled
// for n > 2 GPUs, in H100 and above platforms"). In the catalog these are the
// NVSwitch boards whose cards have FP8 tensor cores (H100, H800, H20, H200,
// B200); the A100 and A800 boards' NVSwitch has no SHARP.
func NVLSCard(g *catalog.GPU) bool { return g.Link == catalog.LinkNVLink && g.FP8 }

// SamplerWarmupBytes is what the engine's sampler warm-up holds on each card
// at its peak: max_num_seqs × vocabulary × SamplerBytes.
func (e *Engine) SamplerWarmupBytes(m *catalog.Model) float64 {
	return float64(e.MaxNumSeqs) * float64(m.Vocab) * e.SamplerBytes
}

// RoPETableBytes is the rotary cos/sin table every card keeps when the engine
// caches it: max_position_embeddings × the rotary dimensions (the head size;
// MLA's rope part) × 2 bytes. Scout: 10,485,760 × 128 × 2 = 2,684,354,560.
func (e *Engine) RoPETableBytes(m *catalog.Model) float64 {
	if !e.RoPETable {
		return 0
	}
	dim := m.HeadDim
	if m.MLA() {
		dim = m.QKRopeDim
	}
	return float64(m.Context) * float64(dim) * 2
}

// BlockTableBytes is the block table every card keeps for a context of seq
// tokens (max_model_len) when the engine does: max_num_seqs × ⌈seq / 16⌉ ×
// 4 bytes.
func (e *Engine) BlockTableBytes(seq int) float64 {
	if !e.BlockTable {
		return 0
	}
	return float64(e.MaxNumSeqs) * float64((seq+KVBlockTokens-1)/KVBlockTokens) * 4
}

// nvlsOn reports whether the NVLS buffers apply to layout l on an NVLS card.
func (e *Engine) nvlsOn(l *Layout) bool { return e.NVLSBytes > 0 && l.TensorParallel > 2 }
