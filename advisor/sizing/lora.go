package sizing

import "gpuadvisor/advisor/catalog"

// AdapterParams is the LoRA adapter count at rank r: r × (d_in + d_out) for
// every attention projection (q, k, v, o) and every gated-MLP projection
// (gate, up, down) of every layer, the "all linear layers" target of the QLoRA
// paper. Embeddings and the output layer get no adapter.
func AdapterParams(m catalog.Model, r int) float64 {
	h, ffn := float64(m.Hidden), float64(m.FFN)
	q := float64(m.Heads * m.HeadDim)
	kv := float64(m.KVHeads * m.HeadDim)
	perLayer := (h + q) + 2*(h+kv) + (q + h) + 2*(h+ffn) + (ffn + h)
	return float64(r) * perLayer * float64(m.Layers)
}

// WeightBytes is the memory of the model's weights as stored for a mode:
// 2 bytes/param for full training, LoRA's frozen base and 16-bit inference;
// for QLoRA and quantized inference, the quantized bits for every parameter
// outside the embeddings and output layer, which stay 16-bit.
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
	e := min(m.EmbeddingParams(), m.Params)
	return (m.Params-e)*bits/8 + 2*e
}
