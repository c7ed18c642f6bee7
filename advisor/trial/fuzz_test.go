package trial

import (
	"strings"
	"testing"
)

// seed adds the fixtures whose name starts with prefix, whole and cut in
// half, to the corpus.
func seed(f *testing.F, prefixes ...string) {
	for _, p := range prefixes {
		ents, err := fsGlob(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, s := range ents {
			f.Add(s)
			f.Add(s[:len(s)/2])
		}
	}
}

func fsGlob(prefix string) ([]string, error) {
	var out []string
	for _, name := range []string{
		"smi_470_a100x8.txt", "smi_525_a100x8_ecc.txt", "smi_535_a100x8.txt", "smi_535_a100pcie_x7.txt", "smi_550_h100x8.txt",
		"smi_570_4090x8.txt", "smiq_525_a100x8_ecc.txt", "topo_a100x8_nv12.txt", "topo_4090x8_pcie.txt", "topo_a100pcie_x7_bridged.txt",
		"iperf_tcp_p8_10g.txt", "iperf_udp_9g.txt", "iperf_tcp_p4_25g.json", "iperf_udp_22g.json",
		"allreduce_a100x8.txt", "allreduce_a100x8_cut.txt", "dmesg_xid.txt", "gpu_burn_4090x8.txt",
	} {
		if strings.HasPrefix(name, prefix) {
			b, err := readFixture(name)
			if err != nil {
				return nil, err
			}
			out = append(out, b)
		}
	}
	return out, nil
}

// checkFacts holds what must be true of any reading, whatever the input.
func checkFacts(t *testing.T, in string, f Facts, probs []Problem) {
	t.Helper()
	if f.CountSource == ToolSMI && f.GPUCount != len(f.GPUs) {
		t.Fatalf("count %d but %d GPUs for %q", f.GPUCount, len(f.GPUs), in)
	}
	for _, g := range f.GPUs {
		if g.MemoryTotalMiB < 0 || g.MemoryGB < 0 || g.Index < 0 {
			t.Fatalf("negative GPU figure %+v for %q", g, in)
		}
	}
	for _, p := range probs {
		if p.Text.EN == "" || p.Text.ZH == "" {
			t.Fatalf("problem without a wording %+v", p)
		}
	}
	_ = Compare(f, Promise{GPU: "A100-80G", Model: &Model{Family: "A100", MemoryGB: 80}, Cards: 8, NVLink: yes(), IntranetGbps: 10, BusGBs: 200, Driver: "535", CUDA: "12.2"})
}

// fuzzReaders fuzzes the readers of one kind of output: the fixtures named
// by prefixes and the extra inputs seed the corpus; every reading must keep
// the reader's own property (when prop is set) and pass checkFacts.
func fuzzReaders(f *testing.F, prefixes, extra []string, read func(s string, lines []string, fa *Facts, probs *[]Problem), prop func(t *testing.T, s string, fa Facts)) {
	seed(f, prefixes...)
	for _, e := range extra {
		f.Add(e)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var fa Facts
		var probs []Problem
		read(s, strings.Split(s, "\n"), &fa, &probs)
		if prop != nil {
			prop(t, s, fa)
		}
		checkFacts(t, s, fa, probs)
	})
}

func FuzzNvidiaSMI(f *testing.F) {
	fuzzReaders(f, []string{"smi"}, []string{
		"| NVIDIA-SMI 550.54.15 Driver Version: |\n|   0  X | 0:0:0.0 | 1 |\n| 5C P0 1W / | MiB / MiB | 1% |\n",
		"index, name, serial, memory.total [MiB], power.limit [W]\n0, NVIDIA A100-SXM4-80GB, 1, 81920 MiB, 400.00 W\n",
	}, func(_ string, lines []string, fa *Facts, probs *[]Problem) {
		readSMITable(lines, fa, probs)
		readSMIQuery(lines, fa, probs)
		readSMICSV(lines, fa)
		fa.count()
	}, nil)
}

func FuzzTopo(f *testing.F) {
	fuzzReaders(f, []string{"topo"}, []string{"GPU0 GPU1\nGPU0 X NV\nGPU1 NV0 X\n"}, func(_ string, lines []string, fa *Facts, probs *[]Problem) {
		readTopo(lines, fa, probs)
	}, func(t *testing.T, s string, fa Facts) {
		if l := fa.Links; l != nil && l.AllNVLink {
			for _, p := range l.Pairs {
				if p.NVLinks == 0 {
					t.Fatalf("all NVLink with a PCIe pair %+v for %q", p, s)
				}
			}
		}
	})
}

func FuzzIperf(f *testing.F) {
	fuzzReaders(f, []string{"iperf"}, []string{
		"{\n\"start\":{},\"end\":{\"sum\":{}}}",
		"Connecting to host x, port 1\n- - -\n[SUM] 0-1 sec 1 GBytes 1 Gbits/sec 0.1 ms 1/0 (x%) receiver\n",
		"Client connecting to x, UDP port 1\n[ ID] Write/Err Rtry\n[ 3] 0.0- 1.0 sec 1 GBytes 1 Gbits/sec 1/0 x\n[ 3] Server Report:\n[SUM-2] 0.0000-1.0000 sec 1 GBytes 1 Gbits/sec\n[ CT] x\n",
	}, func(s string, lines []string, fa *Facts, probs *[]Problem) {
		readIperfText(lines, fa, probs)
		readIperfJSON(s, fa, probs)
	}, func(t *testing.T, s string, fa Facts) {
		for _, r := range fa.Iperf {
			if r.Protocol != "tcp" && r.Protocol != "udp" && r.Error == "" && r.Source == "text" {
				t.Fatalf("protocol %q for %q", r.Protocol, s)
			}
		}
	})
}

func FuzzAllReduce(f *testing.F) {
	fuzzReaders(f, []string{"allreduce", "dmesg", "gpu_burn"}, []string{"# nThread 1 nGpus\n#  size count busbw x y z\n1 2 3 4 5 6\n# Avg bus bandwidth : x\n"}, func(_ string, lines []string, fa *Facts, probs *[]Problem) {
		readAllReduce(lines, fa, probs)
		readDmesg(lines, fa)
		readGPUBurn(lines, fa, probs)
	}, func(t *testing.T, s string, fa Facts) {
		for _, r := range fa.NCCL {
			if r.PeakBusGBs > 0 && len(r.Rows) == 0 {
				t.Fatalf("a peak without rows for %q", s)
			}
		}
	})
}

// FuzzRead pastes everything through the one entry point.
func FuzzRead(f *testing.F) {
	seed(f, "")
	f.Fuzz(func(t *testing.T, s string) {
		fa, probs := Read(s)
		checkFacts(t, s, fa, probs)
	})
}
