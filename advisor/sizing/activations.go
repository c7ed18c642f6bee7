package sizing

import "gpuadvisor/advisor/catalog"

// Activation memory in training, 16-bit, counted from the tensors each layer
// saves for its backward pass (the method of Korthikanti et al. 2022, §4,
// applied to the layers models use now: RMSNorm, GQA or MLA attention through
// FlashAttention, SwiGLU MLPs or mixtures of SwiGLU experts, no dropout). Per
// token of one sequence, in bytes:
//
//	attention: 2h (norm input) + 2h (norm output, the projections' input)
//	           + 2(q + k + v) (the attention inputs) + 2o (its output, the
//	           o-projection's input) + 4a (FlashAttention's fp32 logsumexp);
//	           MLA adds the two latents the up-projections read.
//	MLP:       2h + 2h (norm input and output) + 8f: gate and up outputs,
//	           SiLU(gate), and their product (the down projection's input),
//	           2f each; in an MoE layer f is the used experts' intermediate
//	           (experts_active + shared) × expert_ffn, plus the token copies
//	           routed to each expert (2h × experts_active) and the fp32
//	           router logits (4 × experts).
//
// Qwen2.5-7B (h 3584, q 3584, k = v 512, f 18944): 8h + 4q + 4k + 8f + 4a =
// 28,672 + 14,336 + 2,048 + 151,552 + 112 = 196,720 bytes ≈ 55·h per token
// per layer, where the paper's GPT layer (4h GELU MLP, dropout) gives 34·h.
// That is the layer with fused kernels (FlashAttention, a fused RMSNorm),
// what selective recomputation assumes. Without recomputation the layer runs
// eagerly, as PyTorch runs transformers' attn_implementation="eager", and
// keeps more (eagerSaved); full recomputation keeps only the layer input, 2h.
// Tensor parallelism with sequence parallelism divides all of it by t.

// eagerSaved is what an eager layer keeps per token beyond the fused one at
// sequence s, bytes (measured with torch.autograd.graph.saved_tensors_hooks on
// one such layer: tools/activations, testdata/eager_activations.json):
//
//	norms:   each RMSNorm computes in fp32 and keeps its input's fp32 copy
//	         (4h), its square (4h, which PyTorch's mean keeps), the
//	         normalized value cast back to 16-bit (2h) and the fp32 rstd (4),
//	         where a fused norm keeps the 16-bit input (2h): 8h + 4 more,
//	         twice;
//	GQA:     K and V repeated to every query head before the products:
//	         2 × 2 × (heads − kv_heads) × head_dim more;
//	softmax: the fp32 probabilities and their 16-bit copy the product with V
//	         reads, 6·a·s, and no FlashAttention log-sum-exp (−4a).
//
// Llama-3.1-8B at s 4096: 16h + 8 + 12,288 + 786,432 − 128 = 864,136 bytes
// on top of the fused layer's 168,064: 1,032,200 per token, 4.23 GB per
// layer. The measured shapes agree within 8 bytes (PyTorch 1.13); the rotary
// cos/sin tables (4·head_dim bytes per token, computed once for every layer)
// are left out.
func eagerSaved(m catalog.Model, s float64) float64 {
	h, a := float64(m.Hidden), float64(m.Heads)
	b := 2*(8*h+4) + 6*a*s - 4*a
	if !m.MLA() {
		b += 4 * (a - float64(m.KVHeads)) * float64(m.HeadDim)
	}
	return b
}

// attnIO is the query, key, value and output widths of one layer.
func attnIO(m catalog.Model) (q, k, v, o float64) {
	a := float64(m.Heads)
	if m.MLA() {
		qk := a * float64(m.QKNopeDim+m.QKRopeDim)
		vd := a * float64(m.VHeadDim)
		return qk, qk, vd, vd
	}
	hd := float64(m.HeadDim)
	kv := float64(m.KVHeads) * hd
	return a * hd, kv, kv, a * hd
}

// attentionSaved is the bytes one layer's attention saves per token.
func attentionSaved(m catalog.Model) float64 {
	h := float64(m.Hidden)
	q, k, v, o := attnIO(m)
	b := 4*h + 2*(q+k+v) + 2*o + 4*float64(m.Heads)
	if m.MLA() {
		b += 2 * float64(m.QLoRARank+m.KVLoRARank+m.QKRopeDim)
	}
	return b
}

// mlpSaved is the bytes one layer's MLP saves per token, dense or MoE.
func mlpSaved(m catalog.Model, moe bool) float64 {
	h := float64(m.Hidden)
	if !moe {
		return 4*h + 8*float64(m.FFN)
	}
	f := float64(m.ExpertsActive+m.SharedExperts) * float64(m.ExpertFFN)
	return 4*h + 8*f + 2*h*float64(m.ExpertsActive) + 4*float64(m.Experts)
}

// LayerActivations is the activation memory of one transformer layer in bytes
// (averaged over the layers, dense and MoE), micro-batch b, sequence s,
// tensor-parallel degree t with sequence parallelism:
//
//	none:      s·b·(attention + MLP + eagerSaved) / t   (eager attention)
//	selective: s·b·(attention + MLP) / t      (FlashAttention: no scores kept)
//	full:      s·b·2h / t                     (only the layer input is kept)
func LayerActivations(m catalog.Model, seq, batch, t int, rc Recompute) float64 {
	s, b := float64(seq), float64(batch)
	t = max(t, 1)
	if rc == RecomputeFull {
		return s * b * 2 * float64(m.Hidden) / float64(t)
	}
	L := float64(m.Layers)
	moe := float64(m.MoELayers())
	per := attentionSaved(m) + ((L-moe)*mlpSaved(m, false)+moe*mlpSaved(m, true))/L
	if rc == RecomputeNone {
		per += eagerSaved(m, s)
	}
	return s * b * per / float64(t)
}

// OutputActivations is the fp32 logits the cross-entropy loss keeps:
// 4·s·b·v bytes, divided by t with a vocabulary-parallel output layer
// (Korthikanti et al. 2022, §4.1).
func OutputActivations(m catalog.Model, seq, batch, t int) float64 {
	t = max(t, 1)
	return 4 * float64(seq) * float64(batch) * float64(m.Vocab) / float64(t)
}

// ServingPeak is the activation peak serving reserves per card, in bytes,
// under batch defaults d: the larger of one prefill chunk of d.Tokens
// through the widest part of a layer (the hidden states in and out, 4h, plus
// the gate/up output and its activation, 3f, with f the used experts'
// intermediate and the routed token copies in an MoE model), split by
// tensor parallelism t, and the sampler's fp32 logits for d.Seqs sequences
// over the whole vocabulary, which every tensor-parallel card holds (vLLM
// gathers the logits to every rank). vLLM's profiling pass runs the two one
// after the other (profile_run: the forward pass of max_num_batched_tokens,
// then the sampler over max_num_seqs dummy requests), so its peak is the
// larger. Qwen2.5-7B, t = 1, on a large card: max(8192 × 2 × (4 × 3584 + 3 ×
// 18944), 1024 × 152064 × 4) = 1,166,016,512 bytes; on a small card (2,048
// tokens, 256 sequences) max(291,504,128, 155,713,536).
func ServingPeak(m catalog.Model, t int, d BatchDefaults) float64 {
	t = max(t, 1)
	return max(prefillChunkBytes(&m, d.Tokens)/float64(t), samplerLogitsBytes(&m, d.Seqs))
}

// samplerLogitsBytes is the sampler part of ServingPeak: seqs rows of fp32
// logits over the whole vocabulary.
func samplerLogitsBytes(m *catalog.Model, seqs int) float64 {
	return float64(seqs) * float64(m.Vocab) * 4
}

// prefillChunkBytes is the prefill-chunk part of ServingPeak at t = 1 for a
// chunk of tokens.
func prefillChunkBytes(m *catalog.Model, tokens int) float64 {
	h := float64(m.Hidden)
	f, copies := float64(m.FFN), 0.0
	if m.MoE() {
		f = float64(m.ExpertsActive+m.SharedExperts) * float64(m.ExpertFFN)
		copies = h * float64(m.ExpertsActive)
		if m.DenseLayers > 0 || m.MoEEvery > 1 {
			f = max(f, float64(m.FFN))
		}
	}
	return float64(tokens) * 2 * (4*h + 3*f + copies)
}
