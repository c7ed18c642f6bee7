package tier

import (
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// An unknown mixture of experts is never offered params= at the size its
// name gives (one expert's, the active parameters, or the size beside an
// expert count): the reply asks for the config.json or the total, in the
// user's language, and names an MoE preset as the closest. A total the
// name gives beside its active count is offered.
func TestUnknownMoENames(t *testing.T) {
	for _, tc := range []struct {
		text        string
		zh          bool
		never       []string // what must not be suggested
		want, close string   // a phrase it must hold, and the closest preset
	}{
		{"tier model=mixtral-8x22b mode=infer", false, []string{"params=22b", "params=8b", "params=176b"}, "less than 8 × 22B", "mixtral-8x7b"},
		{"tier model=mistralai/Mixtral-8x22B-Instruct-v0.1 mode=lora", false, []string{"params=22b"}, "config.json", "mixtral-8x7b"},
		{"显存 模型=mixtral-8x22b", true, []string{"参数量=22b", "参数量=8b"}, "总参数量小于 8 × 22B", "mixtral-8x7b"},
		{"选卡 模型=Mixtral-8×22B 模式=推理", true, []string{"参数量=22b"}, "config.json", "mixtral-8x7b"},
		{"tier model=xxx-8x7b", false, []string{"params=7b", "params=8b", "params=56b"}, "8 experts in a 7B-sized model", "mixtral-8x7b"},
		{"tier model=Hunyuan-A13B-Instruct mode=infer", false, []string{"params=13b"}, "the 13B one token uses", ""},
		{"显存 模型=Hunyuan-A13B-Instruct 模式=推理", true, []string{"参数量=13b"}, "激活参数量", ""},
		{"tier model=Qwen2-57B-A14B-Instruct mode=infer", false, []string{"params=14b"}, "params=57b sizes the memory", ""},
		{"选卡 模型=Qwen3-Next-80B-A3B 模式=推理", true, []string{"参数量=3b"}, "参数量=80b 可估显存", "qwen3-30b-a3b"},
		{"tier model=llama-4-behemoth-288b-16e mode=infer", false, []string{"params=288b", "params=16b"}, "the number of experts", ""},
		{"tier model=Phi-3.5-MoE-instruct mode=lora", false, []string{"params=3.5b"}, "mixture of experts", ""},
	} {
		e := handle(t, tc.text).Error
		if e == nil {
			t.Errorf("%q: no error, want the unknown-model answer", tc.text)
			continue
		}
		msg := e.Message
		for _, n := range tc.never {
			if strings.Contains(msg, n) || strings.Contains(e.Example, n) {
				t.Errorf("%q suggests %s: %s", tc.text, n, msg)
			}
		}
		if !strings.Contains(msg, tc.want) || !strings.Contains(msg, "config.json") || e.Key != "model" || e.Code != chat.CodeInvalid {
			t.Errorf("%q: %s %s %q, want the config.json asked for and %q", tc.text, e.Code, e.Key, msg, tc.want)
		}
		if tc.close != "" && !strings.Contains(msg, tc.close) {
			t.Errorf("%q: %q does not name %s as the closest", tc.text, msg, tc.close)
		}
		if chat.HasHan(msg) != tc.zh || chat.HasHan(e.Example) != tc.zh {
			t.Errorf("%q: %q / %q is not in the user's language (zh=%v)", tc.text, msg, e.Example, tc.zh)
		}
	}
	// a dense name keeps its size as the params= it suggests
	if e := handle(t, "tier model=foo-13b mode=infer").Error; e == nil || !strings.Contains(e.Message, "params=13b") {
		t.Errorf("foo-13b: %v, want params=13b offered", e)
	}
}
