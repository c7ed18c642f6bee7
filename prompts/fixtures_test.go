package prompts

import (
	"testing"

	"gpuadvisor/internal/testkit"
)

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	testkit.Testdata(t, name, []byte(got))
}

// zeroReader makes the delimiter deterministic in golden prompts.
type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 0xAB
	}
	return len(p), nil
}

// The facts the tests draft from, as the commands would pass them.
var (
	slaTerms = SLATerms{Vendor: "酷算云", ResponseMin: 30, ReplaceMin: 240, OutageMin: 240, Comp: 2, Migration: true, Destruction: true}

	questionsEN = QuestionsInput{
		Vendor: "酷算云",
		Questions: []Question{
			{ID: "hw.host", Dimension: "Hardware", Ask: "What are the exact CPU model, RAM and system and data disks (NVMe or HDD) of the host?", Evidence: "高配主机"},
			{ID: "hw.interconnect", Dimension: "Hardware", Ask: "Are the GPUs in a node connected by NVLink/NVSwitch or plain PCIe? Please send the output of nvidia-smi topo -m."},
			{ID: "net.intranet_bw", Dimension: "Network", Ask: "What intranet bandwidth did you measure with iperf3 (TCP and UDP), and is it shared or dedicated?", Evidence: "万兆内网"},
			{ID: "ops.night_response", Dimension: "Operations and support", Ask: "Who answers a GPU that drops at 23:00, and within how many minutes: on-duty engineers or tickets only?", Evidence: "7x24小时服务"},
			{ID: "ct.sla_compensation", Dimension: "Contract", Ask: "What compensation is written into the contract for outages, for example 2x the order amount for a single fault over 4 h?"},
		},
		VendorText: "我们提供高配主机，万兆内网，7x24小时服务",
	}
	questionsZH = QuestionsInput{
		Vendor: "酷算云",
		Questions: []Question{
			{ID: "hw.host", Dimension: "硬件", Ask: "主机的 CPU 型号、内存容量、系统盘和数据盘（NVMe 还是 HDD）具体是什么？", Evidence: "高配主机"},
			{ID: "hw.interconnect", Dimension: "硬件", Ask: "节点内 GPU 之间是 NVLink/NVSwitch 还是普通 PCIe？请提供 nvidia-smi topo -m 的输出。"},
			{ID: "net.intranet_bw", Dimension: "网络", Ask: "用 iperf3 实测的内网带宽（TCP 和 UDP）是多少？是共享还是独享？", Evidence: "万兆内网"},
			{ID: "ops.night_response", Dimension: "运维", Ask: "晚上 23:00 GPU 掉卡时谁来处理、多少分钟内响应：值班工程师还是只有工单？", Evidence: "7x24小时服务"},
			{ID: "ct.sla_compensation", Dimension: "合同", Ask: "合同里写明的故障赔偿是什么？例如单次故障超过 4 小时按订单金额的 2 倍赔偿。"},
		},
		VendorText: "我们提供高配主机，万兆内网，7x24小时服务",
	}

	renewalTerms = RenewalTerms{
		Vendor: "酷算云", GPU: "A100-80G", Cards: 8, Monthly: 15000, OnDemand: 35, Hours: []float64{310},
		Renews: "2027-03-01", Deadline: "2027-01-30", Action: "downgrade",
		BreakEven: 15000.0 / 35, MonthlyTotal: 120000, OnDemandCost: 310 * 35 * 8, AdvisedCost: 310 * 35 * 8, Savings: 120000 - 310*35*8,
	}
)
