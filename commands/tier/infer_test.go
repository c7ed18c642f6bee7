package tier

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// The serving figures in JSON and text: the longest context is capped by the
// model's limit, and the decode bound counts the KV cache of every sequence
// of the batch.
func TestInferFiguresReply(t *testing.T) {
	for _, tc := range []struct {
		name, text            string
		maxCtx                int     // infer.max_context_tokens
		memCtxAbove           int     // infer.max_context_memory_tokens must exceed it
		perSeq, all           float64 // decode bounds, tokens/s
		textWants, zhTextWant []string
	}{
		{
			name: "Llama-2-7B on one A100 80G: 4,096 tokens (the model's limit), not the ~97K memory allows",
			text: "tier model=llama-2-7b mode=infer gpu=a100-80g-sxm", maxCtx: 4096, memCtxAbove: 90000,
			perSeq: 2039 / (13.214687232 + 2.147483648), all: 2039 / (13.214687232 + 2.147483648),
			textWants: []string{"4,096 tokens per sequence at batch 1 (the model's limit; memory alone allows"},
		},
		// a decode step reads the weights without the input embedding (one
		// row per token): 13.4768 − 2 × 32000 × 4096 / 10^9 = 13.2147 GB
		{
			name: "batch 16: one step reads 13.21 GB of weights + 16 × 2.15 GB of KV",
			text: "tier model=llama-2-7b mode=infer seq=4096 batch=16 gpu=a100-80g-sxm", maxCtx: 4096, memCtxAbove: 4096,
			perSeq: 2039 / (13.214687232 + 16*2.147483648), all: 16 * 2039 / (13.214687232 + 16*2.147483648),
			textWants: []string{"at most 42.86 tokens/s per sequence, 685.75 tokens/s for all 16",
				"(weights without the input embedding 13.21 GB + 16 sequences × 2.15 GB of KV cache)"},
		},
		// GLM-4-9B: 18.7999 GB − 2 × 151552 × 4096 / 10^9 = 17.5584 GB read
		{
			name: "GLM-4-9B on 8 cards: its 2 KV heads are each read on 4 cards",
			text: "tier model=glm-4-9b mode=infer seq=32k cards=8 gpu=a100-80g-sxm", maxCtx: 131072, memCtxAbove: 131072,
			perSeq: 2039 / (17.558388736/8 + 1.34217728/2), all: 2039 / (17.558388736/8 + 1.34217728/2),
			textWants: []string{"(weights without the input embedding 17.56 GB + this sequence's KV cache 1.34 GB × 4: each of the 2 KV heads is held on 4 of the 8 cards)"},
		},
	} {
		rep := handle(t, tc.text)
		var v struct {
			Infer struct {
				Max    int     `json:"max_context_tokens"`
				Mem    int     `json:"max_context_memory_tokens"`
				PerSeq float64 `json:"decode_tokens_per_s_max"`
				All    float64 `json:"decode_tokens_per_s_all_max"`
			} `json:"infer"`
		}
		if err := json.Unmarshal(chat.RenderJSON(rep), &v); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		f := v.Infer
		if f.Max != tc.maxCtx || f.Mem <= tc.memCtxAbove {
			t.Errorf("%s: max_context_tokens %d, memory %d; want %d and memory above %d", tc.name, f.Max, f.Mem, tc.maxCtx, tc.memCtxAbove)
		}
		if math.Abs(f.PerSeq-tc.perSeq) > 1e-3 || math.Abs(f.All-tc.all) > 1e-3 {
			t.Errorf("%s: decode %.4f per sequence, %.4f for all; want %.4f and %.4f", tc.name, f.PerSeq, f.All, tc.perSeq, tc.all)
		}
		text := chat.RenderText(rep)
		for _, w := range tc.textWants {
			if !strings.Contains(text, w) {
				t.Errorf("%s: reply lacks %q:\n%s", tc.name, w, text)
			}
		}
	}
}

// Llama-2-7B over 3 pipeline stages: the heaviest holds 11 of 32 layers and
// an embedding matrix, 4.71 GB of weights, not a third (4.49 GB).
func TestPipelineStageReply(t *testing.T) {
	rep := handle(t, "tier model=llama-2-7b mode=infer cards=3")
	d := rep.Data.(data)
	if math.Abs(d.Memory.WeightsGB-4.7146) > 1e-4 || math.Abs(d.Memory.KVCacheGB-0.7382) > 1e-4 {
		t.Errorf("weights %v GB, KV %v GB; want 4.7146 and 0.7382", d.Memory.WeightsGB, d.Memory.KVCacheGB)
	}
	text := chat.RenderText(rep)
	for _, w := range []string{"the heaviest pipeline stage holds 11 of 32 layers and one embedding matrix", "2 × 11 layers × 32 KV heads"} {
		if !strings.Contains(text, w) {
			t.Errorf("reply lacks %q:\n%s", w, text)
		}
	}
}
