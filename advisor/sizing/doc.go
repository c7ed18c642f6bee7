// Package memory estimates the GPU memory a model needs per card, and picks the
// GPU tier: the cheapest adequate card class and count.
//
// Rules, each with its source (docs/sizing.md):
//
//   - Model states, mixed-precision Adam (Rajbhandari et al. 2020, ZeRO): 16
//     bytes per parameter = 2 (16-bit weights) + 2 (gradients) + 12 (fp32 master
//     weights, momentum, variance). Sharded over the data-parallel degree N:
//     stage 0 16Ψ; stage 1 4Ψ+12Ψ/N; stage 2 2Ψ+14Ψ/N; stage 3 16Ψ/N.
//     optimizer=adam8bit keeps the two Adam moments in 8 bits (bitsandbytes,
//     Dettmers et al. 2022: 1 byte per state, block-wise constants negligible)
//     plus fp32 master weights: 2+4 = 6 bytes instead of 12. optimizer=sgd keeps
//     fp32 master weights and fp32 momentum: 8 bytes.
//   - Activations per transformer layer in 16-bit (Korthikanti et al. 2022):
//     s·b·h·(34 + 5·a·s/h) bytes without recomputation; selective recomputation
//     drops the attention-score term (34·s·b·h, also what FlashAttention
//     stores); full recomputation keeps only the layer input, 2·s·b·h. Plus the
//     fp32 logits the loss keeps, 4·s·b·v. Tensor parallelism with sequence
//     parallelism divides all of it by t.
//   - LoRA: frozen base at 2 bytes/param; adapters r·(d_in+d_out) on every
//     attention (q, k, v, o) and MLP (gate, up, down) projection, trained with
//     the optimizer's full states (16 bytes/param for Adam).
//   - QLoRA (Dettmers et al. 2023): NF4 base with double quantization, 4.127
//     bits per quantized parameter (4 + 0.127 bits of constants); embeddings and
//     the output layer stay 16-bit.
//   - Inference: weights at the precision (fp16/bf16 2 bytes, fp8/int8 1 byte,
//     int4 4.125 bits with a 16-bit scale per 128 weights; embeddings stay
//     16-bit when quantized) + KV cache 2·layers·kv_heads·head_dim·seq·batch·2
//     bytes (GQA, 16-bit cache). Tensor parallelism divides both (the KV cache
//     by at most kv_heads: past that each head is replicated); a pipeline card
//     holds its stage's whole layers plus an embedding matrix at either end,
//     so the heaviest stage is what is sized.
//   - Serving figures: the longest context is what fits within 90% of the
//     card, capped by the model's own limit; decode speed per sequence is at
//     most bandwidth ÷ the bytes one step reads (all weights once, plus the KV
//     cache of every sequence of the batch, replicas included).
//   - Runtime overhead per card: 1 GB (CUDA context, cuBLAS/NCCL workspaces)
//     plus 10% of everything else (allocator fragmentation, transient buffers).
//
// Tier: a card is adequate when the per-card need is at most 90% of its label
// and, when the model is split over cards (tensor parallel, pipeline parallel or
// ZeRO-3), the cards share NVLink (or HCCS); past one 8-card node InfiniBand or
// RoCE is needed. For training a card also needs half an A100's dense BF16
// (156 TFLOPS), and only CUDA cards are picked unless one is named. Cheapest
// means: one node before several, then the lowest price tier of the market guides (docs/domain.md#market-facts; entry <
// mid < flagship), then the fewest cards, then the smaller card (memory,
// bandwidth, link, TFLOPS), since within a tier a smaller card rents for less.
package sizing
