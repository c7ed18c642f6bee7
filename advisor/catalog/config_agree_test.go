package catalog

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// agree fails t when ParseConfig and the map[string]any decoder it replaced
// (config_oracle_test.go) disagree on data: the same Model, or the same
// *ConfigError field for field (the JSON error's words included).
func agree(t *testing.T, data []byte) {
	t.Helper()
	want, werr := oracleParseConfig(data)
	if errors.Is(werr, errOracleAmbiguous) {
		return
	}
	got, gerr := ParseConfig(data)
	if !reflect.DeepEqual(gerr, werr) {
		t.Fatalf("ParseConfig(%q):\n error %#v\n  want %#v", data, gerr, werr)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ParseConfig(%q):\n model %+v\n  want %+v", data, got, want)
	}
}

// configFiles are the real config.json files of testdata/configs.
func configFiles(tb testing.TB) [][]byte {
	names, err := filepath.Glob("testdata/configs/*.json")
	if err != nil || len(names) == 0 {
		tb.Fatalf("no config.json files: %v", err)
	}
	var out [][]byte
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

// Hand-written shapes the files do not have: other spellings of a number,
// escapes, repeated keys, nested configs, quantization methods, JSON that is
// not an object or not JSON.
var agreeCases = []string{
	`{"hidden_size": 4096.0, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`,
	`{"hidden_size": 4.096e3, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`,
	`{"hidden_size": 4096.5, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`,
	`{"hidden_size": 1e999, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`,
	`{"hidden_size": 40960000000000000000, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`,
	`{"hidden_size": -0, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`,
	`{"hidden_size": {"a": [1, "b", null]}, "num_hidden_layers": 32}`,
	`{"hidden_size": null, "d_model": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`,
	`{"hidden\u005fsize": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "_name_or_path": "a/b\u00e9\ud800"}`,
	`{"HIDDEN_SIZE": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}`,
	`{"hidden_size": 1, "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "_name_or_path": "x/` + "\xff\xfe" + `"}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "tie_word_embeddings": "yes"}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "model_type": "qwen2", "architectures": [7, "X"]}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "architectures": ["Qwen2ForCausalLM"], "_name_or_path": "a/"}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "sliding_window": 128, "layer_types": ["sliding_attention", "full_attention", "sliding\u005fattention", 3, {"x": 1}]}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "quantization_config": {"quant_method": "compressed-tensors", "config_groups": {"group_0": {"weights": {"num_bits": 8, "type": "float"}}}}}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "quantization_config": {"quant_method": "compressed-tensors", "config_groups": {"group_0": {"weights": {"num_bits": 4}}, "group_0": {"weights": {"num_bits": 8}}}}}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "quantization_config": {"quant_method": "compressed-tensors", "config_groups": {"group_0": {"weights": {"num_bits": 4.5}}}}}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "quantization_config": {"quant_method": "compressed-tensors", "config_groups": {}}}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "quantization_config": {"quant_method": "bitsandbytes", "load_in_8bit": 1}}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "quantization_config": {"quant_method": "GPTQ", "bits": 8}}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "quantization_config": {"bits": 8}}`,
	`{"quantization_config": {"quant_method": "awq", "w_bit": 4}, "text_config": {"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}}`,
	`{"quantization_config": {"quant_method": "awq"}, "text_config": {"quantization_config": null, "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}}`,
	`{"text_config": 5, "language_config": {"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008}}`,
	`{"text_config": {}, "text_config": null, "llm_config": {"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008, "_name_or_path": "in/llm"}}`,
	`{"hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008} trailing {`,
	"\ufeff{}", ``, `   `, `null`, `[1, 2]`, `"x"`, `4096`, `{`, `{"a": 01}`, `{"a": 1.}`, `{"a": -}`, `{"a": 1e}`, `{"a": "\x"}`, `{"a": "` + "\x01" + `"}`,
	`{"a": tru}`, `{"a": [1, 2,]}`, `{"a": 1,}`, `{,}`, `{"a" 1}`, `{"a": "\u12"}`, `{"a": [}`, `{} {`, `{"a":1}{"b":2}`,
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	`{"a":` + strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + `}`,
	`{"a":` + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + `}`,
}

// mutationValues are put in place of the files' fields.
var mutationValues = []string{
	`null`, `4096`, `4096.0`, `4.096e3`, `1.5`, `-1`, `0`, `1e999`, `"x"`, `"sliding_attention"`, `true`, `false`, `{}`, `[]`, `[1, "a"]`,
	`{"quant_method": "awq", "bits": 8}`, `{"quant_method": "compressed-tensors", "config_groups": {"g": {"weights": {"num_bits": 8, "type": "float"}}}}`,
	`"fp8"`, `"llama4"`, `"qwen2"`,
}

var keyPattern = regexp.MustCompile(`"([^"\\]+)"\s*:`)

// mutations of data: every key given each of mutationValues (as a last,
// winning member of the top object, and as a first member of every nested
// object), every key removed from its name (renamed, upper-cased), and the
// file cut short.
func mutations(data []byte) [][]byte {
	var out [][]byte
	end := bytes.LastIndexByte(data, '}')
	keys := map[string]bool{}
	for _, m := range keyPattern.FindAllSubmatchIndex(data, -1) {
		k := string(data[m[2]:m[3]])
		for _, v := range mutationValues {
			if !keys[k] {
				out = append(out, concat(data[:end], `, "`+k+`": `+v, data[end:]))
			}
			for i, c := range data {
				if c == '{' && i > 0 {
					out = append(out, concat(data[:i+1], `"`+k+`": `+v+`, `, data[i+1:]))
				}
			}
		}
		keys[k] = true
		out = append(out, concat(data[:m[2]], "x"+k, data[m[2]:]), concat(data[:m[2]], strings.ToUpper(k), data[m[3]:]))
	}
	for i := 0; i < len(data); i += 37 {
		out = append(out, data[:i])
	}
	return out
}

func concat(a []byte, mid string, b []byte) []byte {
	return append(append(append([]byte{}, a...), mid...), b...)
}

// ParseConfig reads every config.json, hand-written case and mutation as the
// map[string]any decoder did: same model, same error.
func TestParseConfigAgreesWithMapDecoder(t *testing.T) {
	n := 0
	for _, c := range agreeCases {
		agree(t, []byte(c))
		n++
	}
	for _, data := range configFiles(t) {
		agree(t, data)
		for _, m := range mutations(data) {
			agree(t, m)
			n++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d cases", n)
	}
}

func FuzzParseConfigAgrees(f *testing.F) {
	for _, data := range configFiles(f) {
		f.Add(data)
	}
	for _, c := range agreeCases[:30] {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) { agree(t, data) })
}
