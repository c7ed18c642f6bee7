package sizing

import (
	"fmt"

	"gpuadvisor/advisor/catalog"
)

// Layout is how one job is spread over cards.
type Layout struct {
	// Cards is the total: DataParallel × TensorParallel × PipelineParallel.
	Cards int `json:"cards"`
	// DataParallel is the ZeRO sharding degree N (training).
	DataParallel int `json:"data_parallel"`
	// TensorParallel splits every layer over cards inside one node.
	TensorParallel int `json:"tensor_parallel"`
	// PipelineParallel splits the layers over groups of cards (inference past one node).
	PipelineParallel int `json:"pipeline_parallel"`
	// Zero is the ZeRO stage used (training).
	Zero int `json:"zero"`
	// ExpertParallel is how many cards an MoE model's experts are spread over
	// when serving (each card holds 1/ExpertParallel of them); memory per
	// card is the same as tensor parallelism of the experts would give.
	ExpertParallel int `json:"expert_parallel,omitempty"`
}

// Split reports whether one copy of the model is spread over several cards
// (tensor or pipeline parallel, or ZeRO-3 sharding the parameters): then the
// cards must share NVLink.
func (l Layout) Split() bool {
	return l.TensorParallel > 1 || l.PipelineParallel > 1 || l.Zero == 3 && l.DataParallel > 1
}

// Breakdown is the memory one card needs, in GB (10^9 bytes), after sharding.
// The JSON names are part of the tier command's contract.
type Breakdown struct {
	WeightsGB     float64 `json:"weights_gb"`
	GradientsGB   float64 `json:"gradients_gb"`
	OptimizerGB   float64 `json:"optimizer_gb"`
	ActivationsGB float64 `json:"activations_gb"`
	KVCacheGB     float64 `json:"kv_cache_gb"`
	OverheadGB    float64 `json:"overhead_gb"`
	PerCardGB     float64 `json:"per_card_gb"`
}

// Result is the memory per card for one request on one layout, with the
// intermediate figures that explain it.
type Result struct {
	// Memory is the per-card breakdown.
	Memory Breakdown `json:"memory"`
	// Layout is the layout estimated.
	Layout Layout `json:"layout"`
	// TrainableParams is Ψ for full training, the adapter count for LoRA, 0 for inference.
	TrainableParams float64 `json:"trainable_params"`
	// OptimizerBytes is K, the optimizer bytes per trainable parameter.
	OptimizerBytes float64 `json:"optimizer_bytes_per_param,omitempty"`
	// ModelWeightsGB is the whole model's weights as stored (before sharding).
	ModelWeightsGB float64 `json:"model_weights_gb"`
	// LayerActivationsGB is one layer's activations on one card.
	LayerActivationsGB float64 `json:"layer_activations_gb,omitempty"`
	// OutputActivationsGB is the logits term on one card.
	OutputActivationsGB float64 `json:"output_activations_gb,omitempty"`
	// KVPerTokenGB is the KV cache one more token of one sequence adds,
	// whole model: the layers whose cache grows with the context
	// (KVBytesPerToken; sliding-window layers keep a fixed reserve).
	KVPerTokenGB float64 `json:"kv_per_token_gb,omitempty"`
	// KVShards is what tensor parallelism divides a stage's KV cache by: the
	// degree, or the KV heads when there are fewer (each is then replicated).
	KVShards int `json:"kv_shards,omitempty"`
	// StageLayers is the layers on the heaviest pipeline stage (all layers
	// without pipeline parallelism); inference only.
	StageLayers int `json:"stage_layers,omitempty"`
	// KVPerTokenCardGB is the KV cache per token of one sequence on the
	// heaviest card: KVPerTokenGB × StageLayers / layers ÷ KVShards.
	KVPerTokenCardGB float64 `json:"kv_per_token_card_gb,omitempty"`
	// EmbeddingGB is the input embedding and output layer, always 16-bit
	// (whole model, before sharding); inference only.
	EmbeddingGB float64 `json:"embedding_gb,omitempty"`
	// ServingPeakGB is the activation peak serving reserves on each card
	// (ServingPeak); inference only. With a serving engine release
	// (Request.Engine) it is the larger of the prefill chunk (split by tensor
	// parallelism) and the release's sampler warm-up (SamplerWarmupGB): its
	// profiling pass runs them one after the other. The overhead is ReserveGB
	// plus this, NVLSGB, RoPETableGB and BlockTableGB.
	ServingPeakGB float64 `json:"serving_peak_gb,omitempty"`
	// Engine is the serving engine release the reserve follows ("" for the
	// engine-independent one); inference only.
	Engine string `json:"engine,omitempty"`
	// SamplerWarmupGB is the release's sampler warm-up on each card
	// (Engine.SamplerWarmupBytes).
	SamplerWarmupGB float64 `json:"sampler_warmup_gb,omitempty"`
	// NVLSGB is NCCL's NVLS buffers on each card (Engine.NVLSBytes), on an
	// NVLS card (NVLSCard) at tensor parallel 3 or more.
	NVLSGB float64 `json:"nccl_nvls_gb,omitempty"`
	// RoPETableGB is the rotary cos/sin table on each card
	// (Engine.RoPETableBytes).
	RoPETableGB float64 `json:"rope_table_gb,omitempty"`
	// BlockTableGB is the KV block table on each card for a context of the
	// request's seq (Engine.BlockTableBytes); it grows with the context.
	BlockTableGB float64 `json:"block_table_gb,omitempty"`
	// Batch is the serving batch defaults the estimate used (BatchDefaultsFor
	// the card; LargeCardBatch when it knows none): the prefill chunk and
	// sampler rows of ServingPeakGB and the chunk of a sliding-window layer's
	// reserve. Inference only.
	Batch BatchDefaults `json:"-"`
}

// Estimate computes the memory per card of req (after WithDefaults) on layout
// l; a zero Layout means one card. Every figure follows a rule of the package
// doc. It knows no card, so it leaves out what only some cards add (an engine
// release's NVLS buffers, NVLSCard) and serves with LargeCardBatch, the
// larger of vLLM's batch defaults (BatchDefaultsFor); Advise counts both for
// each card.
func Estimate(req Request, l Layout) (Result, error) {
	if err := req.Validate(); err != nil {
		return Result{}, fmt.Errorf("estimate memory: %w", err)
	}
	return estimate(req, normalize(l)), nil
}

// EstimateOn is Estimate on card g: with its serving batch defaults
// (BatchDefaultsFor) and, for an engine release that reserves them, its NVLS
// buffers (NVLSCard).
func EstimateOn(req Request, l Layout, g *catalog.GPU) (Result, error) {
	if err := req.Validate(); err != nil {
		return Result{}, fmt.Errorf("estimate memory: %w", err)
	}
	var e estimator
	e.initFor(&req, BatchDefaultsFor(g))
	e.nvls = e.engine != nil && e.engine.NVLSBytes > 0 && NVLSCard(g)
	return e.estimate(normalize(l)), nil
}

// estimator is what estimate needs of one validated request that does not
// depend on the layout, worked out once for all the layouts a search tries.
// Each figure is the exported function's own (a figure divided by the
// tensor-parallel degree t is kept at t = 1, and x/1 is x exactly), so every
// estimate is bit for bit what the functions give one call at a time.
type estimator struct {
	req Request // a copy: the estimator stays on its caller's stack
	// weights is WeightBytes of the whole model as stored for the mode.
	weights float64
	// k is the optimizer bytes per trainable parameter; trainable the
	// adapter count (LoRA and QLoRA).
	k, adapters float64
	// layerAct and outAct are LayerActivations and OutputActivations at t = 1.
	layerAct, outAct float64
	// embedding, kvPerToken and kvCache are in GB (inference); chunk and
	// logits are ServingPeak's two parts (the prefill chunk at t = 1, the
	// sampler's logits on every card), in bytes.
	embedding, kvPerToken, kvCache, chunk, logits float64
	// engine is the request's serving engine release (nil: none); sampler,
	// rope and blockTable are its sampler warm-up (in place of logits), RoPE
	// table and block table, in bytes; nvls is set for the estimator of the
	// cards with NVLS (search keeps one of each).
	engine                    *Engine
	sampler, rope, blockTable float64
	nvls                      bool
	// batch is the serving batch defaults of the cards this estimator is for
	// (BatchDefaultsFor; search keeps one estimator per set).
	batch BatchDefaults
}

func newEstimator(req *Request) *estimator {
	e := &estimator{}
	e.init(req)
	return e
}

// init works out req's figures with LargeCardBatch, for no card in particular.
func (e *estimator) init(req *Request) { e.initFor(req, LargeCardBatch) }

// initFor works out req's figures for cards with batch defaults d.
func (e *estimator) initFor(req *Request, d BatchDefaults) {
	m := req.Model
	*e = estimator{req: *req, weights: WeightBytes(m, req.Mode, req.Precision), batch: d}
	if req.Mode.Training() {
		e.k = req.OptimizerBytes()
		if req.Mode != ModeFull {
			e.adapters = AdapterParams(m, req.Rank)
		}
		e.layerAct = LayerActivations(m, req.Seq, req.Batch, 1, req.Recompute)
		e.outAct = OutputActivations(m, req.Seq, req.Batch, 1)
		return
	}
	e.embedding = 2 * min(m.EmbeddingParams(), m.Params) / GB
	e.kvPerToken = KVBytesPerToken(m) * req.KVFactor() / GB
	e.kvCache = KVCache(m, req.Seq, req.Batch, d.Tokens) * req.KVFactor() / GB
	e.chunk = prefillChunkBytes(&m, d.Tokens)
	e.logits = samplerLogitsBytes(&m, d.Seqs)
	if e.engine = req.engine(); e.engine != nil {
		e.sampler = e.engine.SamplerWarmupBytes(&m)
		e.rope = e.engine.RoPETableBytes(&m)
		e.blockTable = e.engine.BlockTableBytes(req.Seq)
	}
}

// estimate is Estimate for a validated request and a normalized layout.
func estimate(req Request, l Layout) Result { return newEstimator(&req).estimate(l) }

// estimate is the memory per card of the request on layout l (normalized).
func (est *estimator) estimate(l Layout) Result {
	var e Result
	est.estimateInto(&e, &l)
	return e
}

// estimateInto is estimate written into *e.
func (est *estimator) estimateInto(e *Result, l *Layout) {
	req := &est.req
	m := &req.Model
	*e = Result{Layout: *l, ModelWeightsGB: est.weights / GB}
	if !req.Mode.Training() {
		e.Batch = est.batch
	}
	var b Breakdown
	if req.Mode.Training() {
		t, d := float64(l.TensorParallel), l.DataParallel
		e.OptimizerBytes = est.k
		if req.Mode == ModeFull {
			e.TrainableParams = m.Params
			s := ModelStates(m.Params/t, est.k, l.Zero, d)
			b.WeightsGB, b.GradientsGB, b.OptimizerGB = s.Weights/GB, s.Gradients/GB, s.Optimizer/GB
		} else {
			e.TrainableParams = est.adapters
			base := est.weights / t
			if l.Zero == 3 {
				base /= float64(d)
			}
			s := ModelStates(e.TrainableParams/t, est.k, l.Zero, d)
			b.WeightsGB, b.GradientsGB, b.OptimizerGB = (base+s.Weights)/GB, s.Gradients/GB, s.Optimizer/GB
		}
		tp := float64(max(l.TensorParallel, 1))
		e.LayerActivationsGB = est.layerAct / tp / GB
		e.OutputActivationsGB = est.outAct / tp / GB
		b.ActivationsGB = e.LayerActivationsGB*float64(m.Layers) + e.OutputActivationsGB
	} else {
		// the heaviest pipeline stage: ceil(layers/pp) whole layers, plus the
		// input embedding (first stage) or the output layer (last stage); one
		// stage holds both
		pp := l.PipelineParallel
		e.StageLayers = (m.Layers + pp - 1) / pp
		frac := float64(e.StageLayers) / float64(m.Layers)
		e.EmbeddingGB = est.embedding
		stage := e.ModelWeightsGB
		if pp > 1 {
			one := e.EmbeddingGB
			if !m.TiedEmbeddings {
				one /= 2
			}
			stage = (e.ModelWeightsGB-e.EmbeddingGB)*frac + one
		}
		b.WeightsGB = stage / float64(l.TensorParallel)
		e.KVShards = kvShards(*m, l.TensorParallel)
		e.KVPerTokenGB = est.kvPerToken
		e.KVPerTokenCardGB = e.KVPerTokenGB * frac / float64(e.KVShards)
		b.KVCacheGB = est.kvCache * frac / float64(e.KVShards)
		e.ServingPeakGB = max(est.chunk/float64(max(l.TensorParallel, 1)), est.logits) / GB
		if x := est.engine; x != nil {
			e.Engine = x.ID
			e.SamplerWarmupGB = est.sampler / GB
			e.ServingPeakGB = max(est.chunk/float64(max(l.TensorParallel, 1)), est.sampler) / GB
			e.RoPETableGB = est.rope / GB
			e.BlockTableGB = est.blockTable / GB
			if est.nvls && x.nvlsOn(l) {
				e.NVLSGB = x.NVLSBytes / GB
			}
		}
	}
	b.OverheadGB = ReserveGB + e.ServingPeakGB + e.NVLSGB + e.RoPETableGB + e.BlockTableGB
	b.PerCardGB = b.WeightsGB + b.GradientsGB + b.OptimizerGB + b.ActivationsGB + b.KVCacheGB + b.OverheadGB
	e.Memory = b
}

// kvShards is what tensor parallelism t divides the KV cache by: t, or the
// KV heads when there are fewer (each head is then replicated); MLA's single
// latent is replicated on every card (vLLM and SGLang without data-parallel
// attention), so 1.
func kvShards(m catalog.Model, t int) int {
	if m.MLA() {
		return 1
	}
	return min(t, m.KVHeads)
}

func normalize(l Layout) Layout {
	l.DataParallel = max(l.DataParallel, 1)
	l.TensorParallel = max(l.TensorParallel, 1)
	l.PipelineParallel = max(l.PipelineParallel, 1)
	l.Zero = max(l.Zero, 0)
	l.Cards = l.DataParallel * l.TensorParallel * l.PipelineParallel
	return l
}
