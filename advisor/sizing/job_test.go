package sizing

import (
	"math"
	"testing"

	"gpuadvisor/advisor/catalog"
)

func nearRel(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// llama2_7b is Llama-2-7B's shape (its preset), whose figures below are
// worked by hand: N without the input embedding = 6,738,415,616 −
// 32,000 × 4,096 = 6,607,343,616; at seq 4096 the attention term is
// 12 × 32 layers × 32 heads × 128 × 4,096 = 6,442,450,944 FLOPs per token.
func llama2_7b(t *testing.T) catalog.Model { return preset(t, "llama-2-7b") }

func TestTrainingJob(t *testing.T) {
	m := llama2_7b(t)
	const n = 6_607_343_616.0
	const attn = 6_442_450_944.0
	for _, tc := range []struct {
		name string
		in   JobInput
		// dense and attention are the run's two FLOP terms; hours the wall clock
		k, dense, attention, hours, cost, recompute float64
	}{
		// (6N + attention) x 1e9 = 4.6086512640e19 FLOPs; 8 x 312e12 x 0.35 =
		// 8.736e14 FLOP/s: 52,754.7 s = 14.654 h; x 8 cards x ¥9 = ¥1,055.09.
		// Selective recomputation (the default) re-runs the attention core's
		// forward: a third of the attention term.
		{"7B full, 1B tokens, 8 A100", JobInput{Mode: ModeFull, Recompute: RecomputeSelective, Model: m, Seq: 4096, Tokens: 1e9, Cards: 8, PeakTFLOPS: 312, PricePerCardHour: 9},
			6, 6 * n * 1e9, attn * 1e9, (6*n + attn) * 1e9 / 8.736e14 / 3600, (6*n + attn) * 1e9 / 8.736e14 / 3600 * 8 * 9, attn / 3 * 1e9},
		// Full recomputation adds a forward pass of the layers (2·(N − V·h) +
		// a third of the attention term) to the hardware FLOPs, not to the
		// model FLOPs: the hours at a given MFU are the same.
		{"7B full with full recompute", JobInput{Mode: ModeFull, Recompute: RecomputeFull, Model: m, Seq: 4096, Tokens: 1e9, Cards: 8, PeakTFLOPS: 312},
			6, 6 * n * 1e9, attn * 1e9, (6*n + attn) * 1e9 / 8.736e14 / 3600, 0, (2*(n-32000*4096) + attn/3) * 1e9},
		// LoRA: 4N + the attention term, whatever the recomputation.
		{"7B LoRA, 200M tokens, 1 H800, MFU 0.3", JobInput{Mode: ModeLoRA, Recompute: RecomputeFull, Model: m, Seq: 4096, Tokens: 2e8, Cards: 1, PeakTFLOPS: 989, MFU: 0.3},
			4, 4 * n * 2e8, attn * 2e8, (4*n + attn) * 2e8 / (989e12 * 0.3) / 3600, 0, (2*(n-32000*4096) + attn/3) * 2e8},
		// Eager attention without recomputation adds nothing.
		{"7B full, no recompute, seq 2048", JobInput{Mode: ModeFull, Recompute: RecomputeNone, Model: m, Seq: 2048, Tokens: 1e9, Cards: 8, PeakTFLOPS: 312},
			6, 6 * n * 1e9, attn / 2 * 1e9, (6*n + attn/2) * 1e9 / 8.736e14 / 3600, 0, 0},
	} {
		j, err := TrainingJob(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if j.FLOPsPerToken != tc.k || !nearRel(j.FLOPsDense, tc.dense) || !nearRel(j.FLOPsAttention, tc.attention) || !nearRel(j.FLOPs, tc.dense+tc.attention) {
			t.Errorf("%s: k %v dense %v attention %v total %v, want k %v dense %v attention %v", tc.name, j.FLOPsPerToken, j.FLOPsDense, j.FLOPsAttention, j.FLOPs, tc.k, tc.dense, tc.attention)
		}
		if !nearRel(j.Hours, tc.hours) || !nearRel(j.Cost, tc.cost) {
			t.Errorf("%s: hours %v cost %v, want hours %v cost %v", tc.name, j.Hours, j.Cost, tc.hours, tc.cost)
		}
		if !nearRel(j.RecomputeFLOPs, tc.recompute) || !nearRel(j.HFU, j.MFU*(1+tc.recompute/(tc.dense+tc.attention))) {
			t.Errorf("%s: recompute FLOPs %v HFU %v, want %v and MFU x (1 + that / FLOPs)", tc.name, j.RecomputeFLOPs, j.HFU, tc.recompute)
		}
		if tc.cost > 0 && !nearRel(j.CostPerMTok, tc.cost/(tc.in.Tokens/1e6)) {
			t.Errorf("%s: cost per 1M tokens %v", tc.name, j.CostPerMTok)
		}
	}
	if j, _ := TrainingJob(JobInput{Mode: ModeFull, Model: m, Seq: 4096, Tokens: 1e9, Cards: 8, PeakTFLOPS: 312}); !nearRel(j.Hours, 14.65408547008547) {
		t.Errorf("the hand-checked 14.654 h: got %v", j.Hours)
	}
	for _, bad := range []JobInput{
		{Mode: ModeInfer, Model: m, Seq: 4096, Tokens: 1e9, Cards: 1, PeakTFLOPS: 312},
		{Mode: ModeFull, Seq: 4096, Tokens: 1e9, Cards: 1, PeakTFLOPS: 312},
		{Mode: ModeFull, Model: m, Seq: 0, Tokens: 1e9, Cards: 1, PeakTFLOPS: 312},
		{Mode: ModeFull, Model: m, Seq: 4096, Tokens: math.NaN(), Cards: 1, PeakTFLOPS: 312},
		{Mode: ModeFull, Model: m, Seq: 4096, Tokens: 1e9, Cards: 0, PeakTFLOPS: 312},
		{Mode: ModeFull, Model: m, Seq: 4096, Tokens: 1e9, Cards: 1, PeakTFLOPS: 0},
		{Mode: ModeFull, Model: m, Seq: 4096, Tokens: 1e9, Cards: 1, PeakTFLOPS: 312, MFU: 0.9},
		{Mode: ModeFull, Model: m, Seq: 4096, Tokens: 1e9, Cards: 1, PeakTFLOPS: 312, PricePerCardHour: -1},
	} {
		if _, err := TrainingJob(bad); err == nil {
			t.Errorf("TrainingJob(%+v) accepted", bad)
		}
	}
}

// The attention term grows with the sequence: Llama-3.1-8B's model FLOPs
// per token over 6·N alone, and MLA's head size is the mean of its qk and
// v heads.
func TestModelFLOPsPerToken(t *testing.T) {
	l8 := preset(t, "llama-3.1-8b")
	for _, tc := range []struct {
		name  string
		seq   int
		ratio float64 // (6N + attention) / 6N
	}{
		// N = 8,030,261,248 − 128,256 × 4,096 = 7,504,924,672; attention
		// 12 × 32 × 32 × 128 × T
		{"llama-3.1-8b at 8k", 8192, 1 + 12*32*32*128*8192.0/(6*7_504_924_672)},
		{"llama-3.1-8b at 32k", 32768, 1 + 12*32*32*128*32768.0/(6*7_504_924_672)},
		{"llama-3.1-8b at 128k", 131072, 1 + 12*32*32*128*131072.0/(6*7_504_924_672)},
	} {
		f := ModelFLOPsPerToken(l8, ModeFull, tc.seq)
		if got := f.Total() / f.Dense; !nearRel(got, tc.ratio) || !nearRel(f.Dense, 6*7_504_924_672) {
			t.Errorf("%s: ratio %v dense %v, want ratio %v dense %v", tc.name, got, f.Dense, tc.ratio, 6*7_504_924_672.0)
		}
	}
	if q := AttentionHeadDim(preset(t, "deepseek-v3")); q != 160 {
		t.Errorf("DeepSeek-V3's MLA head size for FLOPs: got %v, want (192 + 128) / 2 = 160", q)
	}
	// gpt-oss-120b: 18 of 36 layers attend a window of 128 tokens
	oss := preset(t, "gpt-oss-120b")
	if got, want := AttendedTokens(oss, 4096), 18*4096.0+18*128; got != want {
		t.Errorf("gpt-oss-120b at 4096: attended %v, want %v", got, want)
	}
	if got, want := ModelFLOPsPerToken(l8, ModeQLoRA, 4096).Dense, 4*7_504_924_672.0; got != want {
		t.Errorf("QLoRA dense term: got %v, want 4N = %v", got, want)
	}
}

func TestServingJob(t *testing.T) {
	// 1B tokens a day = 11,574.07 tokens/s on average. One 2-card replica
	// bounded at 6,000 tokens/s for its batch, at 50%: 3,000 tokens/s, so
	// ceil(11,574.07 / 3,000) = 4 replicas = 8 cards. At ¥9 per card-hour:
	// 8 x 24 x 9 = ¥1,728 a day = ¥1.728 per 1M tokens.
	s, err := ServingJob(1e9, 6000, 2, 0, 9)
	if err != nil {
		t.Fatal(err)
	}
	if s.Replicas != 4 || s.Cards != 8 || s.Efficiency != 0.5 || !nearRel(s.CostPerDay, 1728) || !nearRel(s.CostPerMTok, 1.728) || !nearRel(s.TokensPerSec, 1e9/86400) {
		t.Errorf("got %+v", s)
	}
	// A volume one replica covers still needs that replica.
	if s, _ := ServingJob(1e6, 6000, 1, 0.6, 0); s.Replicas != 1 || s.Cards != 1 || s.CostPerDay != 0 {
		t.Errorf("small volume: %+v", s)
	}
	for _, bad := range [][5]float64{{0, 6000, 1, 0.5, 9}, {1e9, 0, 1, 0.5, 9}, {1e9, 6000, 0, 0.5, 9}, {1e9, 6000, 1, 1.5, 9}, {1e9, 6000, 1, 0.5, -1}} {
		if _, err := ServingJob(bad[0], bad[1], int(bad[2]), bad[3], bad[4]); err == nil {
			t.Errorf("ServingJob%v accepted", bad)
		}
	}
}
