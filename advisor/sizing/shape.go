package sizing

import (
	"fmt"
	"math"

	"gpuadvisor/advisor/catalog"
)

// ShapeHint is the part of a model's shape a user gave; zero fields are derived.
type ShapeHint struct {
	Layers, Hidden, Heads, KVHeads, FFN int
	// Vocab is vocab_size; 0 assumes 32,000.
	Vocab int
}

// Approximate shape rules for a model known only by its parameter count. They
// follow Llama-2's proportions, which they reproduce exactly at 7B and 13B:
//
//   - per layer 12·h² parameters (4h² attention + 8h² gated MLP), so
//     Ψ ≈ 12·L·h², embeddings ignored;
//   - hidden = 128 × layers, hence layers = (Ψ / 196,608)^(1/3) rounded to a
//     multiple of 4 (at least 4);
//   - head_dim 128, heads = hidden / 128;
//   - kv_heads = heads (no GQA): the largest KV cache, the safe side for sizing;
//   - ffn = 8·h/3 rounded up to a multiple of 256; vocabulary 32,000 unless
//     given.
//
// Given hidden only: layers = Ψ / (12·h²). Given layers only: hidden =
// √(Ψ / (12·L)) rounded to 128.
const (
	approxVocab   = 32000
	approxHeadDim = 128
)

// Shape builds a model from a parameter count and an optional partial shape,
// deriving the rest by the rules above. The model is marked Approximate when
// any of layers, hidden, heads, kv_heads or ffn was derived; derived lists
// the fields that were, and "vocab" when the vocabulary was assumed.
func Shape(params float64, hint ShapeHint) (m catalog.Model, derived []string, err error) {
	if params <= 0 || math.IsNaN(params) || math.IsInf(params, 0) {
		return m, nil, fmt.Errorf("shape: parameter count %v must be positive", params)
	}
	L, h := hint.Layers, hint.Hidden
	switch {
	case L == 0 && h == 0:
		L = max(4, 4*int(math.Round(math.Cbrt(params/196608)/4)))
		h = approxHeadDim * L
		derived = append(derived, "layers", "hidden")
	case L == 0:
		L = max(1, int(math.Round(params/(12*float64(h)*float64(h)))))
		derived = append(derived, "layers")
	case h == 0:
		h = max(approxHeadDim, approxHeadDim*int(math.Round(math.Sqrt(params/(12*float64(L)))/approxHeadDim)))
		derived = append(derived, "hidden")
	}
	heads := hint.Heads
	if heads == 0 {
		heads = max(1, h/approxHeadDim)
		if h%approxHeadDim != 0 {
			heads = 1
			for _, hd := range []int{128, 64, 32, 16, 8} {
				if h%hd == 0 {
					heads = h / hd
					break
				}
			}
		}
		derived = append(derived, "heads")
	}
	kv := hint.KVHeads
	if kv == 0 {
		kv = heads
		derived = append(derived, "kv_heads")
	}
	ffn := hint.FFN
	if ffn == 0 {
		ffn = 256 * int(math.Ceil(8*float64(h)/3/256))
		derived = append(derived, "ffn")
	}
	switch {
	case h%heads != 0:
		return m, nil, fmt.Errorf("shape: hidden %d is not a multiple of heads %d", h, heads)
	case heads%kv != 0:
		return m, nil, fmt.Errorf("shape: heads %d is not a multiple of kv_heads %d", heads, kv)
	}
	approx := len(derived) > 0
	vocab := hint.Vocab
	if vocab == 0 {
		vocab = approxVocab
		derived = append(derived, "vocab")
	}
	m = catalog.Model{
		Name:        fmt.Sprintf("%sB model", trimFloat(params/1e9)),
		Params:      params,
		Shape:       catalog.Shape{Layers: L, Hidden: h, Heads: heads, KVHeads: kv, HeadDim: h / heads, FFN: ffn, Vocab: vocab},
		Context:     0,
		Approximate: approx,
	}
	return m, derived, nil
}

func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	for s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	if s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	return s
}
