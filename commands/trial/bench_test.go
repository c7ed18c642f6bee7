package trial

import (
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

// BenchmarkTrialCheckCommand64GPU answers `trial check` on the generated
// 64-GPU nvidia-smi dump end to end: parse the command, read, compare,
// build and render the reply. Target: under 5 ms.
func BenchmarkTrialCheckCommand64GPU(b *testing.B) {
	req := chat.Request{Text: "trial check gpu=H100-SXM-80G cards=64 nvlink=yes " + fixtures(b, "smi_550_h100x64.txt"), Sync: true}
	b.SetBytes(int64(len(req.Text)))
	testkit.Bench(b, router(), req, true)
}
