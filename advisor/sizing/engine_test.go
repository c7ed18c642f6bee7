package sizing

import (
	"math"
	"testing"

	"gpuadvisor/advisor/catalog"
)

// vLLM v0.8.3's start-up reserve, part by part, for Llama 4 Scout on 8 cards.
func TestVLLM083Reserve(t *testing.T) {
	e, ok := EngineByID("vllm-0.8.3")
	if !ok {
		t.Fatal("vllm-0.8.3 unknown")
	}
	m := preset(t, "llama-4-scout")
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"sampler warm-up: 1,024 × 202,048 × 38 B", e.SamplerWarmupBytes(&m), 1024 * 202048 * 38},
		{"RoPE table: 10,485,760 × 128 × 2 B", e.RoPETableBytes(&m), 10485760 * 128 * 2},
		{"NVLS: 5,105 blocks of 1,032,192 B", e.NVLSBytes, 5105 * 1032192},
		{"block table at 1,280,000 tokens: 1,024 × 80,000 × 4 B", e.BlockTableBytes(1_280_000), 1024 * 80000 * 4},
		{"block table at 17 tokens: two blocks", e.BlockTableBytes(17), 1024 * 2 * 4},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %.0f, want %.0f", c.name, c.got, c.want)
		}
	}
	for _, c := range []struct {
		gpu  string
		tp   int
		nvls float64
	}{
		{"h100-sxm", 8, e.NVLSBytes / GB},
		{"h200-sxm", 4, e.NVLSBytes / GB},
		{"h100-sxm", 2, 0},     // NCCL uses NVLS for more than two cards only
		{"a100-80g-sxm", 8, 0}, // the A100 board's NVSwitch has no SHARP
	} {
		g, ok := defaultCatalog(t).GPUByID(c.gpu)
		if !ok {
			t.Fatalf("%s unknown", c.gpu)
		}
		a := advise1(t, Request{Model: m, Mode: ModeInfer, Seq: 100_000, GPU: c.gpu, Cards: c.tp})
		r := a.Pick.Result
		if r.Layout.TensorParallel != c.tp || r.NVLSGB != c.nvls || NVLSCard(&g) != (c.gpu != "a100-80g-sxm") {
			t.Errorf("%s at TP %d: NVLS %.3f GB (TP %d), want %.3f", c.gpu, c.tp, r.NVLSGB, r.Layout.TensorParallel, c.nvls)
		}
		want := ReserveGB + r.ServingPeakGB + r.NVLSGB + r.RoPETableGB + e.BlockTableBytes(100_000)/GB
		if r.Engine != e.ID || r.ServingPeakGB != r.SamplerWarmupGB || math.Abs(r.Memory.OverheadGB-want) > 1e-12 {
			t.Errorf("%s at TP %d: overhead %.4f GB (engine %q, peak %.4f, sampler %.4f), want %.4f", c.gpu, c.tp, r.Memory.OverheadGB, r.Engine, r.ServingPeakGB, r.SamplerWarmupGB, want)
		}
	}
}

// A model without a serving engine release keeps the engine-independent
// reserve, bit for bit: ReserveGB + ServingPeak ÷ TP.
func TestNoEngineKeepsTheReserve(t *testing.T) {
	m := preset(t, "qwen2.5-7b")
	a := advise1(t, Request{Model: m, Mode: ModeInfer, Seq: 32768, GPU: "h100-sxm", Cards: 4})
	r := a.Pick.Result
	if want := ReserveGB + ServingPeak(m, r.Layout.TensorParallel, LargeCardBatch)/GB; r.Engine != "" || r.Memory.OverheadGB != want || r.NVLSGB != 0 || r.RoPETableGB != 0 {
		t.Errorf("qwen2.5-7b on 4x h100: overhead %v (engine %q), want %v", r.Memory.OverheadGB, r.Engine, want)
	}
	if _, err := Estimate(Request{Model: m, Mode: ModeInfer, Engine: "vllm-9"}.WithDefaults(), Layout{}); err == nil {
		t.Error("an unknown engine release was accepted")
	}
}

// Every serving engine release the catalog names is one EngineByID knows.
func TestCatalogServingEnginesKnown(t *testing.T) {
	for _, m := range defaultCatalog(t).Models() {
		if _, ok := EngineByID(m.ServingEngine); m.ServingEngine != "" && !ok {
			t.Errorf("%s: serving_engine %q unknown (known: %v)", m.ID, m.ServingEngine, EngineIDs())
		}
	}
}

// Llama 4 Maverick's FP8 checkpoint keeps everything but the routed experts
// in bf16: 386.5B expert weights at 1 B + 14.2B others at 2 B. vLLM reports
// "Model loading took 48.8682 GiB" per card for it at TP 8
// (https://github.com/vllm-project/vllm/issues/16152), 52.47 GB: the weights
// with the RoPE table come within 1% (the vision tower is not counted).
func TestMaverickFP8Weights(t *testing.T) {
	m := preset(t, "llama-4-maverick")
	x := m.RoutedExpertParams()
	if got, want := WeightBytes(m, ModeInfer, FP8), x+2*(m.Params-x); got != want {
		t.Errorf("Maverick fp8 weights: got %.0f, want %.0f", got, want)
	}
	e, _ := EngineByID(m.ServingEngine)
	perCard := (WeightBytes(m, ModeInfer, FP8)/8 + e.RoPETableBytes(&m)) / GB
	if measured := 48.8682 * (1 << 30) / GB; math.Abs(perCard/measured-1) > 0.01 {
		t.Errorf("Maverick fp8 per card: %.2f GB, vLLM loaded %.2f GB", perCard, measured)
	}
	if all := (m.Params - m.EmbeddingParams() + 2*m.EmbeddingParams()) / 8 / GB; math.Abs(all/(48.8682*(1<<30)/GB)-1) < 0.02 {
		t.Errorf("every layer in fp8 (%.2f GB per card) is as close to the measurement: the test cannot tell", all)
	}
}

func defaultCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	c, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The longest context pays its own block table: it is the largest L whose
// weights, reserve, KV cache and block table at L fit, and L + 1 does not.
func TestLongestContextPaysItsBlockTable(t *testing.T) {
	m := preset(t, "llama-4-maverick")
	e, _ := EngineByID(m.ServingEngine)
	a := advise1(t, Request{Model: m, Mode: ModeInfer, Precision: FP8, Seq: 100_000, GPU: "h100-sxm", Cards: 8})
	r := a.Pick.Result
	L := a.Infer.MemoryContext
	fixed := 0.9*a.Pick.GPU.CapacityGB()*GB - r.Memory.WeightsGB*GB - (r.Memory.OverheadGB-r.BlockTableGB)*GB
	need := func(l int) float64 { return float64(l)*KVBytesPerToken(m)/8 + e.BlockTableBytes(l) }
	if need(L) > fixed || need(L+16) <= fixed {
		t.Errorf("longest context %d: needs %.0f B of %.0f; %d tokens would need %.0f", L, need(L), fixed, L+16, need(L+16))
	}
}
