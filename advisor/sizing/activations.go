package sizing

import "gpuadvisor/advisor/catalog"

// LayerActivations is the activation memory of one transformer layer in bytes,
// 16-bit, micro-batch b, sequence s, hidden h, a heads, tensor-parallel degree
// t with sequence parallelism (Korthikanti et al. 2022, §4 and §5):
//
//	none:      s·b·h·(34 + 5·a·s/h) / t
//	selective: s·b·h·34 / t          (attention scores recomputed; FlashAttention's footprint)
//	full:      s·b·h·2 / t           (only the layer input is kept)
func LayerActivations(m catalog.Model, seq, batch, t int, rc Recompute) float64 {
	s, b, h, a := float64(seq), float64(batch), float64(m.Hidden), float64(m.Heads)
	if t < 1 {
		t = 1
	}
	var coef float64
	switch rc {
	case RecomputeFull:
		coef = 2
	case RecomputeSelective:
		coef = 34
	default:
		coef = 34 + 5*a*s/h
	}
	return s * b * h * coef / float64(t)
}

// OutputActivations is the fp32 logits the cross-entropy loss keeps:
// 4·s·b·v bytes, divided by t with a vocabulary-parallel output layer
// (Korthikanti et al. 2022, §4.1).
func OutputActivations(m catalog.Model, seq, batch, t int) float64 {
	if t < 1 {
		t = 1
	}
	return 4 * float64(seq) * float64(batch) * float64(m.Vocab) / float64(t)
}
