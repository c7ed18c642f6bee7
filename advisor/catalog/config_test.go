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
		if m.Stored != tc.stored || m.Context != p.Context || m.KVLoRARank != p.KVLoRARank || m.SlidingLayers != p.SlidingLayers {
			t.Errorf("%s: stored %q context %d kv_lora_rank %d sliding %d; want %q %d %d %d", tc.file,
				m.Stored, m.Context, m.KVLoRARank, m.SlidingLayers, tc.stored, p.Context, p.KVLoRARank, p.SlidingLayers)
		}
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
