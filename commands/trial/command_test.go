package trial

import (
	"context"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

// fixtures reads and joins files of advisor/trial/testdata.
func fixtures(t testing.TB, names ...string) string {
	t.Helper()
	return testkit.Files(t, "../../advisor/trial/testdata", names...)
}

func router() *chat.Router { return testkit.Router(Command()) }

func handle(t testing.TB, text string) chat.Reply {
	t.Helper()
	return router().Handle(context.Background(), chat.Request{Text: text, Platform: "cli", Sync: true})
}

func TestCheckJSONContract(t *testing.T) {
	rep := handle(t, "trial check gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g "+
		fixtures(t, "smi_535_a100pcie_x7.txt", "topo_a100pcie_x7_bridged.txt", "iperf_tcp_p8_slow.txt"))
	if rep.Error != nil {
		t.Fatalf("error %+v", rep.Error)
	}
	var got struct {
		Command string `json:"command"`
		Partial bool   `json:"partial"`
		Facts   struct {
			DriverVersion string `json:"driver_version"`
			CUDAVersion   string `json:"cuda_version"`
			GPUCount      int    `json:"gpu_count"`
			GPUs          []struct {
				Index          int    `json:"index"`
				Name           string `json:"name"`
				MemoryTotalMiB int    `json:"memory_total_mib"`
			} `json:"gpus"`
			Links struct {
				AllNVLink bool `json:"all_nvlink"`
				Pairs     []struct {
					A, B int
					Kind string
				} `json:"pairs"`
			} `json:"links"`
			Iperf []struct {
				Protocol string  `json:"protocol"`
				Gbps     float64 `json:"gbps"`
			} `json:"iperf"`
		} `json:"facts"`
		Mismatches []struct {
			Rule, Promised, Measured, Message string
		} `json:"mismatches"`
	}
	testkit.DecodeReply(t, rep, &got)
	if got.Command != "trial" || got.Partial || got.Facts.DriverVersion != "535.154.05" || got.Facts.CUDAVersion != "12.2" || got.Facts.GPUCount != 7 {
		t.Errorf("contract: %+v", got)
	}
	if len(got.Facts.GPUs) != 7 || got.Facts.GPUs[6].Index != 6 || got.Facts.GPUs[0].Name != "NVIDIA A100 80GB PCIe" || got.Facts.GPUs[0].MemoryTotalMiB != 81920 {
		t.Errorf("gpus: %+v", got.Facts.GPUs)
	}
	if got.Facts.Links.AllNVLink || len(got.Facts.Links.Pairs) != 21 || len(got.Facts.Iperf) != 1 || got.Facts.Iperf[0].Gbps != 6.17 {
		t.Errorf("links %+v iperf %+v", got.Facts.Links, got.Facts.Iperf)
	}
	rules := map[string]bool{}
	for _, m := range got.Mismatches {
		rules[m.Rule] = m.Message != ""
	}
	for _, r := range []string{"form_factor", "gpu_count", "nvlink", "intranet_tcp"} {
		if !rules[r] {
			t.Errorf("mismatch %s missing or without a message: %+v", r, got.Mismatches)
		}
	}
}

func TestCheckPartial(t *testing.T) {
	cut := fixtures(t, "smi_535_a100x8.txt")
	cut = cut[:strings.Index(cut, "00000000:90:00.0")]
	rep := handle(t, "trial check cards=8 "+cut)
	if rep.Error != nil || !rep.Partial || !strings.Contains(chat.RenderText(rep), "cut after GPU 4") || !strings.Contains(string(chat.RenderJSON(rep)), `"partial": true`) {
		t.Errorf("cut table: error %v partial %v\n%s", rep.Error, rep.Partial, chat.RenderText(rep))
	}
}

func TestCheckErrors(t *testing.T) {
	tests := []struct {
		name, text string
		lang       chat.Lang
		key, says  string
	}{
		{"no paste", "trial check gpu=A100-80G cards=8", chat.EN, "output", "paste the tool output"},
		{"no paste, Chinese", "试用 检查 型号=A100-80G", chat.ZH, "output", "请在承诺参数之后粘贴工具输出"},
		{"nothing recognised names the tools", "trial check cards=8 the machine looks fine, 8 cards, 10G intranet", chat.EN, "output", "nvidia-smi topo -m"},
		{"100 KB of prose", "trial check " + strings.Repeat("高配主机 high-spec host, equivalent configuration. ", 2200), chat.ZH, "output", "没有可识别的工具输出"},
		{"bad promise", "trial check cards=x " + fixtures(t, "smi_535_a100x8.txt"), chat.EN, "cards", "whole number"},
	}
	for _, tt := range tests {
		rep := handle(t, tt.text)
		testkit.WantInvalid(t, tt.name, rep, tt.key, tt.says)
		if rep.Lang != tt.lang {
			t.Errorf("%s: the error is in %s, want %s", tt.name, rep.Lang, tt.lang)
		}
	}
	huge := "trial check " + strings.Repeat(fixtures(t, "smi_535_a100x8.txt"), 260)
	if rep := handle(t, huge); rep.Error == nil || !strings.Contains(rep.Error.Message, "KB") {
		t.Errorf("a %d KB paste: %+v, want the size error", len(huge)/1024, rep.Error)
	}
}

func TestLanguageFollowsTheUser(t *testing.T) {
	tests := []struct {
		text string
		lang chat.Lang
		says string
	}{
		{"trial", chat.EN, "Trial-period test plan"},
		{"试用", chat.ZH, "试用期实测方案"},
		{"实测 卡数=8", chat.ZH, "-g 8"},
		{"试用 检查 卡数=8 " + fixtures(t, "smi_550_h100x8.txt"), chat.ZH, "与承诺一致"},
	}
	for _, tt := range tests {
		rep := handle(t, tt.text)
		if rep.Lang != tt.lang || !strings.Contains(chat.RenderText(rep), tt.says) {
			t.Errorf("%.20q: lang %s, text lacks %q:\n%s", tt.text, rep.Lang, tt.says, chat.RenderText(rep))
		}
	}
}

func TestPlanJSON(t *testing.T) {
	var got struct {
		Command      string `json:"command"`
		Mode         string `json:"mode"`
		TotalMinutes int    `json:"total_minutes"`
		Steps        []struct {
			ID       string `json:"id"`
			Minutes  int    `json:"minutes"`
			Commands []struct {
				Line string `json:"line"`
			} `json:"commands"`
			Record, Pass string
		} `json:"steps"`
	}
	testkit.DecodeReply(t, handle(t, "trial cards=8"), &got)
	if got.Command != "trial" || got.Mode != "plan" || got.TotalMinutes > 120 || len(got.Steps) != 9 || got.Steps[5].Commands[1].Line != "./build/all_reduce_perf -b 8 -e 8G -f 2 -g 8" {
		t.Errorf("plan JSON: %+v", got)
	}
}

// TestHotCardUnderLoad: a card over 85 °C under load is a finding of
// trial check (a refurbished-card sign); 71 °C under load is not.
func TestHotCardUnderLoad(t *testing.T) {
	csv := "index, name, temperature.gpu, utilization.gpu [%], power.draw [W], power.limit [W]\n" +
		"0, NVIDIA A100-SXM4-80GB, 88, 100 %, 390.12 W, 400.00 W\n" +
		"1, NVIDIA A100-SXM4-80GB, 71, 100 %, 385.00 W, 400.00 W\n"
	rep := handle(t, "trial check gpu=A100-80G cards=2 "+csv)
	if rep.Error != nil {
		t.Fatal(rep.Error)
	}
	var got struct {
		Checks []struct{ Rule, Item, Status, Measured string } `json:"checks"`
	}
	testkit.DecodeReply(t, rep, &got)
	hot := 0
	for _, f := range got.Checks {
		if f.Rule == "temperature" {
			hot++
			if f.Status != "warn" || f.Item != "hw.refurb" || f.Measured != "88 °C" {
				t.Errorf("temperature finding %+v, want warn on hw.refurb at 88 °C", f)
			}
		}
	}
	if hot != 1 || !strings.Contains(chat.RenderText(rep), "GPU0 runs at 88 °C under load, over 85 °C") {
		t.Errorf("%d temperature findings; text:\n%s", hot, chat.RenderText(rep))
	}
}

// smallPaste is an iperf3 summary short enough for a Details button.
const smallPaste = "Connecting to host 10.0.0.12, port 5201\n" +
	"[SUM]   0.00-30.00  sec  32.8 GBytes  9.40 Gbits/sec  556             sender\n" +
	"[SUM]   0.00-30.04  sec  32.8 GBytes  9.37 Gbits/sec                  receiver\n"

// TestShortCheck: trial check answers first in short (facts, mismatches,
// how to get the rest) on every surface; Details (a button, or --full)
// brings the tables and rules; the terminal never repeats a long paste.
func TestShortCheck(t *testing.T) {
	long := "trial check gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g " +
		fixtures(t, "smi_535_a100pcie_x7.txt", "topo_a100pcie_x7_bridged.txt", "iperf_tcp_p8_slow.txt")
	cli := handle(t, long)
	text := chat.RenderText(chat.Brief(cli))
	if n := strings.Count(text, "\n"); n > 20 || len(cli.Tables) != 0 || len(cli.Buttons) != 0 || !cli.Full {
		t.Errorf("terminal, long paste: %d lines, %d tables, buttons %+v, full %v; want at most 20 lines, no table or button, printed as is:\n%s", n, len(cli.Tables), cli.Buttons, cli.Full, text)
	}
	if !strings.Contains(text, "run the same command with --full") || strings.Contains(text, "Next: gpuadvisor") {
		t.Errorf("terminal, long paste: the next step must say --full on the same input, not repeat it:\n%s", text)
	}
	for _, w := range cli.Data.(checkData).Mismatches {
		if !strings.Contains(text, w.Message) {
			t.Errorf("terminal: the short reply lacks the mismatch %q", w.Message)
		}
	}
	full := handle(t, long+" --full")
	if len(full.Tables) != 3 || len(full.Sections) == 0 || !full.Full {
		t.Errorf("--full: %d tables, %d sections; want the three tables and the rules", len(full.Tables), len(full.Sections))
	}
	if a, b := chat.RenderJSON(cli), chat.RenderJSON(full); string(a) != string(b) {
		t.Error("the JSON of the short and the full reply differ; it must be whole in both")
	}

	// A short command line: a Details button in chat and in the terminal,
	// running the same line with --full.
	small := "trial check intranet=10g " + smallPaste
	for _, platform := range []string{"slack", "feishu"} {
		rep := router().Handle(context.Background(), chat.Request{Text: small, Platform: platform})
		if len(rep.Buttons) != 1 || rep.Buttons[0].Action != chat.ActionDetails || rep.Buttons[0].Value != strings.TrimSpace(small) || len(rep.Tables) != 0 {
			t.Fatalf("%s: buttons %+v, %d tables; want one Details button with the command line", platform, rep.Buttons, len(rep.Tables))
		}
		more := router().Handle(context.Background(), chat.Request{Text: chat.ButtonCommand(rep.Buttons[0].Action, rep.Buttons[0].Value), Platform: platform})
		if more.Error != nil || len(more.Tables) == 0 || !more.Private {
			t.Errorf("%s: Details gave error %v, %d tables, private %v", platform, more.Error, len(more.Tables), more.Private)
		}
	}
	// In chat a paste too long for a button says how to get the rest.
	if rep := router().Handle(context.Background(), chat.Request{Text: long, Platform: "slack"}); len(rep.Buttons) != 0 ||
		!strings.Contains(chat.RenderText(rep), "too long for a button") {
		t.Errorf("slack, long paste: buttons %+v; want none and a line saying --full", rep.Buttons)
	}
	// Chinese replies say it in Chinese.
	zh := chat.RenderText(chat.Brief(handle(t, "试用 检查 型号=A100-80G 卡数=8 "+fixtures(t, "smi_525_a100x8_ecc.txt", "dmesg_xid.txt"))))
	if !strings.Contains(zh, "在同一命令中加上 --full 再运行一次") || strings.Contains(zh, "Details") {
		t.Errorf("zh short reply:\n%s", zh)
	}
}

// TestIperf2Named: an iperf 2 paste is named iperf 2 in the reply, in both
// languages, short and with Details, never passed off as iperf3.
func TestIperf2Named(t *testing.T) {
	paste := fixtures(t, "real/iperf2_tcp_p8_100g_roce.txt", "real/iperf2_udp_2g_gcp.txt")
	for _, tt := range []struct {
		text string
		says []string
	}{
		{"trial check intranet=100g " + paste, []string{"Read from the paste: iperf 2.", "iperf 2  TCP ×8 → 1.1.1.16: 89.4 Gbit/s sent", "iperf 2  UDP"}},
		{"trial check intranet=100g --full " + paste, []string{"measured (iperf 2 TCP ×8 → 1.1.1.16)", "iperf 2  UDP → us-test-02.us-central1-f: 1.97 Gbit/s received (2.15 sent), loss 8.2%", "iperf 2 marks neither"}},
		{"试用 检查 内网=100g --full " + paste, []string{"iperf 2  TCP ×8 → 1.1.1.16: 发送 89.4 Gbit/s", "实测 89.4 Gbit/s（iperf 2 TCP ×8 → 1.1.1.16）", "iperf 2 不标发送端和接收端"}},
	} {
		out := chat.RenderText(handle(t, tt.text))
		for _, s := range tt.says {
			if !strings.Contains(out, s) {
				t.Errorf("%.40q: reply lacks %q:\n%s", tt.text, s, out)
			}
		}
		if strings.Contains(out, "iperf3  iperf 2") || strings.Contains(out, "Read from the paste: iperf3") {
			t.Errorf("%.40q: iperf 2 output labelled iperf3:\n%s", tt.text, out)
		}
	}
}

// TestAllReduceAcrossMachines: an all-reduce whose ranks ran on several
// hosts is said to be across machines and is not held to one machine's
// bus bandwidth promise, in either language.
func TestAllReduceAcrossMachines(t *testing.T) {
	paste := fixtures(t, "real/allreduce_a800x24_12nodes.txt")
	for _, tt := range []struct {
		text string
		says []string
	}{
		{"trial check cards=8 nvlink=yes busbw=150 " + paste, []string{"all_reduce on 24 GPUs across 12 machines", "0 mismatches"}},
		{"trial check cards=8 nvlink=yes busbw=150 --full " + paste, []string{"NCCL across machines", "not compared with the promise", "write cards=24"}},
		{"试用 检查 卡数=8 互联=是 总线带宽=150 --full " + paste, []string{"24 块 GPU，跨 12 台机器", "不与承诺比较", "请写 卡数=24"}},
	} {
		rep := handle(t, tt.text)
		out := chat.RenderText(rep)
		for _, s := range tt.says {
			if !strings.Contains(out, s) {
				t.Errorf("%.40q: reply lacks %q:\n%s", tt.text, s, out)
			}
		}
		if strings.Contains(out, "MISMATCH") || strings.Contains(out, "不符\n") || strings.Contains(out, "低于 90% 合格线") {
			t.Errorf("%.40q: a run across machines was failed against one machine's promise:\n%s", tt.text, out)
		}
	}
}

// TestFioLsblk: the data-disk step's outputs are read and said, in both
// languages: fio's rates per job, lsblk's spinning disks raised.
func TestFioLsblk(t *testing.T) {
	paste := fixtures(t, "real/lsblk_hdd_ssd_nvme.txt", "real/fio_3x_randread_459k.txt")
	for _, tt := range []struct {
		text string
		says []string
	}{
		{"trial check " + paste, []string{"Read from the paste: fio, lsblk.", "randread: read 1879 MB/s, 459000 IOPS", "sda 18.2T spinning", "a spinning hard disk (lsblk ROTA 1)"}},
		{"试用 检查 " + paste, []string{"已从粘贴内容读取：fio、lsblk。", "randread: 读 1879 MB/s，459000 IOPS", "sda 18.2T 机械盘", "机械硬盘（lsblk 中 ROTA 为 1）"}},
	} {
		out := chat.RenderText(handle(t, tt.text))
		for _, s := range tt.says {
			if !strings.Contains(out, s) {
				t.Errorf("%.30q: reply lacks %q:\n%s", tt.text, s, out)
			}
		}
	}
}

// TestSMIList: nvidia-smi -L, which a cut name's reply asks for, is read,
// not refused as no tool output.
func TestSMIList(t *testing.T) {
	for _, tt := range []struct{ text, says string }{
		{"trial check gpu=A100-80G cards=8 " + fixtures(t, "real/smil_a100x8_pod.txt"), "Read from the paste: nvidia-smi -L. 2 checks pass, 0 mismatches"},
		{"试用 检查 型号=A100-80G 卡数=8 " + fixtures(t, "real/smil_a100x8_pod.txt"), "已从粘贴内容读取：nvidia-smi -L。2 项合格，0 项不符"},
	} {
		if out := chat.RenderText(handle(t, tt.text)); !strings.Contains(out, tt.says) {
			t.Errorf("%.30q: reply lacks %q:\n%s", tt.text, tt.says, out)
		}
	}
}

// TestAllReduceFailed: a failed all-reduce is never "as promised".
func TestAllReduceFailed(t *testing.T) {
	for _, tt := range []struct{ text, says string }{
		{"trial check busbw=100 " + fixtures(t, "real/allreduce_3090x2_failure.txt"), "failed: Test NCCL failure all_reduce.cu:44"},
		{"试用 检查 总线带宽=100 " + fixtures(t, "real/allreduce_3090x2_failure.txt"), "运行失败：Test NCCL failure all_reduce.cu:44"},
	} {
		out := chat.RenderText(handle(t, tt.text))
		if !strings.Contains(out, tt.says) || strings.Contains(out, "Trial check: as promised") || strings.Contains(out, "试用实测：与承诺一致") {
			t.Errorf("%.30q: reply lacks %q or says as promised:\n%s", tt.text, tt.says, out)
		}
	}
}

// A one-line paste typed in the terminal arrives quoted (chat.JoinArgs) and
// is read as the output it is.
func TestATerminalQuotedPasteIsRead(t *testing.T) {
	for _, argv := range [][]string{
		{"trial", "check", "cards=8", "No devices were found"},
		{"trial", "check", "No devices were found"},
	} {
		rep := router().Handle(context.Background(), chat.Request{Text: chat.JoinArgs(argv), Platform: "cli"})
		if rep.Error != nil || !strings.Contains(rep.Summary, "Read from the paste: nvidia-smi.") {
			t.Errorf("%q: %+v %q, want the nvidia-smi failure read", argv, rep.Error, rep.Title)
		}
	}
}
