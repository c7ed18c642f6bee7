package sizing

import (
	"fmt"
	"math"

	"gpuadvisor/advisor/catalog"
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
	// Seq is the sequence length T of the attention term.
	Seq int `json:"seq"`
	// FLOPsPerToken is k, the multiple of N in the dense term: 6 for full
	// training (forward 2N, backward 4N), 4 for LoRA and QLoRA (no
	// gradients of the frozen weights). Recomputation does not change it.
	FLOPsPerToken float64 `json:"flops_per_param_token"`
	// FLOPs is the run's model FLOPs: FLOPsDense + FLOPsAttention.
	FLOPs float64 `json:"flops"`
	// FLOPsDense is k·N·D; FLOPsAttention is 12·H·Q·ΣT·D (see flops.go).
	FLOPsDense     float64 `json:"flops_dense"`
	FLOPsAttention float64 `json:"flops_attention"`
	// RecomputeFLOPs is the hardware FLOPs activation recomputation adds
	// over the run, which MFU does not count (0 without recomputation).
	RecomputeFLOPs float64 `json:"recompute_flops,omitempty"`
	// MFU is model FLOPs over the cards' dense BF16 peak.
	MFU float64 `json:"mfu"`
	// HFU is the hardware FLOPs utilization the run reaches at MFU:
	// MFU × (FLOPs + RecomputeFLOPs) / FLOPs.
	HFU float64 `json:"hfu"`
	// Hours is wall-clock hours on Cards cards: FLOPs / (Cards × peak × MFU).
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
	// Model gives N (Model.ActiveParams: every parameter for a dense
	// model, the active ones for a mixture of experts, without the input
	// embedding) and the attention's shape and layer pattern.
	Model catalog.Model
	// Seq is the training sequence length.
	Seq    int
	Tokens float64
	Cards  int
	// PeakTFLOPS is one card's dense (not sparse) BF16 tensor peak.
	PeakTFLOPS float64
	// MFU is the share of peak reached; 0 means DefaultMFU.
	MFU float64
	// PricePerCardHour is what one card-hour costs; 0 leaves the cost out.
	PricePerCardHour float64
}

// TrainingJob estimates a run: model FLOPs = D × (k·N + 12·H·Q·ΣT) (see
// flops.go), hours = FLOPs / (cards x peak x MFU). Recomputation adds
// hardware FLOPs (RecomputeFLOPs, HFU), not hours.
func TrainingJob(in JobInput) (Job, error) {
	mfu := in.MFU
	if mfu == 0 {
		mfu = DefaultMFU
	}
	n := 0.0
	if in.Model.Layers > 0 {
		n = in.Model.ActiveParams()
	}
	switch {
	case !in.Mode.Training():
		return Job{}, fmt.Errorf("job cost: mode %q is not training", in.Mode)
	case !(n > 0) || math.IsInf(n, 0):
		return Job{}, fmt.Errorf("job cost: active parameters %v must be positive", n)
	case in.Seq < 1:
		return Job{}, fmt.Errorf("job cost: sequence length %d must be at least 1", in.Seq)
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
	f := ModelFLOPsPerToken(in.Model, in.Mode, in.Seq)
	j := Job{Tokens: in.Tokens, Seq: in.Seq, FLOPsPerToken: denseMultiple(in.Mode), MFU: mfu, Cards: in.Cards}
	j.FLOPsDense = f.Dense * in.Tokens
	j.FLOPsAttention = f.Attention * in.Tokens
	j.FLOPs = j.FLOPsDense + j.FLOPsAttention
	j.RecomputeFLOPs = RecomputeFLOPsPerToken(in.Model, in.Mode, in.Seq, in.Recompute) * in.Tokens
	j.HFU = mfu * (j.FLOPs + j.RecomputeFLOPs) / j.FLOPs
	j.Hours = j.FLOPs / (float64(in.Cards) * in.PeakTFLOPS * 1e12 * mfu) / 3600
	if in.PricePerCardHour > 0 {
		j.Cost = j.Hours * float64(in.Cards) * in.PricePerCardHour
		j.CostPerMTok = j.Cost / (in.Tokens / 1e6)
	}
	return j, nil
}

// DefaultServingEfficiency is the share of the decode bound (a memory
// bandwidth roofline) a serving engine reaches over a day: continuous
// batching keeps most of the bandwidth busy, but prefill, scheduling and
// uneven load take their share. Every answer states the value used.
const DefaultServingEfficiency = 0.5

// Serving is what serving a daily token volume takes.
type Serving struct {
	TokensPerDay float64 `json:"tokens_per_day"`
	// TokensPerSec is the average rate that volume needs.
	TokensPerSec float64 `json:"tokens_per_s"`
	// ReplicaTokensPerSec is one replica's decode bound for its whole batch
	// times Efficiency.
	ReplicaTokensPerSec float64 `json:"replica_tokens_per_s"`
	Efficiency          float64 `json:"efficiency"`
	Replicas            int     `json:"replicas"`
	Cards               int     `json:"cards"`
	// CostPerDay is Cards x 24 h x the price per card-hour (0 when no price).
	CostPerDay  float64 `json:"cost_per_day,omitempty"`
	CostPerMTok float64 `json:"cost_per_mtok,omitempty"`
}

// ServingJob sizes serving tokensPerDay output tokens, spread evenly over the
// day, with replicas of cardsPerReplica cards whose whole-batch decode bound
// is boundPerReplica tokens/s, at efficiency (0 means the default) and
// pricePerCardHour (0 leaves the cost out). Peaks above the average need
// more replicas than this.
func ServingJob(tokensPerDay, boundPerReplica float64, cardsPerReplica int, efficiency, pricePerCardHour float64) (Serving, error) {
	if efficiency == 0 {
		efficiency = DefaultServingEfficiency
	}
	switch {
	case !(tokensPerDay > 0) || math.IsInf(tokensPerDay, 0):
		return Serving{}, fmt.Errorf("serving cost: tokens per day %v must be positive", tokensPerDay)
	case !(boundPerReplica > 0) || math.IsInf(boundPerReplica, 0):
		return Serving{}, fmt.Errorf("serving cost: decode bound %v must be positive", boundPerReplica)
	case cardsPerReplica < 1:
		return Serving{}, fmt.Errorf("serving cost: cards per replica %d must be at least 1", cardsPerReplica)
	case !(efficiency > 0 && efficiency <= 1):
		return Serving{}, fmt.Errorf("serving cost: efficiency %v is outside 0..1", efficiency)
	case pricePerCardHour < 0 || math.IsNaN(pricePerCardHour):
		return Serving{}, fmt.Errorf("serving cost: price %v must not be negative", pricePerCardHour)
	}
	s := Serving{TokensPerDay: tokensPerDay, TokensPerSec: tokensPerDay / 86400, ReplicaTokensPerSec: boundPerReplica * efficiency, Efficiency: efficiency}
	s.Replicas = int(math.Ceil(s.TokensPerSec / s.ReplicaTokensPerSec))
	s.Cards = s.Replicas * cardsPerReplica
	if pricePerCardHour > 0 {
		s.CostPerDay = float64(s.Cards) * 24 * pricePerCardHour
		s.CostPerMTok = s.CostPerDay / (tokensPerDay / 1e6)
	}
	return s, nil
}
