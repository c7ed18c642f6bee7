package sizing

import (
	"math"
	"testing"
)

// vLLM's reserve for a sliding-window layer: min(window − 1 + 8,192, seq)
// tokens in 16-token blocks, plus one block.
func TestSlidingKVTokens(t *testing.T) {
	for _, tc := range []struct {
		name              string
		window, seq, want int
	}{
		{"gpt-oss at 128k", 128, 131072, (520 + 1) * 16},       // 8,319 tokens: 520 blocks
		{"gemma 3 at 128k", 1024, 131072, (576 + 1) * 16},      // 9,215: 576 blocks
		{"mistral v0.1 at 32k", 4096, 32768, (768 + 1) * 16},   // 12,287: 768 blocks
		{"context shorter than the window", 4096, 100, 8 * 16}, // 100 tokens: 7 blocks
		{"context of whole blocks", 4096, 4096, 257 * 16},
	} {
		if got := SlidingKVTokens(tc.window, tc.seq, LargeCardBatch.Tokens); got != tc.want {
			t.Errorf("%s: got %d tokens, want %d", tc.name, got, tc.want)
		}
	}
}

// The KV cache follows the layer pattern: Gemma 3 27B at 128K and batch 4
// fits 2 H100s; read as full attention (what a config.json reader without
// the family's pattern did) it needed 8.
func TestLayerPatternCards(t *testing.T) {
	g := preset(t, "gemma-3-27b")
	a := advise1(t, Request{Model: g, Mode: ModeInfer, Seq: 131072, Batch: 4, GPU: "h100-sxm"})
	full := g
	full.SlidingLayers, full.SlidingWindow = 0, 0
	b := advise1(t, Request{Model: full, Mode: ModeInfer, Seq: 131072, Batch: 4, GPU: "h100-sxm"})
	if !a.Fits || a.Pick.Cards() != 2 || !b.Fits || b.Pick.Cards() != 8 {
		t.Errorf("gemma-3-27b at 128K x4 on H100: %d cards with its pattern, %d as full attention; want 2 and 8", a.Pick.Cards(), b.Pick.Cards())
	}
	// 10 full layers x 131,072 + 52 sliding x 9,232 tokens, 8,192 bytes each, x 4
	if got, want := KVCache(g, 131072, 4, LargeCardBatch.Tokens), 8192.0*(10*131072+52*9232)*4; got != want {
		t.Errorf("gemma-3-27b KV cache: got %v, want %v", got, want)
	}
}

// The longest context is one computation, whatever shows it: at the figure
// the facts give, the card is full to the limit and one more token is past
// it; the reply divides by KVPerTokenCardGB after subtracting
// SlidingReserveCardGB, and those two give the same figure.
func TestLongestContextWithSlidingLayers(t *testing.T) {
	for _, tc := range []struct {
		id, gpu string
		p       Precision
		batch   int
	}{
		{"gpt-oss-120b", "h100-sxm", MXFP4, 1},
		{"gemma-3-27b", "h100-sxm", BF16, 2},
		{"gemma-3-4b", "rtx-4090", BF16, 1},
	} {
		a := advise1(t, Request{Model: preset(t, tc.id), Mode: ModeInfer, Precision: tc.p, Seq: 32768, Batch: tc.batch, GPU: tc.gpu})
		f, r := a.Infer, a.Pick.Result
		if f == nil || !a.Fits || f.SlidingReserveCardGB <= 0 {
			t.Fatalf("%s: no fit or no sliding reserve: %+v", tc.id, f)
		}
		at := func(seq int) float64 {
			req := a.Request
			req.Seq = seq
			e, _ := EstimateOn(req, r.Layout, a.Pick.GPU)
			return e.Memory.PerCardGB / a.Pick.GPU.CapacityGB()
		}
		if at(f.MemoryContext) > DefaultUtilization || at(f.MemoryContext+1) <= DefaultUtilization {
			t.Errorf("%s: memory context %d: use %.6f at it, %.6f one token later; want the last token under 90%%", tc.id, f.MemoryContext, at(f.MemoryContext), at(f.MemoryContext+1))
		}
		budget := DefaultUtilization*a.Pick.GPU.CapacityGB() - r.Memory.WeightsGB - r.Memory.OverheadGB
		shown := (budget - f.SlidingReserveCardGB) / (r.KVPerTokenCardGB * float64(tc.batch))
		if math.Abs(shown-float64(f.MemoryContext)) > 1 {
			t.Errorf("%s: the reply's division gives %.1f tokens, the figure is %d", tc.id, shown, f.MemoryContext)
		}
	}
	// gpt-oss-120b: 36.86 KB per token on the card (18 full layers x 2,048
	// bytes), not 73.73 KB (all 36)
	a := advise1(t, Request{Model: preset(t, "gpt-oss-120b"), Mode: ModeInfer, Precision: MXFP4, Seq: 4096, GPU: "h100-sxm"})
	if got := a.Pick.Result.KVPerTokenCardGB * GB; a.Pick.Cards() != 1 || math.Abs(got-18*2048) > 1e-6 {
		t.Errorf("gpt-oss-120b KV per token on the card: got %v bytes, want 36,864", got)
	}
}

// Every layer sliding (Mistral-7B-v0.1): memory does not limit the context
// once the windows fit, and the model's own 32,768 does.
func TestAllLayersSliding(t *testing.T) {
	a := advise1(t, Request{Model: preset(t, "mistral-7b-v0.1"), Mode: ModeInfer, Seq: 32768, GPU: "a100-80g-sxm"})
	if f := a.Infer; f == nil || f.MemoryContext != NoMemoryLimit || f.MaxContext != 32768 {
		t.Errorf("mistral-7b-v0.1: %+v, want no memory limit and the model's 32,768", a.Infer)
	}
	// 32 layers x 12,304 tokens x 2 x 8 x 128 x 2 bytes at 32K, not 32 x 32,768
	if got, want := KVCache(preset(t, "mistral-7b-v0.1"), 32768, 1, LargeCardBatch.Tokens), 32*12304*4096.0; got != want {
		t.Errorf("mistral-7b-v0.1 KV at 32K: got %v, want %v", got, want)
	}
}

// Llama 4's chunked layers are counted in full in the KV cache, as vLLM
// allocates them by default: what its published contexts show. Scout gains
// 3.6M − 1.28M tokens from 8x H100 to 8x H200
// (https://github.com/vllm-project/vllm/pull/16104); the advisor's gain
// for the same cards is within 15% of that.
func TestLlama4ContextGainMatchesVLLM(t *testing.T) {
	ctx := func(gpu string) int {
		a := advise1(t, Request{Model: preset(t, "llama-4-scout"), Mode: ModeInfer, Seq: 1_000_000, GPU: gpu, Cards: 8})
		return a.Infer.MemoryContext
	}
	gain, want := float64(ctx("h200-sxm")-ctx("h100-sxm")), 3_600_000.0-1_280_000
	if math.Abs(gain/want-1) > 0.15 {
		t.Errorf("llama-4-scout from 8x H100 to 8x H200: +%.0f tokens, vLLM +%.0f", gain, want)
	}
}
