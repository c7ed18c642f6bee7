package catalog

import (
	"errors"
	"testing"
)

func TestFindGPU(t *testing.T) {
	c := mustDefault(t)
	for _, tc := range []struct {
		name    string
		want    string
		assumed string // "field=value,..." of the assumptions
	}{
		{"A100-80G", "a100-80g-sxm", "form=sxm"},
		{"a100 80g sxm4", "a100-80g-sxm", ""},
		{"A100 80GB PCIe", "a100-80g-pcie", ""},
		{"NVIDIA A100-SXM4-80GB", "a100-80g-sxm", ""},
		{"A100", "a100-80g-sxm", "memory=80GB,form=sxm"},
		{"A100 40G", "a100-40g-sxm", "form=sxm"},
		{"a100 40gb pcie", "a100-40g-pcie", ""},
		{"4090", "rtx-4090", ""},
		{"RTX 4090", "rtx-4090", ""},
		{"GeForce RTX 4090 24G", "rtx-4090", ""},
		{"4090D", "rtx-4090", ""},
		{"5090", "rtx-5090", ""},
		{"H800", "h800-sxm", ""},
		{"h100", "h100-sxm", "form=sxm"},
		{"H100 PCIe", "h100-pcie", ""},
		{"H100 SXM5 80GB", "h100-sxm", ""},
		{"H200", "h200-sxm", ""},
		{"H20", "h20", ""},
		{"h20 96g", "h20", ""},
		{"910B", "ascend-910b", ""},
		{"昇腾910B", "ascend-910b", ""},
		{"Ascend 910B4", "ascend-910b", ""},
		{"A10", "a10", ""},
		{"a10 24g", "a10", ""},
		{"L20", "l20", ""},
		{"L40S", "l40s", ""},
		{"A800", "a800-80g-sxm", "form=sxm"},
		{"B200", "b200", ""},
		{"B200 192GB", "b200", ""},
		{"ａ１００－８０Ｇ", "a100-80g-sxm", "form=sxm"},
		{"a100-80g-sxm", "a100-80g-sxm", ""},
	} {
		m, err := c.FindGPU(tc.name)
		if err != nil {
			t.Errorf("FindGPU(%q): %v, want %s", tc.name, err, tc.want)
			continue
		}
		got := ""
		for i, a := range m.Assumed {
			if i > 0 {
				got += ","
			}
			got += a.Field + "=" + a.Value
		}
		if m.GPU.ID != tc.want || got != tc.assumed {
			t.Errorf("FindGPU(%q) = %s assumed %q, want %s assumed %q", tc.name, m.GPU.ID, got, tc.want, tc.assumed)
		}
	}
}

func TestFindModel(t *testing.T) {
	c := mustDefault(t)
	for _, tc := range []struct {
		name, want string
		assumed    bool
	}{
		{"qwen2.5-14b", "qwen2.5-14b", false},
		{"Qwen2.5-14B-Instruct", "qwen2.5-14b", false},
		{"Qwen/Qwen2.5-14B-Instruct", "qwen2.5-14b", false},
		{"qwen2.5 14b", "qwen2.5-14b", false},
		{"qwen-14b", "qwen2.5-14b", true},
		{"Qwen2.5-7B-Instruct-AWQ", "qwen2.5-7b", false},
		{"qwen2.5-72b", "qwen2.5-72b", false},
		{"QWEN2.5-32B", "qwen2.5-32b", false},
		{"llama-3.1-8b", "llama-3.1-8b", false},
		{"meta-llama/Llama-3.1-8B-Instruct", "llama-3.1-8b", false},
		{"Meta-Llama-3-70B", "llama-3.1-70b", true},
		{"llama2-7b", "llama-2-7b", false},
		{"Llama-2-13b-chat-hf", "llama-2-13b", false},
		{"llama 2 70b", "llama-2-70b", false},
		{"mistral", "mistral-7b", true},
		{"Mistral-7B-Instruct-v0.3", "mistral-7b", false},
		{"mistral-7b-v0.1", "mistral-7b-v0.1", false},
		{"mistralai/Mistral-7B-Instruct-v0.1", "mistral-7b-v0.1", false},
		{"Mistral-7B-Instruct-v0.2", "mistral-7b-v0.2", false}, // v0.2: v0.1's shape without the sliding window
		{"mistral-7b-base", "mistral-7b", true},                // two 7B presets: the newest, said so
		{"glm-4-9b", "glm-4-9b", false},
		{"THUDM/glm-4-9b-chat", "glm-4-9b", false},
		{"chatglm4-9b", "glm-4-9b", false},
		{"DeepSeek-R1-Distill-Qwen-7B", "deepseek-r1-distill-qwen-7b", false},
		{"deepseek-r1:32b", "deepseek-r1-distill-qwen-32b", true},
		{"DeepSeek-R1 7B", "deepseek-r1-distill-qwen-7b", true},
		{"Qwen2.5-14B", "qwen2.5-14b", false},
		{"mixtral-8x7b", "mixtral-8x7b", false},
		{"Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b", false},
		{"mistralai/Mixtral-8x7B-Instruct-v0.1", "mixtral-8x7b", false},
		{"mixtral 8x7b instruct", "mixtral-8x7b", false},
		{"Mixtral 8×7B", "mixtral-8x7b", false},
		{"TheBloke/Mixtral-8x7B-Instruct-v0.1-AWQ", "mixtral-8x7b", false},
		{"mixtral", "mixtral-8x7b", true}, // 8x22B is not a preset: said so
		{"llama-3.2-1b", "llama-3.2-1b", false},
		{"meta-llama/Llama-3.2-1B-Instruct", "llama-3.2-1b", false},
		{"Llama-3.2-3B-Instruct", "llama-3.2-3b", false},
		{"llama3.2 3b", "llama-3.2-3b", false},
		{"Llama32-1B", "llama-3.2-1b", false},
		{"qwen2.5-0.5b", "qwen2.5-0.5b", false},
		{"Qwen/Qwen2.5-0.5B-Instruct", "qwen2.5-0.5b", false},
		{"qwen2.5 1.5b", "qwen2.5-1.5b", false},
		{"Qwen2.5-1.5B-Instruct-GPTQ-Int4", "qwen2.5-1.5b", false},
		{"Qwen2.5-3B-Instruct", "qwen2.5-3b", false},
		{"qwen-0.5b", "qwen2.5-0.5b", true},
	} {
		m, err := c.FindModel(tc.name)
		if err != nil {
			t.Errorf("FindModel(%q): %v, want %s", tc.name, err, tc.want)
			continue
		}
		if m.Model.ID != tc.want || (len(m.Assumed) > 0) != tc.assumed {
			t.Errorf("FindModel(%q) = %s assumed %v, want %s assumed %v", tc.name, m.Model.ID, m.Assumed, tc.want, tc.assumed)
		}
	}
}

// TestFindUnknownSuggests: a name the catalog lacks is a *NotFoundError
// with a suggestion, the nearest entry where the row names one.
func TestFindUnknownSuggests(t *testing.T) {
	c := mustDefault(t)
	find := map[string]func(string) error{
		"gpu":   func(n string) error { _, err := c.FindGPU(n); return err },
		"model": func(n string) error { _, err := c.FindModel(n); return err },
	}
	for _, tc := range []struct{ kind, name, suggest string }{
		{"gpu", "V100", "a100-80g-sxm"},
		{"gpu", "A100 24G", "a100-40g-pcie"},
		{"gpu", "H100 NVL", "h100-sxm"},
		{"gpu", "", ""},
		{"gpu", "tpu v5", ""},
		{"model", "unknown-99b", "glm-4.5-air"}, // nearest in parameter count: 106B
		{"model", "qwen2.5-13b", "qwen2.5-14b"},
		{"model", "qwen2.5-0.3b", "qwen2.5-0.5b"},
		{"model", "llama-2-34b", "llama-2-70b"},
		// an MoE name's sizes are not its total, and its nearest preset is an MoE
		{"model", "mixtral-8x22b", "mixtral-8x7b"},
		{"model", "mistralai/Mixtral-8x22B-Instruct-v0.1", "mixtral-8x7b"},
		{"model", "xxx-8x7b", "mixtral-8x7b"},
		{"model", "mistral-8x7b", "mixtral-8x7b"},                 // Mistral has no MoE preset: the nearest MoE
		{"model", "ERNIE-4.5-21B-A3B", "gpt-oss-20b"},             // 21B total
		{"model", "Qwen3-Next-80B-A3B-Instruct", "qwen3-30b-a3b"}, // the family's MoE, not dense Qwen3-32B
		{"model", "llama-4-behemoth-288b-16e", ""},
		{"model", "deepseek-r1-12b", "deepseek-r1-distill-qwen-14b"},
		{"model", "gpt-4", ""},
		// a version the catalog lacks is not read into the size ("qwen3-8b"
		// folds to qwen38b) nor answered as another version
		{"model", "qwen4-8b", "qwen2.5-7b"},
		{"model", "Qwen4-32B", "qwen2.5-32b"},
		{"model", "qwen3-7b", "qwen3-8b"},
		{"model", "Qwen/Qwen1.5-72B-Chat", "qwen2.5-72b"},
		{"model", "llama-3.2-11b-vision", "llama-3.2-3b"},
		{"model", "llama-3.3-8b", "llama-3.3-70b"},
	} {
		err := find[tc.kind](tc.name)
		var nf *NotFoundError
		if !errors.As(err, &nf) {
			t.Errorf("find %s %q: error = %v, want *NotFoundError", tc.kind, tc.name, err)
			continue
		}
		if nf.Suggestion == "" || tc.suggest != "" && nf.Suggestion != tc.suggest {
			t.Errorf("find %s %q suggests %q, want %q", tc.kind, tc.name, nf.Suggestion, tc.suggest)
		}
	}
}

func TestSuggest(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"a100 80", "a100-80g-sxm"},
		{"qwen2.5-15b", "qwen2.5-14b"},
		{"unknown-99b", "glm-4.5-air"},
		{"h1OO", "h100-sxm"},
	} {
		if got := Suggest(tc.name); got != tc.want {
			t.Errorf("Suggest(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// FuzzFindGPU and FuzzFindModel: lookups never panic, and a failed lookup
// always offers a suggestion.
func FuzzFindGPU(f *testing.F) {
	fuzzFind(f, "FindGPU", func(c *Catalog, s string) error { _, err := c.FindGPU(s); return err },
		"A100-80G", "4090", "910B", "", "h20 96g", "ｈ８００", "\xff", "sxm5pcie", "a100 9999999999999999999999g")
}

func FuzzFindModel(f *testing.F) {
	fuzzFind(f, "FindModel", func(c *Catalog, s string) error { _, err := c.FindModel(s); return err },
		"qwen2.5-14b", "Qwen/Qwen2.5-14B-Instruct", "unknown-99b", "", "llama3.1.1.1b", "9999999999999999b", "\xff/")
}

// fuzzFind fuzzes one lookup from the seeds: an error is always a
// *NotFoundError with a suggestion.
func fuzzFind(f *testing.F, name string, find func(c *Catalog, s string) error, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	c := mustDefault(f)
	f.Fuzz(func(t *testing.T, s string) {
		err := find(c, s)
		var nf *NotFoundError
		if err != nil && (!errors.As(err, &nf) || nf.Suggestion == "") {
			t.Fatalf("%s(%q) = %v, want a NotFoundError with a suggestion", name, s, err)
		}
	})
}

// The names people type: Chinese brand names read as their family, and a
// name read forgivingly (a typo, a left-out version, a brand) is marked Read
// so that the reply can say how it was read; a name typed as a preset, or
// with an ignored suffix, is not.
func TestModelNamesPeopleType(t *testing.T) {
	c := mustDefault(t)
	for _, tc := range []struct {
		name, want string
		read       bool
	}{
		{"千问3-8B", "qwen3-8b", true},
		{"通义千问2.5-14B", "qwen2.5-14b", true},
		{"通义千问Qwen2.5-7B-Instruct", "qwen2.5-7b", true},
		{"深度求索R1-Distill-Qwen-32B", "deepseek-r1-distill-qwen-32b", true},
		{"智谱GLM-4-9B", "glm-4-9b", true},
		{"月之暗面K2", "kimi-k2", true},
		{"羊驼3.1-8B", "llama-3.1-8b", true},
		{"qwen3-8bb", "qwen3-8b", true},
		{"通义千问2.5-0.5B", "qwen2.5-0.5b", true},
		{"千问2.5 3B", "qwen2.5-3b", true},
		{"羊驼3.2-1B", "llama-3.2-1b", true},
		{"qwen-14b", "qwen2.5-14b", true},
		{"Qwen3-8B", "qwen3-8b", false},
		{"qwen2.5-14b", "qwen2.5-14b", false},
		{"Qwen2.5-14B-Instruct-AWQ", "qwen2.5-14b", false},
		{"Qwen/Qwen2.5-7B-Instruct", "qwen2.5-7b", false},
	} {
		m, err := c.FindModel(tc.name)
		if err != nil || m.Model.ID != tc.want || m.Read != tc.read {
			t.Errorf("FindModel(%q) = %s read %v (err %v), want %s read %v", tc.name, m.Model.ID, m.Read, err, tc.want, tc.read)
		}
	}
}

// A mixture-of-experts name is never suggested a dense preset by the size
// in its name (one expert's, or the active parameters), unless its family
// has no MoE preset and a dense one is all the family offers.
func TestMoENamesSuggestMoE(t *testing.T) {
	c := mustDefault(t)
	for _, name := range []string{"xxx-8x7b", "foo-8x22B", "Hunyuan-A13B-Instruct", "Qwen1.5-MoE-A2.7B", "llama-4-behemoth-288b-16e",
		"phi-3.5-moe", "OLMoE-1B-7B", "DeepSeek-V2-Lite-A2.4B", "ling 16.8b a2.75b"} {
		_, err := c.FindModel(name)
		var nf *NotFoundError
		if !errors.As(err, &nf) {
			t.Errorf("FindModel(%q) = %v, want *NotFoundError", name, err)
			continue
		}
		if m, ok := c.ModelByID(nf.Suggestion); !ok || !m.MoE() {
			t.Errorf("%q suggests %q, want a mixture of experts", name, nf.Suggestion)
		}
	}
}

// MoEName reads how a name says it is a mixture of experts, and the total
// when it gives one beside the active count.
func TestMoEName(t *testing.T) {
	for _, tc := range []struct {
		name, kind, words string
		experts           int
		size, total       float64
	}{
		{"mixtral-8x22b", MoEExpertsBySize, "8x22b", 8, 22, 0},
		{"mistralai/Mixtral-8x7B-Instruct-v0.1", MoEExpertsBySize, "8x7B", 8, 7, 0},
		{"Mixtral 8×22B", MoEExpertsBySize, "8x22B", 8, 22, 0},
		{"Qwen3-30B-A3B", MoEActive, "A3B", 0, 3, 30},
		{"qwen3 30ba3b", MoEActive, "30ba3b", 0, 3, 30},
		{"Qwen2-57B-A14B-Instruct", MoEActive, "A14B", 0, 14, 57},
		{"Hunyuan-A13B-Instruct", MoEActive, "A13B", 0, 13, 0},
		{"Qwen1.5-MoE-A2.7B", MoEActive, "A2.7B", 0, 2.7, 0},
		{"Llama-4-Scout-17B-16E-Instruct", MoEExpertCount, "16E", 16, 0, 0},
		{"Phi-3.5-MoE-instruct", MoEWord, "MoE", 0, 0, 0},
		{"OLMoE-1B-7B", MoEWord, "OLMoE", 0, 0, 0},
		{"Qwen2.5-14B-Instruct", "", "", 0, 0, 0},
		{"A100-80G", "", "", 0, 0, 0},
		{"gemma-3-4b", "", "", 0, 0, 0},
		{"llama-3.2-3b", "", "", 0, 0, 0},
		{"2.5x7b", "", "", 0, 0, 0}, // not a whole number of experts
		{"a", "", "", 0, 0, 0},
		{"", "", "", 0, 0, 0},
	} {
		h, ok := MoEName(tc.name)
		want := MoEHint{Kind: tc.kind, Words: tc.words, Experts: tc.experts, Size: tc.size, Total: tc.total}
		if ok != (tc.kind != "") || h != want {
			t.Errorf("MoEName(%q) = %+v %v, want %+v", tc.name, h, ok, want)
		}
	}
}
