package sizing

import (
	"math"
	"strings"
	"testing"

	"gpuadvisor/advisor/catalog"
)

func preset(t testing.TB, id string) catalog.Model {
	t.Helper()
	c, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	m, ok := c.ModelByID(id)
	if !ok {
		t.Fatalf("preset %s missing", id)
	}
	return m
}

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

// ZeRO paper (Rajbhandari et al. 2020, Figure 1): Ψ = 7.5B, K = 12, N = 64.
func TestModelStatesZeROPaper(t *testing.T) {
	for _, tc := range []struct {
		name  string
		zero  int
		n     int
		wantG float64
	}{
		{"stage 0: 16Ψ = 120 GB", 0, 64, 120},
		{"stage 1: 4Ψ+12Ψ/N = 31.4 GB", 1, 64, 31.4},
		{"stage 2: 2Ψ+14Ψ/N = 16.6 GB", 2, 64, 16.6},
		{"stage 3: 16Ψ/N = 1.9 GB", 3, 64, 1.9},
		{"one card: no sharding whatever the stage", 3, 1, 120},
	} {
		got := ModelStates(7.5e9, AdamW.StateBytes(), tc.zero, tc.n).Total() / GB
		if math.Round(got*10)/10 != tc.wantG {
			t.Errorf("%s: ModelStates(7.5e9, 12, zero=%d, N=%d) = %.3f GB, want %.1f", tc.name, tc.zero, tc.n, got, tc.wantG)
		}
	}
}

func TestOptimizerBytes(t *testing.T) {
	for _, tc := range []struct {
		opt  Optimizer
		want float64 // total bytes per parameter, weights and gradients included
	}{
		{AdamW, 16},    // 2 + 2 + 4 + 4 + 4
		{Adam8bit, 10}, // 2 + 2 + 4 fp32 master + 1 + 1 (bitsandbytes 8-bit moments)
		{SGD, 12},      // 2 + 2 + 4 fp32 master + 4 momentum
	} {
		if got := ModelStates(1, tc.opt.StateBytes(), 0, 1).Total(); got != tc.want {
			t.Errorf("%s: %v bytes/param, want %v", tc.opt, got, tc.want)
		}
	}
}

// Activations from the tensors a layer saves (Korthikanti et al. 2022's
// method on a SwiGLU, GQA layer without dropout). Qwen2.5-7B (h 3584, 28
// heads of 128, 4 KV heads, ffn 18944), per token per layer:
// attention 4h + 2(q+k+v) + 2o + 4a = 14,336 + 9,216 + 7,168 + 112 = 30,832;
// MLP 4h + 8f = 14,336 + 151,552 = 165,888; together 196,720 bytes ≈ 55·h.
func TestLayerActivations(t *testing.T) {
	q7 := preset(t, "qwen2.5-7b")
	s := 4096.0
	for _, tc := range []struct {
		name string
		rc   Recompute
		t    int
		want float64
	}{
		{"selective: 196,720 bytes a token", RecomputeSelective, 1, 196720 * s},
		// eager: + the norms' fp32 copies and squares 2(8h + 4), K/V
		// repeated to the 28 heads 4 × 24 × 128, the fp32 softmax and its
		// copy 6·a·s, − the 4a log-sum-exp
		{"none: the eager layer's copies", RecomputeNone, 1, (196720 + 2*(8*3584+4) + 4*24*128 + 6*28*s - 4*28) * s},
		{"full: the layer input, 2h", RecomputeFull, 1, 2 * 3584 * s},
		{"selective with t=4: divided by t", RecomputeSelective, 4, 196720 * s / 4},
	} {
		if got := LayerActivations(q7, 4096, 1, tc.t, tc.rc); got != tc.want {
			t.Errorf("%s: got %.0f bytes, want %.0f", tc.name, got, tc.want)
		}
	}
	// MoE: Qwen3-30B-A3B (h 2048, 32 heads of 128, 4 KV heads, 8 of 128
	// experts of 768): attention 8,192 + 2(4096+512+512) + 2·4096 + 128 =
	// 26,752; MLP 8,192 + 8·8·768 + 2·2048·8 + 4·128 = 90,624
	if got := LayerActivations(preset(t, "qwen3-30b-a3b"), 1, 1, 1, RecomputeSelective); got != 26752+90624 {
		t.Errorf("Qwen3-30B-A3B: %.0f bytes a token, want 117,376", got)
	}
	// DeepSeek-V3 averages its 3 dense and 58 MoE layers
	ds := preset(t, "deepseek-v3")
	dense, moe := mlpSaved(ds, false), mlpSaved(ds, true)
	if got, want := LayerActivations(ds, 1, 1, 1, RecomputeSelective), attentionSaved(ds)+(3*dense+58*moe)/61; math.Abs(got-want) > 1e-6 {
		t.Errorf("DeepSeek-V3: %.1f bytes a token, want %.1f", got, want)
	}
	// "Going from 2K to 8K tokens more than doubles activation memory."
	m := preset(t, "qwen2.5-14b")
	if r := LayerActivations(m, 8192, 1, 1, RecomputeNone) / LayerActivations(m, 2048, 1, 1, RecomputeNone); r <= 2 {
		t.Errorf("2K -> 8K activations grow x%.2f, want more than x2", r)
	}
	if got := OutputActivations(m, 4096, 1, 1); got != 4*4096*152064 {
		t.Errorf("fp32 logits of Qwen2.5-14B at 4K = %.0f, want 4·s·v = %d", got, 4*4096*152064)
	}
}

func TestKVCache(t *testing.T) {
	llama7 := preset(t, "llama-2-7b")
	if got := KVCache(llama7, 4096, 1, LargeCardBatch.Tokens); got != 2147483648 {
		t.Errorf("Llama-2-7B KV at 4096 tokens = %.0f bytes, want 2×32×32×128×4096×2 = 2,147,483,648", got)
	}
	// GQA: Llama-3.1-8B caches 8 KV heads, a quarter of Llama-2-7B's 32.
	if got := KVCache(preset(t, "llama-3.1-8b"), 4096, 1, LargeCardBatch.Tokens); got != 2147483648/4 {
		t.Errorf("Llama-3.1-8B KV at 4096 = %.0f, want a quarter of Llama-2-7B's", got)
	}
	if got := KVCache(llama7, 4096, 8, LargeCardBatch.Tokens); got != 8*2147483648 {
		t.Errorf("batch 8 = %.0f, want 8 sequences' worth", got)
	}
}

func TestWeightBytes(t *testing.T) {
	seven, _, err := Shape(7e9, ShapeHint{})
	if err != nil {
		t.Fatal(err)
	}
	q7 := preset(t, "qwen2.5-7b")
	emb := q7.EmbeddingParams()
	for _, tc := range []struct {
		name string
		m    catalog.Model
		mode Mode
		p    Precision
		want float64
	}{
		{"7B fp16 = 14 GB", seven, ModeInfer, FP16, 14e9},
		{"7B bf16 = 14 GB", seven, ModeInfer, BF16, 14e9},
		{"full training stores 2 bytes/param", q7, ModeFull, BF16, 2 * q7.Params},
		{"LoRA base frozen at 2 bytes/param", q7, ModeLoRA, BF16, 2 * q7.Params},
		{"int8: 1 byte/param, embeddings 16-bit", q7, ModeInfer, INT8, (q7.Params - emb) + 2*emb},
		{"int4: 4.15625 bits/param (scale and zero point per 128), embeddings 16-bit", q7, ModeInfer, INT4, (q7.Params-emb)*4.15625/8 + 2*emb},
		{"QLoRA: NF4 + 0.127 bits of constants", q7, ModeQLoRA, BF16, (q7.Params-emb)*4.127/8 + 2*emb},
	} {
		if got := WeightBytes(tc.m, tc.mode, tc.p); !near(got, tc.want, 1) {
			t.Errorf("%s: got %.0f bytes, want %.0f", tc.name, got, tc.want)
		}
	}
}

// PEFT reports 39,976,960 trainable parameters for Llama-2-7B with r=16 on all
// linear layers of attention and MLP.
func TestAdapterParams(t *testing.T) {
	if got := AdapterParams(preset(t, "llama-2-7b"), 16); got != 39976960 {
		t.Errorf("Llama-2-7B LoRA r=16 adapters = %.0f, want 39,976,960", got)
	}
	if got := AdapterParams(preset(t, "llama-2-7b"), 64); got != 4*39976960 {
		t.Errorf("rank 64 = %.0f, want 4x rank 16", got)
	}
}

func TestEstimateBreakdown(t *testing.T) {
	seven, _, _ := Shape(7.5e9, ShapeHint{})
	full := Request{Model: seven, Mode: ModeFull, Seq: 1, Batch: 1, Recompute: RecomputeFull}.WithDefaults()
	r, err := Estimate(full, Layout{DataParallel: 64, Zero: 1})
	if err != nil {
		t.Fatal(err)
	}
	b := r.Memory
	if !near(b.WeightsGB, 15, 1e-9) || !near(b.GradientsGB, 15, 1e-9) || !near(b.OptimizerGB, 90.0/64, 1e-9) {
		t.Errorf("7.5B, ZeRO-1 over 64: weights %v grads %v optimizer %v; want 15, 15, 1.40625", b.WeightsGB, b.GradientsGB, b.OptimizerGB)
	}
	parts := b.WeightsGB + b.GradientsGB + b.OptimizerGB + b.ActivationsGB + b.KVCacheGB
	if b.OverheadGB != ReserveGB || !near(b.PerCardGB, parts+b.OverheadGB, 1e-9) {
		t.Errorf("overhead %v per card %v; want the fixed 1 GB reserve, not a share of %v", b.OverheadGB, b.PerCardGB, parts)
	}

	// inference: Llama-2-7B fp16, 4096 tokens, one card
	inf := Request{Model: preset(t, "llama-2-7b"), Mode: ModeInfer, Precision: FP16, Seq: 4096}.WithDefaults()
	r, _ = Estimate(inf, Layout{})
	if !near(r.Memory.WeightsGB, 13.47683, 1e-5) || !near(r.Memory.KVCacheGB, 2.147483648, 1e-9) || r.Memory.ActivationsGB != 0 || r.Memory.GradientsGB != 0 {
		t.Errorf("Llama-2-7B fp16 @4K: %+v; want weights 13.477, KV 2.147, no gradients or activations", r.Memory)
	}
	// the reserve, for no card in particular (LargeCardBatch): 1 GB + the
	// serving peak, the larger of 8192 × 2 × (4 × 4096 + 3 × 11008) =
	// 809,500,672 bytes and 1024 × 32000 × 4 = 131,072,000
	if !near(r.Memory.OverheadGB, 1.809500672, 1e-12) {
		t.Errorf("Llama-2-7B serving overhead %v GB, want 1.809500672", r.Memory.OverheadGB)
	}
	// on an A100 vLLM serves with 2,048-token chunks and 256 sequences: 1 GB +
	// max(2048 × 2 × 82,016 = 202,375,168, 256 × 32000 × 4 = 32,768,000)
	a100 := catalog.GPU{ID: "a100-80g-sxm", Family: "a100", MemoryMiB: 81920}
	if r, _ := EstimateOn(inf, Layout{}, &a100); !near(r.Memory.OverheadGB, 1.202375168, 1e-12) || r.Batch != SmallCardBatch {
		t.Errorf("Llama-2-7B on an A100: overhead %v GB with %+v, want 1.202375168 with 2,048 tokens and 256 sequences", r.Memory.OverheadGB, r.Batch)
	}
	// tensor parallel 2 halves weights and KV
	r2, _ := Estimate(inf, Layout{TensorParallel: 2})
	if !near(r2.Memory.WeightsGB, r.Memory.WeightsGB/2, 1e-9) || !near(r2.Memory.KVCacheGB, r.Memory.KVCacheGB/2, 1e-9) {
		t.Errorf("TP=2: %+v, want half of %+v", r2.Memory, r.Memory)
	}
	// GQA with more cards than KV heads: the KV cache is replicated, not split further
	q := Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeInfer, Seq: 4096}.WithDefaults()
	r4, _ := Estimate(q, Layout{TensorParallel: 4})
	r8, _ := Estimate(q, Layout{TensorParallel: 8})
	if r8.Memory.KVCacheGB != r4.Memory.KVCacheGB {
		t.Errorf("Qwen2.5-7B has 4 KV heads: KV per card at TP8 %v, want the TP4 figure %v", r8.Memory.KVCacheGB, r4.Memory.KVCacheGB)
	}

	// LoRA: base frozen at 2 bytes, adapters with 16 bytes of Adam state
	l := Request{Model: preset(t, "llama-2-7b"), Mode: ModeLoRA, Seq: 4096}.WithDefaults()
	rl, _ := Estimate(l, Layout{})
	a := 39976960.0
	if !near(rl.Memory.WeightsGB, (2*preset(t, "llama-2-7b").Params+2*a)/GB, 1e-9) || !near(rl.Memory.GradientsGB, 2*a/GB, 1e-12) || !near(rl.Memory.OptimizerGB, 12*a/GB, 1e-12) {
		t.Errorf("LoRA llama-2-7b: %+v", rl.Memory)
	}
	if want := (2*4096.0*4096*32 + 4*4096.0*32000) / GB; !near(rl.Memory.ActivationsGB, want, 1e-9) {
		t.Errorf("LoRA default recompute=full: activations %v GB, want 2sbhL + 4sbv = %v", rl.Memory.ActivationsGB, want)
	}
	// QLoRA: NF4 base, bf16 adapters and gradients, paged 32-bit AdamW moments
	// only: 2 + 2 + 8 = 12 bytes per adapter parameter, not 16
	ql := Request{Model: preset(t, "llama-2-7b"), Mode: ModeQLoRA, Seq: 4096}.WithDefaults()
	rq, _ := Estimate(ql, Layout{})
	if !near(rq.Memory.OptimizerGB, 8*a/GB, 1e-12) || !near(rq.Memory.GradientsGB, 2*a/GB, 1e-12) {
		t.Errorf("QLoRA llama-2-7b: optimizer %v GB, gradients %v GB; want 8 and 2 bytes x %v adapters", rq.Memory.OptimizerGB, rq.Memory.GradientsGB, a)
	}
}

func TestDefaults(t *testing.T) {
	m := preset(t, "qwen2.5-7b")
	for _, tc := range []struct {
		mode Mode
		rc   Recompute
		opt  Optimizer
		rank int
	}{
		{ModeFull, RecomputeSelective, AdamW, 0},
		{ModeLoRA, RecomputeFull, AdamW, 16},
		{ModeQLoRA, RecomputeFull, AdamW, 16},
		{ModeInfer, "", "", 0},
	} {
		r := Request{Model: m, Mode: tc.mode}.WithDefaults()
		if r.Recompute != tc.rc || r.Optimizer != tc.opt || r.Rank != tc.rank || r.Seq != 4096 || r.Batch != 1 || r.Precision != BF16 {
			t.Errorf("%s defaults: %+v", tc.mode, r)
		}
	}
}

func TestValidate(t *testing.T) {
	m := preset(t, "qwen2.5-7b")
	for _, tc := range []struct {
		name string
		req  Request
	}{
		{"seq 0", Request{Model: m, Mode: ModeInfer, Seq: 0, Batch: 1, Precision: BF16}},
		{"int4 training", Request{Model: m, Mode: ModeLoRA, Seq: 1, Batch: 1, Precision: INT4, Optimizer: AdamW, Recompute: RecomputeFull, Rank: 8}},
		{"zero 4", Request{Model: m, Mode: ModeFull, Seq: 1, Batch: 1, Precision: BF16, Optimizer: AdamW, Recompute: RecomputeFull, Zero: 4}},
		{"too many cards", Request{Model: m, Mode: ModeInfer, Seq: 1, Batch: 1, Precision: BF16, Cards: 100000}},
		{"empty model", Request{Mode: ModeInfer, Seq: 1, Batch: 1, Precision: BF16}},
		{"unknown mode", Request{Model: m, Mode: "pretrain", Seq: 1, Batch: 1, Precision: BF16}},
	} {
		if err := tc.req.Validate(); err == nil {
			t.Errorf("%s: Validate accepted %+v", tc.name, tc.req)
		}
	}
}

func TestShape(t *testing.T) {
	for _, tc := range []struct {
		name                         string
		params                       float64
		hint                         ShapeHint
		layers, hidden, heads, kv, f int
		approx                       bool
	}{
		{"7B: Llama-2-7B's shape", 7e9, ShapeHint{}, 32, 4096, 32, 32, 11008, true},
		{"13B: Llama-2-13B's shape", 13e9, ShapeHint{}, 40, 5120, 40, 40, 13824, true},
		{"hidden given: layers = Ψ/(12h²)", 7e9, ShapeHint{Hidden: 4096}, 35, 4096, 32, 32, 11008, true},
		{"layers given: hidden = √(Ψ/12L)", 7e9, ShapeHint{Layers: 28}, 28, 4608, 36, 36, 12288, true},
		{"GQA given", 7e9, ShapeHint{Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8}, 32, 4096, 32, 8, 11008, true},
		{"full shape given: only vocab assumed", 7e9, ShapeHint{Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, FFN: 14336}, 32, 4096, 32, 8, 14336, false},
	} {
		m, _, err := Shape(tc.params, tc.hint)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if m.Layers != tc.layers || m.Hidden != tc.hidden || m.Heads != tc.heads || m.KVHeads != tc.kv || m.FFN != tc.f || m.Approximate != tc.approx || m.Params != tc.params {
			t.Errorf("%s: got L%d h%d a%d kv%d ffn%d approx %v params %v; want L%d h%d a%d kv%d ffn%d approx %v",
				tc.name, m.Layers, m.Hidden, m.Heads, m.KVHeads, m.FFN, m.Approximate, m.Params, tc.layers, tc.hidden, tc.heads, tc.kv, tc.f, tc.approx)
		}
	}
	// vocab= makes a params= model exact: Llama-3.1-8B's whole shape gives its
	// catalog figures
	l31 := preset(t, "llama-3.1-8b")
	m, derived, err := Shape(l31.Params, ShapeHint{Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, FFN: 14336, Vocab: 128256})
	if err != nil || m.Vocab != 128256 || m.Approximate || len(derived) != 0 || m.EmbeddingParams() != l31.EmbeddingParams() {
		t.Errorf("Llama-3.1-8B's shape with vocab: vocab %d approx %v derived %v embeddings %v (err %v); want 128256, exact, none derived, %v",
			m.Vocab, m.Approximate, derived, m.EmbeddingParams(), err, l31.EmbeddingParams())
	}
	if m, derived, _ := Shape(8e9, ShapeHint{Layers: 32, Hidden: 4096, Heads: 32, Vocab: 128256}); !m.Approximate || m.Vocab != 128256 || strings.Join(derived, ",") != "kv_heads,ffn" {
		t.Errorf("vocab given, kv_heads and ffn derived: approx %v vocab %d derived %v; want approximate, 128256, kv_heads,ffn", m.Approximate, m.Vocab, derived)
	}
	for _, bad := range []ShapeHint{{Hidden: 4096, Heads: 30}, {Hidden: 4096, Heads: 32, KVHeads: 5}} {
		if _, _, err := Shape(7e9, bad); err == nil {
			t.Errorf("Shape(7e9, %+v) accepted an inconsistent shape", bad)
		}
	}
	if _, _, err := Shape(0, ShapeHint{}); err == nil {
		t.Error("Shape(0) accepted zero parameters")
	}
}
