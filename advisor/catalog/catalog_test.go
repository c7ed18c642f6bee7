package catalog

import (
	"math"
	"strings"
	"testing"
)

func mustDefault(t testing.TB) *Catalog {
	t.Helper()
	c, err := Default()
	if err != nil {
		t.Fatalf("Default(): %v", err)
	}
	return c
}

// The brief's required rows are all present.
func TestCatalogHasRequiredRows(t *testing.T) {
	c := mustDefault(t)
	for _, id := range []string{"rtx-4090", "rtx-5090", "l20", "l40s", "a10", "a100-40g-pcie", "a100-40g-sxm",
		"a100-80g-pcie", "a100-80g-sxm", "a800-80g-sxm", "h100-pcie", "h100-sxm", "h800-sxm", "h20", "h200-sxm", "b200", "ascend-910b"} {
		if _, ok := c.GPUByID(id); !ok {
			t.Errorf("GPU %s missing from the catalog", id)
		}
	}
	for _, id := range []string{"llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b", "qwen2.5-7b",
		"qwen2.5-14b", "qwen2.5-32b", "qwen2.5-72b", "mistral-7b", "glm-4-9b", "deepseek-r1-distill-qwen-7b", "deepseek-r1-distill-qwen-32b",
		"mixtral-8x7b", "llama-3.2-1b", "llama-3.2-3b", "qwen2.5-0.5b", "qwen2.5-1.5b", "qwen2.5-3b"} {
		if _, ok := c.ModelByID(id); !ok {
			t.Errorf("model %s missing from the catalog", id)
		}
	}
}

// Published datasheet figures: memory, bandwidth, dense BF16 (not sparse), link.
func TestGPUFigures(t *testing.T) {
	c := mustDefault(t)
	for _, tc := range []struct {
		id      string
		mem, bw float64
		tflops  float64
		link    string
		linkGBs float64
		tier    string
	}{
		{"a100-80g-sxm", 80, 2039, 312, LinkNVLink, 600, TierMid},
		{"a100-80g-pcie", 80, 1935, 312, LinkNVLinkBridge, 600, TierMid},
		{"a100-40g-sxm", 40, 1555, 312, LinkNVLink, 600, TierMid},
		{"h100-sxm", 80, 3350, 989, LinkNVLink, 900, TierFlagship},
		{"h100-pcie", 80, 2000, 756, LinkNVLinkBridge, 600, TierFlagship},
		{"h800-sxm", 80, 3350, 989, LinkNVLink, 400, TierFlagship},
		{"a800-80g-sxm", 80, 2039, 312, LinkNVLink, 400, TierMid},
		{"h200-sxm", 141, 4800, 989, LinkNVLink, 900, TierFlagship},
		{"h20", 96, 4000, 148, LinkNVLink, 900, TierMid},
		{"rtx-4090", 24, 1008, 165.2, LinkPCIe, 0, TierEntry},
		{"rtx-3090", 24, 936, 71, LinkNVLinkBridge, 112.5, TierEntry},
		{"rtx-5090", 32, 1792, 209.5, LinkPCIe, 0, TierEntry},
		{"l40s", 48, 864, 362.05, LinkPCIe, 0, TierEntry},
		{"l20", 48, 864, 119.5, LinkPCIe, 0, TierEntry},
		{"a10", 24, 600, 125, LinkPCIe, 0, TierEntry},
		{"b200", 180, 8000, 2250, LinkNVLink, 1800, TierFlagship},
		{"ascend-910b", 64, 1600, 313, LinkHCCS, 392, TierMid},
	} {
		g, ok := c.GPUByID(tc.id)
		if !ok {
			t.Errorf("%s missing", tc.id)
			continue
		}
		if g.MemoryGB != tc.mem || g.BandwidthGBs != tc.bw || g.BF16TFLOPS != tc.tflops || g.Link != tc.link || g.LinkGBs != tc.linkGBs || g.Tier != tc.tier {
			t.Errorf("%s: got mem %v bw %v tflops %v link %s/%v tier %s; want %v %v %v %s/%v %s",
				tc.id, g.MemoryGB, g.BandwidthGBs, g.BF16TFLOPS, g.Link, g.LinkGBs, g.Tier, tc.mem, tc.bw, tc.tflops, tc.link, tc.linkGBs, tc.tier)
		}
	}
}

// Every row cites a source: a URL or a named vendor document.
func TestEveryRowHasSource(t *testing.T) {
	c := mustDefault(t)
	for _, g := range c.GPUs() {
		if !strings.Contains(g.Source, "http") && !strings.Contains(g.Source, "datasheet") && !strings.Contains(g.Source, "brief") {
			t.Errorf("GPU %s source %q is neither a URL nor a named datasheet", g.ID, g.Source)
		}
	}
	for _, m := range c.Models() {
		if !strings.HasPrefix(m.Source, "https://huggingface.co/") || !strings.Contains(m.Source, "config.json") {
			t.Errorf("model %s source %q is not its config.json on Hugging Face", m.ID, m.Source)
		}
	}
}

// Shapes match the published config.json figures the brief quotes.
func TestModelShapes(t *testing.T) {
	c := mustDefault(t)
	for _, tc := range []struct {
		id                                  string
		layers, hidden, heads, kv, ffn, voc int
	}{
		{"qwen2.5-14b", 48, 5120, 40, 8, 13824, 152064},
		{"llama-2-70b", 80, 8192, 64, 8, 28672, 32000},
		{"llama-2-7b", 32, 4096, 32, 32, 11008, 32000},
		{"llama-3.1-8b", 32, 4096, 32, 8, 14336, 128256},
		{"qwen2.5-7b", 28, 3584, 28, 4, 18944, 152064},
		{"qwen2.5-72b", 80, 8192, 64, 8, 29568, 152064},
		{"glm-4-9b", 40, 4096, 32, 2, 13696, 151552},
		{"qwen2.5-32b", 64, 5120, 40, 8, 27648, 152064},
		{"llama-2-13b", 40, 5120, 40, 40, 13824, 32000},
		{"llama-3.1-70b", 80, 8192, 64, 8, 28672, 128256},
		{"mistral-7b", 32, 4096, 32, 8, 14336, 32768},      // v0.3
		{"mistral-7b-v0.1", 32, 4096, 32, 8, 14336, 32000}, // the paper's model
		{"deepseek-r1-distill-qwen-7b", 28, 3584, 28, 4, 18944, 152064},
		{"deepseek-r1-distill-qwen-32b", 64, 5120, 40, 8, 27648, 152064},
		{"mixtral-8x7b", 32, 4096, 32, 8, 14336, 32000}, // intermediate_size is each expert's
		{"llama-3.2-1b", 16, 2048, 32, 8, 8192, 128256},
		{"llama-3.2-3b", 28, 3072, 24, 8, 8192, 128256},
		{"qwen2.5-0.5b", 24, 896, 14, 2, 4864, 151936},
		{"qwen2.5-1.5b", 28, 1536, 12, 2, 8960, 151936},
		{"qwen2.5-3b", 36, 2048, 16, 2, 11008, 151936},
	} {
		m, ok := c.ModelByID(tc.id)
		if !ok {
			t.Errorf("%s missing", tc.id)
			continue
		}
		if m.Layers != tc.layers || m.Hidden != tc.hidden || m.Heads != tc.heads || m.KVHeads != tc.kv || m.FFN != tc.ffn || m.Vocab != tc.voc {
			t.Errorf("%s: got L%d h%d a%d kv%d ffn%d v%d, want L%d h%d a%d kv%d ffn%d v%d", tc.id,
				m.Layers, m.Hidden, m.Heads, m.KVHeads, m.FFN, m.Vocab, tc.layers, tc.hidden, tc.heads, tc.kv, tc.ffn, tc.voc)
		}
	}
}

// The stored parameter count equals the count computed from the shape, and is
// within 2% of the model card's figure.
func TestParamsMatchShape(t *testing.T) {
	c := mustDefault(t)
	for _, m := range c.Models() {
		if got := m.ShapeParams(); math.Abs(got-m.Params) > 1 {
			t.Errorf("%s: shape gives %.0f parameters, catalog says %.0f", m.ID, got, m.Params)
		}
		// Qwen3, Mistral Small 3, GLM-4.5 and gpt-oss set head_dim apart from
		// hidden/heads; MLA models have no single head_dim (192 is q/k's)
		if m.HeadDim*m.Heads != m.Hidden && !m.QKNorm && !m.MLA() && m.HeadDim != 128 && m.HeadDim != 64 {
			t.Errorf("%s: head_dim %d x heads %d != hidden %d", m.ID, m.HeadDim, m.Heads, m.Hidden)
		}
		// the 1.5B distill is named after Qwen2.5-Math-1.5B and has 1.78B
		// parameters; Llama 3.2 1B has 1.24B (its card: "1B (1.23B)")
		if s := sizeOf(m); math.Abs(m.Params/1e9-s)/s > 0.10 && m.ID != "deepseek-r1-distill-qwen-1.5b" && m.ID != "llama-3.2-1b" {
			t.Errorf("%s: %.2fB parameters is far from its size label %s", m.ID, m.Params/1e9, m.Size)
		}
	}
	// exact counts published for Llama (safetensors metadata)
	for id, want := range map[string]float64{"llama-2-7b": 6738415616, "llama-2-70b": 68976648192, "llama-3.1-8b": 8030261248,
		"mistral-7b-v0.1": 7241732096, "mixtral-8x7b": 46702792704, "llama-3.2-1b": 1235814400, "llama-3.2-3b": 3212749824} {
		m, _ := c.ModelByID(id)
		if m.Params != want {
			t.Errorf("%s params = %.0f, want %.0f", id, m.Params, want)
		}
	}
}

func TestParseRejectsBadRows(t *testing.T) {
	for _, tc := range []struct{ name, gpus, models string }{
		{"duplicate gpu", `{"gpus":[{"id":"x","memory_gb":1,"bandwidth_gbs":1,"bf16_tflops":1,"tier":"mid","source":"s","tier_source":"t","link":"pcie"},{"id":"x","memory_gb":1,"bandwidth_gbs":1,"bf16_tflops":1,"tier":"mid","source":"s","tier_source":"t","link":"pcie"}]}`, `{"models":[]}`},
		{"unknown tier", `{"gpus":[{"id":"x","memory_gb":1,"bandwidth_gbs":1,"bf16_tflops":1,"tier":"cheap","source":"s","tier_source":"t","link":"pcie"}]}`, `{"models":[]}`},
		{"pcie with nvlink bandwidth", `{"gpus":[{"id":"x","memory_gb":1,"bandwidth_gbs":1,"bf16_tflops":1,"tier":"mid","source":"s","tier_source":"t","link":"pcie","link_gbs":600}]}`, `{"models":[]}`},
		{"model without source", `{"gpus":[]}`, `{"models":[{"id":"m","params":1,"layers":1,"hidden":1,"heads":1,"kv_heads":1,"head_dim":1,"ffn":1,"vocab":1,"context":1}]}`},
		{"kv heads not dividing heads", `{"gpus":[]}`, `{"models":[{"id":"m","params":1,"layers":1,"hidden":1,"heads":3,"kv_heads":2,"head_dim":1,"ffn":1,"vocab":1,"context":1,"source":"s"}]}`},
		{"not json", `{`, `{"models":[]}`},
	} {
		if _, err := Parse([]byte(tc.gpus), []byte(tc.models)); err == nil {
			t.Errorf("%s: Parse accepted it, want an error", tc.name)
		}
	}
}

// Every preset's parameter count, recomputed from its config.json shape
// (ShapeParams), agrees with the total its model card publishes within 2%,
// and its active count (ActiveParams: what one token reads) with the
// published active count within 10%. The totals differ by what the cards
// add or leave out: vision encoders (Llama 4, under 1%), multi-token
// prediction layers (GLM-4.5), biases and attention sinks (gpt-oss). The
// active counts differ by how each vendor counts embeddings: Qwen counts
// both matrices (Qwen3-30B-A3B: 3.04B here + 0.31B input embedding = 3.35B),
// OpenAI only the output one (gpt-oss-120b: 5.13B, exactly), GLM neither
// (GLM-4.5-Air: 12.80B here - 0.62B output = 12.2B).
func TestPublishedTotals(t *testing.T) {
	c := mustDefault(t)
	for _, tc := range []struct {
		id            string
		total, active float64 // billions, as published
	}{
		{"deepseek-v3", 671, 37},       // DeepSeek-V3 technical report
		{"deepseek-r1", 671, 37},       // DeepSeek-R1 model card
		{"qwen3-30b-a3b", 30.5, 3.3},   // Qwen3 model card
		{"qwen3-235b-a22b", 235, 22},   // Qwen3 model card
		{"gpt-oss-120b", 116.83, 5.13}, // gpt-oss model card
		{"gpt-oss-20b", 20.91, 3.61},   // gpt-oss model card
		{"kimi-k2", 1040, 32},          // Kimi K2 model card: 1T total (1.04T in its paper)
		{"llama-4-scout", 109, 17},     // Meta Llama 4 model card
		{"llama-4-maverick", 400, 17},  // Meta Llama 4 model card
		{"glm-4.5", 355, 32},           // GLM-4.5 model card
		{"glm-4.5-air", 106, 12},       // GLM-4.5 model card
		{"qwen3-0.6b", 0.6, 0},
		{"qwen3-1.7b", 1.7, 0},
		{"qwen3-4b", 4.0, 0},
		{"qwen3-8b", 8.2, 0},
		{"qwen3-14b", 14.8, 0},
		{"qwen3-32b", 32.8, 0},
		{"mistral-small-3", 23.57, 0},
		{"deepseek-r1-distill-qwen-1.5b", 1.78, 0},
		{"llama-3.3-70b", 70.55, 0},
		{"mixtral-8x7b", 46.7, 12.9}, // Mistral AI's Mixtral announcement
		{"llama-3.2-1b", 1.23, 0},    // Meta Llama 3.2 model card
		{"llama-3.2-3b", 3.21, 0},
		{"qwen2.5-0.5b", 0.49, 0}, // Qwen2.5 model cards
		{"qwen2.5-1.5b", 1.54, 0},
		{"qwen2.5-3b", 3.09, 0},
	} {
		m, ok := c.ModelByID(tc.id)
		if !ok {
			t.Errorf("%s missing", tc.id)
			continue
		}
		tot := m.ShapeParams() / 1e9
		if d := math.Abs(tot-tc.total) / tc.total; d > 0.02 {
			t.Errorf("%s: shape gives %.2fB, published %.2fB (%.1f%% off)", tc.id, tot, tc.total, 100*d)
		}
		if tc.active == 0 {
			continue
		}
		act := m.ActiveParams() / 1e9
		if d := math.Abs(act-tc.active) / tc.active; d > 0.10 {
			t.Errorf("%s: shape gives %.2fB active, published %.2fB (%.1f%% off)", tc.id, act, tc.active, 100*d)
		}
		if !m.MoE() {
			t.Errorf("%s: published as MoE but has no experts", tc.id)
		}
	}
}

// Hand-checked pieces of the MoE and MLA counts.
func TestMoEAndMLAShapes(t *testing.T) {
	c := mustDefault(t)
	ds, _ := c.ModelByID("deepseek-v3")
	// MLA attention per layer: q_a 7168*1536 + 1536 (norm) + q_b 1536*128*192
	// + kv_a 7168*576 + 512 (norm) + kv_b 512*128*256 + o 128*128*7168
	// = 11,010,048 + 1,536 + 37,748,736 + 4,128,768 + 512 + 16,777,216 + 117,440,512
	if got, want := ds.AttentionParams(), 187107328.0; got != want {
		t.Errorf("deepseek-v3 attention = %.0f, want %.0f", got, want)
	}
	if got := ds.MoELayers(); got != 58 { // 61 layers, the first 3 dense
		t.Errorf("deepseek-v3 MoE layers = %d, want 58", got)
	}
	// 671,026,419,200 is DeepSeek's count of the main model; the 256 x 58
	// e_score_correction_bias values (14,848) are the difference
	if got := ds.ShapeParams(); got != 671026419200-14848 {
		t.Errorf("deepseek-v3 params = %.0f", got)
	}
	mv, _ := c.ModelByID("llama-4-maverick")
	if got := mv.MoELayers(); got != 24 { // interleave_moe_layer_step 2: layers 1, 3, ..., 47
		t.Errorf("llama-4-maverick MoE layers = %d, want 24", got)
	}
	oss, _ := c.ModelByID("gpt-oss-120b")
	// 128 experts x 36 layers x 3 x 2880 x 2880
	if got, want := oss.RoutedExpertParams(), 128*36*3*2880*2880.0; got != want {
		t.Errorf("gpt-oss-120b routed experts = %.0f, want %.0f", got, want)
	}
}
