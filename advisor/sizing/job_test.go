package sizing

import (
	"math"
	"testing"
)

func nearRel(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestTrainingJob(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    JobInput
		k     float64
		hours float64
		cost  float64
	}{
		// 6 x 7e9 x 1e9 = 4.2e19 FLOPs; 8 x 312e12 x 0.35 = 8.736e14 FLOP/s;
		// 4.2e19 / 8.736e14 = 48,076.9 s = 13.355 h; x 8 cards x ¥9 = ¥961.54.
		{"7B full, 1B tokens, 8 A100", JobInput{Mode: ModeFull, ActiveParams: 7e9, Tokens: 1e9, Cards: 8, PeakTFLOPS: 312, PricePerCardHour: 9},
			6, 4.2e19 / 8.736e14 / 3600, 4.2e19 / 8.736e14 / 3600 * 8 * 9},
		// Full recomputation adds a forward pass: 8·N·D.
		{"7B full with recompute", JobInput{Mode: ModeFull, Recompute: RecomputeFull, ActiveParams: 7e9, Tokens: 1e9, Cards: 8, PeakTFLOPS: 312},
			8, 5.6e19 / 8.736e14 / 3600, 0},
		// LoRA: 4 x 14e9 x 2e8 = 1.12e19; one H800 (989 TFLOPS) at MFU 0.3:
		// 1.12e19 / 2.967e14 = 37,748.6 s = 10.486 h.
		{"14B LoRA, 200M tokens, 1 H800, MFU 0.3", JobInput{Mode: ModeLoRA, ActiveParams: 14e9, Tokens: 2e8, Cards: 1, PeakTFLOPS: 989, MFU: 0.3},
			4, 1.12e19 / (989e12 * 0.3) / 3600, 0},
		// MoE: N is the active parameters (DeepSeek-V3: 37B of 671B).
		{"MoE counts active parameters", JobInput{Mode: ModeFull, ActiveParams: 37e9, Tokens: 1e9, Cards: 64, PeakTFLOPS: 989, PricePerCardHour: 20},
			6, 6 * 37e9 * 1e9 / (64 * 989e12 * 0.35) / 3600, 6 * 37e9 * 1e9 / (64 * 989e12 * 0.35) / 3600 * 64 * 20},
	} {
		j, err := TrainingJob(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if j.FLOPsPerToken != tc.k || !nearRel(j.Hours, tc.hours) || !nearRel(j.Cost, tc.cost) {
			t.Errorf("%s: k %v hours %v cost %v, want k %v hours %v cost %v", tc.name, j.FLOPsPerToken, j.Hours, j.Cost, tc.k, tc.hours, tc.cost)
		}
		if tc.cost > 0 && !nearRel(j.CostPerMTok, tc.cost/(tc.in.Tokens/1e6)) {
			t.Errorf("%s: cost per 1M tokens %v", tc.name, j.CostPerMTok)
		}
	}
	if j, _ := TrainingJob(JobInput{Mode: ModeFull, ActiveParams: 7e9, Tokens: 1e9, Cards: 8, PeakTFLOPS: 312}); !nearRel(j.Hours, 13.354700854700855) {
		t.Errorf("the hand-checked 13.355 h: got %v", j.Hours)
	}
	for _, bad := range []JobInput{
		{Mode: ModeInfer, ActiveParams: 7e9, Tokens: 1e9, Cards: 1, PeakTFLOPS: 312},
		{Mode: ModeFull, ActiveParams: 0, Tokens: 1e9, Cards: 1, PeakTFLOPS: 312},
		{Mode: ModeFull, ActiveParams: 7e9, Tokens: math.NaN(), Cards: 1, PeakTFLOPS: 312},
		{Mode: ModeFull, ActiveParams: 7e9, Tokens: 1e9, Cards: 0, PeakTFLOPS: 312},
		{Mode: ModeFull, ActiveParams: 7e9, Tokens: 1e9, Cards: 1, PeakTFLOPS: 0},
		{Mode: ModeFull, ActiveParams: 7e9, Tokens: 1e9, Cards: 1, PeakTFLOPS: 312, MFU: 0.9},
		{Mode: ModeFull, ActiveParams: 7e9, Tokens: 1e9, Cards: 1, PeakTFLOPS: 312, PricePerCardHour: -1},
	} {
		if _, err := TrainingJob(bad); err == nil {
			t.Errorf("TrainingJob(%+v) accepted", bad)
		}
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
