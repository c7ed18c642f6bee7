package sizing

import "gpuadvisor/advisor/catalog"

// Model FLOPs of training, per token (Chowdhery et al. 2022, "PaLM",
// Appendix B, https://arxiv.org/abs/2204.02311):
//
//	6·N + 12·L·H·Q·T
//
// N is the parameters a token's forward pass multiplies by (the active ones
// of a mixture of experts, without the input embedding, which is a look-up;
// Model.ActiveParams), L the layers, H the query heads, Q the head size and T
// the keys each query attends (the sequence length). 6·N is the matrix
// products of the weights: 2·N forward, 4·N backward (the gradients of the
// activations and of the weights); 12·L·H·Q·T is the attention's own two
// products, QKᵀ and the weighted sum of V, 4·L·H·Q·T forward and twice that
// backward. PaLM counts T for every query (no causal halving); so does this
// package, and so does the MFU the papers report.
//
// MLA (DeepSeek-V3) has qk heads of qk_nope + qk_rope = 192 and v heads of
// 128: QKᵀ costs 2·H·192·T per token and the sum over V 2·H·128·T, so Q is
// their mean, 160, exactly. A sliding-window layer attends at most its
// window, a chunked-attention layer (Llama 4) at most its chunk: T is then
// min(window, seq) for that layer.
//
// LoRA computes no gradient of the frozen weights: 4·N (the adapters are a
// rounding error), and the attention term unchanged.
//
// MFU (model FLOPs utilization) is these FLOPs over the cards' dense BF16
// peak: recomputing activations adds hardware FLOPs, not model FLOPs, so it
// does not change the hours at a given MFU; it lowers the MFU a run reaches.
// HFU (hardware FLOPs utilization) counts the recomputation too: full
// recomputation runs every layer's forward again, 2·(N − V·h) + 4·L·H·Q·T
// (the output layer is not recomputed), and selective recomputation
// (Korthikanti et al. 2022, §5) the attention core's forward, 4·L·H·Q·T.

// FLOPsPerToken is a training run's model FLOPs per token, in two terms.
type FLOPsPerToken struct {
	// Dense is k·N: 6·N for full training, 4·N for LoRA and QLoRA.
	Dense float64
	// Attention is 12·H·Q·Σ T over the layers.
	Attention float64
}

// Total is Dense + Attention.
func (f FLOPsPerToken) Total() float64 { return f.Dense + f.Attention }

// denseMultiple is k in k·N: 6 for full training, 4 when the base is frozen.
func denseMultiple(mode Mode) float64 {
	if mode == ModeLoRA || mode == ModeQLoRA {
		return 4
	}
	return 6
}

// AttentionHeadDim is Q of PaLM's attention term: head_dim, or for MLA the
// mean of the qk head (qk_nope_head_dim + qk_rope_head_dim) and the v head.
func AttentionHeadDim(m catalog.Model) float64 {
	if m.MLA() {
		return float64(m.QKNopeDim+m.QKRopeDim+m.VHeadDim) / 2
	}
	return float64(m.HeadDim)
}

// AttendedTokens is Σ T over the layers at sequence seq: seq on every
// full-attention layer, min(window, seq) on a sliding-window layer,
// min(chunk, seq) on a chunked-attention layer.
func AttendedTokens(m catalog.Model, seq int) float64 {
	s := float64(seq)
	local := 0.0
	if m.SlidingLayers > 0 {
		local += float64(m.SlidingLayers) * float64(min(seq, max(m.SlidingWindow, 1)))
	}
	full := float64(m.Layers - m.SlidingLayers)
	return full*s + local
}

// ModelFLOPsPerToken is the model FLOPs of one training token of m at
// sequence length seq in mode (see the rule above).
func ModelFLOPsPerToken(m catalog.Model, mode Mode, seq int) FLOPsPerToken {
	return FLOPsPerToken{
		Dense:     denseMultiple(mode) * m.ActiveParams(),
		Attention: 12 * float64(m.Heads) * AttentionHeadDim(m) * AttendedTokens(m, seq),
	}
}

// RecomputeFLOPsPerToken is the hardware FLOPs activation recomputation adds
// per token, which MFU does not count: full recomputation runs the layers'
// forward again (2·(N − V·h), the output layer excluded, plus the
// attention's forward, a third of its term), selective recomputation the
// attention core's forward only, none nothing.
func RecomputeFLOPsPerToken(m catalog.Model, mode Mode, seq int, rc Recompute) float64 {
	f := ModelFLOPsPerToken(m, mode, seq)
	switch rc {
	case RecomputeFull:
		out := float64(m.Vocab) * float64(m.Hidden)
		return 2*max(m.ActiveParams()-out, 0) + f.Attention/3
	case RecomputeSelective:
		return f.Attention / 3
	}
	return 0
}
