package checklist

// RedFlag is a vague phrase of docs/checklist.md's red-flag list found in the text.
type RedFlag struct {
	// explains lists the items whose vagueness this flag explains.
	explains []string
	// ID names the kind: high_spec, equivalent_config, vague_interconnect,
	// untested_10g, 7x24_no_time, free_no_quota, unlimited_no_number,
	// on_demand_no_granularity, off_the_books (severe), verbal_promise.
	ID string
	// Phrase is the phrase found, normalized (lower case, half-width).
	Phrase string
	// Evidence quotes the sentence around it.
	Evidence string
	// Count is how many times this phrase was flagged.
	Count int
	// Severe marks a flag that alone gives avoid: nothing the vendor says
	// can be held to (no invoice, payment to a personal account).
	Severe bool
	// Why says what is missing and what to ask.
	Why Text
}

// flagRule says when a trigger phrase is a red flag.
type flagRule struct {
	id       string
	triggers []string
	why      Text
	// requireWindow: flagged only when the clause or its neighbours mention
	// one of these.
	requireWindow []string
	// unlessSentence: not flagged when the sentence names one of these.
	unlessSentence []string
	// unlessClause: not flagged when the trigger's own clause names one of
	// these ("关机不收费" answers whether a stopped instance is billed; it
	// is not a free quota).
	unlessClause []string
	// unlessWindow: not flagged when the clause or its neighbours hold one
	// of these, or a number with one of unlessUnits.
	unlessWindow []string
	unlessUnits  []string
	// unlessCovered: not flagged when this item is covered anywhere.
	unlessCovered string
	// explains: the items whose vagueness this flag explains (none: any).
	explains []string
	// severe: the flag alone makes a vendor not worth more time (VerdictRule).
	severe bool
}

// flags are docs/checklist.md's red-flag phrases and the condition that makes
// each one vague.
var flags = []flagRule{
	{id: "high_spec", explains: []string{"hw.host"},
		triggers: []string{"高配", "高端配置", "顶配", "high-spec", "high spec", "high-end config", "high end config", "top-spec", "top spec", "top-tier config", "top-of-the-line"},
		why:      Text{EN: "\"high-spec\" is not a configuration: ask for CPU model, RAM, disks and GPU form factor", ZH: "“高配”不是配置：要求列出CPU型号、内存、硬盘和GPU形态"}},
	{id: "equivalent_config", explains: []string{"hw.gpu_model", "hw.host", "ops.hw_replace"},
		triggers: []string{"同等配置", "同等规格", "同级配置", "同类配置", "相当配置", "类似配置", "equivalent configuration", "equivalent config", "equivalent spec", "similar configuration", "comparable configuration", "equivalent hardware", "equivalent machine"},
		why:      Text{EN: "\"equivalent configuration\" lets the vendor pick the hardware: ask for the exact models in writing", ZH: "“同等配置”等于由供应商决定硬件：要求书面写明具体型号"}},
	{id: "vague_interconnect", explains: []string{"hw.interconnect", "hw.inter_node"},
		triggers:       []string{"高速互联", "高速互连", "高速网络", "高速通信", "高带宽互联", "high-speed interconnect", "high speed interconnect", "high-speed network", "high speed network", "high-bandwidth interconnect", "fast interconnect"},
		unlessSentence: []string{"nvlink", "nvswitch", "infiniband", "~ib~", "~roce", "~rdma"},
		why:            Text{EN: "\"high-speed interconnect\" without NVLink or InfiniBand named may be plain PCIe or Ethernet: ask which, and for `nvidia-smi topo -m`", ZH: "“高速互联”没说NVLink或IB，可能只是PCIe或以太网：问清是哪种，并要 nvidia-smi topo -m 输出"}},
	{id: "untested_10g", explains: []string{"net.intranet_bw", "hw.inter_node"},
		triggers:       []string{"万兆", "10gbe", "10 gbe", "10g网", "10g内网", "10 gigabit", "10-gigabit", "10gb ethernet", "10g ethernet"},
		unlessSentence: []string{"iperf", "实测", "测得", "测试结果", "measured", "tested", "test result", "benchmark"},
		why:            Text{EN: "\"10 GbE\" is a port speed, not a measurement: ask for iperf3 TCP and UDP results, or test in the trial", ZH: "“万兆”是端口速率不是实测：要求提供iperf3 TCP/UDP结果，或在试用期自测"}},
	{id: "7x24_no_time", explains: []string{"ops.night_response", "ct.sla_response"},
		triggers:      []string{"7x24", "全天候", "round the clock", "round-the-clock", "around the clock"},
		requireWindow: []string{"服务", "支持", "售后", "客服", "值守", "值班", "响应", "人工", "运维", "工程师", "技术", "~support", "~service", "~response", "~respond", "on-call", "~team", "~engineer", "~staff", "~help"},
		unlessCovered: "ops.night_response",
		unlessUnits:   []string{"分钟", "min", "mins", "minute", "minutes", "小时", "h", "hr", "hrs", "hour", "hours"},
		why:           Text{EN: "\"7x24\" without a response time promises nothing: ask how many minutes until a human answers at night", ZH: "“7x24”不写响应时间等于没承诺：问清深夜多少分钟内有人响应"}},
	{id: "free_no_quota", explains: []string{"bill.egress", "bill.storage", "bill.intranet_quota", "bill.extras", "bill.trial", "net.public_bw"},
		triggers:      []string{"免费", "~free~", "不收费", "不要钱", "0元", "no charge", "free of charge"},
		requireWindow: []string{"流量", "~traffic", "带宽", "bandwidth", "存储", "storage", "快照", "snapshot", "试用", "~trial", "额度", "quota", "~egress", "~ingress", "下载", "~download", "上传", "~upload", "内网", "intranet", "公网", "出网", "数据盘", "~disk"},
		unlessWindow:  []string{"不限", "不限量", "unlimited", "无上限", "不计量", "无限", "unmetered"},
		unlessUnits:   []string{"$", "g", "gb", "t", "tb", "天", "day", "days", "小时", "h", "hours", "hour", "次", "mbps", "m", "%", "个月", "month", "months", "周", "week", "weeks"},
		unlessClause:  []string{"停机", "关机", "暂停", "挂起", "~stopped", "~stop~", "shut down", "shutdown", "~suspend", "~idle~", "闲置"},
		why:           Text{EN: "\"free\" without a quota: ask how much is free per month and the price past it", ZH: "“免费”没有额度：问清每月免费多少、超出后单价"}},
	{id: "unlimited_no_number", explains: []string{"bill.egress", "net.public_bw", "ct.bandwidth", "bill.intranet_quota"},
		triggers:      []string{"不限", "不限量", "unlimited", "无上限", "无限", "unmetered", "不封顶"},
		requireWindow: []string{"流量", "~traffic", "带宽", "bandwidth", "~data~", "~egress"},
		unlessUnits:   []string{"mbps", "m", "兆", "gbps", "mb/s", "mbit", "g"},
		unlessWindow:  []string{"内网", "intranet", "internal"},
		why:           Text{EN: "\"unlimited\" with no bandwidth number: a thin line is unlimited too; ask for the Mbps and any fair-use cap", ZH: "“不限”却没有带宽数字：很窄的线路也叫不限；问清多少Mbps以及是否有公平使用上限"}},
	{id: "on_demand_no_granularity", explains: []string{"bill.modes", "bill.granularity"},
		triggers:      []string{"按需", "按量", "on-demand", "on demand", "pay-as-you-go", "pay as you go"},
		unlessCovered: "bill.granularity",
		why:           Text{EN: "on-demand without a billing granularity: ask whether billing is per second, minute or hour, and how partial hours round", ZH: "“按需”没说计费粒度：问清按秒、按分钟还是按小时，不足一小时怎么算"}},
	{id: "off_the_books", severe: true,
		triggers: []string{"不开发票", "不能开发票", "不能开票", "无法开票", "开不了发票", "开不了票", "不提供发票", "没有发票", "不开票", "转账到个人", "转到个人", "打到个人", "付到个人", "汇到个人", "走个人账户", "个人账户付款", "个人账户转账", "个人账户收款", "付款到个人", "打款到个人", "个人收款码", "个人微信收款", "个人银行卡", "私人账户", "私人转账", "个人微信转账", "个人支付宝", "现金交易", "只收现金", "票都开不了", "票都开不出", "票都不能开", "票都没法开", "票都不开",
			"私户", "私账", "对私", "私人卡", "私卡", "个人卡", "微信转我", "转我微信", "支付宝转我", "转我支付宝", "打我卡", "转我卡", "打我支付宝", "打我微信", "打我个人", "转我个人", "打我私人", "转我私人", "打到我支付宝", "打到我微信", "my alipay", "my personal alipay", "pay me on alipay", "pay me via alipay", "pay me on wechat", "pay me via wechat", "不要发票", "不要票", "不带票", "不走票", "无票价", "不含票", "没票的价", "无票的价", "可以走个人", "走个人的话", "走个人更", "走私人",
			"pay me directly", "my personal paypal", "my personal wechat", "~off the books", "under the table", "without an invoice", "without invoice", "~no invoice~", "~no invoices~", "cannot invoice", "can't invoice", "cannot issue an invoice", "can't issue an invoice", "cannot issue invoices", "can't issue invoices", "personal bank account", "to a personal account", "to my personal account", "into a personal account", "cash only", "pay in cash"},
		unlessClause: []string{"对公", "公司账户", "企业账户", "company account", "corporate account", "business account", "不接受", "不支持", "不允许", "禁止", "拒绝", "~never~", "not accept", "don't accept", "do not accept", "won't", "will not", "~no need"},
		why: Text{EN: "no invoice, or payment to a personal account: nothing the vendor says can be held to; insist on a company contract, a VAT invoice and payment to the company's account",
			ZH: "不开发票或转账到个人账户：对方说的任何话都无从追究；坚持签公司合同、开增值税发票、付款到对公账户"}},
	{id: "off_the_books", severe: true, // the invoice named first: 发票的话我们这边开不了
		triggers:      []string{"开不了", "开不出", "没法开", "不能开", "不给开", "开不出来", "不好开", "~can't do invoices", "~cannot do invoices", "~invoicing is not possible", "~invoicing isn't possible", "~invoices are not possible", "cannot provide an invoice", "can't provide an invoice", "cannot provide invoices", "can't provide invoices"},
		requireWindow: []string{"发票", "专票", "普票", "开票", "~invoice"},
		// a special invoice refused is not off the books: 专票开不了 (ordinary invoices only) is bill.invoice's risk
		unlessClause: []string{"对公", "公司账户", "company account", "corporate account", "可以开", "能开", "~can invoice", "~we invoice", "专票", "专用发票", "special invoice", "special vat invoice"},
		why: Text{EN: "no invoice, or payment to a personal account: nothing the vendor says can be held to; insist on a company contract, a VAT invoice and payment to the company's account",
			ZH: "不开发票或转账到个人账户：对方说的任何话都无从追究；坚持签公司合同、开增值税发票、付款到对公账户"}},
	{id: "verbal_promise",
		triggers:       []string{"口头", "放心", "包您", "包你", "我们保证", "向您保证", "给您保证", "保证没问题", "绝对没问题", "肯定没问题", "没问题", "我们承诺", "口头承诺", "we promise", "i promise", "promise you", "rest assured", "trust us", "don't worry", "do not worry", "we guarantee", "~guaranteed~", "no problem"},
		unlessSentence: []string{"合同", "contract", "~sla~", "协议", "附件", "书面", "written", "in writing", "条款", "clause", "写入", "写进", "~annex"},
		why:            Text{EN: "a promise not in the contract counts for nothing: ask for it in the contract or SLA annex", ZH: "不写进合同的承诺不算数：要求写进合同或SLA附件"}},
}

// findRedFlags applies each flag's condition to its trigger hits.
func findRedFlags(d *doc, hits [][]hit, covered map[string]bool) []RedFlag {
	type found struct {
		flag RedFlag
		at   int // first clause, for ordering
	}
	var out []found
	index := map[string]int{}
	for f, rule := range flags {
		if rule.unlessCovered != "" && covered[rule.unlessCovered] {
			continue
		}
		lastSeg := -1
		for _, h := range hits[f] {
			if h.seg == lastSeg || d.asks(h.seg) {
				continue // one flag of a kind per clause; a question claims nothing
			}
			lastSeg = h.seg
			win := d.windowOf(h.seg)
			wt := d.normText(win)
			if len(rule.requireWindow) > 0 && !containsAny(wt, rule.requireWindow) {
				continue
			}
			if len(rule.unlessWindow) > 0 && containsAny(wt, rule.unlessWindow) {
				continue
			}
			if len(rule.unlessUnits) > 0 && hasNumberUnit(wt, rule.unlessUnits) {
				continue
			}
			if len(rule.unlessSentence) > 0 && containsAny(d.sentenceText(h.seg), rule.unlessSentence) {
				continue
			}
			if len(rule.unlessClause) > 0 && containsAny(d.normText(window{h.seg, h.seg}), rule.unlessClause) {
				continue
			}
			key := rule.id + "\x00" + h.phrase
			if i, ok := index[key]; ok {
				out[i].flag.Count++
				continue
			}
			index[key] = len(out)
			out = append(out, found{flag: RedFlag{ID: rule.id, Phrase: h.phrase, Evidence: d.evidence(win), Count: 1, Why: rule.why, Severe: rule.severe, explains: rule.explains}, at: h.seg})
		}
	}
	// Order by first appearance in the text, then by kind.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].at < out[j-1].at; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	flagsOut := make([]RedFlag, len(out))
	for i, f := range out {
		flagsOut[i] = f.flag
	}
	return flagsOut
}
