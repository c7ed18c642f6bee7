package tier

import (
	"strings"
	"testing"

	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// A fit leaves room to work: DeepSeek-R1-Distill-Qwen-32B at 32k on one
// A100 80G uses 76.97 of 77.31 usable GB (0.3 GB free: under 5% and under a
// second sequence's 8.59 GB of KV), so the pick is tensor parallel 2, as
// DeepSeek's README serves it, and the one card is the tight alternative.
func TestServingLeavesHeadroom(t *testing.T) {
	rep := handle(t, "tier model=deepseek-r1-distill-qwen-32b mode=infer gpu=a100-80g seq=32768")
	d := rep.Data.(data)
	if !d.Fits || d.Cards != 2 || d.Layout.TensorParallel != 2 {
		t.Fatalf("pick %dx %s layout %+v, want tensor parallel 2", d.Cards, d.GPU, d.Layout)
	}
	tight := false
	for _, a := range d.Alternatives {
		tight = tight || a.Kind == sizing.AltCheaper && a.Cards == 1 && strings.Contains(a.Note, "no room to work")
	}
	if !tight {
		t.Errorf("alternatives %+v lack the tight one-card layout", d.Alternatives)
	}
	if d.Infer == nil || d.Infer.Sequences < 2 || d.Infer.Tight {
		t.Fatalf("infer %+v, want room for at least 2 sequences at 32k", d.Infer)
	}
	text := chat.RenderText(rep)
	if !strings.Contains(text, "Concurrent sequences") || !strings.Contains(text, sprintf("%d at 32,768 tokens each", d.Infer.Sequences)) {
		t.Errorf("the reply does not say how many sequences the pick holds:\n%s", text)
	}
}

// When no layout of the named card count leaves the headroom, the tight
// layout is still the answer, and a warning says so.
func TestTightWhenNothingRoomier(t *testing.T) {
	rep := handle(t, "tier model=deepseek-r1-distill-qwen-32b mode=infer gpu=a100-80g seq=32768 cards=1")
	d := rep.Data.(data)
	if !d.Fits || d.Infer == nil || !d.Infer.Tight || d.Infer.Sequences != 1 {
		t.Fatalf("fits %v infer %+v, want a tight fit holding 1 sequence", d.Fits, d.Infer)
	}
	if !strings.Contains(strings.Join(d.Warnings, " "), "Tight:") {
		t.Errorf("warnings %v lack the tight warning", d.Warnings)
	}
}
