// Package sizing estimates the GPU memory a model needs per card, and picks the
// GPU tier: the cheapest adequate card class and count. docs/sizing.md gives
// every rule with its published source; in short:
//
//   - Capacity is what nvidia-smi reports per card (catalog memory_mib); a
//     plan fits within Request.Utilization of it (default 0.9, vLLM's
//     gpu_memory_utilization).
//   - Each card keeps a fixed ReserveGB (CUDA context, cuBLAS/NCCL
//     workspaces); serving adds the activation peak of the engine's profiling
//     pass (ServingPeak). No share of the weights is charged. A model whose
//     catalog row names a serving engine release (ServingEngine, Engine) is
//     sized by that release's start-up instead: vLLM v0.8.3's sampler
//     warm-up over 1,024 requests and the whole vocabulary, NCCL's NVLS
//     buffers at tensor parallel 3+ on NVLink SHARP boards, and the RoPE
//     table (Llama 4).
//   - Model states, mixed-precision Adam (Rajbhandari et al. 2020, ZeRO): 16
//     bytes per parameter, sharded by ZeRO stage over the data-parallel
//     degree; 8-bit Adam 6 bytes of state, SGD 8. QLoRA trains bf16 adapters
//     with paged 32-bit AdamW: 2 + 2 + 8 bytes (Dettmers et al. 2023).
//   - Activations count the tensors a SwiGLU/GQA (or MoE, MLA) layer saves
//     for its backward pass (the method of Korthikanti et al. 2022), plus the
//     fp32 logits; full recomputation keeps only each layer's input.
//   - Weights: 16-bit, or quantized layers with 16-bit embeddings; MXFP4
//     quantizes only the routed experts, and so does FP8 for a model whose
//     FP8 checkpoint does (Llama 4 Maverick). MoE keeps every expert resident.
//   - KV cache: 2 × kv_heads × head_dim × 2 bytes per token per layer (GQA),
//     kv_lora_rank + qk_rope_head_dim values for MLA (replicated on every
//     tensor-parallel card); a sliding-window layer keeps vLLM's reserve,
//     min(window − 1 + 8,192, seq) in 16-token blocks plus one block.
//   - Training FLOPs per token: 6·N + 12·L·H·Q·T (PaLM), 4·N + the attention
//     term for LoRA; MFU counts these model FLOPs, so recomputation changes
//     the hardware FLOPs (HFU), not the hours.
//   - Decode bound: bandwidth ÷ (the weights a token reads, without the input
//     embedding and with only the used experts, + the batch's KV cache).
//
// Tier: a card is adequate when the per-card need fits and, when the model is
// split over cards (tensor parallel, pipeline parallel or ZeRO-3), the cards
// share NVLink (or HCCS); past one 8-card node InfiniBand or RoCE is needed;
// multi-card full training uses NVLink cards only. For training a card also
// needs half an A100's dense BF16 (156 TFLOPS), and only CUDA cards are picked
// unless one is named. Cheapest is Less, the one place cards are ranked: one
// node before several, then the seeds' price tier, then fewer cards, then the
// smaller card.
package sizing
