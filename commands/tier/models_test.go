package tier

import (
	"context"
	"io/fs"
	"math"
	"os"
	"strings"
	"testing"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/chat"
)

func qwen3MoEConfig(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../advisor/catalog/testdata/configs/qwen3-30b-a3b.json")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A pasted config.json gives the same model as the preset: as a code block
// after config=, as a bare code block, and with the curly quotes chat apps
// put in.
func TestConfigPasted(t *testing.T) {
	cfg := qwen3MoEConfig(t)
	cat, _ := catalog.Default()
	want, _ := cat.ModelByID("qwen3-30b-a3b")
	curly := strings.NewReplacer(`"hidden_size"`, `“hidden_size”`).Replace(cfg)
	for _, text := range []string{
		"tier mode=infer seq=8k config=```json\n" + cfg + "\n```",
		"tier mode=infer seq=8k ```" + cfg + "```",
		"选卡 模式=推理 上下文=8k 配置=" + curly,
	} {
		d := tierData(t, text)
		if d.Model.Params != want.Params || d.Model.Experts != 128 || d.Model.ExpertsActive != 8 || d.Seq != 8192 || d.Mode != "infer" || !d.Fits {
			t.Errorf("%.40q: model %+v seq %d mode %s fits %v; want the Qwen3-30B-A3B preset's shape", text, d.Model, d.Seq, d.Mode, d.Fits)
		}
		if math.Abs(d.Model.ActiveParams-want.ActiveParams()) > 1 {
			t.Errorf("active_params %.0f, want %.0f", d.Model.ActiveParams, want.ActiveParams())
		}
	}
}

// In the terminal config= is a path read through Deps.ReadFile; the model
// is named by its folder. Chat platforms have no file reader and say so.
func TestConfigPath(t *testing.T) {
	cfg := qwen3MoEConfig(t)
	r := chat.NewRouter()
	r.Register(NewCommand(Deps{ReadFile: func(name string) ([]byte, error) {
		if name == "/models/Qwen3-30B-A3B/config.json" {
			return []byte(cfg), nil
		}
		return nil, fs.ErrNotExist
	}}))
	rep := r.Handle(context.Background(), chat.Request{Text: "tier mode=infer config=/models/Qwen3-30B-A3B/config.json", Platform: "cli"})
	if rep.Error != nil {
		t.Fatalf("path: %v", rep.Error)
	}
	if d := rep.Data.(data); d.Model.Name != "Qwen3-30B-A3B" || d.Model.Experts != 128 {
		t.Errorf("path: model %q with %d experts", d.Model.Name, d.Model.Experts)
	}
	rep = r.Handle(context.Background(), chat.Request{Text: "tier mode=infer config=/nowhere/config.json", Platform: "cli"})
	if e := rep.Error; e == nil || e.Key != "config" || !strings.Contains(e.Message, "cannot read config=/nowhere/config.json") {
		t.Errorf("missing file: %+v", e)
	}
	if e := handle(t, "tier mode=infer config=/models/Qwen3-30B-A3B/config.json").Error; e == nil || e.Key != "config" || !strings.Contains(e.Message, "terminal") {
		t.Errorf("a path in chat: %+v, want an error saying paths are read in the terminal", e)
	}
}

// A bad config.json is an error naming the field, in the user's language;
// the example it shows works.
func TestConfigErrorsNameTheField(t *testing.T) {
	if d := tierData(t, configExample()); d.Model.Params != 8030261248 || d.Model.Layers != 32 { // Llama-3.1-8B's shape
		t.Errorf("config example %q: %+v", configExample(), d.Model)
	}
	ok := `"num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008`
	for _, tc := range []struct {
		text, key string
		wants     []string
	}{
		{"tier mode=infer config={" + ok + "}", "config", []string{"config.json has no hidden_size"}},
		{"选卡 模式=推理 配置={" + ok + "}", "config", []string{"config.json 缺少 hidden_size"}},
		{`tier mode=infer config={"hidden_size": 4096, ` + ok + `, "num_key_value_heads": 5}`, "config", []string{"num_key_value_heads = 5", "multiple"}},
		{`选卡 模式=推理 配置={"hidden_size": 4096, ` + ok + `, "num_key_value_heads": 5}`, "config", []string{"num_key_value_heads = 5", "整数倍"}},
		{`tier mode=infer config={"hidden_size": 4096000, ` + ok + `}`, "config", []string{"hidden_size = 4096000 is outside"}},
		{`tier mode=infer config={"hidden_size": 4096 ` + ok + `}`, "config", []string{"not valid JSON"}},
		{`选卡 模式=推理 配置={"hidden_size": 4096 ` + ok + `}`, "config", []string{"不是有效的 JSON"}},
		{`tier mode=infer model=qwen2.5-7b config={"hidden_size": 4096, ` + ok + `}`, "model", []string{"either config="}},
		{`tier mode=infer config={"hidden_size": 4096, ` + ok + `, "quantization_config": {"quant_method": "magic"}}`, "config", []string{"quantization_config.quant_method", "magic"}},
		{`tier mode=infer config={"hidden_size": "4096", ` + ok + `}`, "config", []string{`hidden_size is "4096"`, "without quotes"}},
		{`选卡 模式=推理 配置={"hidden_size": "4096", ` + ok + `}`, "config", []string{`hidden_size 的值是 "4096"`, "不带引号"}},
		{`tier mode=infer config={"hidden_size": {"a": 1}, ` + ok + `}`, "config", []string{`hidden_size is {"a":1}`}},
		{`tier mode=infer config={"hidden_size": 4096, ` + ok + `, "tie_word_embeddings": "false"}`, "config", []string{`tie_word_embeddings is "false"`, "true or false, written without quotes"}},
		{`选卡 模式=推理 配置={"hidden_size": 4096, ` + ok + `, "tie_word_embeddings": "false"}`, "config", []string{`tie_word_embeddings 的值是 "false"`, "不带引号的 true 或 false"}},
		{`tier mode=infer config={"hidden_size": 4096, ` + ok + `, "num_attention_heads": 0}`, "config", []string{"num_attention_heads = 0 is outside 1 to 1,024"}},
		{`选卡 模式=推理 配置={"hidden_size": 4096, ` + ok + `, "num_attention_heads": 0}`, "config", []string{"num_attention_heads = 0 超出 1 到 1,024"}},
		{`tier mode=infer config={"hidden_size": 4096, ` + ok + `, "model_type": "qwen3_next", "full_attention_interval": 4}`, "config", []string{"full_attention_interval = 4", "linear-attention", "params="}},
		{`选卡 模式=推理 配置={"hidden_size": 4096, ` + ok + `, "model_type": "qwen3_next", "full_attention_interval": 4}`, "config", []string{"full_attention_interval = 4", "线性注意力", "参数量="}},
		{`tier mode=infer config={"hidden_size": 4096, ` + ok + `, "model_type": "falcon"}`, "config", []string{`model_type = "falcon"`, "two matrices", "params="}},
		{`选卡 模式=推理 配置={"hidden_size": 4096, ` + ok + `, "model_type": "gpt2"}`, "config", []string{`model_type = "gpt2"`, "两个矩阵", "参数量="}},
		{`tier mode=infer config={"hidden_size": 4096, ` + ok + `, "quantization_config": {"quant_method": "modelopt", "quant_algo": "NVFP4"}}`, "config", []string{"quantization_config.quant_algo", "nvfp4", "modelopt with quant_algo FP8"}},
	} {
		e := handle(t, tc.text).Error
		if e == nil || e.Key != tc.key {
			t.Errorf("%q: error %+v, want key %s", tc.text, e, tc.key)
			continue
		}
		for _, w := range tc.wants {
			if !strings.Contains(e.Message, w) {
				t.Errorf("%q: message %q lacks %q", tc.text, e.Message, w)
			}
		}
		if e.Example == "" {
			t.Errorf("%q: no example", tc.text)
		}
	}
}

// MoE and MLA presets: JSON model adds active_params, experts,
// experts_active and kv_lora_rank; the checkpoint's stored precision is the
// default; the KV cache is MLA's latent.
func TestMoEAndMLAInTheReply(t *testing.T) {
	d := tierData(t, "tier model=deepseek-r1 mode=infer seq=32k gpu=h20")
	m := d.Model
	if m.Experts != 256 || m.ExpertsActive != 8 || m.KVLoRARank != 512 || math.Abs(m.ActiveParams/1e9-36.63) > 0.01 || d.Precision != "fp8" {
		t.Errorf("deepseek-r1: %+v precision %s", m, d.Precision)
	}
	// 61 layers × 576 × 2 B = 70,272 B a token, a full copy on each of the 8
	// cards: 32,768 tokens = 2.3027 GB per card
	if d.Cards != 8 || math.Abs(d.Memory.KVCacheGB-2.3027) > 1e-4 || d.Layout.ExpertParallel != 8 {
		t.Errorf("deepseek-r1 at 32K: %d cards, KV %.4f GB per card, layout %+v", d.Cards, d.Memory.KVCacheGB, d.Layout)
	}
	if !strings.Contains(strings.Join(d.Assumptions, " "), "precision=fp8: the published checkpoint is stored that way") {
		t.Errorf("assumptions lack the stored precision: %v", d.Assumptions)
	}
	// a dense model carries none of the MoE fields
	if q := tierData(t, "tier model=qwen3-8b mode=infer").Model; q.Experts != 0 || q.ActiveParams != 0 || q.KVLoRARank != 0 {
		t.Errorf("qwen3-8b: %+v", q)
	}
	// gpt-oss-120b in MXFP4 on one 80 GB card, as OpenAI states
	if g := tierData(t, "tier model=gpt-oss-120b mode=infer gpu=h100"); g.Cards != 1 || g.Precision != "mxfp4" || !g.Fits {
		t.Errorf("gpt-oss-120b on an H100: %d cards, %s, fits %v", g.Cards, g.Precision, g.Fits)
	}
}

func TestUtilizationKey(t *testing.T) {
	for _, tc := range []struct {
		text string
		pct  float64
	}{
		{"tier model=qwen2.5-7b mode=infer", 90},
		{"tier model=qwen2.5-7b mode=infer utilization=0.8", 80},
		{"tier model=qwen2.5-7b mode=infer gpu_memory_utilization=85%", 85},
		{"选卡 模型=qwen2.5-7b 模式=推理 利用率=95", 95},
	} {
		if d := tierData(t, tc.text); d.UsablePct != tc.pct {
			t.Errorf("%q: usable_pct %v, want %v", tc.text, d.UsablePct, tc.pct)
		}
	}
	for _, text := range []string{"tier model=qwen2.5-7b utilization=1.5", "tier model=qwen2.5-7b utilization=0.2", "tier model=qwen2.5-7b utilization=most"} {
		if e := handle(t, text).Error; e == nil || e.Key != "utilization" || !strings.Contains(e.Message, "0.5 to 0.98") {
			t.Errorf("%q: %+v, want an error on utilization", text, e)
		}
	}
}

// With gpu= forced every alternative stays on that card; multi-card full
// training picks NVLink cards and never warns against its own pick; LoRA
// over PCIe cards says why PCIe is fine.
func TestCardChoiceIsConsistent(t *testing.T) {
	for _, text := range []string{"tier model=qwen2.5-14b mode=infer gpu=l40s", "tier model=llama-3.1-70b mode=infer gpu=h100-sxm", "tier model=qwen2.5-7b mode=full gpu=a100-80g-sxm"} {
		d := tierData(t, text)
		for _, a := range d.Alternatives {
			if a.GPU != d.GPU {
				t.Errorf("%q: alternative %s on %s, not the named %s", text, a.Kind, a.GPU, d.GPU)
			}
		}
	}
	rep := handle(t, "tier model=qwen2.5-7b mode=full")
	d := rep.Data.(data)
	if strings.Contains(strings.Join(d.Warnings, " "), "PCIe versions lose") || d.Cards > 2 && !d.NeedsNVLink && strings.Contains(d.GPU, "pcie") {
		t.Errorf("full training picks %d× %s and warns %v", d.Cards, d.GPU, d.Warnings)
	}
	rep = handle(t, "tier model=qwen2.5-7b mode=lora cards=4 gpu=rtx-4090")
	if !strings.Contains(rep.Summary, "PCIe is fine here") {
		t.Errorf("LoRA on 4 RTX 4090s: %s", rep.Summary)
	}
	if e := handle(t, "tier model=qwen2.5-7b mode=infer precision=mxfp4").Error; e == nil || e.Key != "precision" {
		t.Errorf("mxfp4 on a dense model: %+v", e)
	}
}

// Past the native context the reply says to switch on rope scaling.
func TestRopeScalingWarning(t *testing.T) {
	d := tierData(t, "tier model=qwen2.5-7b mode=infer seq=64k")
	if !strings.Contains(strings.Join(d.Warnings, " "), "native 32,768-token context") {
		t.Errorf("warnings %v lack the rope-scaling note", d.Warnings)
	}
	if d := tierData(t, "tier model=qwen2.5-7b mode=infer seq=32k"); strings.Contains(strings.Join(d.Warnings, " "), "rope scaling") {
		t.Errorf("32K is native, yet: %v", d.Warnings)
	}
}

// Names people type: 千问3-8B is Qwen3-8B (not the closest Llama), and a
// name read forgivingly is named in the reply's first line, in JSON too.
func TestNamesReadInFirstLine(t *testing.T) {
	for _, tc := range []struct{ text, id, first string }{
		{"选卡 模型=千问3-8B 模式=微调", "qwen3-8b", "（将 千问3-8B 识别为 Qwen3-8B）"},
		{"tier model=qwen3-8bb mode=infer", "qwen3-8b", "(read qwen3-8bb as Qwen3-8B)"},
		{"选卡 模型=深度求索R1-Distill-Qwen-7B 模式=推理", "deepseek-r1-distill-qwen-7b", "识别为 DeepSeek-R1-Distill-Qwen-7B"},
		{"tier model=羊驼3.1-8B mode=infer", "llama-3.1-8b", "(read 羊驼3.1-8B as Llama-3.1-8B)"},
	} {
		rep := handle(t, tc.text)
		if rep.Error != nil {
			t.Fatalf("%s: error %+v", tc.text, rep.Error)
		}
		d := rep.Data.(data)
		first := strings.SplitN(chat.RenderText(rep), "\n", 2)[0]
		if d.Model.ID != tc.id || !strings.Contains(first, tc.first) || d.Model.Typed == "" {
			t.Errorf("%s: model %s (typed %q), first line %q; want %s and %q", tc.text, d.Model.ID, d.Model.Typed, first, tc.id, tc.first)
		}
	}
	// typed as the preset: nothing to say
	rep := handle(t, "tier model=Qwen2.5-14B-Instruct-AWQ mode=infer")
	if first := strings.SplitN(chat.RenderText(rep), "\n", 2)[0]; strings.Contains(first, "read ") {
		t.Errorf("first line %q names a reading of a name typed as the preset", first)
	}
}
