package trial

import (
	"context"
	"testing"

	"gpuadvisor/chat"
)

// BenchmarkTrialCheckCommand64GPU answers `trial check` on the generated
// 64-GPU nvidia-smi dump end to end: parse the command, read, compare,
// build and render the reply. Target: under 5 ms.
func BenchmarkTrialCheckCommand64GPU(b *testing.B) {
	req := chat.Request{Text: "trial check gpu=H100-SXM-80G cards=64 nvlink=yes " + fixtures(b, "smi_550_h100x64.txt"), Sync: true}
	r := router()
	b.SetBytes(int64(len(req.Text)))
	b.ReportAllocs()
	for b.Loop() {
		rep := r.Handle(context.Background(), req)
		if rep.Error != nil {
			b.Fatal(rep.Error)
		}
		_ = chat.RenderText(rep)
		_ = chat.RenderJSON(rep)
	}
}
