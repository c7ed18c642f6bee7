package tier

import (
	"context"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// handle runs one command line through a router holding only this command.
func handle(t testing.TB, text string) chat.Reply {
	t.Helper()
	r := chat.NewRouter()
	r.Register(Command())
	return r.Handle(context.Background(), chat.Request{Text: text, Platform: "cli"})
}

func tierData(t *testing.T, text string) data {
	t.Helper()
	rep := handle(t, text)
	if rep.Error != nil {
		t.Fatalf("%q: error %v", text, rep.Error)
	}
	d, ok := rep.Data.(data)
	if !ok {
		t.Fatalf("%q: Data is %T", text, rep.Data)
	}
	return d
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		text, key string
		zh        bool
		contains  string
	}{
		{"tier model=qwen2.5-14b seq=0", "seq", false, "between 1 and"},
		{"选卡 模型=qwen2.5-14b 上下文=0", "seq", true, "超出范围"},
		{"tier model=qwen2.5-14b cards=100000", "cards", false, "between 1 and 1,024"},
		{"选卡 模型=qwen2.5-14b 卡数=100000", "cards", true, "1,024"},
		{"tier model=unknown-99b", "model", false, "qwen2.5-72b"},
		{"选卡 模型=unknown-99b", "model", true, "参数量=99b"},
		{"tier model=qwen2.5-14b colour=red", "colour", false, "does not take"},
		{"选卡 模型=qwen2.5-14b 颜色=红", "颜色", true, "不接受"},
		{"tier", "model", false, "missing model"},
		{"tier mode=lora seq=4096", "model", false, "params=7b"},
		{"tier model=qwen2.5-7b params=7b", "params", false, "not both"},
		{"tier model=qwen2.5-7b layers=32", "layers", false, "params="},
		{"tier params=7b hidden=4096 heads=30", "heads", false, "does not divide"},
		{"tier params=7b heads=32 kv_heads=5", "kv_heads", false, "does not divide"},
		{"tier params=abc", "params", false, "not a number"},
		{"tier params=0", "params", false, "out of range"},
		{"tier model=qwen2.5-7b mode=infer cards=128", "cards", false, "use 1, 2, 3"},
		{"tier model=qwen2.5-7b mode=infer zero=3", "zero", false, "training"},
		{"选卡 模型=qwen2.5-7b 模式=推理 优化器=adamw", "optimizer", true, "只用于训练"},
		{"tier model=qwen2.5-7b mode=full r=8", "r", false, "LoRA rank"},
		{"tier model=qwen2.5-7b mode=lora precision=int4", "precision", false, "qlora"},
		{"tier model=qwen2.5-7b precision=int3", "precision", false, "int4"},
		{"tier model=qwen2.5-7b gpu=v100", "gpu", false, "a100-80g-sxm"},
		{"选卡 模型=qwen2.5-7b 显卡=v100", "gpu", true, "未知显卡"},
		{"tier model=qwen2.5-7b mode=pretrain-ish", "mode", false, "full"},
		{"tier model=qwen2.5-7b zero=5", "zero", false, "0, 1, 2 or 3"},
		{"tier model=qwen2.5-7b recompute=sometimes", "recompute", false, "selective"},
		{"tier model=qwen2.5-7b optimizer=lion", "optimizer", false, "adam8bit"},
		{"tier model=qwen2.5-7b seq=abc", "seq", false, "seq=4096"},
		{"tier model=qwen2.5-7b batch=1.5", "batch", false, "whole number"},
		{"tier model=qwen2.5-7b seq=4096 seq=8192", "seq", false, "twice"},
		{"tier qwen2.5-14b banana", "command", false, "banana"},
		{"tier model=qwen2.5-7b mode=lora r=0", "r", false, "out of range"},
	} {
		rep := handle(t, tc.text)
		e := rep.Error
		if e == nil {
			t.Errorf("%q: no error, want one about %s", tc.text, tc.key)
			continue
		}
		if e.Code != chat.CodeInvalid || e.Key != tc.key || !strings.Contains(e.Message, tc.contains) || e.Example == "" {
			t.Errorf("%q: got code %s key %q message %q example %q; want invalid_input about %q containing %q with an example",
				tc.text, e.Code, e.Key, e.Message, e.Example, tc.key, tc.contains)
		}
		if chat.HasHan(e.Message) != tc.zh {
			t.Errorf("%q: message %q is not in the user's language (zh=%v)", tc.text, e.Message, tc.zh)
		}
		if chat.HasHan(e.Example) != tc.zh && tc.key != "colour" && tc.key != "颜色" {
			t.Errorf("%q: example %q is not in the user's language (zh=%v)", tc.text, e.Example, tc.zh)
		}
	}
}

// Values as people type them.
func TestValuesAsTyped(t *testing.T) {
	for _, tc := range []struct {
		text  string
		check func(d data) bool
	}{
		{"选卡 模型=qwen2.5-7b 模式=推理 上下文=32k", func(d data) bool { return d.Seq == 32768 && d.Mode == "infer" }},
		{"tier model=Qwen/Qwen2.5-14B-Instruct mode=lora", func(d data) bool { return d.Model.ID == "qwen2.5-14b" }},
		{"tier qwen2.5-14b lora", func(d data) bool { return d.Model.ID == "qwen2.5-14b" && d.Mode == "lora" }},
		{"显存 模型=qwen-14b 模式=微调", func(d data) bool { return d.Model.ID == "qwen2.5-14b" && d.Mode == "lora" }},
		{"选卡 模型=qwen2.5-7b 模式=全参 卡数=８卡 zero=zero2", func(d data) bool { return d.Cards == 8 && d.Layout.Zero == 2 && d.Mode == "full" }},
		{"选卡 参数量=70亿 模式=推理", func(d data) bool { return d.Model.Params == 7e9 && d.Model.Approximate }},
		{"tier params=7B mode=infer precision=awq", func(d data) bool { return d.Precision == "int4" }},
		{"tier model=qwen2.5-7b mode=full recompute=off optimizer=paged_adamw_8bit", func(d data) bool { return d.Recompute == "none" && d.Optimizer == "adam8bit" }},
		{"vram model=llama-3.1-8b mode=qlora r=64", func(d data) bool { return d.Rank == 64 && d.Mode == "qlora" }},
		{"tier model=llama-2-70b mode=infer gpu=A100-80G", func(d data) bool { return d.GPU == "a100-80g-sxm" && d.Cards == 2 }},
		{"tier model=Mistral-7B-v0.1 mode=infer", func(d data) bool { return d.Model.ID == "mistral-7b-v0.1" && d.Model.Vocab == 32000 }},
		{"tier model=mistral-7b-instruct-v0.2 mode=infer", func(d data) bool { return d.Model.ID == "mistral-7b-v0.2" && d.Model.LayerPattern == nil }},
		{"tier model=mistral mode=infer", func(d data) bool {
			return d.Model.ID == "mistral-7b" && strings.Contains(strings.Join(d.Assumptions, " "), "read as Mistral-7B-v0.3")
		}},
		{"tier model=llama-2-70b mode=infer gpu=\"a100 80g sxm4\"", func(d data) bool { return d.GPU == "a100-80g-sxm" }},
	} {
		if d := tierData(t, tc.text); !tc.check(d) {
			t.Errorf("%q: got model %s mode %s seq %d cards %d zero %d precision %s recompute %s optimizer %s rank %d gpu %s",
				tc.text, d.Model.ID, d.Mode, d.Seq, d.Cards, d.Layout.Zero, d.Precision, d.Recompute, d.Optimizer, d.Rank, d.GPU)
		}
	}
}

// The JSON contract other parts rely on.
func TestJSONContract(t *testing.T) {
	rep := handle(t, "tier model=qwen2.5-14b mode=lora seq=4096")
	var v map[string]any
	if err := json.Unmarshal(chat.RenderJSON(rep), &v); err != nil {
		t.Fatal(err)
	}
	if v["command"] != "tier" {
		t.Errorf("command = %v, want tier", v["command"])
	}
	mem, ok := v["memory"].(map[string]any)
	if !ok {
		t.Fatalf("memory is %T", v["memory"])
	}
	sum := 0.0
	for _, k := range []string{"weights_gb", "gradients_gb", "optimizer_gb", "activations_gb", "kv_cache_gb", "overhead_gb", "per_card_gb"} {
		x, ok := mem[k].(float64)
		if !ok {
			t.Errorf("memory.%s missing or not a number: %v", k, mem[k])
		}
		if k != "per_card_gb" {
			sum += x
		}
	}
	if pc := mem["per_card_gb"].(float64); math.Abs(sum-pc) > 0.001 {
		t.Errorf("per_card_gb %v is not the sum of its parts %v", pc, sum)
	}
	if _, ok := v["gpu"].(string); !ok {
		t.Errorf("gpu = %v, want a catalog id", v["gpu"])
	}
	for _, k := range []string{"needs_nvlink", "needs_infiniband", "fits"} {
		if _, ok := v[k].(bool); !ok {
			t.Errorf("%s = %v, want a bool", k, v[k])
		}
	}
	if n, ok := v["cards"].(float64); !ok || n < 1 {
		t.Errorf("cards = %v, want a count", v["cards"])
	}
	if _, ok := v["alternatives"].([]any); !ok {
		t.Errorf("alternatives = %v, want a list", v["alternatives"])
	}
	// errors: {"error":{"code":"invalid_input","key":...,"message":...,"example":...}}
	var e map[string]map[string]string
	if err := json.Unmarshal(chat.RenderJSON(handle(t, "tier model=unknown-99b")), &e); err != nil {
		t.Fatal(err)
	}
	if e["error"]["code"] != "invalid_input" || e["error"]["key"] != "model" || e["error"]["example"] == "" {
		t.Errorf("error JSON = %v", e)
	}
}

// Published figures reach the JSON unchanged.
func TestPublishedFiguresThroughTheCommand(t *testing.T) {
	// ZeRO paper: Ψ = 7.5B, Adam, stage 1 over N = 64 -> 31.4 GB of model states
	d := tierData(t, "tier params=7.5b mode=full cards=64 zero=1 seq=1 recompute=full gpu=a100-80g")
	if s := d.Memory.WeightsGB + d.Memory.GradientsGB + d.Memory.OptimizerGB; math.Round(s*10)/10 != 31.4 {
		t.Errorf("ZeRO-1 over 64 cards: model states %v GB, want 31.4", s)
	}
	if d.Cards != 64 || d.Layout.DataParallel != 64 || !d.NeedsInfiniBand || d.NeedsNVLink {
		t.Errorf("cards=64 zero=1: cards %d DP %d IB %v NVLink %v; want 64 data-parallel cards over InfiniBand, no split", d.Cards, d.Layout.DataParallel, d.NeedsInfiniBand, d.NeedsNVLink)
	}
	// ZeRO-3 over 64: 1.9 GB
	d = tierData(t, "tier params=7.5b mode=full cards=64 zero=3 seq=1 recompute=full")
	if s := d.Memory.WeightsGB + d.Memory.GradientsGB + d.Memory.OptimizerGB; math.Round(s*10)/10 != 1.9 || !d.NeedsNVLink {
		t.Errorf("ZeRO-3 over 64 cards: model states %v GB (NVLink %v), want 1.9 GB with NVLink", s, d.NeedsNVLink)
	}
	// a 7B fp16 model's weights are 14 GB
	if d := tierData(t, "tier params=7b mode=infer precision=fp16"); d.Memory.WeightsGB != 14 {
		t.Errorf("7B fp16 weights = %v GB, want 14", d.Memory.WeightsGB)
	}
	// Llama-2-7B KV cache at 4096 tokens fp16 = 2.147 GB per sequence
	if d := tierData(t, "tier model=llama-2-7b mode=infer precision=fp16 seq=4096"); d.Memory.KVCacheGB != 2.1475 {
		t.Errorf("Llama-2-7B KV at 4096 = %v GB, want 2.1475 (2,147,483,648 bytes)", d.Memory.KVCacheGB)
	}
}

// The market guide (docs/domain.md#market-facts): A100 80G in Chengdu, on-demand ¥30–40/h, monthly ¥15k–18k, a
// reference price in the cn market; the reply shows it per card and for all cards.
func TestReferencePrice(t *testing.T) {
	rep := handle(t, "tier model=llama-2-70b mode=infer gpu=a100-80g market=cn")
	text := chat.RenderText(rep)
	for _, want := range []string{"¥30–40 per card-hour", "¥60–80/h for 2", "¥15,000–18,000 per card"} {
		if !strings.Contains(text, want) {
			t.Errorf("reply lacks %q:\n%s", want, text)
		}
	}
	d := rep.Data.(data)
	if d.Price.Source != "reference" || !reflect.DeepEqual(d.Price.OnDemandRange, []float64{30, 40}) || d.Price.OnDemand != 35 || d.Price.Date != "2025" {
		t.Errorf("price = %+v, want the reference 30-40 (mid 35), 2025", d.Price)
	}
	// Outside mainland China the Chengdu figure is no reference: the A100
	// is priced at the global providers' dollar list prices instead.
	if d := tierData(t, "tier model=llama-2-70b mode=infer gpu=a100-80g market=global"); d.Price.Currency != "USD" || d.Price.Date == "2025" {
		t.Errorf("%s has price %+v in the global market, want a dollar reference", d.GPU, d.Price)
	}
}

// Every reply shows the rule behind the choice and the formula behind every
// memory part.
func TestReplyExplains(t *testing.T) {
	for _, text := range []string{"tier model=qwen2.5-14b mode=lora seq=4096", "选卡 模型=qwen2.5-7b 模式=推理 上下文=32k", "tier model=llama-2-70b mode=full"} {
		rep := handle(t, text)
		if len(rep.Tables) == 0 || rep.Tables[0].Rows == nil {
			t.Fatalf("%q: no memory table", text)
		}
		for _, row := range rep.Tables[0].Rows {
			if len(row) != 3 || row[2] == "" {
				t.Errorf("%q: memory row %v has no rule", text, row)
			}
		}
		if len(rep.Sections) < 2 || len(rep.Sections[0].Lines) < 3 {
			t.Errorf("%q: sections %v, want the rules and the assumptions", text, rep.Sections)
		}
		zh := strings.HasPrefix(text, "选卡")
		for _, s := range append([]string{rep.Title, rep.Summary}, rep.Sections[0].Lines...) {
			if chat.HasHan(s) != zh {
				t.Errorf("%q: %q is not in the user's language", text, s)
			}
		}
	}
}

func TestNotFitsExplains(t *testing.T) {
	rep := handle(t, "tier model=llama-2-13b mode=infer gpu=4090 cards=1")
	d := rep.Data.(data)
	if d.Fits || rep.Error != nil {
		t.Fatalf("13B fp16 on one RTX 4090: fits %v error %v; want an answer that it does not fit", d.Fits, rep.Error)
	}
	text := chat.RenderText(rep)
	for _, want := range []string{"does not fit", "precision=int4"} {
		if !strings.Contains(text, want) {
			t.Errorf("reply lacks %q:\n%s", want, text)
		}
	}
}

func FuzzTierCommand(f *testing.F) {
	for _, s := range []string{"model=qwen2.5-14b mode=lora seq=4096", "params=7b layers=1 hidden=64 heads=1", "模型=qwen2.5-7b 模式=推理 上下文=32k",
		"params=1e13 mode=full", "model=llama-2-70b gpu=4090 cards=1024", "qwen 14b", "params=7b hidden=131072 layers=1024 heads=1 kv_heads=1 ffn=1048576 seq=1048576 batch=4096",
		"mode=infer utilization=0.95 model=deepseek-r1 gpu=h20", "mode=infer config=```{\"hidden_size\": 4096, \"num_hidden_layers\": 32, \"num_attention_heads\": 32, \"vocab_size\": 32000, \"intermediate_size\": 11008}```",
		"mode=full config={\"hidden_size\": 7168, \"num_hidden_layers\": 61, \"num_attention_heads\": 128, \"vocab_size\": 129280, \"intermediate_size\": 18432, \"n_routed_experts\": 256, \"num_experts_per_tok\": 8, \"moe_intermediate_size\": 2048, \"kv_lora_rank\": 512, \"qk_rope_head_dim\": 64, \"qk_nope_head_dim\": 128, \"v_head_dim\": 128}"} {
		f.Add(s)
	}
	r := chat.NewRouter()
	r.Register(Command())
	f.Fuzz(func(t *testing.T, s string) {
		rep := r.Handle(context.Background(), chat.Request{Text: "tier " + s, Platform: "cli"})
		if rep.Error != nil && rep.Error.Code == chat.CodeInternal {
			t.Fatalf("tier %q: internal error %v", s, rep.Error)
		}
		_ = chat.RenderText(rep)
		_ = chat.RenderJSON(rep)
	})
}

// Every example shown to users works.
func TestExamplesWork(t *testing.T) {
	for _, ex := range Command().Examples {
		rep := handle(t, ex)
		if rep.Error != nil {
			t.Errorf("%q: %v", ex, rep.Error)
			continue
		}
		if d := rep.Data.(data); !d.Fits || d.GPU == "" || d.Cards < 1 {
			t.Errorf("%q: fits %v gpu %q cards %d", ex, d.Fits, d.GPU, d.Cards)
		}
	}
	for _, key := range append([]string{""}, shapeKeys...) {
		if rep := handle(t, example(key)); rep.Error != nil {
			t.Errorf("error example %q: %v", example(key), rep.Error)
		}
	}
	for _, k := range keytab.TierKeys {
		ex := example(k.Name)
		if rep := handle(t, ex); rep.Error != nil {
			t.Errorf("example for %s %q: %v", k.Name, ex, rep.Error)
		}
	}
}

func TestNumMatchesChatNum(t *testing.T) {
	for _, v := range []float64{0, 1, -1, 0.005, 0.004999, 0.125, 4.125, 12.5, 999.995, 1000, 1234.5678, 15000, 1048576, 68976648192, -2147.48, 1e15, 123456789.999,
		1.005, 2.675, 1.115, 0.015, 10995116277.75, 10995116277.76, 10995116277.755, 1e10 + 0.5, 4503599627370495.5} {
		if got, want := num(v), chat.Num(v); got != want {
			t.Errorf("num(%v) = %q, chat.Num gives %q", v, got, want)
		}
	}
}

// num's fast path (hundredths) agrees with chat.Num on every thousandth
// up to 300, every eighth (exact binary ties: 0.125 rounds to 0.12, 0.375 to
// 0.38) and every 0.0050001 step, where rounding is closest to a half.
func TestNumFastPathAgrees(t *testing.T) {
	for i := range 300_000 {
		for _, v := range []float64{float64(i) / 1000, float64(i) / 8, float64(i) * 0.0050001, float64(i)*1e6 + 0.005} {
			if got, want := num(v), chat.Num(v); got != want {
				t.Fatalf("num(%v) = %q, chat.Num gives %q", v, got, want)
			}
		}
	}
}

func FuzzNum(f *testing.F) {
	for _, v := range []float64{0, 0.005, 999.995, 1234.5678, -1e9} {
		f.Add(v)
	}
	f.Fuzz(func(t *testing.T, v float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > 1e300 {
			return
		}
		if got, want := num(v), chat.Num(v); got != want {
			t.Fatalf("num(%v) = %q, chat.Num gives %q", v, got, want)
		}
	})
}
