package sizing

import (
	"math"
	"testing"

	"gpuadvisor/advisor/catalog"
)

func gpus(t testing.TB) []catalog.GPU {
	t.Helper()
	c, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	return c.GPUs()
}

func advise1(t *testing.T, req Request) Advice {
	t.Helper()
	if req.Zero == 0 {
		req.Zero = ZeroAuto
	}
	a, err := Advise(req, gpus(t))
	if err != nil {
		t.Fatalf("Advise(%+v): %v", req, err)
	}
	return a
}

func alt(a Advice, kind string) *Alternative {
	for i := range a.Alternatives {
		if a.Alternatives[i].Kind == kind {
			return &a.Alternatives[i]
		}
	}
	return nil
}

// One short line per rule.
func TestTierRules(t *testing.T) {
	for _, tc := range []struct {
		rule  string
		req   Request
		check func(Advice) bool
	}{
		{"LoRA on Qwen2.5-14B at 4K fits one 48 GB card",
			Request{Model: preset(t, "qwen2.5-14b"), Mode: ModeLoRA, Seq: 4096},
			func(a Advice) bool {
				return a.Fits && a.Pick.Cards() == 1 && a.Pick.GPU.MemoryGB == 48 && a.Pick.GPU.Tier == catalog.TierEntry
			}},
		{"QLoRA on Qwen2.5-14B fits a 24 GB card",
			Request{Model: preset(t, "qwen2.5-14b"), Mode: ModeQLoRA, Seq: 4096},
			func(a Advice) bool { return a.Fits && a.Pick.Cards() == 1 && a.Pick.GPU.MemoryGB == 24 }},
		{"LoRA answers suggest QLoRA as the lighter method",
			Request{Model: preset(t, "qwen2.5-14b"), Mode: ModeLoRA, Seq: 4096},
			func(a Advice) bool { q := alt(a, AltQLoRA); return q != nil && q.Option.GPU.MemoryGB == 24 }},
		{"7B inference at 32K fits one 24 GB card",
			Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeInfer, Seq: 32768},
			func(a Advice) bool { return a.Fits && a.Pick.Cards() == 1 && a.Pick.GPU.MemoryGB == 24 }},
		{"seed: full fine-tuning of 7B lands in the mid tier (A100 80G class), on one node",
			Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeFull, Seq: 4096},
			func(a Advice) bool {
				return a.Fits && a.Pick.GPU.Tier == catalog.TierMid && a.Pick.GPU.MemoryGB == 80 && a.Pick.Cards() <= 8 && !a.Pick.NeedsInfiniBand
			}},
		{"full training offers LoRA instead",
			Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeFull, Seq: 4096},
			func(a Advice) bool { l := alt(a, AltLoRA); return l != nil && l.Option.Cards() == 1 }},
		{"seed: 70B+ training needs the flagship tier",
			Request{Model: preset(t, "llama-2-70b"), Mode: ModeFull, Seq: 4096},
			func(a Advice) bool { return a.Fits && a.Pick.GPU.Tier == catalog.TierFlagship }},
		{"past one 8-card node InfiniBand is needed: 70B full training on H100s (16 bytes x 69B / 8 = 138 GB a card)",
			Request{Model: preset(t, "llama-2-70b"), Mode: ModeFull, Seq: 4096, GPU: "h100-sxm"},
			func(a Advice) bool { return a.Pick.Cards() > 8 && a.Pick.NeedsInfiniBand && a.Pick.NeedsNVLink }},
		{"a split model needs NVLink: 70B fp16 serving is never on PCIe-only cards",
			Request{Model: preset(t, "llama-2-70b"), Mode: ModeInfer, Seq: 4096},
			func(a Advice) bool {
				return a.Fits && a.Pick.Cards() > 1 && a.Pick.NeedsNVLink && a.Pick.GPU.Link != catalog.LinkPCIe
			}},
		{"an NVLink bridge joins two cards only: 72B at 32K needs four PCIe A100s, split over PCIe beyond the pair",
			Request{Model: preset(t, "qwen2.5-72b"), Mode: ModeInfer, Seq: 32768, GPU: "a100-80g-pcie"},
			func(a Advice) bool {
				ic := InterconnectOf(ModeInfer, a.Pick)
				return a.Fits && a.Pick.Cards() == 4 && !a.Pick.FastLink() && ic.Link == LinkPCIe && ic.Efficiency == PCIeServingEfficiency
			}},
		// 137.95 GB / 2 = 68.98 GB weights + 0.67 GB KV + 1.99 GB reserve = 71.6 GB
		// of 81,920 MiB = 85.9 GB (83%): two cards, as vLLM serves it, not four
		{"a forced GPU says how many of that card: 70B fp16 on A100 80G SXM needs 2",
			Request{Model: preset(t, "llama-2-70b"), Mode: ModeInfer, Seq: 4096, GPU: "a100-80g-sxm"},
			func(a Advice) bool { return a.Fits && a.Pick.GPU.ID == "a100-80g-sxm" && a.Pick.Cards() == 2 }},
		{"13B fp16 on RTX 4090s: two cards in tensor parallel over PCIe, slower, not impossible",
			Request{Model: preset(t, "llama-2-13b"), Mode: ModeInfer, Seq: 4096, GPU: "rtx-4090"},
			func(a Advice) bool {
				return a.Fits && a.Pick.GPU.ID == "rtx-4090" && a.Pick.Cards() == 2 && InterconnectOf(ModeInfer, a.Pick).Link == LinkPCIe
			}},
		{"headroom: a plan never uses more than 90% of a card",
			Request{Model: preset(t, "llama-2-70b"), Mode: ModeInfer, Seq: 4096},
			func(a Advice) bool { return a.Pick.Utilization <= DefaultUtilization }},
		{"a cheaper option that fits only without headroom is shown as tighter: Qwen2.5-14B on an RTX 5090",
			Request{Model: preset(t, "qwen2.5-14b"), Mode: ModeInfer, Seq: 4096},
			func(a Advice) bool {
				c := alt(a, AltCheaper)
				return c != nil && c.Option.GPU.ID == "rtx-5090" && c.Option.Utilization > DefaultUtilization && c.Option.Utilization <= 1 && Less(c.Option, a.Pick)
			}},
		{"with gpu= forced the cheaper option stays on that card",
			Request{Model: preset(t, "qwen2.5-14b"), Mode: ModeInfer, Seq: 4096, GPU: "l40s"},
			func(a Advice) bool {
				for _, x := range a.Alternatives {
					if x.Option.GPU.ID != "l40s" {
						return false
					}
				}
				return a.Fits && a.Pick.GPU.ID == "l40s"
			}},
		{"without prices, multi-card full training picks cards NVLink joins, never a split over PCIe",
			Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeFull, Seq: 4096},
			func(a Advice) bool {
				return a.Fits && a.Pick.Cards() > 1 && a.Pick.FastLink() && InterconnectOf(ModeFull, a.Pick).Link == LinkFast
			}},
		{"multi-card full training on named PCIe-only cards is still answered",
			Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeFull, Seq: 4096, GPU: "rtx-4090"},
			func(a Advice) bool { return a.Pick.GPU.ID == "rtx-4090" && a.Pick.Cards() > 1 }},
		{"utilization= lowers the bar: at 0.6 Qwen2.5-14B no longer fits one A100 40G",
			Request{Model: preset(t, "qwen2.5-14b"), Mode: ModeInfer, Seq: 4096, GPU: "a100-40g-sxm", Utilization: 0.6},
			func(a Advice) bool { return a.Fits && a.Pick.Cards() == 2 && a.Pick.Utilization <= 0.6 }},
		{"a safer option leaves a quarter of each card free",
			Request{Model: preset(t, "llama-2-70b"), Mode: ModeInfer, Seq: 4096},
			func(a Advice) bool {
				s := alt(a, AltSafer)
				return s != nil && s.Option.Utilization <= SaferUtilization
			}},
		{"serving offers int4 weights",
			Request{Model: preset(t, "llama-2-70b"), Mode: ModeInfer, Seq: 4096},
			func(a Advice) bool {
				i := alt(a, AltInt4)
				return i != nil && i.Request.Precision == INT4 && i.Option.Cards() == 1
			}},
		{"Ascend is picked only when named",
			Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeInfer, Seq: 4096, GPU: "ascend-910b"},
			func(a Advice) bool { return a.Fits && a.Pick.GPU.ID == "ascend-910b" }},
		{"training skips compute-poor cards (H20 148 TFLOPS) unless named",
			Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeFull, Seq: 4096},
			func(a Advice) bool { return a.Pick.GPU.BF16TFLOPS >= MinTrainTFLOPS }},
		{"cards given is the ZeRO data-parallel degree",
			Request{Model: preset(t, "llama-3.1-8b"), Mode: ModeFull, Seq: 4096, Cards: 8, Zero: 3},
			func(a Advice) bool {
				l := a.Pick.Result.Layout
				return l.DataParallel == 8 && l.Zero == 3 && a.Pick.Cards() == 8 && a.Pick.NeedsNVLink
			}},
		{"ZeRO-1/2 data parallelism does not split the model",
			Request{Model: preset(t, "llama-3.1-8b"), Mode: ModeFull, Seq: 4096, Cards: 8, Zero: 2},
			func(a Advice) bool { return !a.Pick.NeedsNVLink }},
		{"full recomputation is offered when it makes a cheaper option fit",
			Request{Model: preset(t, "llama-3.1-8b"), Mode: ModeFull, Seq: 4096, Cards: 8, Zero: 3},
			func(a Advice) bool { r := alt(a, AltRecompute); return r != nil && Less(r.Option, a.Pick) }},
		{"QLoRA paper: a 65B model fine-tunes on one 48 GB GPU",
			Request{Model: mustShape(t, 65e9), Mode: ModeQLoRA, Seq: 512, GPU: "l40s"},
			func(a Advice) bool { return a.Fits && a.Pick.Cards() == 1 }},
		{"seed 003: a 7B full fine-tune does not fit one consumer card",
			Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeFull, Seq: 4096, GPU: "rtx-4090", Cards: 1},
			func(a Advice) bool { return !a.Fits }},
		{"seed 003: with LoRA one big-memory card runs a 7B",
			Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeLoRA, Seq: 4096},
			func(a Advice) bool { return a.Fits && a.Pick.Cards() == 1 }},
		{"full training that does not fit suggests LoRA, with LoRA's own default recompute",
			Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeFull, Seq: 4096, GPU: "rtx-4090", Cards: 8},
			func(a Advice) bool {
				l := alt(a, AltLoRA)
				return !a.Fits && l != nil && l.Option.GPU.ID == "rtx-4090" && l.Request.Recompute == RecomputeFull
			}},
		{"full training on cards where LoRA does not fit either suggests QLoRA",
			Request{Model: preset(t, "qwen2.5-72b"), Mode: ModeFull, Seq: 4096, GPU: "rtx-4090", Cards: 8},
			func(a Advice) bool {
				q := alt(a, AltQLoRA)
				return !a.Fits && q != nil && q.Option.GPU.ID == "rtx-4090"
			}},
		{"nothing fits when one card must hold 2T parameters",
			Request{Model: mustShape(t, 2e12), Mode: ModeFull, Seq: 4096, Cards: 1},
			func(a Advice) bool { return !a.Fits && a.Pick.Utilization > 1 }},
	} {
		if a := advise1(t, tc.req); !tc.check(a) {
			t.Errorf("%s: got %s x%d at %.0f%% (fits %v, layout %+v, nvlink %v, ib %v, alternatives %d)", tc.rule,
				a.Pick.GPU.ID, a.Pick.Cards(), 100*a.Pick.Utilization, a.Fits, a.Pick.Result.Layout, a.Pick.NeedsNVLink, a.Pick.NeedsInfiniBand, len(a.Alternatives))
		}
	}
}

func mustShape(t *testing.T, params float64) catalog.Model {
	m, _, err := Shape(params, ShapeHint{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestLessOrder(t *testing.T) {
	c, _ := catalog.Default()
	g := func(id string) *catalog.GPU { x, _ := c.GPUByID(id); return &x }
	opt := func(id string, cards int) Option {
		return Option{GPU: g(id), Result: Result{Layout: Layout{Cards: cards}}}
	}
	for _, tc := range []struct {
		name string
		a, b Option
	}{
		{"one node before two", opt("h100-sxm", 8), opt("rtx-4090", 16)},
		{"entry before mid", opt("rtx-4090", 2), opt("a100-80g-sxm", 1)},
		{"mid before flagship", opt("a100-80g-sxm", 8), opt("h100-sxm", 1)},
		{"fewer cards within a tier", opt("a100-80g-sxm", 2), opt("a100-40g-pcie", 4)},
		{"smaller card within a tier", opt("a100-40g-sxm", 2), opt("a100-80g-sxm", 2)},
		{"PCIe before SXM at equal memory", opt("a100-80g-pcie", 1), opt("a100-80g-sxm", 1)},
	} {
		if !Less(tc.a, tc.b) || Less(tc.b, tc.a) {
			t.Errorf("%s: want %s x%d before %s x%d", tc.name, tc.a.GPU.ID, tc.a.Cards(), tc.b.GPU.ID, tc.b.Cards())
		}
	}
}

func TestInferFacts(t *testing.T) {
	a := advise1(t, Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeInfer, Seq: 32768})
	f := a.Infer
	if f == nil {
		t.Fatal("no inference facts")
	}
	r := a.Pick.Result
	// the longest context fills the card to 90% and one more token would not fit
	at := func(seq int) float64 {
		req := a.Request
		req.Seq = seq
		e, _ := EstimateOn(req, r.Layout, a.Pick.GPU)
		return e.Memory.PerCardGB / a.Pick.GPU.CapacityGB()
	}
	if at(f.MemoryContext) > DefaultUtilization || at(f.MemoryContext+1) <= DefaultUtilization {
		t.Errorf("memory context %d: use %.5f at it, %.5f one token later; want the last token under 90%%", f.MemoryContext, at(f.MemoryContext), at(f.MemoryContext+1))
	}
	// Qwen2.5-Instruct: 32,768 native, 131,072 with YaRN
	if f.MaxContext != min(f.MemoryContext, 131072) {
		t.Errorf("max context %d, want the lower of memory %d and the scaled limit 131,072", f.MaxContext, f.MemoryContext)
	}
	if f.MaxContext < 32768 || f.ModelContext != 32768 {
		t.Errorf("max context %d (model %d), want at least the 32K asked", f.MaxContext, f.ModelContext)
	}
	// decode bound: bandwidth / (weights without the input embedding + KV of one sequence at seq)
	want := a.Pick.GPU.BandwidthGBs / ((DecodeWeightBytes(a.Request.Model, BF16, 1) + KVCache(a.Request.Model, 32768, 1, LargeCardBatch.Tokens)) / GB)
	if math.Abs(f.DecodeTokensPerSec-want) > 1e-9 {
		t.Errorf("decode bound %.3f tokens/s, want %.3f", f.DecodeTokensPerSec, want)
	}
	// tensor parallelism adds the cards' bandwidth
	b := advise1(t, Request{Model: preset(t, "llama-2-70b"), Mode: ModeInfer, Seq: 4096, GPU: "a100-80g-sxm"})
	if b.Infer.BandwidthGBs != 2*2039 {
		t.Errorf("2-way tensor parallel bandwidth %v, want 2 x 2039", b.Infer.BandwidthGBs)
	}
}

// One decode step reads the weights once and the KV cache of every sequence in
// the batch, and yields one token per sequence: per sequence the bound is
// bandwidth / (weights + batch × KV of one sequence at seq).
func TestDecodeBoundCountsTheBatch(t *testing.T) {
	for _, tc := range []struct {
		name  string
		batch int
		want  float64 // tokens/s per sequence
	}{
		// Llama-2-7B on one A100 80G SXM at 4096 tokens: weights 13.4768 GB
		// less the input embedding 2 × 32000 × 4096 = 0.2621 GB (one row per
		// token is read, not the matrix), KV 2.147483648 GB per sequence
		{"batch 1: 2039 / (13.2147 + 2.1475)", 1, 2039 / (13.214687232 + 2.147483648)},
		{"batch 16: 2039 / (13.2147 + 16 × 2.1475)", 16, 2039 / (13.214687232 + 16*2.147483648)},
	} {
		a := advise1(t, Request{Model: preset(t, "llama-2-7b"), Mode: ModeInfer, Seq: 4096, Batch: tc.batch, GPU: "a100-80g-sxm"})
		if a.Pick.Cards() != 1 {
			t.Fatalf("%s: picked %d cards, want 1", tc.name, a.Pick.Cards())
		}
		f := a.Infer
		if math.Abs(f.DecodeTokensPerSec-tc.want) > 1e-6 {
			t.Errorf("%s: decode bound %.3f tokens/s per sequence, want %.3f", tc.name, f.DecodeTokensPerSec, tc.want)
		}
		if got := f.DecodeTokensPerSecAll; math.Abs(got-float64(tc.batch)*tc.want) > 1e-6 {
			t.Errorf("%s: all sequences %.3f tokens/s, want batch × %.3f", tc.name, got, tc.want)
		}
	}
}

// With more tensor-parallel cards than KV heads each head is replicated
// (GLM-4-9B has 2): every card reads its replica, so a step reads the KV cache
// tp/kv_heads times over. Per card: weights/8 + KV/2.
func TestDecodeBoundReplicatedKV(t *testing.T) {
	m := preset(t, "glm-4-9b")
	a := advise1(t, Request{Model: m, Mode: ModeInfer, Seq: 32768, Cards: 8, GPU: "a100-80g-sxm"})
	if l := a.Pick.Result.Layout; l.TensorParallel != 8 {
		t.Fatalf("GLM-4-9B on 8 cards: layout %+v, want tensor parallel 8", l)
	}
	w := DecodeWeightBytes(m, BF16, 1) / GB
	kv := KVCache(m, 32768, 1, LargeCardBatch.Tokens) / GB
	want := 2039 / (w/8 + kv/2)
	if got := a.Infer.DecodeTokensPerSec; math.Abs(got-want) > 1e-6 {
		t.Errorf("decode bound %.3f tokens/s, want 2039 / (%.2f/8 + %.2f/2) = %.3f", got, w, kv, want)
	}
}

// The longest context is capped by the model's own limit: Llama-2-7B holds
// 4,096 tokens however much memory is left.
func TestMaxContextCappedByModel(t *testing.T) {
	a := advise1(t, Request{Model: preset(t, "llama-2-7b"), Mode: ModeInfer, Seq: 4096, GPU: "a100-80g-sxm"})
	f := a.Infer
	if f.MaxContext != 4096 {
		t.Errorf("max context %d tokens, want the model's 4,096", f.MaxContext)
	}
	// what the memory alone allows: 0.9 × 81,920 MiB − 1 GB reserve − the
	// serving peak on an A100 (vLLM's 2,048-token chunk: 2048 × 2 × (4 ×
	// 4096 + 3 × 11008) = 202,375,168 bytes, more than 256 × 32000 × 4) −
	// 13,476,831,232 bytes of weights, over 524,288 bytes per token
	want := int(math.Floor((0.9*81920*1048576 - 1e9 - 202375168 - 13476831232) / 524288))
	if f.MemoryContext < want-1 || f.MemoryContext > want {
		t.Errorf("memory allows %d tokens, want %d", f.MemoryContext, want)
	}
	// an approximate model (no known limit) is capped by memory only
	m, _, err := Shape(7e9, ShapeHint{})
	if err != nil {
		t.Fatal(err)
	}
	b := advise1(t, Request{Model: m, Mode: ModeInfer, Seq: 4096, GPU: "a100-80g-sxm"})
	if b.Infer.MaxContext != b.Infer.MemoryContext || b.Infer.MaxContext <= 4096 {
		t.Errorf("params=7b: max context %d, memory %d; want equal and past 4,096", b.Infer.MaxContext, b.Infer.MemoryContext)
	}
}

func TestInferSplit(t *testing.T) {
	q := preset(t, "qwen2.5-7b") // 28 heads, 28 layers
	for _, tc := range []struct {
		n, tp, pp int
		ok        bool
	}{
		{1, 1, 1, true}, {2, 2, 1, true}, {4, 4, 1, true}, {7, 7, 1, true},
		{8, 4, 2, true}, {16, 4, 4, true}, {3, 1, 3, true}, {0, 0, 0, false}, {128, 0, 0, false},
	} {
		tp, pp, ok := InferSplit(q, tc.n)
		if tp != tc.tp || pp != tc.pp || ok != tc.ok {
			t.Errorf("InferSplit(qwen2.5-7b, %d) = %d, %d, %v; want %d, %d, %v", tc.n, tp, pp, ok, tc.tp, tc.pp, tc.ok)
		}
	}
}

func TestAdviseErrors(t *testing.T) {
	if _, err := Advise(Request{Model: preset(t, "qwen2.5-7b"), Mode: ModeInfer, GPU: "tpu-v5"}, gpus(t)); err == nil {
		t.Error("unknown forced GPU accepted")
	}
	if _, err := Advise(Request{Mode: ModeInfer}, gpus(t)); err == nil {
		t.Error("empty model accepted")
	}
}

func BenchmarkAdvise(b *testing.B) {
	req := Request{Model: preset(b, "qwen2.5-14b"), Mode: ModeLoRA, Seq: 4096, Zero: ZeroAuto}
	gs := gpus(b)
	for b.Loop() {
		if _, err := Advise(req, gs); err != nil {
			b.Fatal(err)
		}
	}
}

// The search stops on cards that cannot fit even with endless sharding; that
// is sound only if floor is below every layout the card could use.
func TestFloorIsLowerBound(t *testing.T) {
	var buf [16]Layout
	for _, id := range []string{"qwen2.5-7b", "llama-2-70b", "glm-4-9b", "qwen2.5-72b"} {
		for _, mode := range []Mode{ModeFull, ModeLoRA, ModeQLoRA, ModeInfer} {
			for _, seq := range []int{512, 4096, 65536} {
				req := Request{Model: preset(t, id), Mode: mode, Seq: seq, Zero: ZeroAuto}.WithDefaults()
				for _, split := range []int{1, 2, 8} {
					f := floor(newEstimator(&req), split, false)
					for _, n := range cardCounts {
						for _, l := range layouts(buf[:0], &req, n) {
							// past its fast link's reach a card splits over PCIe, inside one node
							if n > NodeCards && (split < NodeCards) && (l.Split() || mode == ModeFull) {
								continue
							}
							if got := estimate(req, l).Memory.PerCardGB; got < f-1e-9 {
								t.Errorf("%s %s seq %d, link for %d: layout %+v needs %.3f GB, below the floor %.3f", id, mode, seq, split, l, got, f)
							}
						}
					}
				}
			}
		}
	}
}

func TestHasHeadroom(t *testing.T) {
	serve := Request{Mode: ModeInfer, Utilization: 0.9, Batch: 1}
	for _, tc := range []struct {
		name              string
		req               Request
		perCard, kv, capy float64
		want              bool
	}{
		{"5% of the usable memory free", serve, 85, 20, 100, true}, // 90 usable, 5 free ≥ 4.5
		{"a second sequence fits", serve, 88, 1.5, 100, true},      // 2 free ≥ 1.5
		{"neither: tight", serve, 89.6, 8.6, 100, false},           // 0.4 free
		{"training needs no extra room", Request{Mode: ModeLoRA, Utilization: 0.9}, 89.9, 0, 100, true},
		{"a batch: one more sequence is the batch's KV ÷ batch", Request{Mode: ModeInfer, Utilization: 0.9, Batch: 4}, 88, 8, 100, true}, // 2 free ≥ 8/4
	} {
		r := Result{Memory: Breakdown{PerCardGB: tc.perCard, KVCacheGB: tc.kv}}
		if got := HasHeadroom(&tc.req, &r, tc.capy); got != tc.want {
			t.Errorf("%s: HasHeadroom = %v, want %v", tc.name, got, tc.want)
		}
	}
}
