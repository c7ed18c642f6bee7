package sizing

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"gpuadvisor/advisor/catalog"
)

// trainingRun is one row of testdata/training_runs.json: a published run.
type trainingRun struct {
	Name  string  `json:"name"`
	Model string  `json:"model"`
	Seq   int     `json:"seq"`
	GPU   string  `json:"gpu"`
	MFU   float64 `json:"mfu"`
	Why   string  `json:"mfu_why"`
	// a run with published card-hours
	Tokens   float64 `json:"tokens"`
	GPUHours float64 `json:"published_gpu_hours"`
	// Phases is a run of several stages at different sequence lengths
	// (DeepSeek-V3's context extension): its hours are the stages' sum.
	Phases []struct {
		Seq    int     `json:"seq"`
		Tokens float64 `json:"tokens"`
	} `json:"phases"`
	// a run with a published throughput and MFU
	TokensPerSec float64 `json:"tokens_per_s"`
	Chips        int     `json:"chips"`
	PeakTFLOPS   float64 `json:"peak_tflops"`
	PublishedMFU float64 `json:"published_mfu"`
	// a framework's logged model TFLOP/s per GPU at TokensPerSec per GPU:
	// its FLOPs per token, with the attention halved when CausalHalf
	PublishedTFLOPSPerGPU float64 `json:"published_tflops_per_gpu"`
	CausalHalf            bool    `json:"causal_half"`
	Agrees                *bool   `json:"agrees"`
	OursFLOPsPerToken     float64 `json:"ours_flops_per_token"`
	// a run with published total FLOPs
	PublishedFLOPs float64 `json:"published_flops"`
	FLOPsWhy       string  `json:"flops_why"`
	Tolerance      float64 `json:"tolerance"`
	Source         string  `json:"source"`
}

// palm540b is PaLM 540B as Table 1 of the PaLM paper gives it: 118 layers,
// d_model 18,432, 48 query heads of 256 sharing one key/value head
// (multi-query), a SwiGLU MLP of 4 × d_model, a 256k vocabulary shared by
// the input and output embeddings.
func palm540b() catalog.Model {
	m := catalog.Model{ID: "palm-540b", Name: "PaLM 540B", Shape: catalog.Shape{Layers: 118, Hidden: 18432, Heads: 48, KVHeads: 1, HeadDim: 256, FFN: 73728, Vocab: 256000}, TiedEmbeddings: true, Context: 2048}
	m.Params = m.ShapeParams()
	return m
}

// The job estimate reproduces published training runs: card-hours at the
// MFU the row states, or the MFU a published throughput gives.
func TestPublishedTrainingRuns(t *testing.T) {
	b, err := os.ReadFile("testdata/training_runs.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Runs []trainingRun `json:"runs"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) < 3 {
		t.Fatalf("%d rows, want DeepSeek-V3, Llama 3.1 405B and PaLM", len(doc.Runs))
	}
	c, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range doc.Runs {
		if r.Source == "" || r.Seq < 1 || !(r.Tolerance > 0) {
			t.Errorf("%s: every row needs a source, a sequence length and a tolerance", r.Name)
			continue
		}
		m := palm540b()
		if r.Model != m.ID {
			m = preset(t, r.Model)
		}
		if r.PublishedTFLOPSPerGPU > 0 { // a framework's FLOPs per token
			f := ModelFLOPsPerToken(m, ModeFull, r.Seq)
			got := f.Total()
			if r.CausalHalf {
				got = f.Dense + f.Attention/2
			}
			pub := r.PublishedTFLOPSPerGPU * 1e12 / r.TokensPerSec
			t.Logf("%s: %.4g FLOPs per token, published %.4g (%+.1f%%)", r.Name, got, pub, 100*(got/pub-1))
			agrees := r.Agrees == nil || *r.Agrees
			switch {
			case r.FLOPsWhy == "":
				t.Errorf("%s: a row needs the framework's convention in flops_why", r.Name)
			case agrees && math.Abs(got/pub-1) > r.Tolerance:
				t.Errorf("%s: %.4g FLOPs per token, the framework's %.4g (%+.1f%%; %s)", r.Name, got, pub, 100*(got/pub-1), r.Source)
			case !agrees && math.Abs(got/r.OursFLOPsPerToken-1) > 0.005:
				t.Errorf("%s: a known disagreement keeps our figure: %.4g, the row says %.4g", r.Name, got, r.OursFLOPsPerToken)
			case !agrees && math.Abs(got/pub-1) <= r.Tolerance:
				t.Errorf("%s: marked as a disagreement, yet %.4g is within tolerance of %.4g", r.Name, got, pub)
			}
			continue
		}
		if r.PublishedFLOPs > 0 { // the run's model FLOPs, PaLM's count
			got := ModelFLOPsPerToken(m, ModeFull, r.Seq).Total() * r.Tokens
			if math.Abs(got/r.PublishedFLOPs-1) > r.Tolerance || r.FLOPsWhy == "" {
				t.Errorf("%s: %.3g FLOPs for %.3g tokens, published %.3g (%+.1f%%; %s; %s)", r.Name, got, r.Tokens, r.PublishedFLOPs, 100*(got/r.PublishedFLOPs-1), r.FLOPsWhy, r.Source)
			}
			continue
		}
		if r.PublishedMFU > 0 { // MFU at the published throughput
			f := ModelFLOPsPerToken(m, ModeFull, r.Seq)
			got := r.TokensPerSec * f.Total() / (float64(r.Chips) * r.PeakTFLOPS * 1e12)
			t.Logf("%s: MFU %.4f at %v tokens/s, published %.4f (%+.1f%%)", r.Name, got, r.TokensPerSec, r.PublishedMFU, 100*(got/r.PublishedMFU-1))
			if math.Abs(got/r.PublishedMFU-1) > r.Tolerance {
				t.Errorf("%s: MFU at %v tokens/s = %.4f, published %.4f (%s)", r.Name, r.TokensPerSec, got, r.PublishedMFU, r.Source)
			}
			continue
		}
		g, ok := c.GPUByID(r.GPU)
		if !ok || r.Why == "" {
			t.Errorf("%s: unknown card %q or no reason for the MFU", r.Name, r.GPU)
			continue
		}
		phases := r.Phases
		if len(phases) == 0 {
			phases = append(phases, struct {
				Seq    int     `json:"seq"`
				Tokens float64 `json:"tokens"`
			}{r.Seq, r.Tokens})
		}
		// the published runs used recomputation or not; the hours do not move
		for _, rc := range []Recompute{RecomputeNone, RecomputeSelective, RecomputeFull} {
			hours := 0.0
			for _, p := range phases {
				j, err := TrainingJob(JobInput{Mode: ModeFull, Recompute: rc, Model: m, Seq: p.Seq, Tokens: p.Tokens, Cards: 1, PeakTFLOPS: g.BF16TFLOPS, MFU: r.MFU})
				if err != nil {
					t.Fatalf("%s: %v", r.Name, err)
				}
				hours += j.Hours
			}
			if rc == RecomputeNone {
				t.Logf("%s: %.4gM card-hours at MFU %v, published %.4gM (%+.1f%%)", r.Name, hours/1e6, r.MFU, r.GPUHours/1e6, 100*(hours/r.GPUHours-1))
			}
			if math.Abs(hours/r.GPUHours-1) > r.Tolerance {
				t.Errorf("%s (recompute %s): %.4gM card-hours at MFU %v, published %.4gM (%s)", r.Name, rc, hours/1e6, r.MFU, r.GPUHours/1e6, r.Source)
			}
		}
	}
}

// The figures docs/deployments.md quotes for the runs.
func TestPublishedTrainingRunFigures(t *testing.T) {
	for _, tc := range []struct {
		name     string
		model    catalog.Model
		seq      int
		perToken float64 // GFLOPs, rounded as the doc gives them
	}{
		{"deepseek-v3 at 4K", preset(t, "deepseek-v3"), 4096, 281.2},
		{"llama-3.1-405b at 8K", preset(t, "llama-3.1-405b"), 8192, 2625.4},
		{"palm-540b at 2K", palm540b(), 2048, 3277.8},
		{"deepseek-v3 at 32K", preset(t, "deepseek-v3"), 32768, 711.0},
		{"deepseek-v3 at 128K", preset(t, "deepseek-v3"), 131072, 2184.7},
		{"llama-3.1-8b at 8K", preset(t, "llama-3.1-8b"), 8192, 57.9},
		{"llama-2-7b at 4K", preset(t, "llama-2-7b"), 4096, 46.1},
		{"llama-2-13b at 4K", preset(t, "llama-2-13b"), 4096, 87.2},
		{"llama-2-70b at 4K", preset(t, "llama-2-70b"), 4096, 444.5},
	} {
		got := ModelFLOPsPerToken(tc.model, ModeFull, tc.seq).Total() / 1e9
		if math.Round(got*10)/10 != tc.perToken {
			t.Errorf("%s: %.1f GFLOPs per token, the doc says %.1f", tc.name, got, tc.perToken)
		}
	}
}

// With full recomputation, the FLOPs a token costs (model FLOPs plus the
// recomputed forward) are Megatron-LM's count: Narayanan et al. 2021,
// "Efficient Large-Scale Language Model Training on GPU Clusters Using
// Megatron-LM", arXiv:2104.04473, §5.1, eq. 3: 96·B·s·l·h²·(1 + s/(6h) +
// V/(16·l·h)) per batch of B sequences of s tokens, the figure their
// TFLOP/s per GPU (Table 1) are computed from. A GPT layer's 4h GELU MLP is
// 8h² weights, which a gated MLP of width 8h/3 also is; the norms (2h a
// layer), which their count leaves out, are the difference.
func TestRecomputeFLOPsMatchMegatron(t *testing.T) {
	for _, tc := range []struct {
		name          string
		l, h, a, v, s int
	}{
		{"GPT-3 175B (Table 1)", 96, 12288, 96, 51200, 2048},
		{"1T (Table 1)", 128, 25600, 160, 51200, 2048},
	} {
		m := catalog.Model{ID: "gpt", Name: tc.name, Shape: catalog.Shape{Layers: tc.l, Hidden: tc.h, Heads: tc.a, KVHeads: tc.a, HeadDim: tc.h / tc.a, FFN: 8 * tc.h / 3, Vocab: tc.v}, TiedEmbeddings: true, Context: tc.s}
		m.Params = m.ShapeParams()
		got := ModelFLOPsPerToken(m, ModeFull, tc.s).Total() + RecomputeFLOPsPerToken(m, ModeFull, tc.s, RecomputeFull)
		l, h, s, v := float64(tc.l), float64(tc.h), float64(tc.s), float64(tc.v)
		want := 96 * l * h * h * (1 + s/(6*h) + v/(16*l*h))
		if math.Abs(got/want-1) > 1e-3 {
			t.Errorf("%s: %.5g FLOPs a token with full recomputation, Megatron's eq. 3 gives %.5g (%+.3f%%)", tc.name, got, want, 100*(got/want-1))
		}
	}
}
