package catalog

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"gpuadvisor/advisor"
)

//go:embed gpus.json
var gpusJSON []byte

//go:embed models.json
var modelsJSON []byte

// Link kinds: how cards talk inside one node.
const (
	// LinkNVLink is NVLink through NVSwitch: every card of an 8-card node talks
	// to every other at the row's link_gbs (SXM boards).
	LinkNVLink = "nvlink"
	// LinkNVLinkBridge is an NVLink bridge between two PCIe cards: pairs only.
	LinkNVLinkBridge = "nvlink_bridge"
	// LinkPCIe is plain PCIe: no NVLink at all.
	LinkPCIe = "pcie"
	// LinkHCCS is Huawei's HCCS between Ascend NPUs, the NVLink counterpart.
	LinkHCCS = "hccs"
)

// Price tiers from the market guides (docs/domain.md#market-facts), cheapest first.
const (
	TierEntry    = "entry"
	TierMid      = "mid"
	TierFlagship = "flagship"
)

// GPU is one rentable card.
type GPU struct {
	// ID is the catalog id: "a100-80g-sxm", "rtx-4090".
	ID string `json:"id"`
	// Name is the full product name: "NVIDIA A100 80GB SXM4".
	Name string `json:"name"`
	// Family is the chip name used by lookups: "a100", "4090", "910b".
	Family string `json:"family"`
	// Form is the form factor: "sxm", "pcie" or "oam".
	Form string `json:"form"`
	// MemoryGB is the vendor's label ("80 GB"), for names and display only;
	// sizing uses MemoryMiB.
	MemoryGB float64 `json:"memory_gb"`
	// MemoryMiB is the card's memory as nvidia-smi (npu-smi for Ascend)
	// reports it, per card: an "80 GB" A100 has 81,920 MiB = 85.9 GB.
	MemoryMiB int `json:"memory_mib"`
	// MemorySource cites the nvidia-smi output or datasheet MemoryMiB comes from.
	MemorySource string `json:"memory_source"`
	// MemoryType is HBM2e, GDDR6X and so on.
	MemoryType string `json:"memory_type"`
	// BandwidthGBs is the memory bandwidth in GB/s.
	BandwidthGBs float64 `json:"bandwidth_gbs"`
	// Link is the intra-node link kind (LinkNVLink, LinkNVLinkBridge, LinkPCIe, LinkHCCS).
	Link string `json:"link"`
	// LinkGBs is the NVLink or HCCS bandwidth per card in GB/s; 0 for PCIe only.
	LinkGBs float64 `json:"link_gbs"`
	// BF16TFLOPS is the dense (not 2:4 sparse) BF16 tensor throughput.
	BF16TFLOPS float64 `json:"bf16_tflops"`
	// FP8 is set when the card has FP8 tensor cores (Ada, Hopper, Blackwell);
	// Ampere and the Ascend 910B have none.
	FP8 bool `json:"fp8"`
	// CUDA is false for cards that need another software stack (Ascend).
	CUDA bool `json:"cuda"`
	// Tier is the price tier: TierEntry, TierMid or TierFlagship.
	Tier string `json:"tier"`
	// TierSource says where the tier comes from: the market guides (docs/domain.md#market-facts), or the advisor's rule.
	TierSource string `json:"tier_source"`
	// Aliases are extra spellings matched exactly (after folding case and separators).
	Aliases []string `json:"aliases"`
	// Source cites the vendor datasheet the numbers come from.
	Source string `json:"source"`
	// Note is anything a renter must know about the row.
	Note string `json:"note,omitempty"`
}

// CapacityGB is the memory the card really has, in decimal GB:
// MemoryMiB × 1,048,576 / 10^9.
func (g GPU) CapacityGB() float64 { return float64(g.MemoryMiB) * 1048576 / 1e9 }

// NVLinkClass reports whether the card has an NVLink-class link (NVLink,
// an NVLink bridge or HCCS) rather than PCIe only.
func (g GPU) NVLinkClass() bool { return g.Link != LinkPCIe }

// MaxSplit is how many cards of this kind can hold one split model over their
// fast link: 8 on an NVSwitch (or HCCS) board, 2 over an NVLink bridge, 1 on
// PCIe only.
func (g GPU) MaxSplit() int {
	switch g.Link {
	case LinkNVLink, LinkHCCS:
		return 8
	case LinkNVLinkBridge:
		return 2
	}
	return 1
}

// TierRank orders the price tiers: entry 0, mid 1, flagship 2.
func TierRank(tier string) int {
	switch tier {
	case TierEntry:
		return 0
	case TierMid:
		return 1
	case TierFlagship:
		return 2
	}
	return 3
}

// Shape is a transformer's size as its config.json gives it: what the
// memory, KV cache and decode estimates read. Model embeds it, and the tier
// command's JSON shows it as it is.
type Shape struct {
	// Layers is num_hidden_layers.
	Layers int `json:"layers"`
	// Hidden is hidden_size.
	Hidden int `json:"hidden"`
	// Heads is num_attention_heads.
	Heads int `json:"heads"`
	// KVHeads is num_key_value_heads (GQA); equal to Heads for multi-head attention.
	KVHeads int `json:"kv_heads"`
	// HeadDim is the size of one attention head.
	HeadDim int `json:"head_dim"`
	// FFN is intermediate_size of the gated (SwiGLU) MLP.
	FFN int `json:"ffn"`
	// Vocab is vocab_size.
	Vocab int `json:"vocab"`
}

// Model is a model preset: its size and shape.
type Model struct {
	// ID is the preset id: "qwen2.5-14b".
	ID string `json:"id"`
	// Name is the published name: "Qwen2.5-14B".
	Name string `json:"name"`
	// Family is "qwen2.5", "llama-3.1" and so on.
	Family string `json:"family"`
	// Size is the size label: "14b".
	Size string `json:"size"`
	// Params is the parameter count, embeddings included.
	Params float64 `json:"params"`
	// ParamsCard is the figure the model card states.
	ParamsCard string `json:"params_card,omitempty"`
	// Shape is the layer count and widths (config.json names in its comments).
	Shape
	// TiedEmbeddings is tie_word_embeddings: one matrix for input and output.
	TiedEmbeddings bool `json:"tied_embeddings"`
	// QKVBias is set when the q, k and v projections have biases (Qwen2, GLM-4).
	QKVBias bool `json:"qkv_bias"`
	// Context is the native context, max_position_embeddings of the
	// config.json: longer contexts need rope scaling (YaRN) switched on.
	Context int `json:"context"`
	// ContextScaled is the longest context the model card supports with rope
	// scaling switched on (0 when the native context is the limit).
	ContextScaled int `json:"context_scaled,omitempty"`
	// QKNorm is set when each layer normalises q and k per head (Qwen3): two
	// head_dim vectors of weights per layer.
	QKNorm bool `json:"qk_norm,omitempty"`

	// Mixture of experts (zero for dense models).

	// Experts is the routed experts per MoE layer (n_routed_experts,
	// num_local_experts, num_experts).
	Experts int `json:"experts,omitempty"`
	// ExpertsActive is the routed experts each token uses (num_experts_per_tok).
	ExpertsActive int `json:"experts_active,omitempty"`
	// SharedExperts is the always-used experts per MoE layer (n_shared_experts;
	// Llama 4 has one).
	SharedExperts int `json:"shared_experts,omitempty"`
	// ExpertFFN is one expert's intermediate size (moe_intermediate_size;
	// intermediate_size for Llama 4 and gpt-oss, whose dense FFN is FFN).
	ExpertFFN int `json:"expert_ffn,omitempty"`
	// DenseLayers is the leading layers with a dense MLP (first_k_dense_replace).
	DenseLayers int `json:"dense_layers,omitempty"`
	// MoEEvery is the interleave step: every MoEEvery-th layer is MoE
	// (interleave_moe_layer_step; 0 or 1 = every layer after DenseLayers).
	MoEEvery int `json:"moe_every,omitempty"`

	// Multi-head latent attention (DeepSeek-V2/V3, Kimi K2); zero otherwise.

	// KVLoRARank is kv_lora_rank: the latent cached per token per layer.
	KVLoRARank int `json:"kv_lora_rank,omitempty"`
	// QLoRARank is q_lora_rank (0: queries are projected directly).
	QLoRARank int `json:"q_lora_rank,omitempty"`
	// QKRopeDim is qk_rope_head_dim, cached beside the latent.
	QKRopeDim int `json:"qk_rope_head_dim,omitempty"`
	// QKNopeDim is qk_nope_head_dim.
	QKNopeDim int `json:"qk_nope_head_dim,omitempty"`
	// VHeadDim is v_head_dim.
	VHeadDim int `json:"v_head_dim,omitempty"`

	// SlidingWindow is the window of the layers with sliding-window attention
	// (gpt-oss: 128); SlidingLayers is how many layers use it. Their KV cache
	// never holds more than the window.
	SlidingWindow int `json:"sliding_window,omitempty"`
	SlidingLayers int `json:"sliding_layers,omitempty"`
	// ChunkSize is the chunk of the layers with chunked attention (Llama 4:
	// attention_chunk_size 8,192, every layer with RoPE); ChunkedLayers is
	// how many layers use it. A query attends only the keys of its own chunk.
	ChunkSize     int `json:"attention_chunk_size,omitempty"`
	ChunkedLayers int `json:"chunked_layers,omitempty"`

	// Stored is the precision of the published checkpoint when it is not
	// 16-bit: "fp8" (DeepSeek-V3/R1, Kimi K2: every linear layer in FP8 with
	// block scales) or "mxfp4" (gpt-oss: the routed experts in MXFP4, the rest
	// 16-bit). Serving sizes it at that precision unless told otherwise.
	Stored string `json:"stored,omitempty"`
	// FP8ExpertsOnly is set when the model's published FP8 checkpoint
	// quantizes only the routed experts and keeps attention, the router,
	// the shared expert, the dense MLP layers and the embeddings in 16-bit
	// (Llama 4 Maverick's -FP8): precision fp8 then sizes it so.
	FP8ExpertsOnly bool `json:"fp8_experts_only,omitempty"`
	// ServingEngine names the serving engine release whose start-up the
	// model's serving figures are sized by (sizing.EngineByID): the release
	// of the published serving figures the preset is checked against, and
	// the earliest that serves it (Llama 4: vLLM v0.8.3). Empty: the
	// engine-independent reserve.
	ServingEngine string `json:"serving_engine,omitempty"`
	// ServingEngineSource says where the model's serving figures under
	// ServingEngine are published.
	ServingEngineSource string `json:"serving_engine_source,omitempty"`

	// Aliases are extra spellings matched exactly.
	Aliases []string `json:"aliases,omitempty"`
	// Source cites the config.json.
	Source string `json:"source"`
	// Note is anything a user must know about the preset.
	Note string `json:"note,omitempty"`
	// Approximate is set on a shape the advisor derived from a parameter count
	// (see sizing.Shape); such a model has no catalog row.
	Approximate bool `json:"approximate,omitempty"`
}

// FullLayers is the layers that attend the whole context: neither sliding
// nor chunked.
func (m Model) FullLayers() int { return m.Layers - m.SlidingLayers - m.ChunkedLayers }

// MoE reports whether the model has routed experts.
func (m Model) MoE() bool { return m.Experts > 0 }

// MLA reports whether the model uses multi-head latent attention.
func (m Model) MLA() bool { return m.KVLoRARank > 0 }

// MoELayers is the number of layers with routed experts: every MoEEvery-th
// layer after the DenseLayers leading dense ones (Llama 4 Maverick: layers
// 1, 3, 5, ... of 48 = 24).
func (m Model) MoELayers() int {
	if !m.MoE() {
		return 0
	}
	n := 0
	for l := m.DenseLayers; l < m.Layers; l++ {
		if m.MoEEvery <= 1 || (l+1)%m.MoEEvery == 0 {
			n++
		}
	}
	return n
}

// EmbeddingParams is the parameter count of the input embedding plus, when not
// tied, the output projection (lm_head): the layers quantizers leave in 16-bit.
func (m Model) EmbeddingParams() float64 {
	e := float64(m.Vocab) * float64(m.Hidden)
	if !m.TiedEmbeddings {
		e *= 2
	}
	return e
}

// AttentionParams is one layer's attention projections: q, k, v and o (GQA,
// with q/k/v biases and q/k norms when set), or for MLA the query
// down/up projections (with q_lora_rank), the joint KV down projection to
// kv_lora_rank + qk_rope_head_dim, its up projection to every head's keys and
// values, the two latent norms and the output projection.
func (m Model) AttentionParams() float64 {
	h, a := float64(m.Hidden), float64(m.Heads)
	if m.MLA() {
		qk := float64(m.QKNopeDim + m.QKRopeDim)
		q := h * a * qk
		if m.QLoRARank > 0 {
			r := float64(m.QLoRARank)
			q = h*r + r + r*a*qk
		}
		kvr := float64(m.KVLoRARank)
		kv := h*(kvr+float64(m.QKRopeDim)) + kvr + kvr*a*float64(m.QKNopeDim+m.VHeadDim)
		return q + kv + a*float64(m.VHeadDim)*h
	}
	hd, kv := float64(m.HeadDim), float64(m.KVHeads)
	attn := h*a*hd + 2*h*kv*hd + a*hd*h
	if m.QKVBias {
		attn += a*hd + 2*kv*hd
	}
	if m.QKNorm {
		attn += 2 * hd
	}
	return attn
}

// expertParams is one gated (SwiGLU) expert: gate, up and down.
func (m Model) expertParams() float64 { return 3 * float64(m.Hidden) * float64(m.ExpertFFN) }

// RoutedExpertParams is every routed expert of every MoE layer: what MXFP4
// checkpoints quantize and what expert parallelism spreads.
func (m Model) RoutedExpertParams() float64 {
	return float64(m.MoELayers()) * float64(m.Experts) * m.expertParams()
}

// ShapeParams computes the parameter count from the shape: embeddings, and per
// layer the attention (AttentionParams), the MLP (dense: the gated MLP's
// three matrices; MoE: every routed and shared expert plus the router) and
// two norms, plus the final norm. Every expert is counted: all are resident.
func (m Model) ShapeParams() float64 { return m.EmbeddingParams() + m.layerParams(m.Experts) }

// ActiveParams is the parameters one token's forward pass reads: attention,
// norms, dense MLPs, and in MoE layers only the router, the shared experts and
// the ExpertsActive routed ones; plus the output projection, and of the input
// embedding only the token's own row (so an untied input embedding does not
// count). This is what a decode step reads per token, and what the MoE model
// cards call active parameters up to how they count embeddings (Qwen counts
// both matrices, gpt-oss only the output, GLM neither).
func (m Model) ActiveParams() float64 {
	return float64(m.Vocab)*float64(m.Hidden) + m.layerParams(m.ExpertsActive)
}

// layerParams is every layer's parameters with routed of the routed experts
// in each MoE layer, plus the final norm.
func (m Model) layerParams(routed int) float64 {
	h := float64(m.Hidden)
	moe := float64(m.MoELayers())
	dense := float64(m.Layers) - moe
	total := float64(m.Layers)*(m.AttentionParams()+2*h) + dense*3*h*float64(m.FFN)
	if m.MoE() {
		total += moe * (float64(routed+m.SharedExperts)*m.expertParams() + float64(m.Experts)*h)
	}
	return total + h
}

// Catalog holds every GPU and model preset.
type Catalog struct {
	gpus   []GPU
	models []Model
	// gpuKeys and modelKeys map folded ids, names and aliases to row indexes.
	gpuKeys, modelKeys map[string]int
}

// GPUs returns every GPU row, in catalog order.
func (c *Catalog) GPUs() []GPU { return c.gpus }

// Models returns every model preset, in catalog order.
func (c *Catalog) Models() []Model { return c.models }

// GPUByID returns the GPU with exactly this id.
func (c *Catalog) GPUByID(id string) (GPU, bool) {
	for _, g := range c.gpus {
		if g.ID == id {
			return g, true
		}
	}
	return GPU{}, false
}

// ModelByID returns the model preset with exactly this id.
func (c *Catalog) ModelByID(id string) (Model, bool) {
	for _, m := range c.models {
		if m.ID == id {
			return m, true
		}
	}
	return Model{}, false
}

// Parse reads a catalog from its two JSON documents and checks every row.
func Parse(gpus, models []byte) (*Catalog, error) {
	var g struct {
		GPUs []GPU `json:"gpus"`
	}
	if err := json.Unmarshal(gpus, &g); err != nil {
		return nil, fmt.Errorf("parse GPU catalog: %w", err)
	}
	var m struct {
		Models []Model `json:"models"`
	}
	if err := json.Unmarshal(models, &m); err != nil {
		return nil, fmt.Errorf("parse model catalog: %w", err)
	}
	c := &Catalog{gpus: g.GPUs, models: m.Models, gpuKeys: map[string]int{}, modelKeys: map[string]int{}}
	if err := c.check(); err != nil {
		return nil, err
	}
	for i, g := range c.gpus {
		for _, k := range append([]string{g.ID}, g.Aliases...) {
			if _, dup := c.gpuKeys[fold(k)]; !dup {
				c.gpuKeys[fold(k)] = i
			}
		}
	}
	for i, m := range c.models {
		for _, k := range append([]string{m.ID, m.Name}, m.Aliases...) {
			if _, dup := c.modelKeys[fold(k)]; !dup {
				c.modelKeys[fold(k)] = i
			}
		}
	}
	return c, nil
}

func (c *Catalog) check() error {
	seen := map[string]bool{}
	for _, g := range c.gpus {
		switch {
		case g.ID == "" || seen[g.ID]:
			return fmt.Errorf("GPU catalog: empty or duplicate id %q", g.ID)
		case g.MemoryGB <= 0 || g.BandwidthGBs <= 0 || g.BF16TFLOPS <= 0:
			return fmt.Errorf("GPU catalog: %s: memory, bandwidth and TFLOPS must be positive", g.ID)
		case g.CapacityGB() < 0.9*g.MemoryGB || g.CapacityGB() > 1.2*g.MemoryGB || g.MemorySource == "":
			return fmt.Errorf("GPU catalog: %s: memory_mib %d is not within 90%%-120%% of the %v GB label, or has no memory_source", g.ID, g.MemoryMiB, g.MemoryGB)
		case TierRank(g.Tier) > 2:
			return fmt.Errorf("GPU catalog: %s: unknown tier %q", g.ID, g.Tier)
		case g.Source == "" || g.TierSource == "":
			return fmt.Errorf("GPU catalog: %s: source and tier_source are required", g.ID)
		case g.Link != LinkNVLink && g.Link != LinkNVLinkBridge && g.Link != LinkPCIe && g.Link != LinkHCCS:
			return fmt.Errorf("GPU catalog: %s: unknown link %q", g.ID, g.Link)
		case (g.Link == LinkPCIe) != (g.LinkGBs == 0):
			return fmt.Errorf("GPU catalog: %s: link_gbs must be 0 exactly for PCIe-only cards", g.ID)
		}
		seen[g.ID] = true
	}
	for _, m := range c.models {
		switch {
		case m.ID == "" || seen[m.ID]:
			return fmt.Errorf("model catalog: empty or duplicate id %q", m.ID)
		case m.Params <= 0 || m.Layers <= 0 || m.Hidden <= 0 || m.Heads <= 0 || m.KVHeads <= 0 || m.HeadDim <= 0 || m.FFN <= 0 || m.Vocab <= 0 || m.Context <= 0:
			return fmt.Errorf("model catalog: %s: every size and shape field must be positive", m.ID)
		case m.MoE() && (m.ExpertsActive < 1 || m.ExpertsActive > m.Experts || m.ExpertFFN <= 0 || m.MoELayers() == 0):
			return fmt.Errorf("model catalog: %s: experts need experts_active in 1..experts, expert_ffn and at least one MoE layer", m.ID)
		case m.MLA() && (m.QKRopeDim <= 0 || m.QKNopeDim <= 0 || m.VHeadDim <= 0):
			return fmt.Errorf("model catalog: %s: MLA needs qk_rope_head_dim, qk_nope_head_dim and v_head_dim", m.ID)
		case m.Stored != "" && m.Stored != "fp8" && m.Stored != "mxfp4":
			return fmt.Errorf("model catalog: %s: stored precision %q is not fp8 or mxfp4", m.ID, m.Stored)
		case m.FP8ExpertsOnly && !m.MoE():
			return fmt.Errorf("model catalog: %s: fp8_experts_only needs routed experts", m.ID)
		case (m.ServingEngine == "") != (m.ServingEngineSource == ""):
			return fmt.Errorf("model catalog: %s: serving_engine and serving_engine_source go together", m.ID)
		case m.Heads%m.KVHeads != 0:
			return fmt.Errorf("model catalog: %s: heads %d not a multiple of kv_heads %d", m.ID, m.Heads, m.KVHeads)
		case m.SlidingLayers < 0 || m.ChunkedLayers < 0 || m.SlidingLayers+m.ChunkedLayers > m.Layers ||
			(m.SlidingLayers > 0) != (m.SlidingWindow > 0) || (m.ChunkedLayers > 0) != (m.ChunkSize > 0):
			return fmt.Errorf("model catalog: %s: sliding_layers and chunked_layers need their window and chunk, and at most layers in all", m.ID)
		case m.Source == "":
			return fmt.Errorf("model catalog: %s: source is required", m.ID)
		}
		seen[m.ID] = true
	}
	return nil
}

// loaded is a value read from the embedded files, with the error reading
// them gave.
type loaded[T any] struct {
	v   T
	err error
}

var defaultCatalog = advisor.Lazy[loaded[*Catalog]]{New: func() loaded[*Catalog] {
	c, err := Parse(gpusJSON, modelsJSON)
	return loaded[*Catalog]{c, err}
}}

// Default returns the embedded catalog. The error is only ever a defect in the
// embedded files (the package's tests load it).
func Default() (*Catalog, error) {
	l := defaultCatalog.Get()
	return l.v, l.err
}
