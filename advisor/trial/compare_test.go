package trial

import (
	"strings"
	"testing"
)

func yes() *bool { v := true; return &v }
func no() *bool  { v := false; return &v }

func model(s string) *Model {
	m, _ := ParseModel(s)
	return &m
}

// find returns the findings of a rule.
func find(fs []Finding, rule string) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.Rule == rule {
			out = append(out, f)
		}
	}
	return out
}

// TestCompareRules runs each rule on real output: one row per rule and outcome.
func TestCompareRules(t *testing.T) {
	read := func(files ...string) func(t *testing.T) Facts {
		return func(t *testing.T) Facts {
			var b strings.Builder
			for _, f := range files {
				b.WriteString(fixture(t, f))
			}
			f, _ := Read(b.String())
			return f
		}
	}
	// edited reads a fixture and changes what it says.
	edited := func(file string, edit func(f *Facts)) func(t *testing.T) Facts {
		return func(t *testing.T) Facts {
			f := read(file)(t)
			edit(&f)
			return f
		}
	}
	// pasted reads text typed in the test.
	pasted := func(text string) func(t *testing.T) Facts {
		return func(*testing.T) Facts {
			f, _ := Read(text)
			return f
		}
	}
	capped := edited("smi_535_a100x8.txt", func(f *Facts) {
		w := 250.0
		f.GPUs[2].PowerCapW = &w
	})
	// heat sets every GPU's temperature and GPU-Util, then GPU 3's.
	heat := func(allC, allUtil, gpu3C, gpu3Util int) func(t *testing.T) Facts {
		return edited("smi_535_a100x8.txt", func(f *Facts) {
			for i := range f.GPUs {
				c, u := allC, allUtil
				if i == 3 {
					c, u = gpu3C, gpu3Util
				}
				f.GPUs[i].TempC, f.GPUs[i].UtilPct = &c, &u
				f.GPUs[i].PowerDrawW = nil
			}
		})
	}
	tests := []struct {
		name    string
		facts   func(t *testing.T) Facts
		promise Promise
		rule    string
		status  string
		text    string // in the English wording
	}{
		// HotC = 85: 86 °C at 100% util is over it; 85 °C is not; a hot idle card is raised too.
		{"a card over 85 °C under load", heat(70, 100, 86, 100), Promise{}, "temperature", Warn, "GPU3 runs at 86 °C under load, over 85 °C: a sign of a refurbished or ex-mining card"},
		{"a card over 85 °C nearly idle", heat(40, 0, 90, 10), Promise{}, "temperature", Warn, "GPU3 runs at 90 °C while nearly idle, over 85 °C"},
		{"85 °C under load is not over", heat(80, 100, 85, 100), Promise{}, "temperature", Pass, "8 GPUs under load, the hottest at 85 °C: none over 85 °C"},
		{"A100-80G matches A100-SXM4-80GB", read("smi_535_a100x8.txt"), Promise{GPU: "A100-80G", Model: model("A100-80G")}, "gpu_model", Pass, "8× NVIDIA A100-SXM4-80GB as promised"},
		{"A100-80G matches A100 80GB PCIe", read("smi_535_a100pcie_x7.txt"), Promise{GPU: "A100-80G", Model: model("A100-80G")}, "gpu_model", Pass, "as promised"},
		{"PCIe delivered without a form factor promised: a note", read("smi_535_a100pcie_x7.txt"), Promise{GPU: "A100-80G", Model: model("A100-80G")}, "form_factor", Info, "write the form factor into the contract"},
		{"A100 SXM promised, PCIe delivered", read("smi_535_a100pcie_x7.txt"), Promise{GPU: "A100 SXM4 80G", Model: model("A100 SXM4 80G")}, "form_factor", Fail, "all 7 GPUs: PCIe (NVIDIA A100 80GB PCIe), but the SXM form factor was promised"},
		{"H100 SXM promised, HBM3 name delivered", read("smi_550_h100x8.txt"), Promise{GPU: "H100 SXM", Model: model("H100 SXM")}, "form_factor", Pass, "SXM form factor as promised"},
		{"PCIe promised, SXM read from a name cut by an old driver", read("smi_470_a100x8.txt"), Promise{GPU: "A100 PCIe", Model: model("A100 PCIe")}, "form_factor", Fail, "but the PCIe form factor was promised"},
		{"A100 promised, 4090 delivered", read("smi_570_4090x8.txt"), Promise{GPU: "A100", Model: model("A100")}, "gpu_model", Fail, "all 8 GPUs: 8× NVIDIA GeForce RTX 4090, but A100 was promised"},
		{"model from the NCCL rank list", read("allreduce_a100x8.txt"), Promise{GPU: "A100", Model: model("A100")}, "gpu_model", Pass, "as promised"},
		{"model without any GPU list", read("iperf_udp_9g.txt"), Promise{GPU: "A100", Model: model("A100")}, "gpu_model", Unverified, "no nvidia-smi output"},
		{"80 GB promised, 24 GB delivered", read("smi_570_4090x8.txt"), Promise{MemoryGB: 80}, "memory", Fail, "24564 MiB in total, a 24 GB card, but 80 GB per GPU was promised"},
		{"80 GB from gpu=", read("smi_470_a100x8.txt"), Promise{GPU: "A100-80G", Model: model("A100-80G")}, "memory", Pass, "80 GB per GPU as promised (81251 MiB reported)"},
		{"8 promised, 7 visible", read("smi_535_a100pcie_x7.txt"), Promise{Cards: 8}, "gpu_count", Fail, "8 cards were promised, 7 are visible (nvidia-smi)"},
		{"8 promised, 8 visible", read("smi_550_h100x8.txt"), Promise{Cards: 8}, "gpu_count", Pass, "8 cards as promised"},
		{"4 promised, 8 visible", read("smi_550_h100x8.txt"), Promise{Cards: 4}, "gpu_count", Info, "make sure the bill counts 4"},
		{"count from topo when nvidia-smi is missing", read("topo_a100x8_nv12.txt"), Promise{Cards: 8}, "gpu_count", Pass, "(nvidia-smi topo -m)"},
		{"count with nothing listing GPUs", read("iperf_udp_9g.txt"), Promise{Cards: 8}, "gpu_count", Unverified, "nothing pasted lists the GPUs"},
		{"nvidia-smi and topo disagree", read("smi_535_a100pcie_x7.txt", "topo_a100x8_nv12.txt"), Promise{}, "count_sources", Warn, "nvidia-smi lists 7 GPUs but topo -m shows 8"},
		{"NVLink promised, NV12 everywhere", read("topo_a100x8_nv12.txt"), Promise{NVLink: yes()}, "nvlink", Pass, "NV12 ×28"},
		{"NVLink promised, PCIe topo", read("topo_4090x8_pcie.txt"), Promise{NVLink: yes()}, "nvlink", Fail, "PCIe paths on 28 of 28 GPU pairs (GPU0-GPU1 PIX"},
		{"NVLink promised, bridges on three pairs only", read("topo_a100pcie_x7_bridged.txt"), Promise{NVLink: yes()}, "nvlink", Fail, "PCIe paths on 18 of 21 GPU pairs"},
		{"NVLink promised on a 4090", read("smi_570_4090x8.txt"), Promise{NVLink: yes()}, "nvlink", Fail, "RTX 4090 has no NVLink at all"},
		{"NVLink promised, no topo", read("smi_535_a100x8.txt"), Promise{NVLink: yes()}, "nvlink", Unverified, "paste nvidia-smi topo -m"},
		{"NVLink not promised but present", read("topo_h100x8_nv18.txt"), Promise{NVLink: no()}, "nvlink", Info, "every GPU pair is on NVLink"},
		{"NVLink promised, all-reduce at PCIe speed", read("allreduce_4090x8_pcie.txt"), Promise{NVLink: yes()}, "nccl_nvlink", Fail, "peaks at 13.34 GB/s, no more than one PCIe 5.0 x16 link carries (63.02 GB/s)"},
		{"10G promised, 9.37 measured", read("iperf_tcp_p8_10g.txt"), Promise{IntranetGbps: 10}, "intranet_tcp", Pass, "TCP ×8 → 10.0.0.12: 9.37 Gbit/s, at least 90% of the promised 10 Gbit/s"},
		{"10G promised, 6.17 measured", read("iperf_tcp_p8_slow.txt"), Promise{IntranetGbps: 10}, "intranet_tcp", Fail, "10 Gbit/s promised, 6.17 Gbit/s measured (TCP ×8 → 192.168.10.22), under the 90% pass mark of 9 Gbit/s"},
		{"25G promised, JSON 23.23 measured", read("iperf_tcp_p4_25g.json"), Promise{IntranetGbps: 25}, "intranet_tcp", Pass, "23.23 Gbit/s"},
		{"100G promised, one stream: hint -P", edited("iperf_tcp_p4_25g.json", func(f *Facts) { f.Iperf[0].Streams = 1 }), Promise{IntranetGbps: 100}, "intranet_tcp", Fail, "rerun with -P 8"},
		{"intranet promised, only UDP pasted", read("iperf_udp_9g.txt"), Promise{IntranetGbps: 10}, "intranet_tcp", Unverified, "paste iperf3 -c <ip> -P 8 -t 30"},
		{"UDP 0.29% loss at 9G on 10G", read("iperf_udp_9g.txt"), Promise{IntranetGbps: 10}, "udp_loss", Pass, "0.29% loss at 9 Gbit/s offered"},
		{"UDP 2.7% loss at 90% of 25G", read("iperf_udp_22g.json"), Promise{IntranetGbps: 25}, "udp_loss", Fail, "2.7% of datagrams lost at 22.5 Gbit/s offered"},
		{"UDP loss above line rate is a warning", read("iperf_udp_22g.json"), Promise{IntranetGbps: 10}, "udp_loss", Warn, "rerun with -b 9G"},
		{"iperf3 could not connect", pasted("Connecting to host 10.0.0.12, port 5201\niperf3: error - unable to connect to server: Connection refused\n"), Promise{IntranetGbps: 10}, "iperf_error", Warn, "start iperf3 -s on the other machine"},
		{"iperf3 server busy", pasted("Connecting to host 10.0.0.12, port 5201\niperf3: error - the server is busy running a test. try again later\n"), Promise{IntranetGbps: 10}, "iperf_error", Warn, "another test holds it"},
		{"ECC errors on GPU 3", read("smi_525_a100x8_ecc.txt"), Promise{}, "ecc", Fail, "ECC errors present on GPU3: 2 uncorrectable"},
		{"no ECC errors", read("smi_535_a100x8.txt"), Promise{}, "ecc", Pass, "no uncorrectable ECC errors on the 8 GPUs"},
		{"past ECC errors from the aggregate counter", edited("smiq_525_a100x8_ecc.txt", func(f *Facts) {
			z := 0
			f.GPUs[3].ECCUncorrected = &z
		}), Promise{}, "ecc", Warn, "GPU3 had uncorrectable ECC errors in the past"},
		{"ECC off on an A100", edited("smi_535_a100x8.txt", func(f *Facts) { f.GPUs[1].ECC, f.GPUs[1].ECCUncorrected = "off", nil }), Promise{}, "ecc", Warn, "ECC is off on GPU1"},
		{"power capped at 250 W on an A100 SXM", capped, Promise{}, "power_cap", Warn, "GPU2: power capped at 250 W, under 90% of the 400 W the A100 SXM 80GB is rated for"},
		{"driver older than promised", read("smi_470_a100x8.txt"), Promise{Driver: "535"}, "driver", Fail, "driver 535 was promised, the machine has 470.182.03"},
		{"CUDA as promised", read("smi_550_h100x8.txt"), Promise{CUDA: "12.2"}, "cuda", Pass, "CUDA 12.4 (at least 12.2 as promised)"},
		{"busbw promised, peak enough", read("allreduce_a100x8.txt"), Promise{BusGBs: 230}, "busbw", Pass, "peaks at 232.63 GB/s busbw"},
		{"busbw promised, peak short", read("allreduce_a100x8.txt"), Promise{BusGBs: 400}, "busbw", Fail, "under the 90% pass mark of 360 GB/s"},
		{"busbw promised, no NCCL", read("smi_535_a100x8.txt"), Promise{BusGBs: 200}, "busbw", Unverified, "paste all_reduce_perf -b 8 -e 8G -f 2 -g <cards>"},
		{"NCCL cut at 16M", read("allreduce_a100x8_cut.txt"), Promise{}, "nccl_size", Warn, "ran only up to 16M"},
		{"busbw promised, run stopped before the peak", read("allreduce_a100x8_cut.txt"), Promise{BusGBs: 200}, "busbw", Unverified, "the run stopped at 16M"},
		{"NCCL on fewer GPUs than promised", edited("allreduce_a100x8.txt", func(f *Facts) { f.NCCL[0].GPUs = 4 }), Promise{Cards: 8}, "nccl_gpus", Warn, "ran on 4 GPUs of the 8 promised; rerun with -g 8"},
		{"NCCL wrong results", edited("allreduce_a100x8.txt", func(f *Facts) { f.NCCL[0].Wrong = 3 }), Promise{}, "nccl_wrong", Fail, "3 wrong results"},
		{"hardware Xid", read("smi_525_a100x8_ecc.txt", "dmesg_xid.txt"), Promise{}, "xid", Fail, "Xid 63 (ECC page retirement or row remapping recorded) on GPU3 (0000:4e:00)"},
		{"program Xid", read("dmesg_xid.txt"), Promise{}, "xid", Warn, "Xid 13 on PCI 0000:87:00: usually raised by the program"},
		{"gpu_burn FAULTY", read("gpu_burn_4090x8.txt"), Promise{}, "gpu_burn", Fail, "gpu_burn found GPU5 FAULTY"},
		{"nvidia-smi failed", pasted("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\n"), Promise{Cards: 8}, "smi_error", Fail, "the driver does not see the GPUs"},
		{"nvidia-smi failed: 0 of 8 cards", pasted("No devices were found\n"), Promise{Cards: 8}, "gpu_count", Fail, "8 cards were promised, 0 are visible"},
		{"count unknown when the table is cut", func(t *testing.T) Facts {
			f, _ := Read(cutAt(fixture(t, "smi_535_a100x8.txt"), "00000000:90:00.0"))
			return f
		}, Promise{Cards: 8}, "gpu_count", Unverified, "cut after 6 GPUs"},
	}
	for _, tt := range tests {
		fs := Compare(tt.facts(t), tt.promise)
		got := find(fs, tt.rule)
		ok := false
		for _, g := range got {
			if g.Status == tt.status && strings.Contains(g.Text.EN, tt.text) && g.Text.ZH != "" && g.Item != "" && RuleText(g.Rule).EN != "" {
				ok = true
			}
		}
		if !ok {
			t.Errorf("%s: rule %s gave %+v; want status %s with %q", tt.name, tt.rule, got, tt.status, tt.text)
		}
	}
}

func TestCompareNoPromiseRunsHealthOnly(t *testing.T) {
	f, _ := Read(fixture(t, "smi_535_a100x8.txt") + fixture(t, "topo_a100x8_nv12.txt"))
	fs := Compare(f, Promise{})
	for _, x := range fs {
		switch x.Rule {
		case "ecc", "nvlink":
		default:
			t.Errorf("nothing promised, yet rule %s ran: %+v", x.Rule, x)
		}
		if x.Status == Fail {
			t.Errorf("a healthy box failed %s: %s", x.Rule, x.Text.EN)
		}
	}
	if len(Mismatches(fs)) != 0 {
		t.Errorf("mismatches %+v, want none", Mismatches(fs))
	}
}

func TestEveryRuleHasText(t *testing.T) {
	for id, txt := range rules.Get() {
		if txt.EN == "" || txt.ZH == "" {
			t.Errorf("rule %s lacks a wording: %+v", id, txt)
		}
	}
}

// TestOneCardWording: with one card promised or one GPU shown, the English
// says "1 card was", "1 GPU", never "1 cards" or "1 GPUs".
func TestOneCardWording(t *testing.T) {
	smi := fixture(t, "smi_535_a100x8.txt")
	for _, tt := range []struct {
		name  string
		paste string
		p     Promise
		want  string
	}{
		{"one promised, eight shown", smi, Promise{Cards: 1}, "1 card was promised and 8 are visible"},
		{"two promised, one shown", smi[:strings.Index(smi, "|   1  ")], Promise{Cards: 2}, "2 cards were promised"},
	} {
		r := Check(tt.paste, tt.p)
		var all []string
		for _, f := range r.Findings {
			all = append(all, f.Text.EN)
		}
		for _, p := range r.Problems {
			all = append(all, p.Text.EN)
		}
		text := strings.Join(all, "\n")
		if !strings.Contains(text, tt.want) || strings.Contains(text, "1 cards") || strings.Contains(text, "1 GPUs") || strings.Contains(text, "1 are") {
			t.Errorf("%s: got\n%s\nwant %q and no \"1 cards\", \"1 GPUs\"", tt.name, text, tt.want)
		}
	}
}
