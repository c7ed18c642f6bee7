package catalog

import (
	"errors"
	"os"
	"testing"
)

// A config.json gives the preset's exact shape: the parameter count computed
// from it equals the preset's (which the published totals test checks).
func TestParseConfigMatchesPresets(t *testing.T) {
	c := mustDefault(t)
	for _, tc := range []struct {
		file, preset, stored string
	}{
		{"deepseek-v3.json", "deepseek-v3", "fp8"},
		{"gpt-oss-120b.json", "gpt-oss-120b", "mxfp4"},
		{"qwen3-30b-a3b.json", "qwen3-30b-a3b", ""},
		{"llama-4-maverick.json", "llama-4-maverick", ""},
		{"qwen2.5-7b-instruct-awq.json", "qwen2.5-7b", "int4"},
		{"gemma-3-4b-it.json", "gemma-3-4b", ""},
		{"gemma-3-12b-it.json", "gemma-3-12b", ""},
		{"gemma-3-27b-it.json", "gemma-3-27b", ""},
		{"mistral-7b-v0.1.json", "mistral-7b-v0.1", ""},
		{"mixtral-8x7b-v0.1.json", "mixtral-8x7b", ""},
		{"llama-3.2-3b.json", "llama-3.2-3b", ""},
		{"qwen2.5-0.5b-instruct.json", "qwen2.5-0.5b", ""},
	} {
		data, err := os.ReadFile("testdata/configs/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ParseConfig(data)
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		p, _ := c.ModelByID(tc.preset)
		if m.Params != p.Params || m.ActiveParams() != p.ActiveParams() {
			t.Errorf("%s: %.0f params (%.0f active), preset %s has %.0f (%.0f)", tc.file, m.Params, m.ActiveParams(), tc.preset, p.Params, p.ActiveParams())
		}
		if m.Stored != tc.stored || m.Context != p.Context || m.KVLoRARank != p.KVLoRARank || m.SlidingLayers != p.SlidingLayers || m.SlidingWindow != p.SlidingWindow ||
			m.ChunkedLayers != p.ChunkedLayers || m.ChunkSize != p.ChunkSize || m.TiedEmbeddings != p.TiedEmbeddings || m.Shape != p.Shape ||
			m.ServingEngine != p.ServingEngine {
			t.Errorf("%s: stored %q context %d kv_lora_rank %d sliding %d/%d chunked %d/%d tied %v shape %+v engine %q; want %q %d %d %d/%d %d/%d %v %+v %q", tc.file,
				m.Stored, m.Context, m.KVLoRARank, m.SlidingLayers, m.SlidingWindow, m.ChunkedLayers, m.ChunkSize, m.TiedEmbeddings, m.Shape, m.ServingEngine,
				tc.stored, p.Context, p.KVLoRARank, p.SlidingLayers, p.SlidingWindow, p.ChunkedLayers, p.ChunkSize, p.TiedEmbeddings, p.Shape, p.ServingEngine)
		}
	}
}

// Which layers slide or attend a chunk, and whether the embeddings are tied,
// come from layer_types or, when the file does not list them, from the
// model family's config class (transformers): never "all full, untied".
func TestParseConfigLayerPattern(t *testing.T) {
	const base = `"hidden_size": 4608, "num_hidden_layers": 46, "num_attention_heads": 32, "num_key_value_heads": 16, "head_dim": 128, "vocab_size": 256000, "intermediate_size": 36864`
	file := func(name string) string {
		b, err := os.ReadFile("testdata/configs/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, tc := range []struct {
		name, json      string
		sliding, window int
		chunked, chunk  int
		tied            bool
	}{
		// Gemma2Config: layers 0, 2, 4, ... slide
		{"gemma 2 27b as published", file("gemma-2-27b.json"), 23, 4096, 0, 0, true},
		{"gemma 2 without sliding_window: the class default", `{"model_type": "gemma2", ` + base + `}`, 23, 4096, 0, 0, true},
		{"gemma 2 untied when it says so", `{"model_type": "gemma2", "tie_word_embeddings": false, ` + base + `}`, 23, 4096, 0, 0, false},
		// Gemma3TextConfig: sliding_window_pattern (default 6) — 5 of 6 slide
		{"gemma 3 4b as published (no pattern given)", file("gemma-3-4b-it.json"), 29, 1024, 0, 0, true},
		{"gemma 3 with a pattern of 2", `{"model_type": "gemma3_text", "sliding_window": 512, "sliding_window_pattern": 2, ` + base + `}`, 23, 512, 0, 0, true},
		{"gemma 3 layer_types win", `{"model_type": "gemma3_text", "sliding_window": 512, "layer_types": ["sliding_attention", "full_attention"], ` + base + `}`, 1, 512, 0, 0, true},
		// MistralConfig: every layer when sliding_window is set
		{"mistral 7b v0.1 as published", file("mistral-7b-v0.1.json"), 32, 4096, 0, 0, false},
		{"mistral v0.2: sliding_window null", `{"model_type": "mistral", "sliding_window": null, ` + base + `}`, 0, 0, 0, 0, false},
		// Qwen2Config: use_sliding_window false means none, true the layers from max_window_layers
		{"qwen2 with use_sliding_window false", `{"model_type": "qwen2", "sliding_window": 32768, "use_sliding_window": false, ` + base + `}`, 0, 0, 0, 0, false},
		{"qwen2 with use_sliding_window true", `{"model_type": "qwen2", "sliding_window": 4096, "use_sliding_window": true, "max_window_layers": 28, ` + base + `}`, 18, 4096, 0, 0, false},
		// Llama4TextConfig: layers with RoPE attend a chunk; by default 3 of 4
		{"llama 4 maverick as published", file("llama-4-maverick.json"), 0, 0, 36, 8192, false},
		{"llama 4 with no_rope_layers", `{"model_type": "llama4_text", "attention_chunk_size": 8192, "no_rope_layers": [1, 0, 1, 1], "hidden_size": 5120, "num_hidden_layers": 4, "num_attention_heads": 40, "num_key_value_heads": 8, "head_dim": 128, "vocab_size": 202048, "intermediate_size": 16384}`, 0, 0, 3, 8192, false},
		{"llama 4 with an interval", `{"model_type": "llama4_text", "attention_chunk_size": 4096, "no_rope_layer_interval": 2, ` + base + `}`, 0, 0, 23, 4096, false},
		{"no sliding_window at all", `{"model_type": "llama", ` + base + `}`, 0, 0, 0, 0, false},
	} {
		m, err := ParseConfig([]byte(tc.json))
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if m.SlidingLayers != tc.sliding || m.SlidingWindow != tc.window || m.ChunkedLayers != tc.chunked || m.ChunkSize != tc.chunk || m.TiedEmbeddings != tc.tied {
			t.Errorf("%s: sliding %d/%d chunked %d/%d tied %v, want %d/%d %d/%d %v", tc.name,
				m.SlidingLayers, m.SlidingWindow, m.ChunkedLayers, m.ChunkSize, m.TiedEmbeddings, tc.sliding, tc.window, tc.chunked, tc.chunk, tc.tied)
		}
	}
	// Gemma 3 27B from its config.json: 27.0B parameters with the tied
	// embedding counted once (28.4B if it were read as untied)
	m, err := ParseConfig([]byte(file("gemma-3-27b-it.json")))
	if err != nil || m.Params != 27008679680 {
		t.Errorf("gemma-3-27b: %.0f parameters (%v), want 27,008,679,680", m.Params, err)
	}
}

// A bad config.json names the field that is wrong.
func TestParseConfigErrors(t *testing.T) {
	for _, tc := range []struct {
		name, json, field, problem string
	}{
		{"not JSON", `hidden_size: 4096`, "config", ConfigNotJSON},
		{"a JSON array", `[1, 2]`, "config", ConfigNotJSON},
		{"no hidden size", `{"num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`, "hidden_size", ConfigMissing},
		{"no layers", `{"hidden_size": 4096, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`, "num_hidden_layers", ConfigMissing},
		{"dense without intermediate_size", `{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000}`, "intermediate_size", ConfigMissing},
		{"hidden as a string", `{"hidden_size": "4096", "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`, "hidden_size", ConfigNotNumber},
		{"absurd hidden", `{"hidden_size": 99999999, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`, "hidden_size", ConfigOutOfRange},
		{"negative layers", `{"hidden_size": 4096, "num_hidden_layers": -2, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`, "num_hidden_layers", ConfigOutOfRange},
		{"kv heads not dividing heads", `{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 5, "vocab_size": 32000, "intermediate_size": 11008}`, "num_key_value_heads", ConfigInconsistent},
		{"experts without top-k", `{"hidden_size": 2048, "num_hidden_layers": 48, "num_attention_heads": 32, "vocab_size": 151936, "num_experts": 128, "moe_intermediate_size": 768}`, "num_experts_per_tok", ConfigMissing},
		{"top-k past the experts", `{"hidden_size": 2048, "num_hidden_layers": 48, "num_attention_heads": 32, "vocab_size": 151936, "num_experts": 8, "num_experts_per_tok": 9, "moe_intermediate_size": 768}`, "num_experts_per_tok", ConfigInconsistent},
		{"MLA without v_head_dim", `{"hidden_size": 7168, "num_hidden_layers": 61, "num_attention_heads": 128, "vocab_size": 129280, "intermediate_size": 18432, "kv_lora_rank": 512, "qk_rope_head_dim": 64, "qk_nope_head_dim": 128}`, "v_head_dim", ConfigMissing},
		{"unknown quantization", `{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "quantization_config": {"quant_method": "magic"}}`, "quantization_config.quant_method", ConfigUnknown},
		{"a sliding window no rule places", `{"model_type": "phimoe2", "sliding_window": 2048, "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`, "layer_types", ConfigMissing},
		{"qwen2 sliding without max_window_layers", `{"model_type": "qwen2", "sliding_window": 4096, "use_sliding_window": true, "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`, "max_window_layers", ConfigMissing},
		{"no_rope_layers of the wrong length", `{"model_type": "llama4_text", "attention_chunk_size": 8192, "no_rope_layers": [1, 0], "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`, "no_rope_layers", ConfigInconsistent},
		{"zero heads", `{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 0, "vocab_size": 32000, "intermediate_size": 11008}`, "num_attention_heads", ConfigOutOfRange},
		{"layers as a string", `{"hidden_size": 4096, "num_hidden_layers": "32", "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`, "num_hidden_layers", ConfigNotNumber},
		{"kv heads as a fraction", `{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "num_key_value_heads": 8.5, "vocab_size": 32000, "intermediate_size": 11008}`, "num_key_value_heads", ConfigNotNumber},
		{"multi_query not a flag", `{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "multi_query": "yes", "vocab_size": 32000, "intermediate_size": 11008}`, "multi_query", ConfigNotNumber},
		{"modelopt without quant_algo", `{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "quantization_config": {"quant_method": "modelopt"}}`, "quantization_config.quant_algo", ConfigMissing},
		{"modelopt NVFP4", `{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "quantization_config": {"quant_method": "modelopt", "quant_algo": "NVFP4"}}`, "quantization_config.quant_algo", ConfigUnknown},
		// Qwen3-Next-80B-A3B: 3 of every 4 layers are Gated DeltaNet (linear attention), no layer_types in the file
		{"Qwen3-Next's hybrid layers", `{"model_type": "qwen3_next", "full_attention_interval": 4, "linear_num_key_heads": 16, "hidden_size": 2048, "num_hidden_layers": 48, "num_attention_heads": 16, "num_key_value_heads": 2, "head_dim": 256, "vocab_size": 151936, "intermediate_size": 5120}`, "full_attention_interval", ConfigUnsupported},
		// Qwen3.5's text_config lists them
		{"linear_attention in layer_types", `{"model_type": "qwen3_5", "text_config": {"layer_types": ["linear_attention", "linear_attention", "linear_attention", "full_attention"], "hidden_size": 1024, "num_hidden_layers": 4, "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 256, "vocab_size": 248320, "intermediate_size": 3584}}`, "text_config.layer_types", ConfigUnsupported},
		{"a Mamba model", `{"model_type": "mamba", "hidden_size": 768, "num_hidden_layers": 24, "num_attention_heads": 1, "vocab_size": 50280, "intermediate_size": 1536}`, "model_type", ConfigUnsupported},
		// StarCoder2-15B: c_fc and c_proj with a GELU, not a gated MLP
		{"a two-matrix MLP", `{"model_type": "starcoder2", "hidden_size": 6144, "num_hidden_layers": 40, "num_attention_heads": 48, "num_key_value_heads": 4, "vocab_size": 49152, "intermediate_size": 24576, "sliding_window": 4096}`, "model_type", ConfigUnsupported},
		{"a BERT encoder", `{"model_type": "bert", "hidden_size": 768, "num_hidden_layers": 12, "num_attention_heads": 12, "vocab_size": 30522, "intermediate_size": 3072}`, "model_type", ConfigUnsupported},
		{"nested field named with its parent", `{"model_type": "llama4", "text_config": {"num_hidden_layers": 48, "num_attention_heads": 40, "vocab_size": 202048, "intermediate_size": 8192}}`, "text_config.hidden_size", ConfigMissing},
	} {
		_, err := ParseConfig([]byte(tc.json))
		var ce *ConfigError
		if !errors.As(err, &ce) {
			t.Errorf("%s: error %v, want *ConfigError", tc.name, err)
			continue
		}
		if ce.Field != tc.field || ce.Problem != tc.problem {
			t.Errorf("%s: field %q problem %q, want %q %q", tc.name, ce.Field, ce.Problem, tc.field, tc.problem)
		}
	}
}

// Whatever the text, ParseConfig returns a model with a positive shape or a
// *ConfigError; it never panics.
func FuzzParseConfig(f *testing.F) {
	for _, name := range []string{"deepseek-v3.json", "gpt-oss-120b.json", "qwen3-30b-a3b.json", "llama-4-maverick.json"} {
		data, err := os.ReadFile("testdata/configs/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"hidden_size": 1, "num_hidden_layers": 1, "num_attention_heads": 1, "vocab_size": 1, "intermediate_size": 1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseConfig(data)
		if err != nil {
			var ce *ConfigError
			if !errors.As(err, &ce) || ce.Field == "" {
				t.Fatalf("error %v is not a *ConfigError naming a field", err)
			}
			return
		}
		if m.Params <= 0 || m.Layers <= 0 || m.Hidden <= 0 || m.Heads <= 0 || m.KVHeads <= 0 || m.HeadDim <= 0 || m.FFN <= 0 || m.Vocab <= 0 || m.Heads%m.KVHeads != 0 {
			t.Fatalf("accepted a shape the sizing cannot use: %+v", m)
		}
	})
}

// BenchmarkParseConfig is one config.json read (DeepSeek-V3's, 1.6 KB).
func BenchmarkParseConfig(b *testing.B) {
	data, err := os.ReadFile("testdata/configs/deepseek-v3.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseConfig(data); err != nil {
			b.Fatal(err)
		}
	}
}

// Multi-query attention (multi_query true, no KV head count) caches one KV
// head, and a modelopt FP8 checkpoint (NVIDIA's TensorRT Model Optimizer,
// quant_method "modelopt", quant_algo "FP8") is stored in FP8.
func TestParseConfigMultiQueryAndModelOpt(t *testing.T) {
	const shape = `"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008`
	for _, tc := range []struct {
		name, json string
		kvHeads    int
		stored     string
	}{
		{"multi_query true", `{` + shape + `, "multi_query": true}`, 1, ""},
		{"multi_query false", `{` + shape + `, "multi_query": false}`, 32, ""},
		{"num_key_value_heads wins over multi_query", `{` + shape + `, "multi_query": true, "num_key_value_heads": 8}`, 8, ""},
		{"n_head_kv", `{` + shape + `, "n_head_kv": 8}`, 8, ""},
		{"modelopt FP8", `{` + shape + `, "quantization_config": {"quant_method": "modelopt", "quant_algo": "FP8"}}`, 32, "fp8"},
	} {
		m, err := ParseConfig([]byte(tc.json))
		if err != nil || m.KVHeads != tc.kvHeads || m.Stored != tc.stored {
			t.Errorf("%s: KV heads %d stored %q (%v), want %d %q", tc.name, m.KVHeads, m.Stored, err, tc.kvHeads, tc.stored)
		}
	}
}
