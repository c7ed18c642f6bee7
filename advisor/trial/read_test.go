package trial

import (
	"strings"
	"testing"
)

func TestReadDetectsEveryTool(t *testing.T) {
	paste := "$ nvidia-smi\n" + fixture(t, "smi_535_a100x8.txt") + "\n$ nvidia-smi topo -m\n" + fixture(t, "topo_a100x8_nv12.txt") +
		"\n" + fixture(t, "iperf_tcp_p8_10g.txt") + fixture(t, "iperf_udp_22g.json") + fixture(t, "allreduce_a100x8.txt") +
		fixture(t, "dmesg_xid.txt") + fixture(t, "gpu_burn_4090x8.txt")
	f, probs := Read(paste)
	want := []string{ToolSMI, ToolTopo, ToolIperf, ToolIperfJSON, ToolAllReduce, ToolDmesg, ToolGPUBurn}
	if strings.Join(f.Tools, ",") != strings.Join(want, ",") || len(probs) != 0 {
		t.Fatalf("tools %v problems %+v, want %v and none", f.Tools, probs, want)
	}
	if len(f.GPUs) != 8 || f.Links == nil || len(f.Iperf) != 2 || len(f.NCCL) != 1 || len(f.Xid) != 4 || len(f.Burn) != 8 || f.CountSource != ToolSMI {
		t.Errorf("read %d GPUs, links %v, %d iperf, %d nccl, %d xid, %d burn, count from %s", len(f.GPUs), f.Links != nil, len(f.Iperf), len(f.NCCL), len(f.Xid), len(f.Burn), f.CountSource)
	}
}

func TestReadNothing(t *testing.T) {
	for _, in := range []string{"", "hello", "GPU 高配主机 万兆内网", strings.Repeat("lorem ipsum | dolor = sit\n", 4000), "{\"a\": 1}"} {
		if f, probs := Read(in); len(f.Tools) != 0 || len(probs) != 0 || f.GPUCount != 0 {
			t.Errorf("Read(%.30q) found tools %v problems %+v", in, f.Tools, probs)
		}
	}
}

func TestReadCRLF(t *testing.T) {
	f, probs := Read(strings.ReplaceAll(fixture(t, "smi_550_h100x8.txt"), "\n", "\r\n"))
	if len(f.GPUs) != 8 || len(probs) != 0 {
		t.Errorf("CRLF paste: %d GPUs problems %+v, want 8", len(f.GPUs), probs)
	}
}
