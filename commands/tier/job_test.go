package tier

import (
	"math"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// The training run's FLOPs count attention (PaLM's 12·L·H·Q·T), the JSON
// shows both terms, and recomputation changes the hardware FLOPs and the
// HFU, never the hours at a given MFU; the reply says so in the user's
// language.
func TestTrainingJobCountsAttention(t *testing.T) {
	const n = 7_504_924_672.0 // Llama-3.1-8B without its input embedding
	hours := map[string]float64{}
	for _, tc := range []struct {
		name, text string
		seq        float64
		recompute  float64 // the hardware FLOPs recomputation adds per token
		lang       chat.Lang
		want       []string
	}{
		{"selective at 8K", "tier model=llama-3.1-8b mode=full tokens=1b gpu=h100-sxm cards=8 seq=8k --full", 8192,
			12 * 32 * 32 * 128 * 8192 / 3, chat.EN, []string{"attention FLOPs per token at seq 8,192", "(attention 22%)", "Selective recomputation adds", "HFU"}},
		{"full recompute at 8K", "tier model=llama-3.1-8b mode=full tokens=1b gpu=h100-sxm cards=8 seq=8k recompute=full --full", 8192,
			2*(n-128256*4096) + 12*32*32*128*8192/3, chat.EN, []string{"Full recomputation adds", "the hours above hold at 35% MFU"}},
		{"Chinese", "选卡 模型=llama-3.1-8b 模式=full tokens=1b 显卡=h100-sxm 卡数=8 上下文=8k 重计算=全 --full", 8192,
			2*(n-128256*4096) + 12*32*32*128*8192/3, chat.ZH, []string{"注意力", "全量重计算另增", "硬件 FLOPs 利用率"}},
	} {
		rep, d := ask(t, nil, tc.text)
		if d.Job == nil || d.Job.Train == nil {
			t.Fatalf("%s: no training job (%v)", tc.name, rep.Error)
		}
		j := d.Job.Train
		dense, attn := 6*n*1e9, 12*32*32*128*tc.seq*1e9
		if math.Abs(j.FLOPsDense/dense-1) > 1e-12 || math.Abs(j.FLOPsAttention/attn-1) > 1e-12 || j.FLOPs != j.FLOPsDense+j.FLOPsAttention {
			t.Errorf("%s: dense %v attention %v total %v, want %v + %v", tc.name, j.FLOPsDense, j.FLOPsAttention, j.FLOPs, dense, attn)
		}
		if math.Abs(j.RecomputeFLOPs-tc.recompute*1e9) > 1e-6*tc.recompute*1e9 {
			t.Errorf("%s: recompute FLOPs %v, want %v", tc.name, j.RecomputeFLOPs, tc.recompute*1e9)
		}
		hours[tc.name] = j.Hours
		text := chat.RenderText(rep)
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: the reply lacks %q", tc.name, w)
			}
		}
		js := string(chat.RenderJSON(rep))
		for _, f := range []string{`"flops_dense": `, `"flops_attention": `, `"hfu": `, `"seq": 8192`} {
			if !strings.Contains(js, f) {
				t.Errorf("%s: JSON lacks %s", tc.name, f)
			}
		}
		if tc.lang == chat.ZH && strings.Contains(text, "Recomputation") {
			t.Errorf("%s: English label in the Chinese reply", tc.name)
		}
	}
	// (6N + attention) x 1e9 / (8 x 989e12 x 0.35) / 3600 whatever the recomputation
	want := (6*n + 12*32*32*128*8192.0) * 1e9 / (8 * 989e12 * 0.35) / 3600
	for name, h := range hours {
		if math.Abs(h/want-1) > 1e-9 {
			t.Errorf("%s: %v h, want %v (recomputation does not change the hours at a given MFU)", name, h, want)
		}
	}
	// without recomputation (eager, at 2K where it fits 8 cards): the same
	// hours as with full recomputation, no recomputed FLOPs, HFU = MFU
	_, none := ask(t, nil, "tier model=llama-3.1-8b mode=full tokens=1b gpu=h100-sxm cards=8 seq=2k recompute=none")
	_, full := ask(t, nil, "tier model=llama-3.1-8b mode=full tokens=1b gpu=h100-sxm cards=8 seq=2k recompute=full")
	if none.Job == nil || full.Job == nil || none.Job.Train.Hours != full.Job.Train.Hours || none.Job.Train.RecomputeFLOPs != 0 ||
		none.Job.Train.HFU != none.Job.Train.MFU || full.Job.Train.HFU <= full.Job.Train.MFU {
		t.Errorf("recompute none against full at 2K: %+v, %+v", none.Job, full.Job)
	}
}

// A model whose layers do not all attend the whole context says so: the
// JSON model.layer_pattern and the model line, from a preset or a pasted
// config.json that names no pattern.
func TestLayerPatternShown(t *testing.T) {
	for _, tc := range []struct {
		name, text       string
		full, slide, win int
		chunked          int
		line             string
	}{
		{"gemma 3 27b preset", "tier model=gemma-3-27b mode=infer seq=128k batch=4 gpu=h100-sxm", 10, 52, 1024, 0, "52 of 62 layers attend a sliding window of 1,024 tokens"},
		{"llama 4 scout preset", "tier model=llama-4-scout mode=infer gpu=h100-sxm", 12, 0, 0, 36, "36 of 48 layers attend only their own 8,192-token chunk"},
		{"gemma 3 4b pasted", "tier mode=infer config=" + `{"architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3", "text_config": {"hidden_size": 2560, "intermediate_size": 10240, "model_type": "gemma3_text", "num_hidden_layers": 34, "sliding_window": 1024}}`,
			5, 29, 1024, 0, "29 of 34 layers attend a sliding window of 1,024 tokens"},
	} {
		rep, d := ask(t, nil, tc.text)
		p := d.Model.LayerPattern
		if rep.Error != nil || p == nil || p.FullLayers != tc.full || p.SlidingLayers != tc.slide || p.SlidingWindow != tc.win || p.ChunkedLayers != tc.chunked {
			t.Errorf("%s: layer pattern %+v (%v), want full %d sliding %d/%d chunked %d", tc.name, p, rep.Error, tc.full, tc.slide, tc.win, tc.chunked)
			continue
		}
		if text := chat.RenderText(rep); !strings.Contains(text, tc.line) && !strings.Contains(chat.RenderText(rep), tc.line) {
			t.Errorf("%s: the reply lacks %q", tc.name, tc.line)
		}
	}
	if _, d := ask(t, nil, "tier model=llama-3.1-8b mode=infer"); d.Model.LayerPattern != nil {
		t.Errorf("llama-3.1-8b: layer pattern %+v, want none (every layer full)", d.Model.LayerPattern)
	}
}

// The new lines format in both languages: no fmt error marks, no English
// labels in Chinese.
func TestComputeLinesFormat(t *testing.T) {
	for _, text := range []string{
		"tier model=mistral-7b-v0.1 mode=infer seq=32k --full", "选卡 模型=mistral-7b-v0.1 模式=推理 上下文=32k --full",
		"tier model=gemma-3-27b mode=infer seq=128k batch=4 --full", "选卡 模型=gemma-3-27b 模式=推理 上下文=128k batch=4 --full",
		"tier model=gpt-oss-120b mode=infer --full", "选卡 模型=gpt-oss-120b 模式=推理 --full",
		"tier model=llama-4-scout mode=infer gpu=h100-sxm --full", "选卡 模型=llama-4-scout 模式=推理 显卡=h100-sxm --full",
		"tier model=qwen2.5-7b mode=lora tokens=1b --full", "选卡 模型=qwen2.5-7b 模式=lora tokens=1b --full",
	} {
		rep, _ := ask(t, nil, text)
		out := chat.RenderText(rep)
		if rep.Error != nil || strings.Contains(out, "%!") {
			t.Errorf("%s: %v\n%s", text, rep.Error, out)
		}
		if strings.HasPrefix(text, "选卡") {
			for _, en := range []string{"Longest context", "Recomputation", "sliding-window layers", "attention FLOPs"} {
				if strings.Contains(out, en) {
					t.Errorf("%s: English %q in the Chinese reply", text, en)
				}
			}
		}
	}
}
