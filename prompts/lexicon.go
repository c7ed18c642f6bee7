package prompts

import (
	"sort"
	"strings"
	"unicode/utf8"

	"gpuadvisor/advisor"
)

// Meaning by words (docs/drafting.md#meaning-clause-by-clause): a rewording may change how a
// clause is said, not what it commits to. The phrases below each belong to
// one category; a draft may hold a category no more often, clause by
// clause, than the template it rewords (directions: exactly as often).
// Text is scanned once, longest phrase first, so "not more than" is one cap
// and not a negation plus "more than", and 不超过 is not 超过.

// lexCat is the category of a phrase.
type lexCat string

// The categories, each named for the check that reports it; dir: ones are
// the direction classes, compared both ways; neutral phrases only stop a
// shorter phrase from matching inside them (可用 is not 可).
const (
	catModal          lexCat = CheckModal
	catExclusion      lexCat = CheckExclusion
	catCap            lexCat = CheckCap
	catWaiver         lexCat = CheckWaiver
	catChoice         lexCat = CheckChoice
	catResponsibility lexCat = CheckResponsibility
	catCondition      lexCat = CheckCondition
	catInstruction    lexCat = CheckInstruction
	catContact        lexCat = CheckContact
	catNeutral        lexCat = "neutral"
	dirUp             lexCat = "dir:up"
	dirDown           lexCat = "dir:down"
	dirBefore         lexCat = "dir:before"
	dirAfter          lexCat = "dir:after"
	dirInstead        lexCat = "dir:instead"
	dirAddition       lexCat = "dir:addition"
	dirSwitch         lexCat = "dir:switch"
	dirKeep           lexCat = "dir:keep"
	// dirCNY and dirUSD are the currencies, compared both ways: 元 → 美元
	// changes a price as much as a number does.
	dirCNY lexCat = "dir:cny"
	dirUSD lexCat = "dir:usd"
	// dirFX are the other currencies (¥ is also the yen: JPY, 円).
	dirFX lexCat = "dir:fx"
	// dirFree is what costs nothing (at no charge, 免费): added it is a
	// promise, dropped a charge.
	dirFree lexCat = "dir:free"
	// dirBy is a price lowered by an amount (down by ¥X), where the
	// template lowers it to one (down to ¥X, dirDown).
	dirBy lexCat = "dir:by"
	// dirPCIe and dirSXM are the card's form factor (A100 PCIe is not A100
	// SXM).
	dirPCIe lexCat = "dir:pcie"
	dirSXM  lexCat = "dir:sxm"
	// dirNext moves a promise to a later term (when the next term ends).
	dirNext    lexCat = "dir:next"
	catPromise lexCat = CheckPromise
	// dirUnless is a condition that turns on its negative (unless,
	// 除非……否则): dropped or turned into "if" it reverses what follows,
	// so it is compared both ways, and reported as a condition.
	dirUnless lexCat = "dir:unless"
	// catScope narrows what a commitment covers (the first card, critical
	// faults, remote support, 部分磁盘); catHost makes a card's commitment
	// or price one of a node (per node, 每台). Both are reported as scope.
	catScope lexCat = CheckScope
	catHost  lexCat = "scope:host"
	// catStart moves a deadline from the end of the work to its start
	// (replaced within 4 hours → starts to be replaced; 完成更换 → 开始更换).
	catStart lexCat = "start"
)

// lexicon lists (built for lexByFirst, once) the phrases of each category, folded (lower case). English
// phrases match whole words; one ending in * matches as a word's start.
func lexicon() map[lexCat][]string {
	return map[lexCat][]string{
		catModal: {
			"should", "may", "might", "can", "could", "would", "will try", "try to", "tries to", "try", "attempt to", "attempts to",
			"aim to", "aims to", "endeavour to", "endeavours to", "endeavor to", "endeavors to", "seek to", "seeks to", "hope to", "hopes to",
			"is expected to", "are expected to", "expects to", "where possible", "if possible", "as far as possible", "best effort*",
			"reasonable effort*", "make every effort", "makes every effort", "recommended", "recommends", "suggests", "ideally", "optionally",
			"as soon as possible", "as soon as practicable", "as soon as reasonably practicable", "asap", "promptly", "in a timely manner",
			"可", "可以", "可能", "尽量", "争取", "原则上", "力争", "尽力", "尽可能", "建议", "希望", "最好", "酌量", "有望", "尽快", "及时",
			"reserves the right", "reserve the right", "has the right", "have the right", "is entitled to", "are entitled to", "is allowed to",
			"is permitted to", "has the option", "will consider", "consider", "considers", "considering", "plans to", "intends to", "is willing to",
			"能", "能够", "有权", "保留权利", "考虑", "愿意", "计划", "允许",
			"is able to", "are able to", "be able to", "capable of", "有能力",
			"preferably", "is targeted to", "are targeted to", "targeted", "is intended to", "are intended to", "offers to", "offer to",
			"宜", "力求", "预计", "预期", "目标是", "目标为", "为目标", "拟", "努力", "设法", "倾向于", "尽早", "适时", "择机",
		},
		catNeutral: {
			"可用", "不可", "可靠", "认可", "许可", "可见", "可视", "可控", "可信", "可供", "可否", "能否", "可行性", "可追溯",
			"不能", "无法", "性能", "功能", "能力", "智能", "节能", "算力", "计划内", "元旦", "元素", "单元", "多元", "元件", "元数据",
			"can no longer", "may not", "cannot", "must not", "shall not", "will not", "no longer",
			"thanks in advance", "thank you in advance", "would be grateful", "would appreciate", "would like", "if you could",
			"could you", "would you", "can you", "we'd like",
			"当前", "目前", "前述", "前面", "前往", "前端", "前期", "最后", "然后", "后续", "随后", "背后", "后台", "今后", "后果",
			"便宜", "适宜", "事宜", "模拟", "虚拟", "草拟", "拟定", "只需", "仅需", "只是", "首先", "若干", "平台", "前台", "柜台",
			"视频", "视为", "视同", "视图", "视觉", "视角", "视野", "重视", "监视", "电视", "审视", "正视", "注视", "巡视",
			"删除", "清除", "消除", "去除", "除以", "解除", "移除", "拆除", "根除",
		},
		catExclusion: {
			"excluding", "exclude", "excludes", "excluded", "exclusion*", "except", "except for", "excepting", "other than", "save for",
			"not including", "exclusive of", "does not cover", "do not cover", "not covered", "with the exception of", "outside of", "outside", "does not apply", "do not apply",
			"apart from", "aside from", "does not include", "do not include", "excepted",
			"以外", "范围外", "除外", "不含", "不包括", "不包含", "除了", "排除", "不在此列", "不适用", "例外", "不计入",
			"barring", "force majeure", "act of god", "acts of god", "minus", "net of", "不可抗力", "剔除",
			"除", // 除计划维护外: 除 and 外 apart
		},
		catCap: {
			"up to", "limited to", "capped", "cap of", "capped at", "ceiling", "maximum of", "a maximum", "not to exceed", "shall not exceed", "will not exceed",
			"in total", "in aggregate", "total liability", "aggregate liability", "at the most", "maximum", "capped to", "no greater than",
			"once a month", "once per", "only once", "at most once", "one claim", "per incident", "仅限一次", "每月一次", "仅一次", "一次为限", "每月最多",
			"上限", "为限", "封顶", "最高不超过", "累计不超过", "以内", "总额不超过", "合计不超过", "最高", "总计不超过",
		},
		catWaiver: {
			"waive", "waives", "waived", "waiver", "waiving", "forgo", "forgoes", "forego", "foregoes", "give up", "gives up", "relinquish*",
			"renounce*", "release from", "releases", "accept all", "accepts all", "not binding", "non-binding", "prevail", "prevails", "supersede*", "for reference only",
			"take precedence", "takes precedence", "precedence over", "优先于",
			"放弃", "豁免", "免除", "不再追究", "不予追究", "接受贵方全部", "接受全部", "同意全部", "仅供参考", "不具约束力", "无约束力", "为准",
			"void", "null and void", "standard terms", "general terms", "terms and conditions", "terms of service", "own terms", "policy", "policies",
			"作废", "相关规定", "有关规定", "的规定", "规定执行", "政策",
			"placeholder*", "for illustration", "illustrative", "indicative", "tentative", "provisional", "示意", "暂定", "待定",
		},
		catChoice: {
			"choice", "choose", "chooses", "chosen", "discretion", "decide", "decides", "decided", "option", "elect", "elects",
			"goodwill", "good will", "gesture", "discuss", "discusses", "discussed", "discussion", "negotiate", "negotiates", "negotiated",
			"good faith", "amicabl*", "consult", "consults", "mutually agree*", "to be agreed", "case by case", "case-by-case",
			"选择", "决定", "酌情", "协商", "商议", "商定", "友好", "善意", "另行约定", "另议", "另签", "补充协议", "视情况", "视具体情况", "自主", "自主选择", "自行选择",
		},
		catResponsibility: {
			"exempt", "exempted", "exemption", "own risk", "own cost", "own expense", "sole responsibility", "solely responsible",
			"indemnif*", "hold harmless", "bears the risk", "bear the risk", "at its own", "at their own", "at the customer's own",
			"自行", "免责", "免于", "概不负责", "不承担", "不负责", "风险自担", "自负", "自担",
		},
		catCondition: {
			"provided that", "providing that", "subject to", "only if", "only when", "on condition", "conditional on",
			"conditioned on", "as long as", "in the event that", "stock allows", "stock permits", "capacity allows", "resources allow",
			"if in stock", "while stocks last", "gross negligence", "wilful misconduct", "willful misconduct", "库存允许", "资源允许", "有货", "重大过失", "故意", "where feasible", "if feasible", "where practicable", "in principle", "contingent on", "depending on",
			"applies only", "only applies", "only apply", "applicable only", "if and only if",
			"前提是", "前提下", "前提", "条件是", "仅限", "只限", "限于", "须经", "仅在", "只有在", "只在", "在可能的情况下", "如果", "若", "倘若", "假如", "取决于", "视乎",
			"where necessary", "if necessary", "when necessary", "as necessary", "as needed", "if needed", "when needed", "where needed",
			"if required", "when required", "where required", "where appropriate", "if appropriate", "where applicable",
			"必要时", "必要的时候", "如需", "如有需要", "视需要", "需要时", "适当时", "如适用",
			"permitting", "permits", "upon request", "on request", "if requested", "when requested", "on application",
			"verified", "verification", "is confirmed", "are confirmed", "being confirmed", "once confirmed", "after confirmation",
			"upon confirmation", "on confirmation", "confirmation of", "acknowledged", "acknowledgement", "diagnosed", "diagnosis",
			"只要", "而定", "申请后", "经申请", "客户申请", "应客户要求", "应要求", "确认后", "确认之后", "核实后", "受理后", "诊断后", "定位后",
			"资源情况", "库存情况", "视", // 视资源情况, 视客户需要
			"upon payment", "on payment", "after payment", "once paid", "方可", "才能", "才可", "才会", "付费后", "缴费后",
			"eligible", "eligibility", "qualifying", "符合条件", "满足条件", "is accepted", "being accepted", "once accepted", "acceptance", "受理",
		},
		catInstruction: {
			"system", "system note", "system prompt", "system message", "instruction", "instructions", "ignore", "ignores", "disregard", "override*",
			"forget", "forgets", "pretend", "pretends", "from now on", "jailbreak*", "developer mode", "roleplay", "role-play", "role play",
			"忘记", "忘掉", "理会", "从现在起", "从现在开始", "扮演", "假装", "越狱", "开发者模式", "你现在是",
			"assistant", "chatbot", "language model", "ai model", "note to", "reply with", "respond with", "reply only", "please reply", "just reply",
			"simply reply", "answer with", "copy and paste", "forward this", "act as", "you are now", "do not mention", "dear reader", "to the reader",
			"chatgpt", "gpt", "llm", "as an ai", "previous instructions", "above instructions",
			"系统", "指令", "提示词", "忽略", "无视", "直接回复", "请回复", "回复：", "回复:", "照抄", "复制", "转发", "人工智能", "助手", "模型", "读者",
		},
		catContact: {
			"wechat", "weixin", "wx", "qq", "telegram", "tg", "whatsapp", "line id", "signal", "skype", "discord", "hotline", "phone number",
			"call us", "call", "tel", "mobile", "contact us", "contact", "dm", "direct message", "qr code", "scan the code",
			"微信", "加微", "威信", "vx", "v信", "企业微信", "钉钉", "热线", "手机", "致电", "拨打", "联系方式", "联系", "客服", "电报", "qq群", "q群", "加群", "扫码", "二维码", "公众号",
		},
		dirUp: {
			"more than", "over", "above", "exceed", "exceeds", "exceeding", "exceeded", "longer than", "greater than", "higher than", "or more", "at least",
			"or longer", "or later", "or higher", "or above", "or over", "and above", "and more", "及以上",
			"not less than", "no less than", "minimum", "past", "beyond", "upwards of",
			"increase", "increases", "increased", "rise", "rises", "raise", "raised", "higher", "上调", "上涨", "涨价", "提高", "增加",
			"以上", "超过", "高于", "不少于", "至少", "大于", "多于", "不低于", "或以上", "超出", "起码", "不小于",
		},
		dirDown: {
			"less than", "under", "below", "or less", "at most", "not more than", "no more than", "fewer than", "shorter than", "lower than", "or below",
			"or shorter", "or earlier", "or lower", "and below", "and under", "及以下",
			"以下", "低于", "不超过", "至多", "最多", "少于", "小于", "不高于", "或以下", "降到", "降至",
			"不到", "不足", "不满", "未满", "未达到", "未超过", "不多于", "不大于",
			"down to", "reduced to", "lowered to", "cut to", "drops to", "falls to",
			"decrease", "decreases", "decreased", "reduce", "reduces", "reduced", "lower", "lowered", "cheaper", "下调", "降价", "降低", "减少",
		},
		dirBefore: {
			"before", "prior to", "ahead of", "earlier than", "in advance",
			"前", "以前", "之前", "提前", "事先", "预先", "早于", "不晚于", "不迟于",
		},
		dirAfter: {
			"after", "later than", "afterwards", "thereafter", "later", "afterward",
			"后", "之后", "以后", "此后", "晚于", "迟于", "不早于",
		},
		dirInstead: {
			"instead of", "instead", "rather than", "in place of", "in lieu of", "in exchange for",
			"代替", "而不是", "取代", "替代", "抵消", "作为替代",
		},
		dirAddition: {
			"in addition to", "on top of", "as well as", "not only", "not just", "not merely", "not simply", "besides", "additionally",
			"不仅仅", "不仅是", "不止是",
			"不影响", "另外", "此外", "之外", "额外", "而不只是", "不只是", "不仅", "不只", "除此之外", "除此以外",
		},
		dirSwitch: {
			"switch to", "switch", "move to", "moving to", "change to", "terminate", "cancel", "not renew", "end the contract",
			"改为", "转为", "换成", "切换", "终止", "取消", "不再续约", "改用", "迁出", "移出", "转出",
		},
		dirCNY: {
			"¥", "￥", "rmb", "cny", "yuan", "renminbi", "人民币", "元", "块钱",
		},
		dirUSD: {
			"$*", "us$*", "usd", "dollar", "dollars", "美元", "美金",
		},
		dirFree: {
			"free", "free of charge", "at no charge", "no charge", "at no cost", "at no extra cost", "without charge", "complimentary",
			"免费", "不收费", "不另收费", "不额外收费", "无偿",
		},
		catPromise: {
			"exclusiv*", "sole supplier", "sole provider", "only supplier", "only provider", "bonus", "gift", "gifts", "extra credit*", "free credit*",
			"auto-renew*", "automatic renewal", "automatically renew*", "renews automatically", "renew automatically", "auto renew*",
			"accepted your offer", "accept your offer", "accepts your offer", "already accepted", "have accepted", "has accepted",
			"will sign", "we agree to", "agreed to", "prepay*", "upfront", "up-front", "up front", "we accept", "we will accept", "at the current price", "at the same price",
			"sign", "signs", "signed", "signing", "signature", "automatic*", "final version", "agreed by", "finalised", "finalized",
			"proceed with", "go ahead with", "happy with your offer", "satisfied with", "plan to proceed", "we will proceed", "pay in advance", "guarantee*", "guaranteed", "priority", "unlimited", "lifetime",
			"独家", "排他", "独占", "唯一供应商", "赠送", "赠", "附送", "奖励", "自动续约", "自动续期", "自动续费", "自动延期", "接受贵方", "已接受",
			"同意签署", "签署", "预付", "一次性付清", "一次性支付", "接受报价", "接受该报价", "同意续约", "按原价", "签约", "续签", "自动", "最终版", "定稿", "满意", "决定采用", "决定选择", "确定合作", "预缴", "保证", "优先", "无限", "永久", "终身",
		},
		dirBy: {
			"down by", "reduced by", "lowered by", "cut by", "drops by", "falls by", "a discount of", "discounted by",
			"降低了", "下调了",
		},
		dirPCIe: {"pcie", "pci-e", "pci express"},
		dirFX: {
			"jpy", "yen", "円", "日元", "eur", "euro", "euros", "€", "欧元", "hkd", "hk$*", "港币", "港元", "gbp", "£", "英镑",
		},
		dirNext:   {"next term", "following term", "next contract", "next year", "next cycle", "another year", "another term", "one more year", "下一期", "下期", "下一个合同期", "下个合同期", "下一周期", "明年"},
		dirSXM:    {"sxm", "sxm4", "sxm5", "nvl"},
		dirUnless: {"unless", "otherwise", "除非", "否则", "不然", "要不然"},
		catScope: {
			"only", "solely", "merely", "the first", "a first", "primary", "main", "critical", "severe", "major", "serious", "urgent", "p0", "p1",
			"remote", "remotely", "selected", "certain", "some of", "partial", "partially", "a portion of", "portion of",
			"direct", "completely", "entirely", "totally", "core", "essential", "直接损失", "直接经济损失", "完全", "彻底", "核心", "关键",
			"仅", "只", "首", "首张", "首个", "首批", "第一", "部分", "个别", "某些", "特定", "主要", "严重", "紧急", "一级", "远程", "线上",
		},
		catStart: {"start to", "starts to", "started", "begin", "begins", "begun", "commence*", "initiate*", "开始", "启动", "着手", "开展"},
		catHost: {
			"node", "nodes", "node-hour", "node-month", "per node", "per host", "per server", "per machine", "/node", "/host",
			"节点", "每台", "台时", "台/时", "/台", "单机", "每机", "整机",
		},
		dirKeep: {
			"keep", "keeps", "continue", "continues", "stay on", "remain on", "stays", "stay", "remains", "remain", "retain*", "continuing", "continued", "kept", "stored",
			"继续", "保持", "维持", "留在", "保留",
		},
	}
}

// lexEntry is one phrase of the lexicon.
type lexEntry struct {
	phrase string
	cat    lexCat
	prefix bool // matches as the start of a word
	ascii  bool // an English phrase: matched on word boundaries
}

// lexByFirst holds the entries by their first byte, longest first.
var lexByFirst = advisor.Lazy[map[byte][]lexEntry]{New: func() map[byte][]lexEntry {
	m := map[byte][]lexEntry{}
	for cat, phrases := range lexicon() {
		for _, p := range phrases {
			e := lexEntry{phrase: p, cat: cat}
			if strings.HasSuffix(p, "*") {
				e.phrase, e.prefix = strings.TrimSuffix(p, "*"), true
			}
			e.ascii = e.phrase[0] < utf8.RuneSelf
			m[e.phrase[0]] = append(m[e.phrase[0]], e)
		}
	}
	for k := range m {
		sort.SliceStable(m[k], func(i, j int) bool {
			if len(m[k][i].phrase) != len(m[k][j].phrase) {
				return len(m[k][i].phrase) > len(m[k][j].phrase)
			}
			return m[k][i].phrase < m[k][j].phrase
		})
	}
	return m
}}

// lexHit is a phrase found in a text.
type lexHit struct {
	phrase string
	cat    lexCat
	// question marks a hit in a sentence that asks (ends in ? or ？):
	// "could you send" requests, it commits to nothing.
	question bool
}

func isWordByte(c byte) bool {
	return isLower(c) || c >= '0' && c <= '9' || c == '\'' || c >= 'A' && c <= 'Z'
}

// scanLexicon finds the lexicon's phrases in folded text, longest first,
// each character in at most one phrase.
func scanLexicon(s string) []lexHit {
	var out []lexHit
	sentStart := 0
	for i := 0; i < len(s); {
		if isSentenceEnd(s, i) {
			q := s[i] == '?' || strings.HasPrefix(s[i:], "？")
			for k := sentStart; q && k < len(out); k++ {
				out[k].question = true
			}
			sentStart = len(out)
		}
		matched := 0
		for _, e := range lexByFirst.Get()[s[i]] {
			if !strings.HasPrefix(s[i:], e.phrase) {
				continue
			}
			end := i + len(e.phrase)
			if e.ascii {
				if i > 0 && isWordByte(s[i-1]) {
					continue
				}
				if !e.prefix && end < len(s) && isWordByte(s[end]) {
					continue
				}
			}
			matched = len(e.phrase)
			if e.prefix { // the rest of the word is part of it
				for end < len(s) && isWordByte(s[end]) {
					end++
				}
				matched = end - i
			}
			if e.cat != catNeutral {
				out = append(out, lexHit{phrase: s[i : i+matched], cat: negated(s, i, e.cat)}) // exclusivity, not exclusiv
			}
			break
		}
		if matched > 0 {
			i += matched
			continue
		}
		_, n := utf8.DecodeRuneInString(s[i:])
		i += n
	}
	return out
}

// isSentenceEnd: the byte at i ends a sentence (. followed by a space or
// the end, ! ? 。！？ or a line break).
func isSentenceEnd(s string, i int) bool {
	switch s[i] {
	case '\n', '!', '?':
		return true
	case '.':
		return i+1 >= len(s) || s[i+1] == ' ' || s[i+1] == '\n'
	}
	return strings.HasPrefix(s[i:], "。") || strings.HasPrefix(s[i:], "？") || strings.HasPrefix(s[i:], "！")
}

// negated turns a direction the word before negates into its opposite:
// "not above" is down, "no later than" before, 不多于 down, 不早于 after.
// The phrases that hold their own negation (not more than, 不超过) are
// read whole and never reach here negated.
func negated(s string, i int, cat lexCat) lexCat {
	var flip lexCat
	switch cat {
	case dirUp:
		flip = dirDown
	case dirDown:
		flip = dirUp
	case dirBefore:
		flip = dirAfter
	case dirAfter:
		flip = dirBefore
	default:
		return cat
	}
	b := strings.TrimRight(s[:i], " ")
	for _, w := range []string{"不", "未", "没", "没有", "并不", "并未"} {
		if strings.HasSuffix(b, w) {
			return flip
		}
	}
	for _, w := range []string{"not", "no", "never"} {
		if strings.HasSuffix(b, w) && (len(b) == len(w) || !isWordByte(b[len(b)-len(w)-1])) && len(b) < i {
			return flip
		}
	}
	return cat
}
