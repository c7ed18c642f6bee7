package trial

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/slack"
	"gpuadvisor/internal/testkit"
)

// TestGolden renders replies as a reviewer reads them: terminal text in both
// languages and the JSON. Run `go test ./commands/trial -update` after an
// intended change and read the diff.
func TestGolden(t *testing.T) {
	pcieBox := fixtures(t, "smi_535_a100pcie_x7.txt", "topo_a100pcie_x7_bridged.txt", "iperf_tcp_p8_slow.txt")
	a100Box := fixtures(t, "smi_470_a100x8.txt", "topo_a100x8_nv12.txt", "iperf_tcp_p8_10g.txt", "iperf_udp_9g.txt", "allreduce_a100x8.txt")
	h100Box := fixtures(t, "smi_550_h100x8.txt", "topo_h100x8_nv18.txt", "iperf_tcp_p4_25g.json")
	eccBox := fixtures(t, "smi_525_a100x8_ecc.txt", "smiq_525_a100x8_ecc.txt", "dmesg_xid.txt")
	box4090 := fixtures(t, "smi_570_4090x8.txt", "topo_4090x8_pcie.txt", "allreduce_4090x8_pcie.txt", "iperf_tcp_p4_25g.json", "iperf_udp_22g.json", "gpu_burn_4090x8.txt")
	cut := fixtures(t, "smi_535_a100x8.txt")
	cut = cut[:len(cut)*2/3] + "\n" + fixtures(t, "allreduce_a100x8_cut.txt")
	tests := []struct {
		name string
		text string
		json bool
	}{
		{"en_plan", "trial", false},
		{"zh_plan", "试用", false},
		{"zh_plan_tailored", "试用 卡数=8 内网=万兆 型号=H100-SXM", false},
		{"en_check_pcie_box", "trial check gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g " + pcieBox, false},
		{"zh_check_pcie_box", "试用 检查 型号=A100-SXM4-80G 卡数=8 nvlink=是 内网=万兆 " + pcieBox, false},
		{"en_check_a100_as_promised", "trial check gpu=A100-80G cards=8 nvlink=yes intranet=10g busbw=200 " + a100Box, false},
		{"zh_check_h100_as_promised", "实测 检查 型号=H100-SXM-80G 卡数=8 nvlink=有 内网=25g 驱动=535 " + h100Box, false},
		{"zh_check_ecc", "试用 检查 型号=A100-80G 卡数=8 " + eccBox, false},
		{"en_check_ecc", "trial check gpu=A100-80G cards=8 " + eccBox, false},
		{"en_check_4090_nvlink_promised", "trial check gpu=4090 cards=8 nvlink=yes intranet=25g " + box4090, false},
		{"en_check_cut", "trial check cards=8 busbw=200 " + cut, false},
		{"en_check_no_promise", "trial check " + fixtures(t, "smi_550_h100x8.txt"), false},
		{"en_error_nothing", "trial check cards=8 the vendor says it is a high-spec host", false},
		{"zh_error_no_paste", "试用 检查 型号=A100-80G 卡数=8", false},
		{"json_plan", "trial", true},
		{"json_check_pcie_box", "trial check gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g " + pcieBox, true},
		{"json_check_cut", "trial check cards=8 busbw=200 " + cut, true},
		{"json_error_unknown_key", "trial check nvlnik=yes " + pcieBox, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.text
			if strings.Contains(tt.name, "_check_") {
				text += " --full" // the whole check; short_* below pin the short reply
			}
			testkit.Testdata(t, tt.name+".golden", testkit.Rendered(handle(t, text), tt.json))
		})
	}
	// The short reply as each surface shows it first: the terminal (after
	// chat.Brief, as the CLI prints it), Slack's blocks and Feishu's card.
	short := []struct{ name, text string }{
		{"short_en_check_pcie_box", "trial check gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g " + pcieBox},
		{"short_zh_check_pcie_box", "试用 检查 型号=A100-SXM4-80G 卡数=8 nvlink=是 内网=万兆 " + pcieBox},
		{"short_zh_check_ecc", "试用 检查 型号=A100-80G 卡数=8 " + eccBox},
		{"short_en_check_ecc", "trial check gpu=A100-80G cards=8 " + eccBox},
		{"short_en_check_4090_nvlink_promised", "trial check gpu=4090 cards=8 nvlink=yes intranet=25g " + box4090},
		{"short_zh_check_h100_as_promised", "实测 检查 型号=H100-SXM-80G 卡数=8 nvlink=有 内网=25g 驱动=535 " + h100Box},
		{"short_en_check_no_promise", "trial check " + fixtures(t, "smi_550_h100x8.txt")},
	}
	for _, tt := range short {
		t.Run(tt.name, func(t *testing.T) {
			testkit.Testdata(t, tt.name+".golden", []byte(chat.RenderText(chat.Brief(handle(t, tt.text)))))
		})
	}
	for _, tt := range short[:3] {
		t.Run(tt.name+"_slack", func(t *testing.T) {
			rep := router().Handle(context.Background(), chat.Request{Text: tt.text, Platform: "slack"})
			testkit.Testdata(t, tt.name+".slack.json", testkit.JSON(t, slack.Render(rep)))
		})
		t.Run(tt.name+"_feishu", func(t *testing.T) {
			rep := router().Handle(context.Background(), chat.Request{Text: tt.text, Platform: "feishu"})
			testkit.Testdata(t, tt.name+".feishu.json", testkit.JSON(t, json.RawMessage(feishu.RenderCard(rep))))
		})
	}
}
