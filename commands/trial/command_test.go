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
