package quote

import (
	"strings"

	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
)

// scope says where a key belongs: to the workload, the same for every
// vendor (before the first vendor), or to one vendor.
type scope int

const (
	vendorKey   scope = iota // a price or property of one vendor
	workloadKey              // what the team runs: before the first vendor
)

// part says which field of a line item a key sets.
type part int

const (
	noPart    part = iota
	fee            // ¥ per month (vendor)
	volume         // GB per month (workload)
	unitPrice      // ¥ per GB (vendor)
	quota          // free GB per month (vendor)
	bare           // storage=2000: GB or ¥? never guessed, asked back
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

// specs lists every key in the order the help shows them: the workload,
// then the vendor's prices and properties.
var specs = []keySpec{
	{name: "hours", aliases: []string{"时长", "小时", "月时长", "使用时长", "小时数", "h"}, kind: chat.Hours, scope: workloadKey, example: "300",
		en: "GPU hours per card a month, or per day: 每天8小时, 8h/day (default 300)", zh: "每卡每月GPU小时数，也可按天写：每天8小时、8h/day（默认300）"},
	{name: "cards", aliases: []string{"卡数", "卡", "张数", "gpus", "gpu", "数量"}, kind: chat.Plain, scope: workloadKey, example: "8",
		en: "number of cards (required)", zh: "卡数（必填）"},
	{name: "storage_gb", aliases: []string{"存储量", "存储容量", "存储gb"}, kind: chat.GB, scope: workloadKey, line: tco.Storage, part: volume, example: "2000",
		en: "GB of disk and object storage held", zh: "存储量（GB）"},
	{name: "snapshot_gb", aliases: []string{"快照量", "快照容量", "快照gb"}, kind: chat.GB, scope: workloadKey, line: tco.Snapshots, part: volume, example: "500",
		en: "GB of snapshots kept", zh: "快照量（GB）"},
	{name: "egress_gb", aliases: []string{"流量", "公网流量", "出流量", "下行流量", "外网流量", "流量gb", "公网流量gb"}, kind: chat.GB, scope: workloadKey, line: tco.Egress, part: volume, example: "3000",
		en: "GB of public egress a month", zh: "每月公网流量（GB）"},
	{name: "intranet_gb", aliases: []string{"内网流量", "内网gb", "内网流量gb"}, kind: chat.GB, scope: workloadKey, line: tco.Intranet, part: volume, example: "5000",
		en: "GB of intranet traffic a month", zh: "每月内网流量（GB）"},
	{name: "run_tokens", aliases: []string{"总tokens", "总token", "总词元", "训练tokens", "total_tokens", "run"}, kind: chat.Count, scope: workloadKey, example: "2b",
		en: "tokens of a whole training run: ranks vendors by the cost of the run", zh: "一次完整训练的总token数：按整轮训练成本排名"},
	{name: "epochs", aliases: []string{"轮数", "训练轮数", "epoch"}, kind: chat.Plain, scope: workloadKey, example: "3",
		en: "epochs of the run, with dataset_tokens (instead of run_tokens)", zh: "训练轮数，与数据集tokens一起给出（代替总tokens）"},
	{name: "dataset_tokens", aliases: []string{"数据集tokens", "数据集token", "数据量", "dataset"}, kind: chat.Count, scope: workloadKey, example: "500m",
		en: "tokens in the dataset, with epochs", zh: "数据集token数，与训练轮数一起给出"},

	{name: "card", aliases: []string{"显卡", "卡型", "型号", "card_type"}, kind: chat.Plain, scope: workloadKey, example: "a100-80g",
		en: "the card the vendors quoted, for save=yes", zh: "各家报价对应的显卡型号，用于 保存=是"},
	{name: "save", aliases: []string{"保存", "存入价格表"}, kind: chat.Plain, scope: workloadKey, example: "yes",
		en: "save=yes keeps each vendor's price for card= in the team's price book (price list)", zh: "保存=是：把各家对 显卡= 的报价存入团队价格表（价格 列表）"},

	{name: "name", aliases: []string{"vendor", "供应商", "厂商", "名称", "商家", "平台"}, kind: chat.Plain, scope: vendorKey, example: "A",
		en: "vendor name", zh: "供应商名称"},
	{name: "price", aliases: []string{"单价", "价格", "时价", "卡时价", "按需", "ondemand", "price_h", "hourly"}, kind: chat.Money, scope: vendorKey, example: "35",
		en: "¥ per card-hour", zh: "每卡每小时价格（元）"},
	{name: "monthly", aliases: []string{"包月", "月租", "月价", "monthly_price", "price_month"}, kind: chat.Money, scope: vendorKey, example: "15000",
		en: "¥ per card-month, instead of price", zh: "每卡每月价格（元），代替单价"},
	{name: "tokens_s", aliases: []string{"吞吐", "吞吐量", "tokens_per_s", "throughput", "tok_s", "tps"}, kind: chat.Count, scope: vendorKey, example: "21000",
		en: "measured training tokens per second of all the cards", zh: "全部卡实测训练吞吐（tokens/秒）"},
	{name: "min_months", aliases: []string{"最短租期", "最短月数", "起租月数", "minimum_months"}, kind: chat.Plain, scope: vendorKey, example: "3",
		en: "shortest term the vendor rents for, in months", zh: "最短租期（月）"},
	{name: "own_cards", aliases: []string{"本家卡数", "整机卡数"}, kind: chat.Plain, scope: vendorKey, example: "16",
		en: "this vendor prices another card count on purpose (whole 8-card machines, say); stated in the header and the ranking", zh: "这家按不同卡数报价（如只租整台8卡机），会在标题和排名中注明"},
	{name: "own_hours", aliases: []string{"本家时长"}, kind: chat.Hours, scope: vendorKey, example: "500",
		en: "this vendor bills other hours on purpose (a minimum per month, say); stated in the header and the ranking", zh: "这家按不同小时数计费（如每月最低用量），会在标题和排名中注明"},

	{name: "storage", aliases: []string{"存储", "storage_amount"}, kind: chat.Plain, scope: vendorKey, line: tco.Storage, part: bare, example: "2000",
		en: "ambiguous (GB or ¥?): write storage_gb= with storage_price=, or storage_fee=", zh: "有歧义（GB还是元？）：请写 存储量= 和 存储单价=，或 存储费="},
	{name: "storage_price", aliases: []string{"存储单价", "存储价格"}, kind: chat.Money, scope: vendorKey, line: tco.Storage, part: unitPrice, example: "0.3",
		en: "¥ per GB-month of storage", zh: "存储单价（元/GB/月）"},
	{name: "storage_fee", aliases: []string{"存储费", "存储费用"}, kind: chat.Money, scope: vendorKey, line: tco.Storage, part: fee, example: "600",
		en: "storage ¥ a month (0 or included when free)", zh: "每月存储费（元，免费写0或含）"},

	{name: "snapshot", aliases: []string{"snapshots", "快照"}, kind: chat.Plain, scope: vendorKey, line: tco.Snapshots, part: bare, example: "500",
		en: "ambiguous (GB or ¥?): write snapshot_gb= with snapshot_price=, or snapshot_fee=", zh: "有歧义（GB还是元？）：请写 快照量= 和 快照单价=，或 快照费="},
	{name: "snapshot_price", aliases: []string{"快照单价", "快照价格"}, kind: chat.Money, scope: vendorKey, line: tco.Snapshots, part: unitPrice, example: "0.2",
		en: "¥ per GB-month of snapshots", zh: "快照单价（元/GB/月）"},
	{name: "snapshot_fee", aliases: []string{"快照费", "快照费用"}, kind: chat.Money, scope: vendorKey, line: tco.Snapshots, part: fee, example: "300",
		en: "snapshots ¥ a month", zh: "每月快照费（元）"},

	{name: "egress", aliases: []string{"egress_amount"}, kind: chat.Plain, scope: vendorKey, line: tco.Egress, part: bare, example: "3000",
		en: "ambiguous (GB or ¥?): write egress_gb= with egress_price=, or egress_fee=", zh: "有歧义（GB还是元？）：请写 流量= 和 流量单价=，或 流量费="},
	{name: "egress_price", aliases: []string{"流量单价", "流量价格", "公网流量单价"}, kind: chat.Money, scope: vendorKey, line: tco.Egress, part: unitPrice, example: "0.8",
		en: "¥ per GB of egress", zh: "流量单价（元/GB）"},
	{name: "egress_fee", aliases: []string{"流量费", "流量费用", "公网流量费"}, kind: chat.Money, scope: vendorKey, line: tco.Egress, part: fee, example: "2400",
		en: "egress ¥ a month", zh: "每月流量费（元）"},

	{name: "intranet", aliases: []string{"内网"}, kind: chat.Plain, scope: vendorKey, line: tco.Intranet, part: bare, example: "5000",
		en: "ambiguous (GB or ¥?): write intranet_gb= with intranet_price=, or intranet_fee=", zh: "有歧义（GB还是元？）：请写 内网流量= 和 内网单价=，或 内网费="},
	{name: "intranet_quota", aliases: []string{"内网额度", "免费额度", "内网免费额度", "intranet_free"}, kind: chat.GB, scope: vendorKey, line: tco.Intranet, part: quota, example: "2000",
		en: "free intranet GB a month", zh: "每月内网免费额度（GB）"},
	{name: "intranet_price", aliases: []string{"内网单价", "内网价格"}, kind: chat.Money, scope: vendorKey, line: tco.Intranet, part: unitPrice, example: "0.5",
		en: "¥ per GB of intranet traffic past the quota", zh: "超出额度后的内网单价（元/GB）"},
	{name: "intranet_fee", aliases: []string{"内网费", "内网费用"}, kind: chat.Money, scope: vendorKey, line: tco.Intranet, part: fee, example: "0",
		en: "intranet ¥ a month", zh: "每月内网费用（元）"},

	{name: "support", aliases: []string{"支持费", "技术支持", "技术支持费", "支持", "运维费", "support_fee"}, kind: chat.Money, scope: vendorKey, line: tco.Support, part: fee, example: "2000",
		en: "support ¥ a month", zh: "每月技术支持费（元）"},
	{name: "licences", aliases: []string{"licence", "license", "licenses", "licence_fee", "授权", "许可", "授权费", "许可费", "镜像费"}, kind: chat.Money, scope: vendorKey, line: tco.Licences, part: fee, example: "0",
		en: "paid images and framework licences ¥ a month", zh: "付费镜像和框架授权，每月（元）"},
}

// keyIndex is specs as chat keys, indexed by every spelling (chat's one
// alias lookup); byName finds the spec of a canonical key.
var keyIndex, byName = func() (chat.KeyIndex, map[string]*keySpec) {
	ks := make([]chat.Key, len(specs))
	m := make(map[string]*keySpec, len(specs))
	for i, s := range specs {
		ks[i] = chat.Key{Name: s.name, Aliases: s.aliases, Kind: s.kind, Example: s.example}
		m[s.name] = &specs[i]
	}
	return chat.IndexKeys(ks), m
}()

// lookupKey finds the spec of a key as typed.
func lookupKey(k string) (*keySpec, bool) {
	ck, ok := keyIndex.Lookup(k)
	if !ok {
		return nil, false
	}
	return byName[ck.Name], true
}

// suggestKey returns the known key closest to a mistyped one, or "".
func suggestKey(k string) string {
	var cands []string
	for _, s := range specs {
		cands = append(cands, s.name)
		cands = append(cands, s.aliases...)
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
			"State the workload once, before the first vendor (hours, cards, storage_gb, egress_gb, snapshot_gb, intranet_gb, run_tokens); then label each vendor (A: or name=A) with its prices, vendors separated by ; or new lines. Values take units: 35元/时, 2TB, 0.8元/GB, 21k, 2b, 每天8小时.",
			"先在第一家之前写一次工作负载（时长、卡数、存储量、流量、快照量、内网流量、总tokens），再给每家写上名称（A: 或 名称=A）和它的价格，各家之间用 ; 或换行分开。数值可带单位：35元/时、2TB、0.8元/GB、21k、2b、每天8小时。"),
		Tables: []chat.Table{t},
		Data:   map[string]any{"command": "quote", "keys": keyNames()},
	}
}

// keyDocs are the keys for help quote: the workload's, stated once before
// the first vendor, then each vendor's after its name.
func keyDocs() []*chat.Command {
	var work, vendor []chat.Key
	for _, s := range specs {
		k := chat.Key{Name: s.name, Aliases: s.aliases, Kind: s.kind, Example: s.example,
			Help: map[chat.Lang]string{chat.EN: s.en, chat.ZH: s.zh}}
		if s.scope == workloadKey {
			work = append(work, k)
		} else {
			vendor = append(vendor, k)
		}
	}
	return []*chat.Command{
		{Name: "workload", Aliases: []string{"工作负载"}, Keys: work, Summary: map[chat.Lang]string{
			chat.EN: "what the team runs, once, before the first vendor", chat.ZH: "团队的用量，只写一次，放在第一家供应商之前"}},
		{Name: "vendor", Aliases: []string{"供应商"}, Keys: vendor, Summary: map[chat.Lang]string{
			chat.EN: "each vendor: NAME: key=value ..., vendors separated by ; or new lines", chat.ZH: "每家供应商：名称: key=value ……，各家之间用 ; 或换行分开"}},
	}
}
