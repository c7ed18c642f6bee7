package sizing

import (
	"fmt"

	"gpuadvisor/advisor/catalog"
)

// Mode is what the cards are rented for.
type Mode string

// The modes.
const (
	ModeFull  Mode = "full"  // full-parameter training or fine-tuning
	ModeLoRA  Mode = "lora"  // LoRA on a frozen 16-bit base
	ModeQLoRA Mode = "qlora" // LoRA on a frozen 4-bit (NF4) base
	ModeInfer Mode = "infer" // serving
)

// Training reports whether the mode trains (and so has gradients and activations).
func (m Mode) Training() bool { return m != ModeInfer }

// Optimizer is the optimizer of trainable parameters.
type Optimizer string

// The optimizers.
const (
	AdamW    Optimizer = "adamw"    // fp32 master + momentum + variance: 12 bytes/param
	Adam8bit Optimizer = "adam8bit" // fp32 master + two 8-bit moments: 6 bytes/param
	SGD      Optimizer = "sgd"      // fp32 master + fp32 momentum: 8 bytes/param
)

// StateBytes is the optimizer's memory per trainable parameter, beyond the
// 16-bit weight and gradient: K in the ZeRO paper (12 for mixed-precision Adam).
func (o Optimizer) StateBytes() float64 {
	switch o {
	case Adam8bit:
		return 4 + 1 + 1
	case SGD:
		return 4 + 4
	}
	return 4 + 4 + 4
}

// Recompute is the activation recomputation (gradient checkpointing) setting.
type Recompute string

// The recomputation settings of Korthikanti et al. 2022.
const (
	RecomputeNone      Recompute = "none"
	RecomputeSelective Recompute = "selective"
	RecomputeFull      Recompute = "full"
)

// Precision is the number format of the weights at inference.
type Precision string

// The precisions.
const (
	FP16 Precision = "fp16"
	BF16 Precision = "bf16"
	FP8  Precision = "fp8"
	INT8 Precision = "int8"
	INT4 Precision = "int4"
	// MXFP4 is gpt-oss's checkpoint format: the routed experts in 4-bit
	// microscaling floats (an 8-bit scale per 32 weights, 4.25 bits), the
	// rest 16-bit.
	MXFP4 Precision = "mxfp4"
)

// KVFactor is the KV cache's bytes per value over 16-bit: 0.5 for an FP8
// cache, 1 otherwise.
func (r Request) KVFactor() float64 {
	if r.KVPrecision == FP8 {
		return 0.5
	}
	return 1
}

// WeightBits is the bits per quantized weight: 16, 8, or 4.15625 for int4 (a
// 16-bit scale and a 4-bit zero point per group of 128 weights, as AWQ and
// GPTQ store them).
func (p Precision) WeightBits() float64 {
	switch p {
	case FP8, INT8:
		return 8
	case INT4:
		return Int4Bits
	case MXFP4:
		return MXFP4Bits
	}
	return 16
}

// ExpertsOnly reports whether the precision quantizes only the routed
// experts (MXFP4, as gpt-oss stores it).
func (p Precision) ExpertsOnly() bool { return p == MXFP4 }

// ExpertsOnlyFor reports whether p quantizes only m's routed experts: MXFP4,
// or FP8 for a model whose published FP8 checkpoint does so (Llama 4
// Maverick: catalog.Model.FP8ExpertsOnly).
func ExpertsOnlyFor(m catalog.Model, p Precision) bool {
	return p.ExpertsOnly() || p == FP8 && m.FP8ExpertsOnly
}

// Quantized reports whether the precision is narrower than 16 bits.
func (p Precision) Quantized() bool { return p.WeightBits() < 16 }

// Figures used by the rules; see the package doc for their sources.
const (
	// GB is a decimal gigabyte.
	GB = 1e9
	// ReserveGB is the fixed runtime reserve per card: the CUDA context,
	// cuBLAS and NCCL workspaces. What the workload needs on top (the
	// activation peak of serving's profiling pass) is added per request.
	ReserveGB = 1.0
	// DefaultUtilization is the share of a card's capacity a plan may use
	// when utilization= is not given: vLLM's gpu_memory_utilization default.
	DefaultUtilization = 0.90
	// MinUtilization and MaxUtilization bound utilization=.
	MinUtilization, MaxUtilization = 0.5, 0.98
	// SaferUtilization is the bar for the "safer" alternative.
	SaferUtilization = 0.75
	// MXFP4Bits is MXFP4: 4-bit values plus an 8-bit scale per 32.
	MXFP4Bits = 4.25
	// ClosestGain is the share of the need a doubling of cards must leave for
	// a larger count to count as closer when nothing fits (a 5% saving).
	ClosestGain = 0.95
	// NodeCards is the cards in one server (one NVLink domain).
	NodeCards = 8
	// NF4Bits is QLoRA's bits per quantized parameter: NF4 plus double-quantized
	// constants (Dettmers et al. 2023: 0.127 bits/param).
	NF4Bits = 4.127
	// Int4Bits is int4 inference as AWQ and GPTQ checkpoints store it: 4 bits
	// per weight, and per group of 128 weights of one output column a 16-bit
	// scale and a 4-bit zero point (AWQ's qweight, scales and qzeros; GPTQ
	// adds a g_idx of one int32 per input row, under 0.01 bit): 4 + 20/128.
	// Qwen2.5-32B-Instruct-AWQ's shards are 19.33 GB, which this gives to
	// 0.02%; 4.125 bits (the scale alone) gave 0.65% too little.
	Int4Bits = 4 + (16+4)/128.0
	// MinTrainTFLOPS is the dense BF16 a card needs to be picked for training:
	// half of an A100's 312.
	MinTrainTFLOPS = 156
	// MaxCards is the largest card count the advisor plans for.
	MaxCards = 1024
	// DefaultRank is the LoRA rank when none is given.
	DefaultRank = 16
	// DefaultSeq is the sequence length when none is given.
	DefaultSeq = 4096
	// ZeroAuto lets the advisor choose the lowest ZeRO stage that fits.
	ZeroAuto = -1
)

// Request is one memory question.
type Request struct {
	// Model is a catalog preset or a shape from Shape.
	Model catalog.Model `json:"-"`
	// Mode is full, lora, qlora or infer.
	Mode Mode `json:"mode"`
	// Optimizer applies to the trainable parameters (all of them for full,
	// the adapters for lora and qlora).
	Optimizer Optimizer `json:"optimizer,omitempty"`
	// Zero is the ZeRO stage 0..3, or ZeroAuto.
	Zero int `json:"zero"`
	// Cards fixes the card count: the data-parallel degree for training, the
	// cards one replica is split over for inference. 0 lets Advise choose.
	Cards int `json:"cards,omitempty"`
	// GPU forces a catalog GPU id; "" lets Advise choose.
	GPU string `json:"gpu,omitempty"`
	// Rank is the LoRA rank r.
	Rank int `json:"rank,omitempty"`
	// Precision is the weight format at inference (training is bf16/fp16 mixed precision).
	Precision Precision `json:"precision"`
	// KVPrecision is the KV cache's number format at inference: BF16 (or
	// FP16) 2 bytes per value, FP8 1 byte (vLLM's --kv-cache-dtype fp8).
	KVPrecision Precision `json:"kv_precision,omitempty"`
	// Seq is the sequence (context) length in tokens.
	Seq int `json:"seq"`
	// Batch is the micro-batch per card in training, concurrent sequences in inference.
	Batch int `json:"batch"`
	// Recompute is the activation recomputation setting (training only).
	Recompute Recompute `json:"recompute,omitempty"`
	// Utilization is the share of each card's capacity the plan may use
	// (0 = DefaultUtilization).
	Utilization float64 `json:"utilization"`
	// Engine is the serving engine release whose start-up reserve serving is
	// sized by (EngineByID); WithDefaults takes the model's ServingEngine.
	// Empty: the engine-independent reserve (ReserveGB and ServingPeak).
	Engine string `json:"engine,omitempty"`
}

// engine is the request's serving engine release, nil for the
// engine-independent reserve (and for training).
func (r *Request) engine() *Engine {
	if r.Engine == "" || r.Mode.Training() {
		return nil
	}
	for i := range engines {
		if engines[i].ID == r.Engine {
			return &engines[i]
		}
	}
	return nil
}

func (r Request) engineUnknown() bool {
	_, ok := EngineByID(r.Engine)
	return !ok
}

// OptimizerBytes is K, the optimizer's bytes per trainable parameter beyond
// the 16-bit weight and gradient. Full training and LoRA keep fp32 master
// weights (StateBytes); QLoRA's own code keeps the adapters in bf16 and pages
// only the optimizer moments (Dettmers et al. 2023): 8 bytes for 32-bit
// AdamW, 2 for 8-bit Adam, 4 for SGD momentum.
func (r Request) OptimizerBytes() float64 {
	if r.Mode != ModeQLoRA {
		return r.Optimizer.StateBytes()
	}
	switch r.Optimizer {
	case Adam8bit:
		return 1 + 1
	case SGD:
		return 4
	}
	return 4 + 4
}

// WithDefaults fills what was left out: mode full, optimizer adamw, ZeRO auto,
// rank 16, precision bf16, seq 4096, batch 1, and recompute full for lora and
// qlora (gradient checkpointing, as in the QLoRA recipes and common fine-tuning
// tools) or selective for full training (FlashAttention never stores the
// attention scores, which is what selective recomputation drops).
func (r Request) WithDefaults() Request {
	if r.Mode == "" {
		r.Mode = ModeFull
	}
	if r.Precision == "" {
		r.Precision = BF16
	}
	if r.KVPrecision == "" {
		r.KVPrecision = BF16
	}
	if r.Seq == 0 {
		r.Seq = DefaultSeq
	}
	if r.Batch == 0 {
		r.Batch = 1
	}
	if r.Utilization == 0 {
		r.Utilization = DefaultUtilization
	}
	if r.Engine == "" {
		r.Engine = r.Model.ServingEngine
	}
	if r.Mode.Training() {
		if r.Optimizer == "" {
			r.Optimizer = AdamW
		}
		if r.Recompute == "" {
			r.Recompute = RecomputeSelective
			if r.Mode != ModeFull {
				r.Recompute = RecomputeFull
			}
		}
	} else {
		r.Optimizer, r.Recompute, r.Zero = "", "", 0
	}
	if (r.Mode == ModeLoRA || r.Mode == ModeQLoRA) && r.Rank == 0 {
		r.Rank = DefaultRank
	}
	return r
}

// Validate checks a request after WithDefaults. The error is for programmers;
// the chat layer checks user input first and explains it in the user's language.
func (r Request) Validate() error {
	m := r.Model
	switch {
	case m.Params <= 0 || m.Layers <= 0 || m.Hidden <= 0 || m.Heads <= 0 || m.KVHeads <= 0 || m.HeadDim <= 0 || m.FFN <= 0 || m.Vocab <= 0:
		return fmt.Errorf("model %q: size and shape must be positive", m.ID)
	case m.Heads%m.KVHeads != 0:
		return fmt.Errorf("model %q: heads %d not a multiple of kv_heads %d", m.ID, m.Heads, m.KVHeads)
	case r.Mode != ModeFull && r.Mode != ModeLoRA && r.Mode != ModeQLoRA && r.Mode != ModeInfer:
		return fmt.Errorf("unknown mode %q", r.Mode)
	case m.MoE() && (m.ExpertsActive < 1 || m.ExpertsActive > m.Experts || m.ExpertFFN <= 0):
		return fmt.Errorf("model %q: experts_active must be 1..experts and expert_ffn positive", m.ID)
	case r.Utilization < MinUtilization || r.Utilization > MaxUtilization:
		return fmt.Errorf("utilization %v outside %v..%v", r.Utilization, MinUtilization, MaxUtilization)
	case r.Seq < 1 || r.Batch < 1:
		return fmt.Errorf("seq %d and batch %d must be at least 1", r.Seq, r.Batch)
	case r.Cards < 0 || r.Cards > MaxCards:
		return fmt.Errorf("cards %d outside 0..%d", r.Cards, MaxCards)
	case r.Zero < ZeroAuto || r.Zero > 3:
		return fmt.Errorf("zero stage %d outside 0..3", r.Zero)
	case r.Mode.Training() && r.Precision != BF16 && r.Precision != FP16:
		return fmt.Errorf("training runs in bf16 or fp16 mixed precision, not %s", r.Precision)
	case r.Mode.Training() && r.Recompute != RecomputeNone && r.Recompute != RecomputeSelective && r.Recompute != RecomputeFull:
		return fmt.Errorf("unknown recompute %q", r.Recompute)
	case r.Mode.Training() && r.Optimizer != AdamW && r.Optimizer != Adam8bit && r.Optimizer != SGD:
		return fmt.Errorf("unknown optimizer %q", r.Optimizer)
	case (r.Mode == ModeLoRA || r.Mode == ModeQLoRA) && r.Rank < 1:
		return fmt.Errorf("LoRA rank %d must be at least 1", r.Rank)
	case r.Precision == MXFP4 && !m.MoE():
		return fmt.Errorf("mxfp4 quantizes routed experts; %q has none", m.ID)
	case !r.Mode.Training() && r.Precision.WeightBits() == 16 && r.Precision != FP16 && r.Precision != BF16:
		return fmt.Errorf("unknown precision %q", r.Precision)
	case r.KVPrecision != BF16 && r.KVPrecision != FP16 && r.KVPrecision != FP8:
		return fmt.Errorf("KV cache precision %q is not bf16, fp16 or fp8", r.KVPrecision)
	case r.Mode.Training() && r.KVPrecision == FP8:
		return fmt.Errorf("an fp8 KV cache is for serving, not training")
	case r.Engine != "" && r.engineUnknown():
		return fmt.Errorf("unknown serving engine %q (known: %v)", r.Engine, EngineIDs())
	}
	return nil
}

// BatchDefaults are a serving engine's max_num_batched_tokens (the tokens
// of one prefill chunk, which its profiling pass runs) and max_num_seqs (the
// sequences whose fp32 logits the sampler then holds) when `vllm serve` is
// not told them: together the activation peak it reserves before sizing
// the KV cache, and the chunk a sliding-window layer's reserve adds to its
// window. vLLM picks them by card (EngineArgs.get_batch_defaults,
// vllm/engine/arg_utils.py): 8,192 tokens and 1,024 sequences on a card of
// at least 70 GiB that is not an A100 (H100, H800, H20, H200, B200, A800),
// 2,048 and 256 on the others (A100 excluded for throughput, vLLM PR #17885).
type BatchDefaults struct {
	// Tokens is max_num_batched_tokens, Seqs max_num_seqs.
	Tokens, Seqs int
}

// LargeCardBatch and SmallCardBatch are vLLM's two sets of defaults for
// `vllm serve` (BatchDefaults); BatchDefaultsFor says which a card gets.
// An estimate that knows no card (Estimate) takes LargeCardBatch, the larger
// reserve.
var (
	LargeCardBatch = BatchDefaults{Tokens: 8192, Seqs: 1024}
	SmallCardBatch = BatchDefaults{Tokens: 2048, Seqs: 256}
)

// largeCardMiB is vLLM's threshold for LargeCardBatch: 70 GiB.
const largeCardMiB = 70 * 1024

// BatchDefaultsFor is the BatchDefaults vLLM takes on card g: LargeCardBatch
// for at least 70 GiB of memory on a card that is not an A100, else
// SmallCardBatch (an RTX 4090, an L40S or L20, an A10, any A100, an Ascend
// 910B's 64 GB).
func BatchDefaultsFor(g *catalog.GPU) BatchDefaults {
	if g.MemoryMiB >= largeCardMiB && g.Family != "a100" {
		return LargeCardBatch
	}
	return SmallCardBatch
}
