package sizing

import (
	"encoding/json"
	"math"
	"os"
	"testing"
)

// memoryFigure is one row of testdata/published_memory.json: a KV cache,
// weights or serving footprint a paper, a model card, a blog or an engine's
// log publishes for a model.
type memoryFigure struct {
	Name      string    `json:"name"`
	Model     string    `json:"model"`
	Quantity  string    `json:"quantity"`
	Precision Precision `json:"precision"`
	Seq       int       `json:"seq"`
	Cards     int       `json:"cards"`
	GPU       string    `json:"gpu"`
	Published float64   `json:"published"`
	Unit      string    `json:"unit"`
	Tolerance float64   `json:"tolerance"`
	Agrees    bool      `json:"agrees"`
	Ours      float64   `json:"ours"`
	Why       string    `json:"why"`
	Source    string    `json:"source"`
}

// ours is the advisor's figure for the row, in the row's unit.
func (f memoryFigure) ours(t *testing.T) float64 {
	t.Helper()
	m := preset(t, f.Model)
	var bytes float64
	switch f.Quantity {
	case "kv_bytes_per_token":
		bytes = KVBytesPerToken(m)
	case "kv_cache":
		bytes = KVCache(m, f.Seq, 1, LargeCardBatch.Tokens)
	case "weights":
		bytes = WeightBytes(m, ModeInfer, f.Precision)
	case "per_card":
		req := Request{Model: m, Mode: ModeInfer, Precision: f.Precision, Seq: f.Seq, Batch: 1}.WithDefaults()
		r, err := Estimate(req, Layout{Cards: f.Cards, TensorParallel: f.Cards, PipelineParallel: 1, DataParallel: 1})
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		bytes = r.Memory.PerCardGB * 1e9
	case "kv_tokens": // the KV cache's capacity in tokens on the cards, batch 1
		a := advise1(t, Request{Model: m, Mode: ModeInfer, Precision: f.Precision, Seq: f.Seq, Batch: 1, GPU: f.GPU, Cards: f.Cards})
		if f.Unit != "tokens" {
			t.Fatalf("%s: kv_tokens is counted in tokens, not %q", f.Name, f.Unit)
		}
		return float64(a.Infer.MemoryContext)
	default:
		t.Fatalf("%s: unknown quantity %q", f.Name, f.Quantity)
	}
	switch f.Unit {
	case "B":
		return bytes
	case "GB":
		return bytes / 1e9
	case "GiB":
		return bytes / (1 << 30)
	}
	t.Fatalf("%s: unknown unit %q", f.Name, f.Unit)
	return 0
}

// The advisor's KV cache, weights and serving footprint match the figures
// published for them; the rows it answers differently on purpose keep its
// own figure, so a change to it is seen.
func TestPublishedMemoryFigures(t *testing.T) {
	b, err := os.ReadFile("testdata/published_memory.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Figures []memoryFigure `json:"figures"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Figures) < 10 {
		t.Fatalf("%d rows, want the whole table", len(doc.Figures))
	}
	for _, f := range doc.Figures {
		if f.Source == "" || !(f.Published > 0) || !(f.Tolerance > 0) {
			t.Errorf("%s: every row needs a source, a published figure and a tolerance", f.Name)
			continue
		}
		got := f.ours(t)
		t.Logf("%s: ours %.4g %s, published %.4g (%+.1f%%)", f.Name, got, f.Unit, f.Published, 100*(got/f.Published-1))
		switch {
		case f.Agrees && math.Abs(got/f.Published-1) > f.Tolerance:
			t.Errorf("%s: ours %.4g %s, published %.4g (%+.1f%%, tolerance %.1f%%; %s)",
				f.Name, got, f.Unit, f.Published, 100*(got/f.Published-1), 100*f.Tolerance, f.Source)
		case !f.Agrees && (f.Why == "" || math.Abs(got/f.Ours-1) > 0.005):
			t.Errorf("%s: a known disagreement needs its reason and the advisor's figure: ours %.4g %s, the row says %.4g (%q)",
				f.Name, got, f.Unit, f.Ours, f.Why)
		case !f.Agrees && math.Abs(got/f.Published-1) <= f.Tolerance:
			t.Errorf("%s: marked as a disagreement, yet ours %.4g %s is within tolerance of %.4g", f.Name, got, f.Unit, f.Published)
		}
	}
}
