package sizing

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"gpuadvisor/advisor/catalog"
)

// recompute=none counts what PyTorch keeps for one eager Llama-style layer,
// within 5% of the measurement tools/activations/measure.py made with
// torch.autograd.graph.saved_tensors_hooks (committed, so this test needs no
// PyTorch).
func TestEagerActivationsMatchPyTorch(t *testing.T) {
	b, err := os.ReadFile("testdata/eager_activations.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tool   string `json:"tool"`
		Layers []struct {
			Name    string  `json:"name"`
			Hidden  int     `json:"hidden"`
			Heads   int     `json:"heads"`
			KVHeads int     `json:"kv_heads"`
			HeadDim int     `json:"head_dim"`
			FFN     int     `json:"ffn"`
			Seq     int     `json:"seq"`
			Batch   int     `json:"batch"`
			Saved   float64 `json:"saved_bytes"`
		} `json:"layers"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Tool == "" || len(doc.Layers) < 3 {
		t.Fatalf("%d measured shapes from %q, want three from the tool", len(doc.Layers), doc.Tool)
	}
	for _, l := range doc.Layers {
		m := catalog.Model{Shape: catalog.Shape{Layers: 1, Hidden: l.Hidden, Heads: l.Heads, KVHeads: l.KVHeads, HeadDim: l.HeadDim, FFN: l.FFN, Vocab: 32000}}
		if l.Saved <= 0 || m.Heads == 0 || m.KVHeads == 0 || m.HeadDim == 0 || m.FFN == 0 || l.Seq == 0 || l.Batch == 0 {
			t.Errorf("%s: incomplete row %+v", l.Name, l)
			continue
		}
		got := LayerActivations(m, l.Seq, l.Batch, 1, RecomputeNone)
		if math.Abs(got/l.Saved-1) > 0.05 {
			t.Errorf("%s at seq %d x %d: %.4g bytes counted, PyTorch keeps %.4g (%+.1f%%)", l.Name, l.Seq, l.Batch, got, l.Saved, 100*(got/l.Saved-1))
		}
		// what the fused layer's count gives misses the eager copies by far
		if fused := LayerActivations(m, l.Seq, l.Batch, 1, RecomputeSelective) + 4*float64(l.Heads*l.Seq*l.Seq*l.Batch); math.Abs(fused/l.Saved-1) <= 0.05 {
			t.Errorf("%s: the old count (%.4g) also matches: the measurement does not tell them apart", l.Name, fused)
		}
	}
}
