package tier

import (
	"math"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/choice"
	"gpuadvisor/advisor/sizing"
)

// data is the JSON contract of the tier command (chat.RenderJSON marshals it).
// The names command, memory.*, gpu, cards, needs_nvlink and needs_infiniband
// are relied on by other parts and tests; memory fields are per card after
// sharding, in GB of 10^9 bytes.
type data struct {
	Command         string           `json:"command"`
	Fits            bool             `json:"fits"`
	Memory          sizing.Breakdown `json:"memory"`
	GPU             string           `json:"gpu"`
	GPUName         string           `json:"gpu_name"`
	Tier            string           `json:"tier"`
	Cards           int              `json:"cards"`
	Nodes           int              `json:"nodes"`
	NeedsNVLink     bool             `json:"needs_nvlink"`
	NeedsInfiniBand bool             `json:"needs_infiniband"`
	// Interconnect is the link the cards talk over and the share of the
	// job's speed it keeps; InterconnectEfficiency repeats that share.
	Interconnect           sizing.Interconnect `json:"interconnect"`
	InterconnectEfficiency float64             `json:"interconnect_efficiency"`
	CapacityGB             float64             `json:"capacity_gb"`
	CapacityMiB            int                 `json:"capacity_mib"`
	UsablePct              float64             `json:"usable_pct"`
	UtilizationPct         float64             `json:"utilization_pct"`
	Layout                 sizing.Layout       `json:"layout"`
	ZeroAuto               bool                `json:"zero_auto,omitempty"`
	Model                  modelData           `json:"model"`
	Mode                   sizing.Mode         `json:"mode"`
	Optimizer              sizing.Optimizer    `json:"optimizer,omitempty"`
	Rank                   int                 `json:"rank,omitempty"`
	Recompute              sizing.Recompute    `json:"recompute,omitempty"`
	Precision              sizing.Precision    `json:"precision"`
	// KVPrecision is the KV cache's format: bf16 (16-bit) or fp8.
	KVPrecision  sizing.Precision `json:"kv_precision"`
	Seq          int              `json:"seq"`
	Batch        int              `json:"batch"`
	Price        priceData        `json:"price"`
	Market       marketData       `json:"market"`
	PriceOptions []optionData     `json:"price_options"`
	ChosenBy     choice.ChosenBy  `json:"chosen_by"`
	Job          *jobData         `json:"job,omitempty"`
	Infer        *inferData       `json:"infer,omitempty"`
	Alternatives []altData        `json:"alternatives"`
	Rules        []string         `json:"rules"`
	Assumptions  []string         `json:"assumptions"`
	Warnings     []string         `json:"warnings"`
}

type modelData struct {
	ID     string  `json:"id,omitempty"`
	Name   string  `json:"name"`
	Params float64 `json:"params"`
	catalog.Shape
	Context       int     `json:"context,omitempty"`
	ActiveParams  float64 `json:"active_params,omitempty"`
	Experts       int     `json:"experts,omitempty"`
	ExpertsActive int     `json:"experts_active,omitempty"`
	SharedExperts int     `json:"shared_experts,omitempty"`
	ExpertFFN     int     `json:"expert_ffn,omitempty"`
	KVLoRARank    int     `json:"kv_lora_rank,omitempty"`
	QKRopeDim     int     `json:"qk_rope_head_dim,omitempty"`
	Stored        string  `json:"stored,omitempty"`
	ContextScaled int     `json:"context_scaled,omitempty"`
	// LayerPattern is which layers attend less than the whole context;
	// absent when every layer is full attention.
	LayerPattern *layerPattern `json:"layer_pattern,omitempty"`
	Approximate  bool          `json:"approximate"`
	Derived      []string      `json:"derived,omitempty"`
	Source       string        `json:"source,omitempty"`
	// Typed is the name as the user typed it, when it was read forgivingly
	// (a typo, a Chinese brand name, a left-out version).
	Typed string `json:"typed,omitempty"`
}

// layerPattern is the JSON model.layer_pattern: how many layers attend the
// whole context, a sliding window or a chunk.
type layerPattern struct {
	FullLayers    int `json:"full_layers"`
	SlidingLayers int `json:"sliding_layers,omitempty"`
	SlidingWindow int `json:"sliding_window,omitempty"`
	ChunkedLayers int `json:"chunked_layers,omitempty"`
	ChunkSize     int `json:"attention_chunk_size,omitempty"`
}

// inferData are the serving figures: max_context_tokens is capped by the
// model's limit, max_context_memory_tokens is what memory alone allows; the
// decode bounds count the KV cache of every sequence of the batch.
type inferData struct {
	MaxContextTokens      int     `json:"max_context_tokens"`
	MemoryContextTokens   int     `json:"max_context_memory_tokens"`
	ModelContextTokens    int     `json:"model_context_tokens,omitempty"`
	SlidingReserveCardGB  float64 `json:"sliding_reserve_card_gb,omitempty"`
	DecodeTokensPerSec    float64 `json:"decode_tokens_per_s_max"`
	DecodeTokensPerSecAll float64 `json:"decode_tokens_per_s_all_max"`
	BandwidthGBs          float64 `json:"bandwidth_gbs"`
	BytesPerTokenGB       float64 `json:"bytes_per_token_gb"`
	KVReplicas            float64 `json:"kv_replicas"`
	// Sequences is how many concurrent sequences at seq the pick holds.
	Sequences int `json:"concurrent_sequences"`
	// HeadroomGB is what each card leaves free under the usable limit.
	HeadroomGB float64 `json:"headroom_gb"`
	// Tight is set when the pick leaves less than the headroom: no layout
	// of the card left more.
	Tight bool `json:"tight,omitempty"`
	// EngineReserve is the serving engine release's start-up reserve that
	// memory.overhead_gb holds, part by part, when the model names one.
	EngineReserve *engineReserveData `json:"engine_reserve,omitempty"`
}

// engineReserveData is what a serving engine release (sizing.Engine) reserves
// on each card at start-up, in GB: overhead_gb = 1 + serving_peak_gb +
// nccl_nvls_gb + rope_table_gb + block_table_gb, where serving_peak_gb is the
// larger of the prefill chunk and sampler_warmup_gb.
type engineReserveData struct {
	Engine          string  `json:"engine"`
	Source          string  `json:"source"`
	MaxNumSeqs      int     `json:"max_num_seqs"`
	SamplerBytes    float64 `json:"sampler_bytes_per_entry"`
	SamplerWarmupGB float64 `json:"sampler_warmup_gb"`
	ServingPeakGB   float64 `json:"serving_peak_gb"`
	NVLSGB          float64 `json:"nccl_nvls_gb"`
	RoPETableGB     float64 `json:"rope_table_gb"`
	BlockTableGB    float64 `json:"block_table_gb"`
}

type altData struct {
	Kind           string           `json:"kind"`
	GPU            string           `json:"gpu"`
	Cards          int              `json:"cards"`
	PerCardGB      float64          `json:"per_card_gb"`
	UtilizationPct float64          `json:"utilization_pct"`
	NeedsNVLink    bool             `json:"needs_nvlink"`
	NeedsIB        bool             `json:"needs_infiniband"`
	Layout         sizing.Layout    `json:"layout"`
	Mode           sizing.Mode      `json:"mode"`
	Precision      sizing.Precision `json:"precision"`
	Recompute      sizing.Recompute `json:"recompute,omitempty"`
	// Interconnect is the link the alternative's cards talk over in its
	// own mode.
	Interconnect sizing.Interconnect `json:"interconnect"`
	Note         string              `json:"note"`
}

// round4 keeps JSON readable: 4 decimals are far below what the estimate can claim.
func round4(v float64) float64 { return math.Round(v*1e4) / 1e4 }

func roundBreakdown(b sizing.Breakdown) sizing.Breakdown {
	return sizing.Breakdown{
		WeightsGB: round4(b.WeightsGB), GradientsGB: round4(b.GradientsGB), OptimizerGB: round4(b.OptimizerGB),
		ActivationsGB: round4(b.ActivationsGB), KVCacheGB: round4(b.KVCacheGB), OverheadGB: round4(b.OverheadGB), PerCardGB: round4(b.PerCardGB),
	}
}
