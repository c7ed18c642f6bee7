package checklist

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func findingOf(r Result, id string) Finding {
	for _, f := range r.Findings {
		if f.Item.ID == id {
			return f
		}
	}
	return Finding{}
}

func TestStatus(t *testing.T) {
	tests := []struct {
		text   string
		id     string
		want   Status
		hedged bool
	}{
		// docs/checklist.md's examples: numbers and units present or not.
		{"我们有A100", "hw.gpu_model", Vague, false},
		{"A100 80G", "hw.gpu_model", Vague, false},
		{"A100 80G SXM4", "hw.gpu_model", Covered, false},
		{"8x H100 80GB SXM5 per server", "hw.gpu_model", Covered, false},
		{"RTX 4090 24G，现货", "hw.gpu_model", Covered, false},
		{"卡间 NVLink", "hw.interconnect", Vague, false},
		{"NVLink 600GB/s", "hw.interconnect", Covered, false},
		{"plain PCIe, no NVLink", "hw.interconnect", Risk, false},
		{"7x24 support", "ops.night_response", Vague, false},
		{"7x24, 15分钟响应", "ops.night_response", Covered, false},
		{"7×24小时服务，响应很快", "ops.night_response", Vague, false},
		{"24/7 ticketing, first reply within 30 minutes", "ops.night_response", Covered, false},
		{"7x24小时人工值守，一般30分钟内响应", "ops.night_response", Vague, true},
		// A tag question asserts and asks you to confirm: hedged, not a
		// commitment, and not an open question either.
		{"支持IB的吧？", "hw.inter_node", Vague, true},
		{"IB是200G HDR的吧？", "hw.inter_node", Vague, true},
		{"应该是有NVLink的吧", "hw.interconnect", Vague, true},
		{"NVLink 600GB/s的吧", "hw.interconnect", Vague, true},
		{"8卡A100 80G SXM4，对吧？", "hw.gpu_model", Vague, true},
		{"A100 80G SXM4，是不是", "hw.gpu_model", Vague, true},
		{"4小时换卡没问题吧", "ops.hw_replace", Vague, true},
		{"坏卡4小时内换的吧 机房在成都天府新区", "ops.hw_replace", Vague, true},
		{"坏卡4小时内换的吧 机房在成都天府新区", "net.local_node", Covered, false},
		{"we do have 24/7 support, right?", "ops.night_response", Vague, true},
		{"24/7 on-call with 15 min response, right?", "ops.night_response", Vague, true},
		{"Failed cards are swapped within 4 hours, correct?", "ops.hw_replace", Vague, true},
		{"it's A100 80GB SXM4, isn't it?", "hw.gpu_model", Vague, true},
		// a question is still a question, a suggestion's 吧 an offer
		{"是不是支持IB？", "hw.inter_node", Missing, false},
		{"Do you offer 24/7 support with a 15 min response?", "ops.night_response", Missing, false},
		{"那就先给您开两天试用吧", "bill.trial", Covered, false},
		{"2-day trial, right now if you like", "bill.trial", Covered, false},
		// "no problem" in chat (没压力, 没问题, 没毛病) negates nothing after it
		{"跑70B没压力 7x24有人值班 15分钟响应", "ops.night_response", Covered, false},
		{"跑大模型没问题 7x24值班 15分钟响应", "ops.night_response", Covered, false},
		{"推理没毛病 NVLink 600GB/s", "hw.interconnect", Covered, false},
		{"没有7x24值班", "ops.night_response", Risk, false},
		// denials as chat writes them: last in the clause, after the term
		{"nvlink没有的哈 都是pcie", "hw.interconnect", Risk, false},
		{"NVLink不带的", "hw.interconnect", Risk, false},
		{"NVLink 没有", "hw.interconnect", Risk, false},
		{"NVLink: N/A, PCIe Gen4 only", "hw.interconnect", Risk, false},
		{"4090不带NVLink", "hw.interconnect", Risk, false},
		{"磁盘加密这个没有", "sec.encryption", Risk, false},
		{"加密：N/A", "sec.encryption", Risk, false},
		{"NVLink全互联没有瓶颈", "hw.interconnect", Covered, false},
		{"NVLink: No", "hw.interconnect", Risk, false},
		// a bare topic with a question mark, then its answer (FAQ and spec sheets)
		{"NVLink? No.", "hw.interconnect", Risk, false},
		{"NVLink？没有", "hw.interconnect", Risk, false},
		{"Q: InfiniBand? A: yes, 8x400G NDR per node", "hw.inter_node", Covered, false},
		{"IB？有的，200G HDR", "hw.inter_node", Covered, false},
		{"加密？无", "sec.encryption", Risk, false},
		{"Do you have NVLink? No.", "hw.interconnect", Missing, false},
		{"是否支持IB？", "hw.inter_node", Missing, false},
		{"NVLink?", "hw.interconnect", Missing, false},
		{"InfiniBand - no", "hw.inter_node", Risk, false},
		{"Disk encryption: none", "sec.encryption", Risk, false},
		{"Snapshots: No", "ops.persistence", Risk, false},
		{"NVLink: yes, 600GB/s", "hw.interconnect", Covered, false},
		{"NVLink no problem, 600GB/s", "hw.interconnect", Covered, false},
		{"NVLink有的 600GB/s", "hw.interconnect", Covered, false},
		{"8卡A100都是PCIe版", "hw.interconnect", Vague, false},
		// IB absent, RoCE with a rate present: an RDMA network between machines
		{"IB 没有 RoCE有 200G", "hw.inter_node", Covered, false},
		{"IB没有 走的RoCE 200G", "hw.inter_node", Covered, false},
		{"IB没有，RoCE 200G", "hw.inter_node", Covered, false},
		{"no InfiniBand, RoCE v2 at 2x100G per node", "hw.inter_node", Covered, false},
		{"IB没有 多机走普通以太网", "hw.inter_node", Risk, false},
		{"RoCE is not available; nodes talk over 25GbE", "hw.inter_node", Risk, false},
		{"没有IB，只有普通以太网", "hw.inter_node", Risk, false},
		// office hours as sales write them
		{"Support: 9-5 weekdays, after-hours via email", "ops.night_response", Risk, false},
		{"售后早9晚6 晚上提工单", "ops.night_response", Risk, false},
		{"工作日早9晚6，夜间值班工程师30分钟内响应", "ops.night_response", Covered, false},
		{"Tickets are answered within 1 business day", "ops.night_response", Risk, false},
		{"工单一个工作日内回复", "ops.night_response", Risk, false},
		{"7x24值班 夜间30分钟响应 工单一个工作日内回复", "ops.night_response", Covered, false},
		{"坏卡一个工作日内更换", "ops.night_response", Missing, false},
		{"Failed GPUs are replaced within 1 business day", "ops.night_response", Missing, false},
		// traffic not metered on a line with its bandwidth said: egress answered
		{"公网带宽100M独享，流量不限", "bill.egress", Covered, false},
		{"公网100M独享 流量免费", "bill.egress", Covered, false},
		{"egress is free, 1Gbps shared port", "bill.egress", Covered, false},
		{"流量不限", "bill.egress", Vague, false},
		{"内网流量不限，10G", "bill.egress", Missing, false},
		// deletion said as chat says it: vague, and never the host's disks
		{"数据删了就没了 我们这边不留", "sec.data_destruction", Vague, false},
		{"数据删了就没了，硬盘按NIST 800-88覆写", "sec.data_destruction", Covered, false},
		{"数据删了就没了，硬盘按NIST 800-88覆写", "hw.host", Missing, false},
		{"镜像删了重装就行", "sec.data_destruction", Missing, false},
		// a phone's curly apostrophe and chat's missing one still negate
		{"We don’t have NVLink on these", "hw.interconnect", Risk, false},
		{"We dont have NVLink on these", "hw.interconnect", Risk, false},
		{"We dont offer refunds for downtime", "ops.interrupt_comp", Risk, false},
		// a target is not a commitment; no replacement time is the trap
		{"Our engineers are on call 24/7 and we aim for a 15 min first response", "ops.night_response", Vague, true},
		{"We can't guarantee a replacement time for failed GPUs", "ops.hw_replace", Risk, false},
		{"不保证更换时间", "ops.hw_replace", Risk, false},
		{"No replacement time guarantee, parts ship from the vendor", "ops.hw_replace", Risk, false},
		{"坏卡4小时内更换，更换时间写进合同", "ops.hw_replace", Covered, false},
		// traditional characters (Hong Kong, Taiwan) read as simplified
		{"沒有NVLink，卡間走PCIe", "hw.interconnect", Risk, false},
		{"7x24小時值班，15分鐘內響應", "ops.night_response", Covered, false},
		{"壞卡原則上4小時內更換", "ops.hw_replace", Vague, true},
		// a whole machine's monthly rent, as chat writes it
		{"整机一个月6w8 按需5块一卡时", "bill.modes", Covered, false},
		{"8卡整机 6.8万/月 按需12元/卡时", "bill.modes", Covered, false},
		{"包月6w8", "bill.modes", Vague, false},
		{"GB200 NVL72 整机柜", "bill.modes", Missing, false},
		{"最短租期一个月", "bill.modes", Missing, false},
		{"数据盘0.3元/GB/月", "bill.modes", Missing, false},
		// Ascend's software stack
		{"昇腾 CANN 8.0 torch_npu 2.1", "hw.software", Covered, false},
		// guesses
		{"卡应该是H800 80G SXM5", "hw.gpu_model", Vague, true},
		{"我记得是A100 80G SXM4", "hw.gpu_model", Vague, true},
		{"估计IB是400G NDR的", "hw.inter_node", Vague, true},
		{"I think it is A100 80G SXM4", "hw.gpu_model", Vague, true},
		{"probably NVLink 600GB/s", "hw.interconnect", Vague, true},
		{"we should have 24/7 on-call with 15 min response", "ops.night_response", Vague, true},
		{"Failed GPUs are likely replaced within 4 hours", "ops.hw_replace", Vague, true},
		{"Unlikely to matter: failed GPUs are replaced within 4 hours", "ops.hw_replace", Covered, false},
		{"高配主机", "hw.host", Vague, false},
		{"1TB DDR5 内存", "hw.host", Vague, false},
		{"2路 EPYC 7T83 + 1TB DDR5 + 4块 NVMe 3.84T", "hw.host", Covered, false},
		{"预装CUDA和PyTorch", "hw.software", Vague, false},
		{"CUDA 12.2, PyTorch 2.3", "hw.software", Covered, false},
		{"显存带宽很高", "hw.mem_bandwidth", Vague, false},
		{"显存带宽 2039 GB/s", "hw.mem_bandwidth", Covered, false},
		{"IB 网络", "hw.inter_node", Vague, false},
		{"8×200Gb/s HDR InfiniBand", "hw.inter_node", Covered, false},
		{"本地有机房", "net.local_node", Vague, false},
		{"机房在成都高新区", "net.local_node", Covered, false},
		{"延迟很低", "net.latency", Vague, false},
		{"ping 3ms, loss under 0.1%", "net.latency", Covered, false},
		{"内网万兆", "net.intranet_bw", Vague, false},
		{"内网 iperf3 实测 9.4Gbps", "net.intranet_bw", Covered, false},
		{"25Gb/s dedicated intranet", "net.intranet_bw", Covered, false},
		{"按需 35 元/卡时，包月 1.5万/卡", "bill.modes", Covered, false},
		{"按需、包月都可以", "bill.modes", Vague, false},
		{"按秒计费", "bill.granularity", Covered, false},
		{"billed per minute", "bill.granularity", Covered, false},
		{"计费粒度可以商量", "bill.granularity", Vague, true},
		{"停机不收费", "bill.stop_no_charge", Covered, false},
		{"公网流量 0.8元/GB", "bill.egress", Covered, false},
		{"流量免费", "bill.egress", Vague, false},
		{"每月1TB流量免费", "bill.egress", Covered, false},
		{"内网流量免费", "bill.intranet_quota", Vague, false},
		{"内网流量不限量", "bill.intranet_quota", Covered, false},
		{"内网每月免费 10TB，超出 0.1元/GB", "bill.intranet_quota", Covered, false},
		{"内网每月免费10TB", "bill.intranet_quota", Covered, false},
		{"intranet: 10 TB a month free, then ¥0.1/GB", "bill.intranet_quota", Covered, false},
		// Intranet traffic is not public egress.
		{"内网流量免费，不限量", "bill.egress", Missing, false},
		{"intranet traffic is unmetered", "bill.egress", Missing, false},
		{"内网流量不限量，公网流量 0.8元/GB", "bill.egress", Covered, false},
		{"内网和公网流量都不限量", "bill.egress", Vague, false},
		{"存储赠送 200GB，超出 0.35 元/GB/月", "bill.storage", Covered, false},
		{"存储基本免费", "bill.storage", Vague, false},
		{"最短租期一个月", "bill.min_term", Covered, false},
		{"支持试用", "bill.trial", Vague, false},
		{"a 2-day trial is available", "bill.trial", Covered, false},
		{"没有隐藏费用", "bill.extras", Vague, false},
		{"技术支持免费，镜像免费", "bill.extras", Covered, false},
		{"坏卡一般 4 小时内更换", "ops.hw_replace", Vague, true},
		{"坏卡 4 小时内更换", "ops.hw_replace", Covered, false},
		{"failed card replaced within 4 hours", "ops.hw_replace", Covered, false},
		{"支持自定义镜像和快照", "ops.persistence", Covered, false},
		{"安全隔离", "sec.isolation", Vague, false},
		{"独占物理机", "sec.isolation", Covered, false},
		{"dedicated bare-metal host", "sec.isolation", Covered, false},
		{"数据删除后无法恢复", "sec.data_destruction", Vague, false},
		{"硬盘物理销毁", "sec.data_destruction", Covered, false},
		{"数据加密", "sec.encryption", Vague, false},
		{"AES-256 加密，密钥客户自持", "sec.encryption", Covered, false},
		{"有等保三级", "sec.certs", Vague, false},
		{"等保三级证书扫描件可提供", "sec.certs", Covered, false},
		{"许可证 川B2-20201234", "sec.certs", Covered, false},
		{"可以跑 nvidia-smi", "trial.nvidia_smi", Covered, false},
		{"iperf3 tests are welcome", "trial.iperf3", Covered, false},
		{"all_reduce busbw 230GB/s", "trial.allreduce", Covered, false},
		{"实测 21000 tokens/s", "trial.train_loop", Covered, false},
		{"可以模拟报障", "trial.support_drill", Covered, false},
		{"允许15分钟满载测试", "trial.stress", Covered, false},
		{"SLA 可以写进合同", "ct.sla_response", Vague, false},
		{"SLA 附件写明 P1 15 分钟响应", "ct.sla_response", Covered, false},
		{"会有补偿", "ct.sla_compensation", Vague, false},
		{"超过4小时按2倍补偿", "ct.sla_compensation", Covered, false},
		{"赔偿标准可以再谈，超过4小时按2倍补偿", "ct.sla_compensation", Vague, true},
		{"到期协助迁移", "ct.migration", Vague, false},
		{"到期免费协助迁移", "ct.migration", Covered, false},
		{"可以补差价升级到H100", "ct.upgrade", Covered, false},
		{"超出部分 0.5元/GB", "ct.bandwidth", Covered, false},
		{"Contract: SLA annex with a 15-minute response", "ct.sla_response", Covered, false},
		{"we run a 15-minute full-load burn-in before hand-over", "trial.stress", Covered, false},
		{"No support fee and no licence fees", "bill.extras", Covered, false},
		{"公网流量免费额度1TB/月，超出0.8元/GB", "bill.intranet_quota", Missing, false},
		{"public egress: 1 TB a month free, then ¥0.8/GB", "bill.intranet_quota", Missing, false},
		{"内网和公网流量都不限量", "bill.intranet_quota", Covered, false},
		{"A100 80G PCIe，8卡，没有NVLink", "hw.interconnect", Risk, false},
		{"节点间 RoCE 200G", "net.local_node", Missing, false},
		{"数据盘免费送100G", "net.intranet_bw", Missing, false},
		{"内网流量免费", "net.intranet_bw", Missing, false},
		{"内网每月免费 10TB，超出 0.1元/GB", "net.intranet_bw", Missing, false},
		{"内网带宽 25G，流量不限", "net.intranet_bw", Vague, false},
		{"100G 网卡，iperf3 实测 94Gbps", "net.intranet_bw", Covered, false},
		{"跨节点 InfiniBand HDR", "net.local_node", Missing, false},
		{"成都节点，机房在天府新区", "net.local_node", Covered, false},
		{"Images are free of charge", "bill.extras", Covered, false},
		// Sales phrasings of the known traps and hedges.
		{"内网带宽与其他客户共享，25G", "net.intranet_bw", Risk, false},
		{"the intranet is shared with other tenants", "net.intranet_bw", Risk, false},
		{"GPU服务器会和其他用户共用宿主机", "sec.isolation", Risk, false},
		{"cards are time-sliced between customers", "sec.isolation", Risk, false},
		{"独享带宽 25Gbps", "sec.isolation", Missing, false},
		{"释放后硬盘会格式化后分配给下一个客户", "sec.data_destruction", Risk, false},
		{"disks are reformatted and go back into the pool", "sec.data_destruction", Risk, false},
		{"故障按时长补偿服务时长", "ct.sla_compensation", Risk, false},
		{"outages are compensated with extra service time", "ct.sla_compensation", Risk, false},
		{"故障超过4小时按2倍退款，并补偿等量服务时长", "ct.sla_compensation", Covered, false},
		{"坏卡基本4小时内更换", "ops.hw_replace", Vague, true},
		{"failed cards are replaced within 4 hours in most cases", "ops.hw_replace", Vague, true},
		{"释放后数据不会丢，保留7天", "ops.persistence", Covered, false},
		// A question names the topic but answers nothing.
		{"闲置实例是否支持停机不收费？", "bill.stop_no_charge", Missing, false},
		{"Is billing per second or per hour?", "bill.granularity", Missing, false},
		{"问：坏卡多久更换？答：坏卡 4 小时内更换。", "ops.hw_replace", Covered, false},
		// Missing: nothing touches the topic.
		{"我们价格最优惠", "hw.interconnect", Missing, false},
		{"", "hw.gpu_model", Missing, false},
	}
	for _, tt := range tests {
		f := findingOf(Check(tt.text), tt.id)
		if f.Status != tt.want || f.Hedged != tt.hedged {
			t.Errorf("Check(%q) %s: got %s (hedged %v, evidence %q), want %s (hedged %v)", tt.text, tt.id, f.Status, f.Hedged, f.Evidence, tt.want, tt.hedged)
		}
		if (f.Status == Missing) != (f.Evidence == "") {
			t.Errorf("Check(%q) %s: status %s with evidence %q", tt.text, tt.id, f.Status, f.Evidence)
		}
		if f.Evidence != "" && !strings.Contains(strings.Join(strings.Fields(tt.text), " "), strings.TrimSuffix(f.Evidence, "…")) {
			t.Errorf("Check(%q) %s: evidence %q is not quoted from the text", tt.text, tt.id, f.Evidence)
		}
	}
}

func TestRedFlags(t *testing.T) {
	tests := []struct {
		text string
		want []string // flag ids, in order; nil means none
	}{
		{"机器都是高配主机", []string{"high_spec"}},
		{"we run high-spec servers", []string{"high_spec"}},
		{"故障换同等配置的机器", []string{"equivalent_config"}},
		{"卡间高速互联", []string{"vague_interconnect"}},
		{"卡间高速互联（NVLink 600GB/s）", nil},
		{"内网万兆", []string{"untested_10g"}},
		{"内网万兆，iperf3 实测 9.4Gbps", nil},
		{"7x24小时服务", []string{"7x24_no_time"}},
		{"7x24小时服务，工程师15分钟内响应", nil},
		{"流量免费", []string{"free_no_quota"}},
		{"每月1TB流量免费", nil},
		{"免费重装驱动", nil},
		{"关机不收费（仅收存储）", nil},
		{"stopped instances are free, only the disk is billed", nil},
		{"关机不收费，存储免费", []string{"free_no_quota"}},
		{"Egress costs ¥0.8/GB, and pulling weights from our mirror is free", nil},
		{"按需计费，很灵活", []string{"on_demand_no_granularity"}},
		{"按需计费，按秒扣费", nil},
		{"性能没问题，您放心", []string{"verbal_promise"}},
		{"we promise fast support", []string{"verbal_promise"}},
		{"响应时间写进合同，您放心", nil},
		{"押金：保证金5000元", nil},
		{"故障转移用按需保证可用性，按秒计费", nil},
		{"推理任务需要7x24小时运行", nil},
		{"钱直接打我支付宝 价格还能再低点", []string{"off_the_books"}},
		{"Pay me via Alipay and I can knock 10% off", []string{"off_the_books"}},
		{"支持支付宝企业账户付款，对公", nil},
		{"这个价格是不含票的", []string{"off_the_books"}},
		{"可以走个人 便宜些", []string{"off_the_books"}},
		{"价格不含税，税点另算", nil},
		{"含税含票 可开专票", nil},
		{"你们是高配主机吗？", nil},
		{"7x24小时值班，夜间一般30分钟内响应", nil},
		{"走个人账户付款，不开发票可以再便宜", []string{"off_the_books"}},
		{"只接受对公转账，不接受转账到个人账户", nil},
		{"pay in cash, no invoice", []string{"off_the_books"}},
		// a special invoice refused is bill.invoice's risk, not off the books
		{"专票开不了，只能开普票", nil},
		{"我们是小规模，开不了专票", nil},
		{"We can't issue special VAT invoices, ordinary ones only", nil},
		{"专票普票都开不了", []string{"off_the_books"}},
		{"a personal account manager answers your tickets", nil},
	}
	for _, tt := range tests {
		r := Check(tt.text)
		var got []string
		seen := map[string]bool{}
		for _, f := range r.RedFlags {
			if !seen[f.ID] {
				got = append(got, f.ID)
				seen[f.ID] = true
			}
			if f.Evidence == "" || f.Phrase == "" || f.Count < 1 || f.Why.EN == "" || f.Why.ZH == "" {
				t.Errorf("Check(%q): incomplete red flag %+v", tt.text, f)
			}
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("Check(%q) red flags: got %v, want %v", tt.text, got, tt.want)
		}
	}
}

func readFixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestFixtureVerdicts(t *testing.T) {
	tests := []struct {
		file           string
		want           Verdict
		minFlags       int
		mustBeCovered  []string
		mustNotCovered []string
	}{
		{"evasive_zh.txt", Avoid, 5, nil, []string{"hw.gpu_model", "hw.interconnect", "ops.night_response", "bill.egress"}},
		// All sales talk and no clear bad answer: ask first, never avoid.
		{"evasive_en.txt", AskFirst, 5, nil, []string{"hw.gpu_model", "hw.interconnect", "ops.night_response", "bill.storage"}},
		{"concrete_zh.txt", Proceed, 0, wantIDs, nil},
		{"concrete_en.txt", Proceed, 0, wantIDs, nil},
		{"mixed_zh.txt", AskFirst, 1, []string{"bill.modes", "bill.granularity", "bill.storage", "ops.night_response", "net.local_node"}, []string{"hw.gpu_model", "hw.interconnect", "ops.hw_replace"}},
		{"mixed_en.txt", AskFirst, 1, []string{"hw.gpu_model", "hw.interconnect", "bill.granularity", "bill.egress"}, []string{"sec.certs", "ct.sla_response"}},
	}
	for _, tt := range tests {
		r := Check(readFixture(t, tt.file))
		if r.Verdict != tt.want || len(r.RedFlags) < tt.minFlags {
			t.Errorf("%s: got verdict %s, counts %+v, %d red flags (%v); want %s, at least %d red flags",
				tt.file, r.Verdict, r.Counts, len(r.RedFlags), r.Reasons, tt.want, tt.minFlags)
		}
		if tt.want == Proceed && len(r.RedFlags) != 0 {
			t.Errorf("%s: proceed with red flags %+v", tt.file, r.RedFlags)
		}
		for _, id := range tt.mustBeCovered {
			if f := findingOf(r, id); f.Status != Covered {
				t.Errorf("%s: %s got %s (%q), want covered", tt.file, id, f.Status, f.Evidence)
			}
		}
		for _, id := range tt.mustNotCovered {
			if f := findingOf(r, id); f.Status == Covered {
				t.Errorf("%s: %s got covered by %q, want vague or missing", tt.file, id, f.Evidence)
			}
		}
		if want := sum(r, Vague) + sum(r, Missing); len(r.FollowUp) != want {
			t.Errorf("%s: %d follow-ups for %d vague or missing items", tt.file, len(r.FollowUp), want)
		}
		c := r.Counts
		if c.Covered+c.Risk+c.Vague+c.Missing != len(allItems()) || c.Covered != sum(r, Covered) || c.Risk != sum(r, Risk) {
			t.Errorf("%s: counts %+v do not add up to the findings", tt.file, c)
		}
	}
}

func sum(r Result, st Status) int {
	n := 0
	for _, f := range r.Findings {
		if f.Status == st {
			n++
		}
	}
	return n
}

func TestDecide(t *testing.T) {
	// with sets the key items to keySt and the first n other items to
	// otherSt; the rest are covered, or missing when keySt is Missing.
	with := func(keySt Status, n int, otherSt Status) Result {
		r := Result{}
		rest := Covered
		if keySt == Missing {
			rest = Missing
		}
		for _, it := range allItems() {
			s := rest
			if it.Key {
				s = keySt
			} else if n > 0 {
				s = otherSt
				n--
			}
			r.Findings = append(r.Findings, Finding{Item: it, Status: s})
			r.Counts.add(s)
		}
		return r
	}
	flags := func(r Result, ids ...string) Result {
		for _, id := range ids {
			r.RedFlags = append(r.RedFlags, RedFlag{ID: id})
		}
		return r
	}
	// withOne makes the last item that is not key and not vague st.
	withOne := func(r Result, st Status) Result {
		for i := len(r.Findings) - 1; i >= 0; i-- {
			if f := &r.Findings[i]; !f.Item.Key && f.Status != Vague {
				r.Counts = Counts{}
				f.Status = st
				for _, g := range r.Findings {
					r.Counts.add(g.Status)
				}
				break
			}
		}
		return r
	}
	severeFlag := func(r Result) Result {
		r.RedFlags = append(r.RedFlags, RedFlag{ID: "off_the_books", Phrase: "不开发票", Severe: true})
		return r
	}
	tests := []struct {
		name string
		r    Result
		want Verdict
	}{
		{"everything covered is proceed", with(Covered, 0, Covered), Proceed},
		{"key items covered, 36 others missing is proceed: unasked is not a failure", with(Covered, 36, Missing), Proceed},
		{"key items covered, 2 vague (the limit) is proceed", with(Covered, 2, Vague), Proceed},
		{"key items covered, 3 vague is ask first", with(Covered, 3, Vague), AskFirst},
		{"a key item missing is ask first", with(Missing, 0, Covered), AskFirst},
		{"a key item a risk is avoid", with(Risk, 0, Covered), Avoid},
		{"one risk elsewhere is ask first", with(Covered, 1, Risk), AskFirst},
		{"two risks elsewhere is ask first", with(Covered, 2, Risk), AskFirst},
		{"three risks elsewhere is avoid", with(Covered, 3, Risk), Avoid},
		// with(Missing, ...) leaves no item covered: 5 vague + 1 kind of flag
		// = 6 > 2×0, but hedges and vague answers alone never give avoid.
		{"five vague and one red flag, nothing covered, is ask first: no clear bad answer", flags(with(Missing, 5, Vague), "high_spec"), AskFirst},
		{"four vague and one red flag is ask first", flags(with(Missing, 4, Vague), "high_spec"), AskFirst},
		{"forty vague, nothing covered, no risk is ask first", with(Vague, 45, Vague), AskFirst},
		{"five vague, one red flag and one risk elsewhere, nothing covered, is avoid", flags(withOne(with(Missing, 5, Vague), Risk), "high_spec"), Avoid},
		{"one risk elsewhere among many covered is ask first", flags(withOne(with(Covered, 5, Vague), Risk), "high_spec"), AskFirst},
		{"a severe red flag alone is avoid", severeFlag(with(Covered, 0, Covered)), Avoid},
		// 46 items - 6 vague = 40 covered: 6 vague + 1 flag = 7 is not over 2×40.
		{"many vague among many covered is ask first", flags(with(Covered, 6, Vague), "high_spec"), AskFirst},
		// 3 vague + the same kind 3 times = 3 + 1 = 4: ask first.
		{"the same kind of flag counts once", flags(with(Covered, 3, Vague), "high_spec", "high_spec", "high_spec"), AskFirst},
		{"one red flag is ask first", flags(with(Covered, 0, Covered), "verbal_promise"), AskFirst},
	}
	if r := withOne(with(Covered, 0, Covered), Risk); r.Counts.Risk != 1 {
		t.Fatalf("withOne: counts %+v, want one risk", r.Counts)
	}
	for _, tt := range tests {
		got, why := decide(tt.r)
		if got != tt.want || len(why) == 0 {
			t.Errorf("%s: got %s %v, want %s with reasons", tt.name, got, why, tt.want)
		}
	}
}

func TestNumberUnit(t *testing.T) {
	tests := []struct {
		text  string
		units []string
		want  bool
	}{
		{"a100", w(""), false},
		{"a100 80g", loadData.Get().lists["units_gb"], true},
		{"8 gpus", w("g|gb"), false},
		{"80gb", w("g"), false},
		{"80gb", w("g|gb"), true},
		{"7x24", loadData.Get().lists["units_time"], false},
		{normalize("7×24小时"), loadData.Get().lists["units_time"], false},
		{"15分钟响应", loadData.Get().lists["units_time"], true},
		{"15 min", loadData.Get().lists["units_time"], true},
		// chat's 6w8 and 6万8 (6.8万) are money; 700w is not, nor 6万8千条
		{"包月6w8", w("$"), true},
		{"包月6万8", w("$"), true},
		{"一个月6w8 整机", w("$"), true},
		{"h800 700w", w("$"), false},
		{"6w8x", w("$"), false},
		{"a 2-day trial", w("day"), true},
		{"a 15-minute response", w("min|minutes"), true},
		{"a 4-hour replacement", w("h|hours"), true},
		{"a 3-month minimum term", w("months"), true},
		{"15 mins", w("minutes"), false},
		{"1.5万/卡/月", w("$"), true},
		{"¥35/card-hour", w("$"), true},
		{"35 元", w("$"), true},
		{"35 cards", w("$"), false},
		{"万兆内网", w("兆"), false},
		{"一个月", w("个月"), true},
		{"600gb/s", w("gb/s"), true},
		{"epyc 7t83", w("t|tb"), false},
		{"3.84t nvme", w("t|tb"), true},
		{"15,000 元", w("$"), true},
		{"8x400g roce", loadData.Get().lists["units_link"], true},
		{normalize("4×200G IB"), loadData.Get().lists["units_link"], true},
		{"7x24h", w("h"), false},
		{"0.8一个g", w("$"), true},
	}
	for _, tt := range tests {
		if got := hasNumberUnit(tt.text, tt.units); got != tt.want {
			t.Errorf("hasNumberUnit(%q, %v): got %v, want %v", tt.text, tt.units, got, tt.want)
		}
	}
}

func TestVersion(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{{"cuda 12.2", true}, {"cuda12.2", true}, {"pytorch==2.3", true}, {"驱动版本 535.129", true}, {"预装cuda", false}, {"cuda and pytorch", false}} {
		if got := hasVersion(tt.text, w("cuda|pytorch|驱动")); got != tt.want {
			t.Errorf("hasVersion(%q): got %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestSegments(t *testing.T) {
	d := parse("A100 80G，SXM4。NVLink 600GB/s; 1. 第一条\n2. 第二条. Done")
	var got []string
	for _, s := range d.segs {
		got = append(got, strings.TrimSpace(d.orig[s.start:s.end]))
	}
	want := "A100 80G|SXM4|NVLink 600GB/s|1. 第一条|2. 第二条|Done"
	if strings.Join(got, "|") != want {
		t.Errorf("segments: got %q, want %q", strings.Join(got, "|"), want)
	}
	// Clause words start a clause; "and" only before a new subject, and
	// 不但 and 另外收费 are not clause words.
	for _, tt := range []struct{ in, want string }{
		{"机房在成都但一般延迟5ms", "机房在成都|但一般延迟5ms"},
		{"不但有A100而且有H100", "不但有A100|而且有H100"},
		{"存储另外收费，另外快照免费", "存储另外收费|另外快照免费"},
		{"8x H100 SXM5 but support is best effort", "8x H100 SXM5|but support is best effort"},
		{"iperf3 TCP and UDP and we also test NCCL", "iperf3 TCP and UDP|and we also test NCCL"},
		{"NVLink 600GB/s also on the H800", "NVLink 600GB/s|also on the H800"},
		{"Butterfly and bottles", "Butterfly and bottles"},
		// chat messages run clauses on with spaces: there a space between
		// Chinese characters, or after a Latin word before one, ends a clause...
		{"4090现货哈 单机8卡 24G显存 1.8/卡时 包月的话1w2/月 机房在成都 双路8352V", "4090现货哈|单机8卡 24G显存 1.8/卡时|包月的话1w2/月|机房在成都|双路8352V"},
		{"亲 系统盘1T SSD 数据盘4T NVMe", "亲|系统盘1T SSD|数据盘4T NVMe"},
		{"哈喽 价格好商量👌网络这块您放心", "哈喽|价格好商量👌|网络这块您放心"},
		// ...but not after a negator, hedge or verb, nor before a denial, and
		// a space beside digits is typography
		{"我们 没有 发票", "我们 没有 发票"}, {"卡间 走 PCIe 机房 在成都", "卡间 走 PCIe|机房 在成都"},
		{"发票 暂不提供", "发票 暂不提供"},
		{"夜间响应 一般 半小时内", "夜间响应 一般 半小时内"},
		{"坏卡 4 小时内更换", "坏卡 4 小时内更换"},
		{"A100 80G SXM4 8卡", "A100 80G SXM4 8卡"},
		// text that punctuates its clauses keeps its spaces as typography
		{"公网带宽 100Mbps 独享，数据盘 0.3 元/GB/月 收费", "公网带宽 100Mbps 独享|数据盘 0.3 元/GB/月 收费"},
	} {
		d := parse(tt.in)
		var got []string
		for _, s := range d.segs {
			got = append(got, strings.TrimSpace(d.orig[s.start:s.end]))
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("clauses of %q: got %q, want %q", tt.in, strings.Join(got, "|"), tt.want)
		}
	}
	long := parse(strings.Repeat("word ", 1000))
	for _, s := range long.segs {
		if s.end-s.start > 2*maxSegmentRunes*4 {
			t.Errorf("a clause of %d bytes: unpunctuated text must be cut", s.end-s.start)
		}
	}
}

func TestCheckIsDeterministic(t *testing.T) {
	text := readFixture(t, "mixed_zh.txt")
	a, b := Check(text), Check(text)
	for i := range a.Findings {
		if a.Findings[i].Status != b.Findings[i].Status || a.Findings[i].Evidence != b.Findings[i].Evidence {
			t.Fatalf("two checks of the same text differ at %s", a.Findings[i].Item.ID)
		}
	}
	if len(a.RedFlags) != len(b.RedFlags) || a.Verdict != b.Verdict {
		t.Fatal("two checks of the same text differ")
	}
}

func TestEmptyTextIsAllMissing(t *testing.T) {
	r := Check("   \n ")
	// Nothing asked is nothing failed: every item is a question to send.
	if sum(r, Missing) != len(allItems()) || r.Counts.Missing != len(allItems()) || r.Verdict != AskFirst || len(r.FollowUp) != len(allItems()) {
		t.Errorf("blank text: got %d missing, counts %+v, verdict %s", sum(r, Missing), r.Counts, r.Verdict)
	}
}

func FuzzCheck(f *testing.F) {
	for _, name := range []string{"evasive_zh.txt", "mixed_en.txt"} {
		f.Add(readFixture(f, name))
	}
	for _, c := range readCorpus(f) {
		f.Add(c.text)
	}
	f.Add("7x24, 15分钟响应；A100 80G SXM4，NVLink 600GB/s")
	f.Add("\xff\xfe1.5万/卡 ¥")
	f.Fuzz(func(t *testing.T, s string) {
		// Exactly one status per item, in checklist order, each one of the
		// four, evidence and a reason for every answered item, and counts
		// that add up.
		r := Check(s)
		if len(r.Findings) != len(allItems()) {
			t.Fatalf("Check(%q): %d findings for %d items", s, len(r.Findings), len(allItems()))
		}
		var c Counts
		for i, fd := range r.Findings {
			if fd.Item.ID != allItems()[i].ID {
				t.Fatalf("Check(%q): finding %d is %s, want %s", s, i, fd.Item.ID, allItems()[i].ID)
			}
			switch fd.Status {
			case Covered, Risk, Vague, Missing:
			default:
				t.Fatalf("Check(%q): %s has status %q", s, fd.Item.ID, fd.Status)
			}
			if (fd.Status == Missing) != (fd.Evidence == "") || fd.Why.EN == "" || fd.Why.ZH == "" {
				t.Fatalf("Check(%q): %s %s with evidence %q, why %+v", s, fd.Item.ID, fd.Status, fd.Evidence, fd.Why)
			}
			c.add(fd.Status)
		}
		if c != r.Counts {
			t.Fatalf("Check(%q): counts %+v, findings give %+v", s, r.Counts, c)
		}
		switch r.Verdict {
		case Proceed, AskFirst, Avoid:
		default:
			t.Fatalf("Check(%q): verdict %q", s, r.Verdict)
		}
	})
}

// BenchmarkChecklistCheck20KB checks a 20 KB sales answer (the fixtures
// repeated); the target is under 5 ms.
func BenchmarkChecklistCheck20KB(b *testing.B) {
	var sb strings.Builder
	parts := []string{readFixture(b, "mixed_zh.txt"), readFixture(b, "concrete_en.txt"), readFixture(b, "evasive_zh.txt"), readFixture(b, "mixed_en.txt")}
	for i := 0; sb.Len() < 20<<10; i++ {
		sb.WriteString(parts[i%len(parts)])
		sb.WriteString("\n")
	}
	text := sb.String()[:20<<10]
	Check(text) // build the matcher once
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Check(text)
	}
}
