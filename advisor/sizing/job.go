package sizing

import (
	"fmt"
	"math"
)

// MFU defaults: the share of the cards' dense BF16 peak a training run
// reaches. Tuned Megatron or DeepSpeed runs reach 30-45%; a plain Hugging
// Face Trainer run 20-35%. The default sits where both ranges meet, and
// every answer states the value used. See docs/pricing.md.
const (
	DefaultMFU = 0.35
	MinMFU     = 0.05
	MaxMFU     = 0.75
)

// Job is a training run's compute, time and money.
type Job struct {
	// Tokens is D, the tokens the run trains on (epochs x dataset tokens).
	Tokens float64 `json:"tokens"`
	// FLOPsPerToken is the multiple of N: 6 for full training (forward 2N,
	// backward 4N), 8 with full recomputation (one more forward), 4 for
	// LoRA (no gradients of the frozen weights), 6 for LoRA with full
	// recomputation.
	FLOPsPerToken float64 `json:"flops_per_param_token"`
	FLOPs         float64 `json:"flops"`
	MFU           float64 `json:"mfu"`
	// Hours is wall-clock hours on Cards cards.
	Hours float64 `json:"hours"`
	Cards int     `json:"cards"`
	// Cost is Hours x Cards x the price per card-hour (0 when no price).
	Cost float64 `json:"cost,omitempty"`
	// CostPerMTok is Cost per million training tokens.
	CostPerMTok float64 `json:"cost_per_mtok,omitempty"`
}

// JobInput is what TrainingJob needs.
type JobInput struct {
	Mode      Mode
	Recompute Recompute
	// ActiveParams is N: every parameter for a dense model, the active ones
	// (per token) for a mixture of experts.
	ActiveParams float64
	Tokens       float64
	Cards        int
	// PeakTFLOPS is one card's dense (not sparse) BF16 tensor peak.
	PeakTFLOPS float64
	// MFU is the share of peak reached; 0 means DefaultMFU.
	MFU float64
	// PricePerCardHour is what one card-hour costs; 0 leaves the cost out.
	PricePerCardHour float64
}

// TrainingJob estimates a run: FLOPs = k·N·D with k from the mode (see
// Job.FLOPsPerToken), hours = FLOPs / (cards x peak x MFU).
func TrainingJob(in JobInput) (Job, error) {
	mfu := in.MFU
	if mfu == 0 {
		mfu = DefaultMFU
	}
	switch {
	case !in.Mode.Training():
		return Job{}, fmt.Errorf("job cost: mode %q is not training", in.Mode)
	case !(in.ActiveParams > 0) || math.IsInf(in.ActiveParams, 0):
		return Job{}, fmt.Errorf("job cost: active parameters %v must be positive", in.ActiveParams)
	case !(in.Tokens > 0) || math.IsInf(in.Tokens, 0):
		return Job{}, fmt.Errorf("job cost: tokens %v must be positive", in.Tokens)
	case in.Cards < 1:
		return Job{}, fmt.Errorf("job cost: cards %d must be at least 1", in.Cards)
	case !(in.PeakTFLOPS > 0):
		return Job{}, fmt.Errorf("job cost: the card's BF16 peak %v must be positive", in.PeakTFLOPS)
	case !(mfu >= MinMFU && mfu <= MaxMFU):
		return Job{}, fmt.Errorf("job cost: MFU %v is outside %v..%v", mfu, MinMFU, MaxMFU)
	case in.PricePerCardHour < 0 || math.IsNaN(in.PricePerCardHour):
		return Job{}, fmt.Errorf("job cost: price %v must not be negative", in.PricePerCardHour)
	}
	k := 6.0
	if in.Mode == ModeLoRA || in.Mode == ModeQLoRA {
		k = 4
	}
	if in.Recompute == RecomputeFull {
		k += 2
	}
	j := Job{Tokens: in.Tokens, FLOPsPerToken: k, MFU: mfu, Cards: in.Cards}
	j.FLOPs = k * in.ActiveParams * in.Tokens
	j.Hours = j.FLOPs / (float64(in.Cards) * in.PeakTFLOPS * 1e12 * mfu) / 3600
	if in.PricePerCardHour > 0 {
		j.Cost = j.Hours * float64(in.Cards) * in.PricePerCardHour
		j.CostPerMTok = j.Cost / (in.Tokens / 1e6)
	}
	return j, nil
}
