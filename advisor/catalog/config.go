package catalog

import (
	"fmt"
	"math"
	"strings"

	"gpuadvisor/advisor"
)

// Problems a config.json can have (ConfigError.Problem).
const (
	ConfigNotJSON      = "not_json"     // the text is not a JSON object
	ConfigMissing      = "missing"      // a required field is absent (or null)
	ConfigNotNumber    = "not_number"   // a field is not a whole number (or not true/false)
	ConfigOutOfRange   = "out_of_range" // a field is outside [Min, Max]
	ConfigInconsistent = "inconsistent" // fields disagree (heads not a multiple of kv heads...)
	ConfigUnknown      = "unknown"      // a value the advisor cannot read (a quantization method)
	// ConfigUnsupported: the file describes layers the sizing does not model
	// (linear attention or state-space layers, a two-matrix GELU MLP), so any
	// figure would be silently wrong; Field names what says so, Detail what.
	ConfigUnsupported = "unsupported"
)

// ConfigError says which field of a config.json is wrong and how. The chat
// layer turns it into the user's language; Error is for programmers.
type ConfigError struct {
	// Field is the key as the file spells it, with its parent for nested
	// keys ("text_config.hidden_size", "quantization_config.quant_method"),
	// or "config" when the text is not JSON at all.
	Field string
	// Problem is one of the Config* constants.
	Problem string
	// Value is the value as given ("" when missing).
	Value string
	// Min and Max bound the field for ConfigOutOfRange.
	Min, Max float64
	// Detail is the rest, in English (the JSON error, what disagrees with what).
	Detail string
}

func (e *ConfigError) Error() string {
	switch e.Problem {
	case ConfigMissing:
		return fmt.Sprintf("config.json: %s is missing", e.Field)
	case ConfigOutOfRange:
		return fmt.Sprintf("config.json: %s = %s is outside %v..%v", e.Field, e.Value, e.Min, e.Max)
	}
	return fmt.Sprintf("config.json: %s: %s %s", e.Field, e.Problem, e.Detail)
}

// Bounds of a plausible shape in a config.json.
const (
	maxConfigHidden  = 1 << 17
	maxConfigLayers  = 1024
	maxConfigHeads   = 1024
	maxConfigVocab   = 10_000_000
	maxConfigFFN     = 1 << 20
	maxConfigExperts = 4096
	maxConfigContext = 1 << 27
)

// configDoc reads fields of one JSON object, naming them with prefix.
type configDoc struct {
	o      jsonObject
	prefix string
	// family is model_type (of the object, else of the top one), lower case.
	family string
	// defaults are the model family's values of fields a config.json may
	// leave out (transformers' config class defaults), nil for most families.
	defaults map[string]int
}

func (d configDoc) name(k string) string { return d.prefix + k }

// val is key k's raw value, nil when absent or null.
func (d configDoc) val(k string) []byte {
	if v := d.o.get(k); v != nil && !isNull(v) {
		return v
	}
	return nil
}

// has reports whether any of keys is present and not null.
func (d configDoc) has(keys ...string) bool {
	for _, k := range keys {
		if d.val(k) != nil {
			return true
		}
	}
	return false
}

// int reads the first of keys present as a whole number in [lo, hi]; ok is
// false when none is present.
func (d configDoc) int(lo, hi float64, keys ...string) (v int, key string, ok bool, err error) {
	for _, k := range keys {
		raw := d.val(k)
		if raw == nil {
			continue
		}
		isNum := raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9'
		var f float64
		var perr error
		if isNum {
			f, perr = jsonFloat(raw)
		}
		if !isNum || perr != nil || f != math.Trunc(f) {
			return 0, k, true, &ConfigError{Field: d.name(k), Problem: ConfigNotNumber, Value: shown(raw), Detail: "want a whole number"}
		}
		if f < lo || f > hi {
			return 0, k, true, &ConfigError{Field: d.name(k), Problem: ConfigOutOfRange, Value: string(raw), Min: lo, Max: hi}
		}
		return int(f), k, true, nil
	}
	if v, ok := d.defaults[keys[0]]; ok {
		return v, keys[0], true, nil
	}
	return 0, "", false, nil
}

// need is int for a required field: missing names the first key.
func (d configDoc) need(lo, hi float64, keys ...string) (int, error) {
	v, _, ok, err := d.int(lo, hi, keys...)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, &ConfigError{Field: d.name(keys[0]), Problem: ConfigMissing}
	}
	return v, nil
}

// bool reads the first of keys present as true or false.
func (d configDoc) bool(keys ...string) (v, ok bool, err error) {
	for _, k := range keys {
		switch raw := d.val(k); string(raw) {
		case "":
			continue
		case "true", "false":
			return raw[0] == 't', true, nil
		default:
			return false, true, &ConfigError{Field: d.name(k), Problem: ConfigNotNumber, Value: shown(raw), Detail: "want true or false"}
		}
	}
	return false, false, nil
}

func (d configDoc) str(k string) string {
	s, _ := jsonString(d.o.get(k))
	return s
}

// ParseConfig reads a Hugging Face config.json into a model: dense or
// mixture of experts (num_local_experts, num_experts or n_routed_experts with
// num_experts_per_tok and moe_intermediate_size), GQA or MLA attention
// (kv_lora_rank with the rope, nope and v head sizes), quantized or not
// (quantization_config: fp8, mxfp4, awq, gptq, bitsandbytes,
// compressed-tensors). Multimodal configs are read from their text_config
// (or language_config, llm_config). Absent optional fields take the
// transformers defaults: num_key_value_heads = num_attention_heads, head_dim
// = hidden_size / num_attention_heads, tie_word_embeddings false. The
// parameter count is computed from the shape. Any problem is a *ConfigError
// naming the field.
func ParseConfig(data []byte) (Model, error) {
	top, err := parseTopObject(data)
	if err != nil {
		return Model{}, &ConfigError{Field: "config", Problem: ConfigNotJSON, Detail: err.Error()}
	}
	d := configDoc{o: top}
	for _, k := range []string{"text_config", "language_config", "llm_config"} {
		if sub, ok := objectOf(top.get(k)); ok {
			if q := top.get("quantization_config"); sub.get("quantization_config") == nil && q != nil && !isNull(q) {
				sub = append(sub, jsonMember{key: []byte("quantization_config"), val: q})
			}
			d = configDoc{o: sub, prefix: k + "."}
			break
		}
	}
	d.family = strings.ToLower(d.str("model_type"))
	if d.family == "" {
		d.family = strings.ToLower(configDoc{o: top}.str("model_type"))
	}
	d.defaults = familyDefaults.Get()[d.family]
	m, err := readConfig(d)
	if err != nil {
		return Model{}, err
	}
	m.Name = configName(top, d)
	m.Params = m.ShapeParams()
	m.Source = "config.json (" + m.Name + ")"
	return m, nil
}

func readConfig(d configDoc) (Model, error) {
	var m Model
	var err error
	if err := unsupported(d); err != nil {
		return m, err
	}
	if m.Hidden, err = d.need(1, maxConfigHidden, "hidden_size", "d_model", "n_embd"); err != nil {
		return m, err
	}
	if m.Layers, err = d.need(1, maxConfigLayers, "num_hidden_layers", "num_layers", "n_layer"); err != nil {
		return m, err
	}
	if m.Heads, err = d.need(1, maxConfigHeads, "num_attention_heads", "n_head", "num_heads"); err != nil {
		return m, err
	}
	if m.Vocab, err = d.need(1, maxConfigVocab, "vocab_size", "padded_vocab_size"); err != nil {
		return m, err
	}
	kv, kvKey, ok, err := d.int(1, maxConfigHeads, "num_key_value_heads", "num_kv_heads", "multi_query_group_num", "n_head_kv")
	if err != nil {
		return m, err
	}
	if !ok { // multi-query attention (Falcon, GPT-BigCode/StarCoder): one KV head
		mq, given, err := d.bool("multi_query")
		if err != nil {
			return m, err
		}
		if given && mq {
			kv, kvKey, ok = 1, "multi_query", true
		}
	}
	m.KVHeads = m.Heads
	if ok {
		m.KVHeads = kv
		if m.Heads%kv != 0 {
			return m, &ConfigError{Field: d.name(kvKey), Problem: ConfigInconsistent, Value: fmt.Sprint(kv),
				Detail: fmt.Sprintf("num_attention_heads %d is not a multiple of it", m.Heads)}
		}
	}
	hd, _, ok, err := d.int(1, 1024, "head_dim", "kv_channels")
	if err != nil {
		return m, err
	}
	m.HeadDim = hd
	if !ok {
		if m.Hidden%m.Heads != 0 {
			return m, &ConfigError{Field: d.name("head_dim"), Problem: ConfigMissing,
				Detail: fmt.Sprintf("hidden_size %d is not a multiple of num_attention_heads %d", m.Hidden, m.Heads)}
		}
		m.HeadDim = m.Hidden / m.Heads
	}
	if err := readExperts(d, &m); err != nil {
		return m, err
	}
	if err := readMLA(d, &m); err != nil {
		return m, err
	}
	tied, ok, err := d.bool("tie_word_embeddings")
	if err != nil {
		return m, err
	}
	m.TiedEmbeddings = tied || !ok && tiedByDefault(d.family)
	bias, ok, err := d.bool("attention_bias", "qkv_bias", "add_qkv_bias")
	if err != nil {
		return m, err
	}
	typ := d.family
	m.QKVBias = bias || !ok && (typ == "qwen2" || typ == "qwen2_moe" || typ == "gpt_oss")
	m.QKNorm = typ == "qwen3" || typ == "qwen3_moe" || gemma3(typ)
	if m.Context, _, _, err = d.int(1, maxConfigContext, "max_position_embeddings", "seq_length", "max_sequence_length", "n_positions"); err != nil {
		return m, err
	}
	if err := readLayerPattern(d, &m); err != nil {
		return m, err
	}
	if m.Stored, err = readQuant(d); err != nil {
		return m, err
	}
	if strings.HasPrefix(d.family, "llama4") {
		m.ServingEngine, m.ServingEngineSource = "vllm-0.8.3", llama4ServingEngineSource
	}
	if p := m.ShapeParams(); p > 1e14 || math.IsNaN(p) {
		return m, &ConfigError{Field: d.name("hidden_size"), Problem: ConfigInconsistent, Value: fmt.Sprint(m.Hidden),
			Detail: fmt.Sprintf("the shape holds %.3g parameters, past any model", p)}
	}
	return m, nil
}

// readExperts reads the mixture-of-experts fields, or the dense MLP width.
func readExperts(d configDoc, m *Model) error {
	experts, _, ok, err := d.int(0, maxConfigExperts, "num_local_experts", "num_experts", "n_routed_experts")
	if err != nil {
		return err
	}
	if !ok || experts == 0 {
		m.FFN, err = d.need(1, maxConfigFFN, "intermediate_size", "ffn_hidden_size", "n_inner")
		return err
	}
	m.Experts = experts
	k, kKey, ok, err := d.int(1, maxConfigExperts, "num_experts_per_tok", "experts_per_token", "moe_topk", "num_activated_experts")
	switch {
	case err != nil:
		return err
	case !ok:
		return &ConfigError{Field: d.name("num_experts_per_tok"), Problem: ConfigMissing}
	case k > experts:
		return &ConfigError{Field: d.name(kKey), Problem: ConfigInconsistent, Value: fmt.Sprint(k),
			Detail: fmt.Sprintf("more experts per token than the %d experts", experts)}
	}
	m.ExpertsActive = k
	// moe_intermediate_size (Qwen, DeepSeek, GLM) or, without it, the
	// experts' intermediate_size (Mixtral, gpt-oss, Llama 4)
	if m.ExpertFFN, err = d.need(1, maxConfigFFN, "moe_intermediate_size", "intermediate_size"); err != nil {
		return err
	}
	if d.has("moe_intermediate_size") {
		if m.FFN, _, _, err = d.int(1, maxConfigFFN, "intermediate_size"); err != nil {
			return err
		}
	}
	mlp, _, ok, err := d.int(1, maxConfigFFN, "intermediate_size_mlp")
	if err != nil {
		return err
	}
	if ok {
		m.FFN = mlp // Llama 4's dense layers
	}
	if m.FFN == 0 {
		m.FFN = m.ExpertFFN
	}
	shared, _, ok, err := d.int(0, maxConfigExperts, "n_shared_experts", "num_shared_experts")
	if err != nil {
		return err
	}
	m.SharedExperts = shared
	if !ok {
		size, _, _, err := d.int(0, maxConfigFFN, "shared_expert_intermediate_size")
		if err != nil {
			return err
		}
		m.SharedExperts = int(math.Round(float64(size) / float64(m.ExpertFFN))) // Qwen2-MoE: 5632 / 1408 = 4
		if t := strings.ToLower(d.str("model_type")); strings.HasPrefix(t, "llama4") {
			m.SharedExperts = 1
		}
	}
	if m.DenseLayers, _, _, err = d.int(0, float64(m.Layers), "first_k_dense_replace"); err != nil {
		return err
	}
	if m.MoEEvery, _, _, err = d.int(0, float64(m.Layers), "interleave_moe_layer_step", "decoder_sparse_step", "moe_layer_freq"); err != nil {
		return err
	}
	if m.MoELayers() == 0 {
		return &ConfigError{Field: d.name("first_k_dense_replace"), Problem: ConfigInconsistent, Value: fmt.Sprint(m.DenseLayers),
			Detail: "no layer is left for the experts"}
	}
	return nil
}

// readMLA reads multi-head latent attention (DeepSeek-V2/V3, Kimi K2).
func readMLA(d configDoc, m *Model) error {
	r, _, ok, err := d.int(0, maxConfigHidden, "kv_lora_rank")
	if err != nil || !ok || r == 0 {
		return err
	}
	m.KVLoRARank = r
	if m.QLoRARank, _, _, err = d.int(0, maxConfigHidden, "q_lora_rank"); err != nil {
		return err
	}
	for _, f := range []struct {
		key string
		v   *int
	}{{"qk_rope_head_dim", &m.QKRopeDim}, {"qk_nope_head_dim", &m.QKNopeDim}, {"v_head_dim", &m.VHeadDim}} {
		if *f.v, err = d.need(1, 1024, f.key); err != nil {
			return err
		}
	}
	m.HeadDim = m.QKNopeDim + m.QKRopeDim
	return nil
}

// familyDefaults are, per model_type, the transformers config class
// defaults of fields published config.json files leave out: Gemma 3's
// multimodal configs give their text_config only the fields that differ
// (google/gemma-3-4b-it names no heads, head_dim or vocab_size).
var familyDefaults = advisor.Lazy[map[string]map[string]int]{New: func() map[string]map[string]int {
	d := map[string]map[string]int{
		// transformers Gemma3TextConfig
		"gemma3_text": {"vocab_size": 262208, "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
			"max_position_embeddings": 131072, "sliding_window": 4096, "sliding_window_pattern": 6},
		// transformers Gemma2Config
		"gemma2": {"vocab_size": 256000, "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256,
			"max_position_embeddings": 8192, "sliding_window": 4096},
		// transformers GemmaConfig
		"gemma": {"vocab_size": 256000, "num_attention_heads": 16, "num_key_value_heads": 16, "head_dim": 256, "max_position_embeddings": 8192},
	}
	d["gemma3"] = d["gemma3_text"]
	return d
}}

// gemma3 reports whether typ is a Gemma 3 model_type.
func gemma3(typ string) bool { return typ == "gemma3" || typ == "gemma3_text" }

// tiedByDefault reports whether the family's config class ties the input
// and output embeddings when tie_word_embeddings is absent (every Gemma;
// transformers' PretrainedConfig default is untied, and Gemma's classes set
// it).
func tiedByDefault(typ string) bool {
	return typ == "gemma" || typ == "gemma2" || gemma3(typ)
}

// allSliding reports the model types whose every layer uses sliding_window when
// it is set (transformers' Mistral, Mixtral, Starcoder2 and Phi-3 attention):
// Mistral-7B-v0.1 attends 4,096 tokens in all 32 layers; v0.2 and later set
// sliding_window to null.
func allSliding(typ string) bool {
	switch typ {
	case "mistral", "mixtral", "starcoder2", "phi3":
		return true
	}
	return false
}

// readLayerPattern reads which layers attend a sliding window or a chunk
// instead of the whole context: layer_types when the file lists it, else
// the model family's rule as its transformers config class applies it:
//
//   - Gemma 2: every other layer slides (layers 0, 2, 4, ...);
//   - Gemma 3: sliding_window_pattern (default 6): 5 of every 6 layers slide;
//   - Mistral and the like: every layer slides when sliding_window is set;
//   - Qwen2/Qwen3 with use_sliding_window: the layers from max_window_layers;
//   - Llama 4: every layer with RoPE (no_rope_layers 1, by default 3 of 4)
//     attends its attention_chunk_size chunk.
//
// A sliding_window that no rule places (and use_sliding_window is not
// false) is an error naming layer_types, never read as full attention.
func readLayerPattern(d configDoc, m *Model) error {
	if err := readChunked(d, m); err != nil {
		return err
	}
	w, wKey, ok, err := d.int(1, maxConfigContext, "sliding_window")
	if err != nil || !ok {
		return err
	}
	L := m.Layers - m.ChunkedLayers
	n := -1 // unknown
	if types := d.o.get("layer_types"); len(types) > 0 && types[0] == '[' {
		n = 0
		skipArray(types, 0, 1, func(t []byte) {
			if isString(t, "sliding_attention") {
				n++
			}
		})
		n = min(n, L)
	} else if use, given, err := d.bool("use_sliding_window"); err != nil {
		return err
	} else if given {
		n = 0
		if use {
			from, _, ok, err := d.int(0, float64(m.Layers), "max_window_layers")
			if err != nil {
				return err
			}
			if !ok {
				return &ConfigError{Field: d.name("max_window_layers"), Problem: ConfigMissing,
					Detail: "use_sliding_window is true: the layers from max_window_layers slide"}
			}
			n = m.Layers - from
		}
	} else {
		switch typ := d.family; {
		case typ == "gemma2":
			n = (m.Layers + 1) / 2
		case gemma3(typ):
			p, _, _, err := d.int(1, float64(m.Layers), "sliding_window_pattern", "_sliding_window_pattern")
			if err != nil {
				return err
			}
			n = m.Layers - m.Layers/max(p, 1)
		case allSliding(typ):
			n = m.Layers
		}
	}
	if n < 0 {
		return &ConfigError{Field: d.name("layer_types"), Problem: ConfigMissing,
			Detail: fmt.Sprintf("%s is set, but which layers use it is not known for model_type %q", wKey, d.family)}
	}
	if n > 0 {
		m.SlidingWindow, m.SlidingLayers = w, n
	}
	return nil
}

// readChunked reads Llama 4's chunked attention: attention_chunk_size, on
// the layers no_rope_layers marks 1 (those with RoPE; the others attend the
// whole context without position embeddings); without the list, transformers'
// Llama4TextConfig default: every layer but each no_rope_layer_interval-th
// (4).
func readChunked(d configDoc, m *Model) error {
	if !strings.HasPrefix(d.family, "llama4") {
		return nil
	}
	c, _, ok, err := d.int(1, maxConfigContext, "attention_chunk_size")
	if err != nil || !ok {
		return err
	}
	n := -1
	if list := d.o.get("no_rope_layers"); len(list) > 0 && list[0] == '[' {
		count, ones := 0, 0
		skipArray(list, 0, 1, func(t []byte) {
			count++
			if string(t) == "1" {
				ones++
			}
		})
		if count > 0 && count != m.Layers {
			return &ConfigError{Field: d.name("no_rope_layers"), Problem: ConfigInconsistent, Value: fmt.Sprint(count),
				Detail: fmt.Sprintf("it lists %d layers, num_hidden_layers is %d", count, m.Layers)}
		}
		if count > 0 {
			n = ones
		}
	}
	if n < 0 {
		every, _, ok, err := d.int(1, float64(m.Layers), "no_rope_layer_interval")
		if err != nil {
			return err
		}
		if !ok {
			every = 4
		}
		n = m.Layers - m.Layers/every
	}
	if n > 0 {
		m.ChunkSize, m.ChunkedLayers = c, n
	}
	return nil
}

// readQuant reads quantization_config into a stored precision: "fp8",
// "mxfp4", "int8", "int4", or "" for a 16-bit checkpoint.
func readQuant(d configDoc) (string, error) {
	q, ok := objectOf(d.o.get("quantization_config"))
	if !ok {
		return "", nil
	}
	qd := configDoc{o: q, prefix: d.prefix + "quantization_config."}
	method := strings.ToLower(qd.str("quant_method"))
	bits := func(keys ...string) (int, error) {
		b, _, ok, err := qd.int(1, 16, keys...)
		if !ok && err == nil {
			b = 4
		}
		return b, err
	}
	byBits := func(b int) string {
		if b <= 4 {
			return "int4"
		}
		return "int8"
	}
	switch method {
	case "fp8", "fbgemm_fp8":
		return "fp8", nil
	case "mxfp4":
		return "mxfp4", nil
	case "modelopt": // NVIDIA TensorRT Model Optimizer checkpoints
		switch algo := strings.ToUpper(qd.str("quant_algo")); algo {
		case "FP8", "FP8_PB_WO", "FP8_PER_CHANNEL_PER_TOKEN":
			return "fp8", nil
		case "":
			return "", &ConfigError{Field: qd.name("quant_algo"), Problem: ConfigMissing}
		default:
			return "", &ConfigError{Field: qd.name("quant_algo"), Problem: ConfigUnknown, Value: strings.ToLower(algo),
				Detail: "known for modelopt: FP8"}
		}
	case "awq", "gptq", "auto-round", "autoround", "hqq", "exl2":
		b, err := bits("bits", "w_bit", "weight_bits")
		return byBits(b), err
	case "bitsandbytes":
		if v, _, _ := qd.bool("load_in_8bit"); v {
			return "int8", nil
		}
		return "int4", nil
	case "compressed-tensors":
		// the first group in the file (its last value when the key repeats)
		if groups, _ := objectOf(q.get("config_groups")); len(groups) > 0 {
			g, _ := objectOf(groups.get(string(groups[0].key)))
			w, _ := objectOf(g.get("weights"))
			wd := configDoc{o: w, prefix: qd.prefix + "config_groups.weights."}
			b, _, ok, err := wd.int(1, 16, "num_bits")
			if err != nil || !ok {
				return "", err
			}
			if strings.EqualFold(wd.str("type"), "float") && b == 8 {
				return "fp8", nil
			}
			return byBits(b), nil
		}
		return "", &ConfigError{Field: qd.name("config_groups"), Problem: ConfigMissing}
	case "":
		return "", &ConfigError{Field: qd.name("quant_method"), Problem: ConfigMissing}
	}
	return "", &ConfigError{Field: qd.name("quant_method"), Problem: ConfigUnknown, Value: method,
		Detail: "known: fp8, mxfp4, awq, gptq, bitsandbytes, compressed-tensors, modelopt FP8"}
}

// ungatedMLP reports whether typ is one of the model types whose MLP is two matrices with a GELU
// (GPT-2, GPT-BigCode/StarCoder, StarCoder2, GPT-NeoX/Pythia, GPT-J,
// Falcon, OPT, BLOOM, Phi-1/2, MPT, CodeGen; BERT-style encoders, T5, BART,
// Whisper): the sizing counts the three
// matrices of a gated (SwiGLU) MLP, which would overstate their weights by
// half of the MLP (StarCoder2-15B by about 6B parameters).
func ungatedMLP(typ string) bool {
	switch typ {
	case "gpt2", "gpt_bigcode", "starcoder2", "gpt_neox", "gptj", "gpt_neo", "falcon", "opt", "bloom",
		"phi", "mpt", "codegen", "bert", "roberta", "xlm-roberta", "distilbert", "electra", "albert",
		"deberta", "deberta-v2", "bart", "mbart", "t5", "mt5", "whisper":
		return true
	}
	return false
}

// stateLayers reports whether typ is one of the model types with linear-attention or state-space layers
// (a fixed-size recurrent state per sequence instead of a KV cache, and
// other weights than attention's), whether or not the file lists
// layer_types.
func stateLayers(typ string) bool {
	switch typ {
	case "qwen3_next", "qwen3_5", "qwen3_5_text", "qwen3_5_moe", "qwen3_5_moe_text", "mamba",
		"mamba2", "falcon_mamba", "jamba", "zamba", "zamba2", "bamba", "falcon_h1", "nemotron_h",
		"granitemoehybrid", "rwkv", "recurrent_gemma", "lfm2", "minimax", "minimax_m1", "kimi_linear":
		return true
	}
	return false
}

// knownLayerType reports whether s is a layer_types entry the sizing models.
func knownLayerType(s string) bool {
	switch s {
	case "full_attention", "sliding_attention", "chunked_attention":
		return true
	}
	return false
}

// unsupported refuses a config.json whose layers the sizing does not model,
// naming the field that says so: linear-attention or state-space layers
// (layer_types entries such as "linear_attention" or "mamba", the keys of
// Gated DeltaNet layers, or such a model_type) and two-matrix GELU MLPs.
func unsupported(d configDoc) error {
	if types := d.o.get("layer_types"); len(types) > 0 && types[0] == '[' {
		var bad string
		skipArray(types, 0, 1, func(t []byte) {
			if s, ok := jsonString(t); ok && bad == "" && !knownLayerType(s) {
				bad = shown(t)
			}
		})
		if bad != "" {
			return &ConfigError{Field: d.name("layer_types"), Problem: ConfigUnsupported, Value: bad,
				Detail: "layers that are neither full, sliding-window nor chunked attention (linear attention or state-space layers)"}
		}
	}
	for _, k := range []string{"full_attention_interval", "linear_num_key_heads", "linear_key_head_dim", "attn_layer_period", "hybrid_override_pattern", "attn_type_list"} {
		if raw := d.val(k); raw != nil {
			return &ConfigError{Field: d.name(k), Problem: ConfigUnsupported, Value: shown(raw),
				Detail: "a hybrid of attention and linear-attention or state-space layers"}
		}
	}
	switch typ := d.family; {
	case stateLayers(typ):
		return &ConfigError{Field: d.name("model_type"), Problem: ConfigUnsupported, Value: fmt.Sprintf("%q", typ),
			Detail: "linear-attention or state-space layers"}
	case ungatedMLP(typ):
		return &ConfigError{Field: d.name("model_type"), Problem: ConfigUnsupported, Value: fmt.Sprintf("%q", typ),
			Detail: "a two-matrix GELU MLP, where the sizing counts a gated (SwiGLU) one"}
	}
	return nil
}

// llama4ServingEngineSource is why a Llama 4 config.json is sized by vLLM
// v0.8.3's start-up, as the Llama 4 presets are.
const llama4ServingEngineSource = "vLLM v0.8.3 (2025-04-06) is the release that added Llama 4 and the one of vLLM's published Llama 4 contexts: " +
	"https://github.com/vllm-project/vllm/pull/16104 and https://blog.vllm.ai/2025/04/05/llama4.html"

// configName is the model's name as the config gives it: the last part of
// _name_or_path, else the architecture, else the model type.
func configName(top jsonObject, d configDoc) string {
	for _, doc := range []jsonObject{top, d.o} {
		if s, _ := jsonString(doc.get("_name_or_path")); s != "" {
			if i := strings.LastIndexAny(s, "/\\"); i >= 0 {
				s = s[i+1:]
			}
			if s != "" {
				return s
			}
		}
	}
	if a := top.get("architectures"); len(a) > 0 && a[0] == '[' {
		first := skipSpace(a, 1)
		if end, ok := skipValue(a, first, 1); ok {
			if s, _ := jsonString(a[first:end]); s != "" {
				return s
			}
		}
	}
	if s, _ := jsonString(top.get("model_type")); s != "" {
		return s
	}
	return "config.json model"
}
