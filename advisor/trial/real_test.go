package trial

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// real reads a captured output of testdata/real (SOURCES.md says where each
// comes from).
func real(t *testing.T, name string) string {
	t.Helper()
	return fixture(t, "real/"+name)
}

// TestRealSMI: nvidia-smi tables and -q logs captured on real machines are
// read to the number, with no problem raised.
func TestRealSMI(t *testing.T) {
	tests := []struct {
		file, tool, driver, cuda string
		gpus                     int
		model                    string
		memGB                    int
		capW                     float64
		ecc, mig                 string
		cut                      bool
	}{
		{"smi_565_h100x8.txt", ToolSMI, "565.57.01", "12.7", 8, "H100 SXM 80GB", 80, 700, "on", "Disabled", false},
		{"smi_550_4090x8.txt", ToolSMI, "550.127.05", "12.4", 8, "RTX 4090 PCIe 24GB", 24, 450, "off", "N/A", false},
		{"smi_550_l40s.txt", ToolSMI, "550.127.05", "12.4", 1, "L40S PCIe 48GB", 48, 350, "on", "N/A", false},
		{"smiq_550_l40s.txt", ToolSMIQuery, "550.127.05", "12.4", 1, "L40S PCIe 48GB", 48, 350, "on", "N/A", false},
		{"smi_550_h100nvl_x2.txt", ToolSMI, "550.54.14", "12.4", 2, "H100 NVL 94GB", 94, 310, "on", "Disabled", false},
		{"smi_550_rtx6000ada_x8.txt", ToolSMI, "550.127.05", "12.4", 8, "RTX 6000 Ada PCIe 48GB", 48, 300, "off", "N/A", true},
		{"smi_555_a100x4.txt", ToolSMI, "555.42.02", "12.5", 4, "A100 SXM 80GB", 80, 500, "on", "Disabled", false},
		{"smiq_555_a100x4_remap.txt", ToolSMIQuery, "555.42.02", "12.5", 4, "A100 SXM 80GB", 80, 500, "on", "Disabled", false},
		{"smi_570_a100pcie_mig.txt", ToolSMI, "570.148.08", "12.8", 1, "A100 PCIe 80GB", 80, 300, "on", "Enabled", false},
		{"smi_450_a100x8_mig_pending.txt", ToolSMI, "450.102.04", "11.0", 8, "A100 SXM 40GB", 40, 400, "on", "Disabled", false},
	}
	for _, tt := range tests {
		f, probs := Read(real(t, tt.file))
		if len(probs) > 0 || strings.Join(f.Tools, ",") != tt.tool {
			t.Errorf("%s: tools %v problems %+v, want [%s] and none", tt.file, f.Tools, probs, tt.tool)
		}
		if f.DriverVersion != tt.driver || f.CUDAVersion != tt.cuda || len(f.GPUs) != tt.gpus || f.GPUCount != tt.gpus {
			t.Fatalf("%s: driver %q cuda %q, %d GPUs (count %d); want %q %q %d", tt.file, f.DriverVersion, f.CUDAVersion, len(f.GPUs), f.GPUCount, tt.driver, tt.cuda, tt.gpus)
		}
		for _, g := range f.GPUs {
			if g.Model.String() != tt.model || g.MemoryGB != tt.memGB || g.PowerCapW == nil || *g.PowerCapW != tt.capW || g.ECC != tt.ecc || g.MIG != tt.mig || g.NameCut != tt.cut {
				t.Errorf("%s: GPU %d = %s %d GB cap %v ecc %q mig %q cut %v; want %s %d GB cap %v ecc %q mig %q cut %v",
					tt.file, g.Index, g.Model, g.MemoryGB, g.PowerCapW, g.ECC, g.MIG, g.NameCut, tt.model, tt.memGB, tt.capW, tt.ecc, tt.mig, tt.cut)
			}
		}
	}
}

// TestRealSMIHealth: what the real outputs say about the cards' health is
// read, and raised.
func TestRealSMIHealth(t *testing.T) {
	// GPU 1 of the A100 log: 353 correctable DRAM errors, a row remap pending
	f, _ := Read(real(t, "smiq_555_a100x4_remap.txt"))
	g := f.GPUs[1]
	if g.ECCCorrected == nil || *g.ECCCorrected != 353 || !g.RemapPending || g.ECCUncorrected == nil || *g.ECCUncorrected != 0 {
		t.Errorf("A100 GPU 1: corrected %v remap %v uncorrected %v; want 353, pending, 0", g.ECCCorrected, g.RemapPending, g.ECCUncorrected)
	}
	if fs := find(Compare(f, Promise{}), "ecc"); len(fs) != 2 || fs[0].Status != Warn || strings.Join(fs[0].GPUs, ",") != "GPU1" {
		t.Errorf("A100 log: ecc findings %+v, want the remap warning on GPU1 and the pass", fs)
	}

	// MIG on: the card is split into four instances, its ECC count is the
	// instances' sum
	f, _ = Read(real(t, "smi_570_a100pcie_mig.txt"))
	g = f.GPUs[0]
	if g.MIGDevices != 4 || g.ECCUncorrected == nil || *g.ECCUncorrected != 0 || g.UtilPct != nil {
		t.Errorf("MIG card: %d instances, ECC %v, util %v; want 4, 0, unknown", g.MIGDevices, g.ECCUncorrected, g.UtilPct)
	}
	if fs := find(Compare(f, Promise{}), "mig"); len(fs) != 1 || fs[0].Status != Warn || !strings.Contains(fs[0].Text.EN, "4 instances") || !strings.Contains(fs[0].Text.ZH, "4 个实例") {
		t.Errorf("MIG card: findings %+v, want one warning naming the 4 instances", fs)
	}

	// a pending MIG change on GPU 7 only
	f, _ = Read(real(t, "smi_450_a100x8_mig_pending.txt"))
	for _, g := range f.GPUs {
		if g.MIGPending != (g.Index == 7) || g.MIGDevices != 0 {
			t.Errorf("DGX A100: GPU %d pending %v, %d instances; want pending only on GPU 7, none", g.Index, g.MIGPending, g.MIGDevices)
		}
	}
	if fs := find(Compare(f, Promise{}), "mig"); len(fs) != 1 || strings.Join(fs[0].GPUs, ",") != "GPU7" {
		t.Errorf("DGX A100: mig findings %+v, want the pending change on GPU7", fs)
	}
	if fs := find(Compare(mustRead(t, "smi_565_h100x8.txt"), Promise{}), "mig"); len(fs) != 0 {
		t.Errorf("H100 with MIG disabled: mig findings %+v, want none", fs)
	}
}

func mustRead(t *testing.T, name string) Facts {
	t.Helper()
	f, _ := Read(real(t, name))
	return f
}

// TestRealTopo: real topo -m matrices, with NIC legends, the GPU NUMA ID
// column and a shell prompt above, and the same pasted as a quote or a
// script's comment.
func TestRealTopo(t *testing.T) {
	tests := []struct {
		file      string
		gpus      int
		kinds     string
		allNV     bool
		nics, cpu string
	}{
		{"topo_a100x8_nv12_17nics.txt", 8, "NV12:28", true, "NIC16 (mlx5_bond_0)", "0-103"},
		{"topo_a10x4_sys.txt", 4, "SYS:6", false, "NIC1 (mlx5_1)", "0-127"},
		{"topo_1080tix2_phb_prompt.txt", 2, "PHB:1", false, "", "0-11"},
	}
	for _, tt := range tests {
		whole := real(t, tt.file)
		var quoted, commented strings.Builder
		for _, l := range strings.Split(whole, "\n") {
			quoted.WriteString("> " + l + "\n")
			commented.WriteString("# " + l + "\n")
		}
		for _, in := range []string{whole, quoted.String(), commented.String()} {
			f, probs := Read(in)
			l := f.Links
			if l == nil || len(probs) > 0 {
				t.Fatalf("%s: links %v problems %+v", tt.file, l, probs)
			}
			if l.GPUs != tt.gpus || KindsText(l) == "" || l.AllNVLink != tt.allNV || len(l.Affinity) != tt.gpus || l.Affinity[0].CPU != tt.cpu {
				t.Errorf("%s: %d GPUs %v all-NVLink %v affinity %+v; want %d %s %v cpu %s", tt.file, l.GPUs, l.Kinds, l.AllNVLink, l.Affinity, tt.gpus, tt.kinds, tt.allNV, tt.cpu)
			}
			k, n, _ := strings.Cut(tt.kinds, ":")
			if got := l.Kinds[k]; n != strconv.Itoa(got) || len(l.Kinds) != 1 {
				t.Errorf("%s: kinds %v, want %s", tt.file, l.Kinds, tt.kinds)
			}
			if tt.nics != "" && (len(l.NICs) == 0 || l.NICs[len(l.NICs)-1] != tt.nics) {
				t.Errorf("%s: NICs %v, want the last %q", tt.file, l.NICs, tt.nics)
			}
		}
	}
}

// TestRealAllReduce: a two-node run, the same run pasted from Markdown (the
// first lines lost their "#"), and a one-rank run under mpirun --tag-output
// with NCCL INFO lines in between.
func TestRealAllReduce(t *testing.T) {
	for _, file := range []string{"allreduce_h100x16_2nodes.txt", "allreduce_h100x16_markdown.md"} {
		f, probs := Read(real(t, file))
		if len(f.NCCL) != 1 || len(probs) > 0 {
			t.Fatalf("%s: %d runs, problems %+v", file, len(f.NCCL), probs)
		}
		r := f.NCCL[0]
		if r.GPUs != 16 || r.Nodes != 2 || f.GPUCount != 16 || r.PeakBusGBs != 338.82 || r.MaxSize != 8<<30 || r.AvgBusGBs == nil || *r.AvgBusGBs != 70.742 || r.Wrong != 0 || len(r.Rows) != 31 {
			t.Errorf("%s: %d GPUs on %d nodes (count %d), peak %v at %d, avg %v, wrong %d, %d rows; want 16 on 2, 338.82 at 8G, 70.742, 0, 31",
				file, r.GPUs, r.Nodes, f.GPUCount, r.PeakBusGBs, r.MaxSize, r.AvgBusGBs, r.Wrong, len(r.Rows))
		}
	}

	f, probs := Read(real(t, "allreduce_a800x24_12nodes.txt"))
	if r := f.NCCL[0]; len(probs) > 0 || r.GPUs != 24 || r.Nodes != 12 || r.PeakBusGBs != 42.34 || r.MaxSize != 2<<30 || len(r.Rows) != 3 {
		t.Errorf("A800 over 12 pods: %d GPUs on %d nodes, peak %v, max %d, %d rows, problems %+v; want 24 on 12, 42.34, 2G, 3", r.GPUs, r.Nodes, r.PeakBusGBs, r.MaxSize, len(r.Rows), probs)
	}
	// a run over many machines is not held to one machine's card count
	if g := find(Compare(f, Promise{Cards: 8}), "nccl_gpus"); len(g) != 0 {
		t.Errorf("A800 over 12 pods: nccl_gpus %+v, want none", g)
	}

	// ranks on several machines measure the network between them: never
	// compared with one machine's bus bandwidth, and the reply says which
	// was measured
	if n := f.NCCL[0].RanksPerNode; len(n) != 12 || n[0] != 2 || n[11] != 2 {
		t.Errorf("A800 over 12 pods: ranks per node %v, want 2 on each of 12", n)
	}
	fs := Compare(f, Promise{Cards: 8, NVLink: yes(), BusGBs: 150})
	if b := find(fs, "busbw"); len(b) != 1 || b[0].Status != Unverified || b[0].Measured != "42.34 GB/s" ||
		!strings.Contains(b[0].Text.EN, "ran across 12 machines (24 ranks)") || !strings.Contains(b[0].Text.EN, "not compared with the promise") ||
		!strings.Contains(b[0].Text.ZH, "跨 12 台机器运行") {
		t.Errorf("A800 over 12 pods, 150 GB/s promised: busbw %+v, want unverified, saying the run spans 12 machines", b)
	}
	if n := find(fs, "nccl_nodes"); len(n) != 1 || n[0].Status != Info || n[0].Measured != "2 × 12" || !strings.Contains(n[0].Text.EN, "network between the machines") {
		t.Errorf("A800 over 12 pods: nccl_nodes %+v, want a note naming what was measured", n)
	}
	if g := find(fs, "gpu_count"); len(g) != 1 || g[0].Status != Unverified || g[0].Measured != "2 × 12" {
		t.Errorf("A800 over 12 pods, 8 cards promised: gpu_count %+v, want unverified (2 ranks a pod say nothing of a machine's cards)", g)
	}
	if v := find(fs, "nccl_nvlink"); len(v) != 0 {
		t.Errorf("A800 over 12 pods: nccl_nvlink %+v, want none (42 GB/s across machines says nothing of NVLink)", v)
	}
	two := mustRead(t, "allreduce_h100x16_2nodes.txt")
	for _, tt := range []struct {
		p            Promise
		count, busbw string
	}{
		{Promise{Cards: 8, BusGBs: 370}, Pass, Unverified},        // one machine's promise: 8 ranks on each, not the same figure
		{Promise{BusGBs: 370}, "", Unverified},                    // no cards said: not read as the cluster's
		{Promise{Cards: 16, BusGBs: 370}, Pass, Pass},             // the promise covers all 16 ranks: compared (338.82 ≥ 333)
		{Promise{Cards: 16, BusGBs: 400}, Pass, Fail},             // 338.82 < 360
		{Promise{Cards: 12, BusGBs: 370}, Unverified, Unverified}, // neither one machine's 8 nor the 16 of the run
	} {
		fs := Compare(two, tt.p)
		g, b := find(fs, "gpu_count"), find(fs, "busbw")
		gs := ""
		if len(g) == 1 {
			gs = g[0].Status
		}
		if gs != tt.count || len(b) != 1 || b[0].Status != tt.busbw {
			t.Errorf("H100 over 2 nodes, %+v: gpu_count %+v busbw %+v; want %q and %s", tt.p, g, b, tt.count, tt.busbw)
		}
	}

	f, probs = Read(real(t, "allreduce_a10g_1rank_tagged.txt"))
	if len(f.NCCL) != 1 || f.NCCL[0].GPUs != 1 || len(f.NCCL[0].Rows) != 5 || f.NCCL[0].MaxSize != 2<<30 {
		t.Fatalf("tagged one-rank run: %+v", f.NCCL)
	}
	if len(probs) != 1 || !strings.Contains(probs[0].Text.EN, "one GPU") || !strings.Contains(probs[0].Text.ZH, "一块 GPU") {
		t.Errorf("tagged one-rank run: problems %+v, want one saying it ran on one GPU", probs)
	}
	fs = Compare(f, Promise{Cards: 8, BusGBs: 200})
	if g := find(fs, "nccl_gpus"); len(g) != 1 || g[0].Status != Warn || g[0].Measured != "1" {
		t.Errorf("one-rank run: nccl_gpus %+v, want one warning", g)
	}
	if b := find(fs, "busbw"); len(b) != 1 || b[0].Status != Unverified {
		t.Errorf("one-rank run: busbw %+v, want unverified (a 0 GB/s bus bandwidth is no measurement)", b)
	}
}

// TestRealIperf: reverse and forward runs in one paste, iperf 3.1 UDP with a
// -T title before each line and with its spacing squeezed, and iperf 3.9
// JSON indented with tabs.
func TestRealIperf(t *testing.T) {
	tests := []struct {
		file    string
		runs    int
		proto   string
		reverse bool
		gbps    float64
		lossPct float64
		retrans int
	}{
		{"iperf_tcp_reverse_then_forward.txt", 2, "tcp", true, 0.403, 0, 1769},
		{"iperf_udp_31_titled.txt", 1, "udp", false, 0.149, 12, 0},
		{"iperf_udp_31_squeezed.txt", 1, "udp", false, 0.0495, 55, 0},
		{"iperf_tcp_39_tabs.json", 1, "tcp", false, 0.06264506239859537, 0, 1627},
	}
	for _, tt := range tests {
		f, probs := Read(real(t, tt.file))
		if len(f.Iperf) != tt.runs || len(probs) > 0 {
			t.Fatalf("%s: %d runs, problems %+v; want %d", tt.file, len(f.Iperf), probs, tt.runs)
		}
		r := f.Iperf[0]
		loss := 0.0
		if r.LossPct != nil {
			loss = *r.LossPct
		}
		retr := 0
		if r.Retransmits != nil {
			retr = *r.Retransmits
		}
		if r.Protocol != tt.proto || r.Reverse != tt.reverse || r.Gbps != tt.gbps || loss != tt.lossPct || retr != tt.retrans {
			t.Errorf("%s: %s reverse %v %v Gbit/s loss %v%% retr %d; want %s %v %v %v%% %d", tt.file, r.Protocol, r.Reverse, r.Gbps, loss, retr, tt.proto, tt.reverse, tt.gbps, tt.lossPct, tt.retrans)
		}
	}
	f, _ := Read(real(t, "iperf_tcp_reverse_then_forward.txt"))
	if r := f.Iperf[1]; r.Reverse || r.Gbps != 0.218 {
		t.Errorf("forward run after the reverse one: reverse %v %v Gbit/s, want false 0.218", r.Reverse, r.Gbps)
	}
}

// TestRealLostGPU: a card the driver cannot reach is a failure, whether its
// error line is pasted (driver 610, whose header names the versions "KMD
// Version" and "CUDA UMD Version") or only the hole it leaves in the list.
func TestRealLostGPU(t *testing.T) {
	in := real(t, "smi_610_rtxpro6000_gpu1_lost.txt")
	f, probs := Read(in)
	if len(probs) > 0 || f.DriverVersion != "610.57.04" || f.CUDAVersion != "13.3" || f.SMIVersion != "610.57.04" {
		t.Errorf("610 header: driver %q cuda %q smi %q problems %+v; want 610.57.04, 13.3, none", f.DriverVersion, f.CUDAVersion, f.SMIVersion, probs)
	}
	if len(f.GPUs) != 3 || f.GPUs[1].Index != 2 || f.GPUs[0].Model.Family != "RTX PRO 6000 Blackwell" || f.GPUs[0].MemoryGB != 96 || len(f.LostGPUs) != 1 || f.SMIError != "" {
		t.Fatalf("lost GPU1: %d GPUs, lost %q, error %q, GPU0 %s", len(f.GPUs), f.LostGPUs, f.SMIError, f.GPUs[0].Model)
	}
	fs := Compare(f, Promise{})
	if l := find(fs, "gpu_lost"); len(l) != 1 || l[0].Status != Fail || !strings.Contains(l[0].Text.EN, "GPU1: 0000:34:00.0") {
		t.Errorf("lost GPU1: gpu_lost %+v, want one failure quoting the line", l)
	}
	if h := find(fs, "temperature"); len(h) == 0 || h[0].Status == Pass {
		t.Errorf("87 °C at 100%% load: temperature %+v, want it raised", h)
	}

	// the table alone: GPU1's hole is raised
	table := in[strings.Index(in, "\n")+1:]
	f, _ = Read(table)
	if l := find(Compare(f, Promise{}), "gpu_lost"); len(l) != 1 || l[0].Status != Warn || strings.Join(l[0].GPUs, ",") != "GPU1" {
		t.Errorf("table without the error line: gpu_lost %+v, want a warning on GPU1", l)
	}
	// a whole list has no hole
	f, _ = Read(real(t, "smi_565_h100x8.txt"))
	if l := find(Compare(f, Promise{}), "gpu_lost"); len(l) != 0 {
		t.Errorf("8 H100 listed 0-7: gpu_lost %+v, want none", l)
	}

	// nothing but driver errors: the machine is not usable
	for _, e := range []string{
		"Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 570.133\n",
		"NVIDIA-SMI couldn't find libnvidia-ml.so library in your system. Please make sure that the NVIDIA Display Driver is properly installed and present in your system.\n",
		"Unable to determine the device handle for GPU0: 0000:01:00.0: Unknown Error\n",
	} {
		f, _ := Read(e)
		if f.SMIError == "" || f.GPUCount != 0 {
			t.Errorf("%.40q: smi error %q count %d, want the error and 0 GPUs", e, f.SMIError, f.GPUCount)
		}
		if s := find(Compare(f, Promise{}), "smi_error"); len(s) != 1 || s[0].Status != Fail {
			t.Errorf("%.40q: smi_error %+v, want a failure", e, s)
		}
	}

	// Xid 154: the driver asks for a reboot
	f, _ = Read("[  812.4] NVRM: Xid (PCI:0000:34:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (OS Reboot)\n")
	if x := find(Compare(f, Promise{}), "xid"); len(x) != 1 || x[0].Status != Fail {
		t.Errorf("Xid 154: %+v, want a failure", x)
	}
}

// TestRealCutName: a name the table cut before the model ("NVIDIA GeForce
// ...") cannot be checked against a promise; it is never called the wrong
// card.
func TestRealCutName(t *testing.T) {
	f, probs := Read(real(t, "smi_470_geforce_laptop_cut.txt"))
	if len(probs) > 0 || len(f.GPUs) != 1 || f.GPUs[0].PowerCapW != nil || f.GPUs[0].MemoryGB != 16 || !f.GPUs[0].NameCut {
		t.Fatalf("laptop table: %+v problems %+v", f.GPUs, probs)
	}
	fs := find(Compare(f, Promise{GPU: "RTX4090", Model: model("RTX4090")}), "gpu_model")
	if len(fs) != 1 || fs[0].Status != Unverified || !strings.Contains(fs[0].Text.EN, "nvidia-smi -L") {
		t.Errorf("cut name against RTX4090: %+v, want unverified asking for nvidia-smi -L", fs)
	}
	// a cut name that still shows the model is compared as usual
	f, _ = Read(real(t, "smi_550_rtx6000ada_x8.txt"))
	if fs := find(Compare(f, Promise{GPU: "A100", Model: model("A100")}), "gpu_model"); len(fs) != 1 || fs[0].Status != Fail {
		t.Errorf("RTX 6000 Ada against A100: %+v, want a failure", fs)
	}
}

// TestRealERR: a card nvidia-smi prints as ERR! (a GSP timeout, Xid 119) is
// a failure of its own, not a wrong model, and its Xid is read too.
func TestRealERR(t *testing.T) {
	f, probs := Read(real(t, "smi_525_a40x8_gpu4_err.txt"))
	if len(probs) > 0 || len(f.GPUs) != 8 || !f.GPUs[4].Err || f.GPUs[3].Err || f.GPUs[4].PowerDrawW != nil || f.GPUs[4].TempC != nil || len(f.Xid) != 1 || f.Xid[0].Code != 119 {
		t.Fatalf("A40 with GPU 4 in ERR!: %d GPUs, GPU4 %+v, xid %+v, problems %+v", len(f.GPUs), f.GPUs[4], f.Xid, probs)
	}
	fs := Compare(f, Promise{GPU: "A40", Model: model("A40"), Cards: 8})
	if l := find(fs, "gpu_lost"); len(l) != 1 || l[0].Status != Fail || strings.Join(l[0].GPUs, ",") != "GPU4" {
		t.Errorf("ERR! on GPU4: gpu_lost %+v, want one failure on GPU4", l)
	}
	if m := find(fs, "gpu_model"); len(m) != 1 || m[0].Status != Pass {
		t.Errorf("ERR! on GPU4: gpu_model %+v, want the other seven A40s to pass, not GPU4 called the wrong card", m)
	}
	if x := find(fs, "xid"); len(x) != 1 || x[0].Status != Fail || strings.Join(x[0].GPUs, ",") != "GPU4" {
		t.Errorf("Xid 119 at 0000:83:00: %+v, want a failure on GPU4", x)
	}
}

// TestRealIperf2: iperf 2 is not iperf3. Its client reports what it sent
// (no sender/receiver marks), a UDP client gets the receiver's figures in a
// "Server Report:", a server prints a header per client it serves, and
// streams' "local … connected with" lines may come before the "Client
// connecting to" header. Each run is read as iperf 2 and says so.
func TestRealIperf2(t *testing.T) {
	type run struct {
		proto          string
		streams        int
		sent, received float64 // -1: not reported
		loss           float64 // -1: not reported
		host           string
	}
	tests := []struct {
		file string
		runs []run
	}{
		{"iperf2_tcp_p8_100g_roce.txt", []run{{"tcp", 8, 89.4, -1, -1, "1.1.1.16"}}},
		{"iperf2_tcp_p20_gcp.txt", []run{{"tcp", 20, 3.63, -1, -1, "us-test-01.europe-west1-c"}}},
		{"iperf2_udp_2g_gcp.txt", []run{{"udp", 1, 2.15, 1.97, 8.2, "us-test-02.us-central1-f"}}},
		{"iperf2_server_x3_then_client_i1.txt", []run{
			{"tcp", 1, -1, 0.941, -1, ""}, {"tcp", 1, -1, 0.941, -1, ""}, {"tcp", 1, -1, 0.941, -1, ""},
			{"tcp", 1, 0.94, -1, -1, "10.67.103.12"}}},
	}
	opt := func(v *float64) float64 {
		if v == nil {
			return -1
		}
		return *v
	}
	for _, tt := range tests {
		f, probs := Read(real(t, tt.file))
		if len(probs) > 0 || strings.Join(f.Tools, ",") != ToolIperf2 || len(f.Iperf) != len(tt.runs) {
			t.Fatalf("%s: tools %v, %d runs, problems %+v; want [%s], %d runs", tt.file, f.Tools, len(f.Iperf), probs, ToolIperf2, len(tt.runs))
		}
		for i, want := range tt.runs {
			r := f.Iperf[i]
			got := run{r.Protocol, r.Streams, opt(r.SenderGbps), opt(r.ReceiverGbps), opt(r.LossPct), r.Host}
			same := got.proto == want.proto && got.streams == want.streams && got.host == want.host &&
				near(got.sent, want.sent, 1e-9) && near(got.received, want.received, 1e-9) && near(got.loss, want.loss, 1e-9)
			if !r.Iperf2 || !same || !strings.HasPrefix(RunLabel(r), "iperf 2 ") {
				t.Errorf("%s run %d: %+v (iperf2 %v, %q); want %+v", tt.file, i, got, r.Iperf2, RunLabel(r), want)
			}
		}
	}
	// the UDP client's own line is what it offered: the loss is judged at that rate
	fs := Compare(mustRead(t, "iperf2_udp_2g_gcp.txt"), Promise{IntranetGbps: 10})
	if u := find(fs, "udp_loss"); len(u) != 1 || u[0].Status != Fail || u[0].Measured != "8.2% @ 2.15 Gbit/s" {
		t.Errorf("iperf 2 UDP: udp_loss %+v, want a failure at 8.2%% @ 2.15 Gbit/s", u)
	}
	// the [SUM] of eight streams is the TCP figure, named as iperf 2's
	fs = Compare(mustRead(t, "iperf2_tcp_p8_100g_roce.txt"), Promise{IntranetGbps: 100})
	if u := find(fs, "intranet_tcp"); len(u) != 1 || u[0].Status != Fail || u[0].Measured != "89.4 Gbit/s" || !strings.Contains(u[0].Text.EN, "iperf 2 TCP ×8 → 1.1.1.16") {
		t.Errorf("iperf 2 TCP ×8: intranet_tcp %+v, want a failure at 89.4 Gbit/s naming iperf 2", u)
	}
}

// TestRealFioLsblk: fio's per-job report (fio 3.12 on a RAID of hard
// disks, a fio 3.x random read at 459k IOPS) read to the number in decimal
// MB/s, and lsblk's ROTA column: two spinning disks are raised, an
// all-solid-state list is a note, a failed fio job a warning.
func TestRealFioLsblk(t *testing.T) {
	f, probs := Read(real(t, "fio_312_raid_rw_16k.txt") + real(t, "fio_3x_randread_459k.txt") + real(t, "lsblk_hdd_ssd_nvme.txt"))
	if len(probs) > 0 || strings.Join(f.Tools, ",") != ToolFio+","+ToolLsblk || len(f.Fio) != 2 || len(f.Disks) != 4 {
		t.Fatalf("tools %v, %d fio runs, %d disks, problems %+v; want fio and lsblk, 2 runs, 4 disks", f.Tools, len(f.Fio), len(f.Disks), probs)
	}
	r := f.Fio[0]
	if r.Name != "raidtest" || r.RW != "rw" || r.BlockSize != "16.0KiB" || r.Jobs != 10 || r.Err != 0 ||
		*r.ReadIOPS != 485 || !near(*r.ReadMBs, 7.95, 1e-9) || *r.WriteIOPS != 490 || !near(*r.WriteMBs, 8.03, 1e-9) {
		t.Errorf("raidtest: %+v read %v/%v write %v/%v", r, *r.ReadIOPS, *r.ReadMBs, *r.WriteIOPS, *r.WriteMBs)
	}
	if r := f.Fio[1]; r.Name != "randread" || r.RW != "" || r.Jobs != 1 || *r.ReadIOPS != 459000 || *r.ReadMBs != 1879 || r.WriteIOPS != nil {
		t.Errorf("randread: %+v", r)
	}
	if d := f.Disks; !d[0].Rotational || !d[1].Rotational || d[2].Rotational || d[3].Rotational || d[3].Name != "nvme1n1" || d[0].Size != "18.2T" || d[0].Model != "xx20000NM002H-xxxx33" {
		t.Errorf("disks: %+v", d)
	}
	fs := Compare(f, Promise{})
	if w := find(fs, "disk_rota"); len(w) != 1 || w[0].Status != Warn || !strings.Contains(w[0].Text.EN, "sda (18.2T xx20000NM002H-xxxx33), sdb") || !strings.Contains(w[0].Text.ZH, "机械硬盘") {
		t.Errorf("disk_rota %+v, want a warning naming sda and sdb", w)
	}
	solid, _ := Read("NAME    ROTA   SIZE MODEL\nnvme0n1    0   3.5T SAMSUNG MZQL23T8HCLS-00A07\n")
	if w := find(Compare(solid, Promise{}), "disk_rota"); len(w) != 1 || w[0].Status != Info || solid.Disks[0].Model != "SAMSUNG MZQL23T8HCLS-00A07" {
		t.Errorf("one NVMe disk: disk_rota %+v, model %q; want a note", w, solid.Disks[0].Model)
	}
	bad := strings.Replace(real(t, "fio_3x_randread_459k.txt"), "err= 0", "err= 5", 1)
	fb, _ := Read(bad)
	if w := find(Compare(fb, Promise{}), "fio_error"); len(w) != 1 || w[0].Status != Warn || w[0].Measured != "5" {
		t.Errorf("fio err=5: fio_error %+v, want a warning", w)
	}
}

// TestRealSMIList: nvidia-smi -L, which the check asks for when a table
// cut a name, is read: the cards and their full names (a pod's list of 8
// A100s), a MIG device under a card (not a whole card), and the full names
// put in place of a table's cut ones.
func TestRealSMIList(t *testing.T) {
	f, probs := Read(real(t, "smil_a100x8_pod.txt"))
	if len(probs) > 0 || strings.Join(f.Tools, ",") != ToolSMIList || len(f.GPUs) != 8 || f.GPUCount != 8 || f.CountSource != ToolSMIList {
		t.Fatalf("pod: tools %v, %d GPUs (count %d from %s), problems %+v", f.Tools, len(f.GPUs), f.GPUCount, f.CountSource, probs)
	}
	if g := f.GPUs[7]; g.Index != 7 || g.Name != "NVIDIA A100-SXM4-80GB" || g.Model.String() != "A100 SXM 80GB" {
		t.Errorf("pod GPU 7: %d %q %s", g.Index, g.Name, g.Model)
	}
	fs := Compare(f, Promise{GPU: "A100-80G", Model: model("A100-80G"), Cards: 8})
	if m, c := find(fs, "gpu_model"), find(fs, "gpu_count"); len(m) != 1 || m[0].Status != Pass || len(c) != 1 || c[0].Status != Pass {
		t.Errorf("pod, 8 A100-80G promised: gpu_model %+v gpu_count %+v, want both passed", m, c)
	}

	f, _ = Read(real(t, "smil_a100x8_mig.txt"))
	if g := f.GPUs[0]; g.MIG != "Enabled" || g.MIGDevices != 1 || f.GPUs[1].MIG != "" {
		t.Errorf("MIG list: GPU 0 %q %d, GPU 1 %q; want Enabled with 1 instance, then none", g.MIG, g.MIGDevices, f.GPUs[1].MIG)
	}
	if w := find(Compare(f, Promise{}), "mig"); len(w) != 1 || strings.Join(w[0].GPUs, ",") != "GPU0" || !strings.Contains(w[0].Text.EN, "1 instance,") {
		t.Errorf("MIG list: mig %+v, want GPU0 raised as 1 instance", w)
	}

	// the table cut the names; -L (names as the driver gives them, UUIDs
	// made up for the test) completes them
	var list strings.Builder
	for i := 0; i < 8; i++ {
		fmt.Fprintf(&list, "GPU %d: NVIDIA RTX 6000 Ada Generation (UUID: GPU-00000000-0000-0000-0000-00000000000%d)\n", i, i)
	}
	f, _ = Read(real(t, "smi_550_rtx6000ada_x8.txt") + list.String())
	for _, g := range f.GPUs {
		if g.NameCut || g.Name != "NVIDIA RTX 6000 Ada Generation" || g.Model.MemoryGB != 48 {
			t.Errorf("GPU %d after -L: %q cut %v, %d GB; want the full name, 48 GB from the table", g.Index, g.Name, g.NameCut, g.Model.MemoryGB)
		}
	}
	if len(f.GPUs) != 8 || f.CountSource != ToolSMI {
		t.Errorf("table and -L: %d GPUs counted from %s, want 8 from the table", len(f.GPUs), f.CountSource)
	}
}

// TestRealAllReduceFailedOrUnchecked: a run that failed ("Test NCCL
// failure …") is a failure with its message, never "as promised" or a paste
// to complete; a run with validation off (-c 0, #wrong N/A) says so, not
// "#wrong 0".
func TestRealAllReduceFailedOrUnchecked(t *testing.T) {
	f, probs := Read(real(t, "allreduce_3090x2_failure.txt"))
	if len(f.NCCL) != 1 || f.NCCL[0].Error != "Test NCCL failure all_reduce.cu:44 'unhandled cuda error / '" || len(probs) != 0 || f.NCCL[0].GPUs != 2 {
		t.Fatalf("failed run: %+v, problems %+v", f.NCCL, probs)
	}
	fs := Compare(f, Promise{BusGBs: 100})
	if e := find(fs, "nccl_error"); len(e) != 1 || e[0].Status != Fail || !strings.Contains(e[0].Text.EN, "NCCL_DEBUG=INFO") || !strings.Contains(e[0].Text.ZH, "运行失败") {
		t.Errorf("failed run: nccl_error %+v, want a failure with its message", e)
	}
	if b := find(fs, "busbw"); len(b) != 1 || b[0].Status != Unverified {
		t.Errorf("failed run, 100 GB/s promised: busbw %+v, want unverified", b)
	}

	f, probs = Read(real(t, "allreduce_v100x4_c0.txt"))
	r := f.NCCL[0]
	if len(probs) != 0 || !r.Unchecked || r.Wrong != 0 || len(r.Rows) != 29 || r.PeakBusGBs != 7.24 || r.GPUs != 4 {
		t.Fatalf("-c 0 run: unchecked %v wrong %d, %d rows, peak %v, %d GPUs, problems %+v", r.Unchecked, r.Wrong, len(r.Rows), r.PeakBusGBs, r.GPUs, probs)
	}
	if w := find(Compare(f, Promise{}), "nccl_wrong"); len(w) != 1 || w[0].Status != Warn || w[0].Measured != "N/A" || !strings.Contains(w[0].Text.EN, "-c 1") {
		t.Errorf("-c 0 run: nccl_wrong %+v, want a warning that nothing was validated", w)
	}
	if f, _ := Read(real(t, "allreduce_h100x16_2nodes.txt")); f.NCCL[0].Unchecked {
		t.Errorf("validation: 1 read as unchecked")
	}
}
