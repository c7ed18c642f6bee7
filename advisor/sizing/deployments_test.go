package sizing

import (
	"encoding/json"
	"os"
	"testing"

	"gpuadvisor/advisor/catalog"
)

// deployment is one row of testdata/deployments.json: a published
// deployment (serving engine docs, vendor guides, the QLoRA paper).
type deployment struct {
	Model     string    `json:"model"`
	Mode      Mode      `json:"mode"`
	Rank      int       `json:"rank"`
	Precision Precision `json:"precision"`
	GPU       string    `json:"gpu"`
	Cards     int       `json:"cards"`
	Context   int       `json:"context"`
	Batch     int       `json:"batch"`        // sequences at that context; 0 is 1
	KV        Precision `json:"kv_precision"` // the KV cache format the source states; "" is 16-bit
	Agrees    bool      `json:"agrees"`
	// Ours is what the advisor answers on a row it knowingly answers with
	// fewer cards than published (agrees false): the published count is
	// what another engine or a stated margin needs, and Why says which.
	Ours   int    `json:"ours"`
	Why    string `json:"why"`
	Source string `json:"source"`
}

// llama65b is LLaMA-65B, the QLoRA paper's largest model (Touvron et al.
// 2023, Table 2: 80 layers, dimension 8192, 64 heads; its Hugging Face
// config.json: intermediate_size 22016, vocab_size 32000).
func llama65b() catalog.Model {
	m := catalog.Model{ID: "llama-65b", Name: "LLaMA-65B", Shape: catalog.Shape{Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 64, HeadDim: 128, FFN: 22016, Vocab: 32000}, Context: 2048}
	m.Params = m.ShapeParams()
	return m
}

// The advisor, told the card, asks for exactly the cards each published
// deployment uses: it fits there, and the search (1, 2, 4, 8, 16, ... cards)
// found nothing smaller. Rows marked agrees=false are answered differently
// on purpose, for the reason the row gives.
func TestPublishedDeployments(t *testing.T) {
	b, err := os.ReadFile("testdata/deployments.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Deployments []deployment `json:"deployments"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Deployments) < 15 {
		t.Fatalf("%d rows, want the whole table", len(doc.Deployments))
	}
	for _, d := range doc.Deployments {
		if d.Source == "" || d.Cards < 1 || d.Context < 1 {
			t.Errorf("%+v: every row needs a source, cards and a context", d)
			continue
		}
		m := llama65b()
		if d.Model != m.ID {
			m = preset(t, d.Model)
		}
		mode := d.Mode
		if mode == "" {
			mode = ModeInfer
		}
		req := Request{Model: m, Mode: mode, Rank: d.Rank, Precision: d.Precision, KVPrecision: d.KV, Seq: d.Context, Batch: d.Batch, GPU: d.GPU, Zero: ZeroAuto}
		if mode.Training() {
			req.Precision = BF16
		}
		a, err := Advise(req, gpus(t))
		if err != nil {
			t.Errorf("%s on %s: %v", d.Model, d.GPU, err)
			continue
		}
		name := d.Model + " " + string(d.Precision) + " on " + d.GPU
		switch {
		case d.Agrees && (!a.Fits || a.Pick.Cards() != d.Cards):
			t.Errorf("%s at %d tokens: advisor says %d cards (fits %v, %.0f%% of each), published %d (%s)",
				name, d.Context, a.Pick.Cards(), a.Fits, 100*a.Pick.Utilization, d.Cards, d.Source)
		case !d.Agrees && d.Why == "":
			t.Errorf("%s: a known disagreement needs its reason", name)
		case !d.Agrees && d.Ours > 0 && (!a.Fits || a.Pick.Cards() != d.Ours):
			t.Errorf("%s at %d tokens: advisor says %d cards (fits %v), the row records %d against the published %d (%s)",
				name, d.Context, a.Pick.Cards(), a.Fits, d.Ours, d.Cards, d.Why)
		case !d.Agrees && d.Ours == 0 && a.Fits:
			t.Errorf("%s: marked as a known disagreement (%q), yet the advisor fits it on %d cards", name, d.Why, a.Pick.Cards())
		}
	}
}
