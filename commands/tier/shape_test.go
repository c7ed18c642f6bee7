package tier

import (
	"math"
	"strings"
	"testing"
)

// vocab= completes a params= shape: Llama-3.1-8B typed by its config.json
// figures gives the preset's memory, not a 32,000-token guess.
func TestVocabKey(t *testing.T) {
	for _, mode := range []string{"infer", "full", "qlora"} {
		shape := tierData(t, "tier params=8030261248 layers=32 hidden=4096 heads=32 kv_heads=8 ffn=14336 vocab=128256 gpu=h100-sxm mode="+mode)
		preset := tierData(t, "tier model=llama-3.1-8b gpu=h100-sxm mode="+mode)
		if shape.Model.Vocab != 128256 || shape.Model.Approximate || math.Abs(shape.Memory.PerCardGB-preset.Memory.PerCardGB) > 1e-3 {
			t.Errorf("mode=%s: params= with the full shape: vocab %d approx %v, %v GB per card; want 128256, exact, the preset's %v GB",
				mode, shape.Model.Vocab, shape.Model.Approximate, shape.Memory.PerCardGB, preset.Memory.PerCardGB)
		}
		if a := strings.Join(shape.Assumptions, " "); strings.Contains(a, "Llama-2 proportions") {
			t.Errorf("mode=%s: nothing derived, yet the assumptions say %q", mode, a)
		}
	}
	if d := tierData(t, "选卡 参数量=7b 词表=152064 模式=推理"); d.Model.Vocab != 152064 {
		t.Errorf("词表=152064: vocab %d", d.Model.Vocab)
	}
	for _, tc := range []struct{ text, key string }{
		{"tier model=qwen2.5-7b vocab=1000", "vocab"},
		{"tier params=7b vocab=0", "vocab"},
		{"tier params=7b vocab=abc", "vocab"},
	} {
		rep := handle(t, tc.text)
		if rep.Error == nil || rep.Error.Key != tc.key {
			t.Errorf("%q: error %+v, want one naming %s", tc.text, rep.Error, tc.key)
		}
	}
}

// A quantized checkpoint named in model= serves at its precision unless
// precision= says otherwise: Qwen2.5-14B-Instruct-GPTQ-Int4 is not 29.5 GB of
// bf16 weights.
func TestPrecisionFromModelName(t *testing.T) {
	for _, tc := range []struct {
		text, want string
	}{
		{"tier model=Qwen2.5-14B-Instruct-GPTQ-Int4 mode=infer", "int4"},
		{"tier model=Qwen/Qwen2.5-72B-Instruct-AWQ mode=infer", "int4"},
		{"tier model=Qwen2.5-7B-Instruct-GPTQ-Int8 mode=infer", "int8"},
		{"tier model=Qwen2.5-7B-Instruct-FP8 mode=infer", "fp8"},
		{"选卡 模型=Qwen2.5-14B-Instruct-GPTQ-Int4 模式=推理", "int4"},
		{"tier model=Qwen2.5-14B-Instruct-GPTQ-Int4 mode=infer precision=bf16", "bf16"},
		{"tier model=Qwen2.5-14B-Instruct mode=infer", "bf16"},
	} {
		d := tierData(t, tc.text)
		if string(d.Precision) != tc.want {
			t.Errorf("%q: precision %s, want %s", tc.text, d.Precision, tc.want)
		}
		named := strings.Contains(strings.Join(d.Assumptions, " "), "precision="+tc.want) || strings.Contains(strings.Join(d.Assumptions, " "), "精度="+tc.want)
		if tc.want != "bf16" && !named {
			t.Errorf("%q: the assumptions do not say the precision came from the name: %v", tc.text, d.Assumptions)
		}
	}
}

// A shape that cannot be the model params= names is refused, naming the key:
// hidden=100 would take 58,333 layers to hold 7B parameters; 1,024 layers of
// hidden 131,072 hold about 211T, not 7B.
func TestImplausibleShape(t *testing.T) {
	for _, tc := range []struct{ text, key, want string }{
		{"tier params=7b hidden=100 mode=infer", "hidden", "58,333 layers"},
		{"tier params=10t layers=1 mode=infer", "layers", "hidden"},
		{"tier params=7b layers=1024 hidden=131072 mode=infer", "params", "211"},
		{"选卡 参数量=7b 层数=1024 隐藏维度=131072 模式=推理", "params", "211"},
		{"tier params=70b layers=32 hidden=4096 heads=32 mode=infer", "params", "6.74B"},
	} {
		rep := handle(t, tc.text)
		if rep.Error == nil || rep.Error.Key != tc.key || !strings.Contains(rep.Error.Message, tc.want) {
			t.Errorf("%q: error %+v, want key %s saying %q", tc.text, rep.Error, tc.key, tc.want)
		}
	}
	// shapes that are real models pass: Qwen2.5-7B without its vocabulary is
	// 11% under its params
	for _, text := range []string{
		"tier params=7.6b layers=28 hidden=3584 heads=28 kv_heads=4 ffn=18944 mode=infer",
		"tier params=1b mode=full",
		"tier params=10m mode=full",
		"tier params=0.5b layers=24 hidden=896 heads=14 kv_heads=2 ffn=4864 vocab=151936 mode=infer",
		"tier params=405b layers=126 hidden=16384 heads=128 kv_heads=8 ffn=53248 vocab=128256 mode=infer",
	} {
		if rep := handle(t, text); rep.Error != nil {
			t.Errorf("%q: %v", text, rep.Error)
		}
	}
}

// Errors to a Chinese user name the key in Chinese, as they typed it.
func TestChineseKeyNamesInErrors(t *testing.T) {
	for _, tc := range []struct{ text, key, prefix string }{
		{"选卡 模型=qwen2.5-7b 卡数=0", "cards", "卡数=0 超出范围"},
		{"选卡 模型=qwen2.5-7b 模式=推理 批量=-1", "batch", "批量=-1 超出范围"},
		{"选卡 模型=qwen2.5-7b 模式=推理 上下文=abc", "seq", "序列=\"abc\" 无法读成数字；请写成 序列=4096"},
		{"选卡 模型=qwen2.5-7b 模式=推理 秩=8", "r", "秩= 只用于训练"},
		{"选卡 模型=qwen2.5-7b 层数=32", "layers", "层数= 用来描述"},
		{"tier model=qwen2.5-7b cards=0", "cards", "cards=0 is out of range"},
	} {
		rep := handle(t, tc.text)
		if rep.Error == nil || rep.Error.Key != tc.key || !strings.HasPrefix(rep.Error.Message, tc.prefix) {
			t.Errorf("%q: error %+v, want key %s and a message starting %q", tc.text, rep.Error, tc.key, tc.prefix)
		}
	}
}
