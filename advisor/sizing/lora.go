package sizing

import (
	"math"

	"gpuadvisor/advisor/catalog"
)

// AdapterParams is the LoRA adapter count at rank r: r × (d_in + d_out) for
// every linear projection of every layer, the "all linear layers" target of
// the QLoRA paper: attention (q, k, v, o; for MLA the q and kv down and up
// projections and o) and every gated-MLP projection (gate, up, down) of the
// dense MLP or of every expert, routed and shared. Embeddings, the output
// layer and the router get no adapter.
func AdapterParams(m catalog.Model, r int) float64 {
	h := float64(m.Hidden)
	var attn float64
	if m.MLA() {
		a := float64(m.Heads)
		qk := a * float64(m.QKNopeDim+m.QKRopeDim)
		if m.QLoRARank > 0 {
			qr := float64(m.QLoRARank)
			attn += (h + qr) + (qr + qk)
		} else {
			attn += h + qk
		}
		kvr := float64(m.KVLoRARank)
		attn += (h + kvr + float64(m.QKRopeDim)) + (kvr + a*float64(m.QKNopeDim+m.VHeadDim))
		attn += a*float64(m.VHeadDim) + h
	} else {
		q := float64(m.Heads * m.HeadDim)
		kv := float64(m.KVHeads * m.HeadDim)
		attn = (h + q) + 2*(h+kv) + (q + h)
	}
	mlp := func(f float64) float64 { return 3 * (h + f) }
	moe := float64(m.MoELayers())
	dense := float64(m.Layers) - moe
	per := float64(m.Layers)*attn + dense*mlp(float64(m.FFN))
	if m.MoE() {
		per += moe * float64(m.Experts+m.SharedExperts) * mlp(float64(m.ExpertFFN))
	}
	return float64(r) * per
}

// WeightBytes is the memory of the model's weights as stored for a mode:
// 2 bytes/param for full training, LoRA's frozen base and 16-bit inference;
// for QLoRA and quantized inference, the quantized bits for every parameter
// outside the embeddings and output layer, which stay 16-bit; for MXFP4
// (gpt-oss) only the routed experts are 4.25-bit, and so for FP8 of a model
// whose FP8 checkpoint quantizes only them (Llama 4 Maverick: 386.5B expert
// weights at 1 B + 14.2B others at 2 B = 414.88 GB).
func WeightBytes(m catalog.Model, mode Mode, p Precision) float64 {
	bits := 16.0
	switch {
	case mode == ModeQLoRA:
		bits = NF4Bits
	case mode == ModeInfer:
		bits = p.WeightBits()
	}
	if bits == 16 {
		return 2 * m.Params
	}
	if mode == ModeInfer && ExpertsOnlyFor(m, p) {
		x := m.RoutedExpertParams()
		return (m.Params-x)*2 + x*bits/8
	}
	e := min(m.EmbeddingParams(), m.Params)
	return (m.Params-e)*bits/8 + 2*e
}

// DecodeWeightBytes is what one decode step reads of the weights for batch
// sequences: every weight outside the embeddings once, the output matrix
// (16-bit), one embedding row per token (negligible, not counted), and in MoE
// layers only the routed experts the batch's tokens pick: for k of E experts
// per token and b tokens, E·(1 − (1 − k/E)^b) distinct experts on average
// (k at batch 1). Dense Qwen2.5-7B in bf16: 2 × (7,615,616,512 −
// 1,089,994,752) = 13.05 GB, not the 15.23 GB of the whole checkpoint.
func DecodeWeightBytes(m catalog.Model, p Precision, batch int) float64 {
	bits, xbits := p.WeightBits(), p.WeightBits()
	if ExpertsOnlyFor(m, p) {
		bits = 16
	}
	routed := m.RoutedExpertParams()
	rest := m.Params - min(m.EmbeddingParams(), m.Params) - routed
	out := float64(m.Vocab) * float64(m.Hidden)
	bytes := rest*bits/8 + out*2
	if m.MoE() {
		E, k := float64(m.Experts), float64(m.ExpertsActive)
		touched := E * (1 - math.Pow(1-k/E, float64(max(batch, 1))))
		bytes += routed * touched / E * xbits / 8
	}
	return bytes
}
