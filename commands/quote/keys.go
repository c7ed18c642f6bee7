package quote

import (
	"strings"

	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
)

// scope says where a key may appear.
type scope int

const (
	vendorOnly scope = iota // belongs to one vendor
	either                  // before the first vendor: all vendors; inside one: that vendor
	globalOnly              // applies to all vendors wherever it appears
)

// part says which field of a line item's charge a key sets.
type part int

const (
	noPart    part = iota
	fee            // ¥ per month
	volume         // GB per month
	unitPrice      // ¥ per GB
	quota          // free GB per month
	feeOrVol       // bare item word (存储=, storage=): GB when the item's unit price is given, else ¥ per month
)

// keySpec is one key of the quote language.
type keySpec struct {
	name    string
	aliases []string
	kind    chat.Kind
	scope   scope
	line    tco.Line // for line-item keys
	part    part
	example string
	en, zh  string // what the key means
}

// specs lists every key in the order the help shows them.
var specs = []keySpec{
	{name: "hours", aliases: []string{"时长", "小时", "月时长", "使用时长", "小时数", "h"}, kind: chat.Hours, scope: either, example: "300",
		en: "GPU hours per card this month (default 300, the seed's monthly check)", zh: "每卡本月GPU小时数（默认300，原文的月度核算口径）"},
	{name: "run_tokens", aliases: []string{"总tokens", "总token", "总词元", "训练tokens", "total_tokens", "run"}, kind: chat.Count, scope: globalOnly, example: "2b",
		en: "tokens of a whole training run", zh: "一次完整训练的总token数"},
	{name: "hidden_share", aliases: []string{"隐性占比", "隐性费用占比", "estimate_share"}, kind: chat.Percent, scope: globalOnly, example: "20%",
		en: "share of the GPU cost that estimates missing storage and network items (default 20%)", zh: "用于估算缺失存储和网络费用的GPU费用占比（默认20%）"},
	{name: "name", aliases: []string{"vendor", "供应商", "厂商", "名称", "商家", "平台"}, kind: chat.Plain, scope: vendorOnly, example: "A",
		en: "vendor name", zh: "供应商名称"},
	{name: "price", aliases: []string{"单价", "价格", "时价", "卡时价", "按需", "ondemand", "price_h", "hourly"}, kind: chat.Money, scope: vendorOnly, example: "35",
		en: "¥ per card-hour", zh: "每卡每小时价格（元）"},
	{name: "monthly", aliases: []string{"包月", "月租", "月价", "monthly_price", "price_month"}, kind: chat.Money, scope: vendorOnly, example: "15000",
		en: "¥ per card-month, instead of price", zh: "每卡每月价格（元），代替单价"},
	{name: "cards", aliases: []string{"卡数", "卡", "张数", "gpus", "gpu", "数量"}, kind: chat.Plain, scope: vendorOnly, example: "8",
		en: "number of cards", zh: "卡数"},
	{name: "tokens_s", aliases: []string{"吞吐", "吞吐量", "tokens_per_s", "throughput", "tok_s", "tps"}, kind: chat.Count, scope: vendorOnly, example: "21000",
		en: "measured training tokens per second of all the cards", zh: "全部卡实测训练吞吐（tokens/秒）"},

	{name: "storage", aliases: []string{"存储", "存储量"}, kind: chat.Plain, scope: vendorOnly, line: tco.Storage, part: feeOrVol, example: "2000",
		en: "storage held: GB when storage_price is given, else ¥ a month", zh: "存储：给了存储单价时为GB，否则为每月费用（元）"},
	{name: "storage_gb", aliases: []string{"存储容量", "存储gb"}, kind: chat.GB, scope: vendorOnly, line: tco.Storage, part: volume, example: "2000",
		en: "GB of disk and object storage held", zh: "存储容量（GB）"},
	{name: "storage_price", aliases: []string{"存储单价", "存储价格"}, kind: chat.Money, scope: vendorOnly, line: tco.Storage, part: unitPrice, example: "0.3",
		en: "¥ per GB-month of storage", zh: "存储单价（元/GB/月）"},
	{name: "storage_fee", aliases: []string{"存储费", "存储费用"}, kind: chat.Money, scope: vendorOnly, line: tco.Storage, part: fee, example: "600",
		en: "storage ¥ a month (0 or included when free)", zh: "每月存储费（元，免费写0或含）"},

	{name: "snapshot", aliases: []string{"snapshots", "快照"}, kind: chat.Plain, scope: vendorOnly, line: tco.Snapshots, part: feeOrVol, example: "500",
		en: "snapshots: GB when snapshot_price is given, else ¥ a month", zh: "快照：给了快照单价时为GB，否则为每月费用（元）"},
	{name: "snapshot_gb", aliases: []string{"快照容量", "快照gb"}, kind: chat.GB, scope: vendorOnly, line: tco.Snapshots, part: volume, example: "500",
		en: "GB of snapshots kept", zh: "快照容量（GB）"},
	{name: "snapshot_price", aliases: []string{"快照单价", "快照价格"}, kind: chat.Money, scope: vendorOnly, line: tco.Snapshots, part: unitPrice, example: "0.2",
		en: "¥ per GB-month of snapshots", zh: "快照单价（元/GB/月）"},
	{name: "snapshot_fee", aliases: []string{"快照费", "快照费用"}, kind: chat.Money, scope: vendorOnly, line: tco.Snapshots, part: fee, example: "300",
		en: "snapshots ¥ a month", zh: "每月快照费（元）"},

	{name: "egress", aliases: []string{"流量", "公网流量", "出流量", "下行流量", "外网流量"}, kind: chat.Plain, scope: vendorOnly, line: tco.Egress, part: feeOrVol, example: "3000",
		en: "public egress: GB when egress_price is given, else ¥ a month", zh: "公网流量：给了流量单价时为GB，否则为每月费用（元）"},
	{name: "egress_gb", aliases: []string{"流量gb", "公网流量gb"}, kind: chat.GB, scope: vendorOnly, line: tco.Egress, part: volume, example: "3000",
		en: "GB of public egress a month", zh: "每月公网流量（GB）"},
	{name: "egress_price", aliases: []string{"流量单价", "流量价格", "公网流量单价"}, kind: chat.Money, scope: vendorOnly, line: tco.Egress, part: unitPrice, example: "0.8",
		en: "¥ per GB of egress", zh: "流量单价（元/GB）"},
	{name: "egress_fee", aliases: []string{"流量费", "流量费用", "公网流量费"}, kind: chat.Money, scope: vendorOnly, line: tco.Egress, part: fee, example: "2400",
		en: "egress ¥ a month", zh: "每月流量费（元）"},

	{name: "intranet", aliases: []string{"内网", "内网流量"}, kind: chat.Plain, scope: vendorOnly, line: tco.Intranet, part: feeOrVol, example: "5000",
		en: "intranet traffic: GB when intranet_price is given, else ¥ a month", zh: "内网流量：给了内网单价时为GB，否则为每月费用（元）"},
	{name: "intranet_gb", aliases: []string{"内网gb", "内网流量gb"}, kind: chat.GB, scope: vendorOnly, line: tco.Intranet, part: volume, example: "5000",
		en: "GB of intranet traffic a month", zh: "每月内网流量（GB）"},
	{name: "intranet_quota", aliases: []string{"内网额度", "免费额度", "内网免费额度", "intranet_free"}, kind: chat.GB, scope: vendorOnly, line: tco.Intranet, part: quota, example: "2000",
		en: "free intranet GB a month", zh: "每月内网免费额度（GB）"},
	{name: "intranet_price", aliases: []string{"内网单价", "内网价格"}, kind: chat.Money, scope: vendorOnly, line: tco.Intranet, part: unitPrice, example: "0.5",
		en: "¥ per GB of intranet traffic past the quota", zh: "超出额度后的内网单价（元/GB）"},
	{name: "intranet_fee", aliases: []string{"内网费", "内网费用"}, kind: chat.Money, scope: vendorOnly, line: tco.Intranet, part: fee, example: "0",
		en: "intranet ¥ a month", zh: "每月内网费用（元）"},

	{name: "support", aliases: []string{"支持费", "技术支持", "技术支持费", "支持", "运维费", "support_fee"}, kind: chat.Money, scope: vendorOnly, line: tco.Support, part: fee, example: "2000",
		en: "support ¥ a month", zh: "每月技术支持费（元）"},
	{name: "licences", aliases: []string{"licence", "license", "licenses", "licence_fee", "授权", "许可", "授权费", "许可费", "镜像费"}, kind: chat.Money, scope: vendorOnly, line: tco.Licences, part: fee, example: "0",
		en: "paid images and framework licences ¥ a month", zh: "付费镜像和框架授权，每月（元）"},
}

// bySpelling maps every lower-cased name and alias to its spec.
var bySpelling = func() map[string]*keySpec {
	m := map[string]*keySpec{}
	for i := range specs {
		s := &specs[i]
		for _, w := range append([]string{s.name}, s.aliases...) {
			m[strings.ToLower(w)] = s
		}
	}
	return m
}()

// lookupKey finds the spec of a key as typed.
func lookupKey(k string) (*keySpec, bool) {
	s, ok := bySpelling[strings.ToLower(strings.TrimSpace(k))]
	return s, ok
}

// suggestKey returns the known key closest to a mistyped one, or "".
func suggestKey(k string) string {
	cands := make([]string, 0, len(bySpelling))
	for w := range bySpelling {
		cands = append(cands, w)
	}
	return chat.Closest(k, cands)
}

// keyNames lists the canonical keys, for messages.
func keyNames() string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

// fillers are words people put between quotes that carry no data.
var fillers = map[string]bool{"vendor": true, "vendors": true, "quote": true, "quotes": true, "vs": true, "vs.": true, "and": true,
	"供应商": true, "厂商": true, "报价": true, "和": true, "与": true, "对比": true, "比较": true, "以及": true}

// includedWords read as a fee of 0: the quote says the item is free or included.
var includedWords = map[string]bool{"free": true, "included": true, "incl": true, "incl.": true, "none": true,
	"免费": true, "含": true, "包含": true, "已含": true, "赠送": true, "不收费": true, "无": true}

// keysWords ask for the list of keys: quote keys, 报价 参数.
var keysWords = map[string]bool{"keys": true, "help": true, "参数": true, "帮助": true}

// keysReply lists every key with its Chinese aliases, meaning and an example.
func keysReply(lang chat.Lang) chat.Reply {
	t := chat.Table{Header: []string{chat.T(lang, "key", "参数"), chat.T(lang, "also", "别名"), chat.T(lang, "meaning", "含义"), chat.T(lang, "example", "示例")}}
	for _, s := range specs {
		t.Rows = append(t.Rows, []string{s.name, strings.Join(s.aliases, " "), chat.T(lang, s.en, s.zh), s.name + "=" + s.example})
	}
	return chat.Reply{
		Command: "quote", Lang: lang, Private: true,
		Title: chat.T(lang, "Quote keys", "报价参数"),
		Summary: chat.T(lang,
			"Label each vendor (A: or name=A) and separate vendors with ; or new lines. hours, run_tokens and hidden_share before the first vendor apply to all. Values take units: 35元/时, 2TB, 0.8元/GB, 21k, 2b.",
			"每家供应商写上名称（A: 或 名称=A），各家之间用 ; 或换行分开。写在第一家之前的 时长、总tokens、隐性占比 对所有供应商生效。数值可带单位：35元/时、2TB、0.8元/GB、21k、2b。"),
		Tables: []chat.Table{t},
		Data:   map[string]any{"command": "quote", "keys": keyNames()},
	}
}
