package catalog

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// agree fails t when ParseConfig reads data otherwise than the
// map[string]any decoder it replaced: text that decoder refused gets its
// error, word for word; other text gives what the same document written out
// plainly gives (json.Marshal of the decoded map: escapes decoded, repeated
// keys gone, one value per key, keys as the decoder matched them). So the
// one-pass reader sees the very document encoding/json saw. What is read
// from the document, and the errors' words, TestParseConfigReadsAsBefore
// pins by hand.
func agree(t *testing.T, data []byte) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var top map[string]any
	got, gerr := ParseConfig(data)
	if err := dec.Decode(&top); err != nil || top == nil {
		detail := "not a JSON object"
		if err != nil {
			detail = err.Error()
		}
		want := &ConfigError{Field: "config", Problem: ConfigNotJSON, Detail: detail}
		if !reflect.DeepEqual(gerr, want) {
			t.Fatalf("ParseConfig(%q):\n error %#v\n  want %#v", data, gerr, want)
		}
		return
	}
	if severalGroups(top) {
		return // which group the map decoder read was Go's map order; ParseConfig reads the first in the file
	}
	plain, err := json.Marshal(top)
	if err != nil {
		t.Fatal(err)
	}
	want, werr := ParseConfig(plain)
	if !reflect.DeepEqual(gerr, werr) {
		t.Fatalf("ParseConfig(%q):\n error %#v\n  want %#v (as %s)", data, gerr, werr, plain)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ParseConfig(%q):\n model %+v\n  want %+v (as %s)", data, got, want, plain)
	}
}

// severalGroups reports whether a compressed-tensors quantization_config
// (at the top or in a nested config) has more than one config group.
func severalGroups(top map[string]any) bool {
	for _, doc := range []any{top, top["text_config"], top["language_config"], top["llm_config"]} {
		d, _ := doc.(map[string]any)
		q, _ := d["quantization_config"].(map[string]any)
		if g, _ := q["config_groups"].(map[string]any); len(g) > 1 {
			return true
		}
	}
	return false
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

// What ParseConfig reads from a document and the words of its errors, by
// hand: the fields' accepted spellings (4096.0, null skipped for the next
// alias, an escaped key, the last of repeated keys), a field's value as an
// error shows it (a number as written, a string without quotes, an object
// as Go prints a map), the nested configs and the quantization_config
// copied into them.
func TestParseConfigReadsAsBefore(t *testing.T) {
	const base = `"num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008`
	for _, c := range []struct {
		json            string
		hidden          int
		stored          string
		sliding, window int
		err             *ConfigError
	}{
		{json: `{"hidden_size": 4096.0, ` + base + `}`, hidden: 4096},
		{json: `{"hidden_size": null, "d_model": 4096, ` + base + `}`, hidden: 4096},
		{json: `{"hidden_size": 1, "hidden_size": 4096, ` + base + `}`, hidden: 4096},
		{json: `{"hidden\u005fsize": 4096, ` + base + `}`, hidden: 4096},
		{json: `{"hidden_size": 4096, ` + base + `} trailing {`, hidden: 4096},
		{json: `{"HIDDEN_SIZE": 4096, ` + base + `}`, err: &ConfigError{Field: "hidden_size", Problem: ConfigMissing}},
		{json: `{"hidden_size": 4096.5, ` + base + `}`, err: &ConfigError{Field: "hidden_size", Problem: ConfigNotNumber, Value: "4096.5", Detail: "want a whole number"}},
		{json: `{"hidden_size": "4096", ` + base + `}`, err: &ConfigError{Field: "hidden_size", Problem: ConfigNotNumber, Value: `"4096"`, Detail: "want a whole number"}},
		{json: `{"hidden_size": {"a": [1, "b", null]}, ` + base + `}`, err: &ConfigError{Field: "hidden_size", Problem: ConfigNotNumber, Value: `{"a":[1,"b",null]}`, Detail: "want a whole number"}},
		{json: `{"hidden_size": 1e999, ` + base + `}`, err: &ConfigError{Field: "hidden_size", Problem: ConfigNotNumber, Value: "1e999", Detail: "want a whole number"}},
		{json: `{"hidden_size": -0, ` + base + `}`, err: &ConfigError{Field: "hidden_size", Problem: ConfigOutOfRange, Value: "-0", Min: 1, Max: maxConfigHidden}},
		{json: `{"hidden_size": 4096, ` + base + `, "tie_word_embeddings": "yes"}`, err: &ConfigError{Field: "tie_word_embeddings", Problem: ConfigNotNumber, Value: `"yes"`, Detail: "want true or false"}},
		{json: `[1, 2]`, err: &ConfigError{Field: "config", Problem: ConfigNotJSON, Detail: "json: cannot unmarshal array into Go value of type map[string]interface {}"}},
		{json: `null`, err: &ConfigError{Field: "config", Problem: ConfigNotJSON, Detail: "not a JSON object"}},
		{json: `{"hidden_size": 4096, ` + base + `, "sliding_window": 128, "layer_types": ["sliding_attention", "full_attention", "sliding\u005fattention", 3]}`, hidden: 4096, sliding: 2, window: 128},
		{json: `{"quantization_config": {"quant_method": "awq", "w_bit": 4}, "text_config": {"hidden_size": 4096, ` + base + `}}`, hidden: 4096, stored: "int4"},
		{json: `{"quantization_config": {"quant_method": "awq"}, "text_config": {"quantization_config": null, "hidden_size": 4096, ` + base + `}}`, hidden: 4096},
		{json: `{"text_config": 5, "language_config": {"hidden_size": 4096, ` + base + `}}`, hidden: 4096},
		{json: `{"hidden_size": 4096, ` + base + `, "quantization_config": {"quant_method": "compressed-tensors", "config_groups": {"g": {"weights": {"num_bits": 8, "type": "float"}}}}}`, hidden: 4096, stored: "fp8"},
		{json: `{"hidden_size": 4096, ` + base + `, "quantization_config": {"quant_method": "compressed-tensors", "config_groups": {"a": {"weights": {"num_bits": 4}}, "b": {"weights": {"num_bits": 8}}}}}`, hidden: 4096, stored: "int4"}, // the first group
	} {
		m, err := ParseConfig([]byte(c.json))
		if c.err != nil {
			if !reflect.DeepEqual(err, c.err) {
				t.Errorf("%s:\n error %#v\n  want %#v", c.json, err, c.err)
			}
			continue
		}
		if err != nil || m.Hidden != c.hidden || m.Stored != c.stored || m.SlidingLayers != c.sliding || m.SlidingWindow != c.window {
			t.Errorf("%s: hidden %d stored %q sliding %d/%d (%v), want %d %q %d/%d", c.json, m.Hidden, m.Stored, m.SlidingLayers, m.SlidingWindow, err, c.hidden, c.stored, c.sliding, c.window)
		}
	}
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
// map[string]any decoder saw it.
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
