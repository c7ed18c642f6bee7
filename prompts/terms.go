package prompts

import "strings"

// The objects of a commitment (docs/drafting.md#meaning-clause-by-clause): what
// is delivered, through which channel, when and where. Each term of a
// template part must come back in the draft's part, in any of its words
// (either language): "including nights, weekends and public holidays"
// without weekends, "by phone or instant message" without the phone, "as a
// credit or as a refund" without the refund each change the promise while
// every number and modal stays.

// termGroups are the terms, each a list of words that name it (folded;
// English ones on word boundaries, * at the end for a word's start).
var termGroups = [][]string{
	{"night*", "夜间", "晚上", "深夜", "夜里"},
	{"weekend*", "周末", "双休日"},
	{"holiday*", "节假日", "假日", "假期"},
	{"phone*", "telephone*", "call*", "电话", "致电"},
	{"instant messag*", "im", "chat", "即时通讯", "即时消息", "即时通信"},
	{"ticket*", "工单"},
	{"standby", "spare", "备用机", "备机", "备用"},
	{"refund*", "退款", "退还"},
	{"credit*", "抵扣", "返还", "抵用", "冲抵"},
	{"invoice*", "bill*", "账单", "发票"},
	{"snapshot*", "快照"},
	{"image*", "镜像"},
	{"backup*", "备份"},
	{"certificate*", "certif*", "证明", "认证"},
	{"written", "in writing", "writing", "书面"},
	{"physical*", "物理"},
	{"region*", "地域", "区域", "地区"},
	{"consent*", "同意"},
	{"border*", "cross-border", "跨境", "境外", "出境"},
	{"subcontractor*", "分包商", "分包"},
	{"staff", "employee*", "personnel", "员工", "人员"},
	{"leak*", "泄露", "泄漏"},
	{"unauthori*", "未授权", "未经授权"},
	{"interconnect*", "互联"},
	{"checkpoint*", "检查点"},
	{"price difference", "difference in price", "差价"},
	{"minimum term", "最短租期", "最低租期"},
	{"egress", "出网"},
	{"intranet", "internal network", "内网"},
	{"metered", "per traffic", "by traffic", "按流量"},
	{"engineer*", "工程师"},
	{"tcp"}, {"udp"}, {"nvlink*"}, {"nvswitch*"}, {"nvme"}, {"hdd"},
	{"upgrade*", "升级"},
	{"in full", "fully", "全额", "全部返还"},
	{"whole", "entire", "full duration", "整个", "全程", "持续期间"},
	{"minute*", "min", "mins", "分钟", "half an hour", "half-hour", "half hour", "半小时", "半个小时"},
	{"hour*", "hr", "hrs", "h", "小时", "钟头"},
	{"term", "contract period", "合同期", "租期", "期内"},
	{"nvidia-smi"},
	{"order amount", "order value", "订单金额", "订单费用"},
	{"exact*", "precise*", "具体", "确切", "准确"},
	{"migrat*", "迁移"},
	{"fee*", "费用"},
	{"choice", "choose*", "option", "选择"},
	{"compensat*", "赔偿", "补偿"},
	{"respon*", "响应"},
	{"report*", "报障", "报修", "报告"},
	{"node*", "节点"},
	{"host*", "server*", "machine*", "主机", "服务器", "机器"},
}

// clauseTermGroups are checked in the numbered clauses only: "every fault
// report", "all customer data" commit to all of them, while "answer each
// question" in a letter's prose is only a request.
var clauseTermGroups = [][]string{
	{"all", "every", "each", "any", "全部", "所有", "任何", "每个", "每一", "一切"},
}

// termPresent: one of the words of a term is in folded text.
func termPresent(s string, words []string) bool {
	for _, w := range words {
		prefix := strings.HasSuffix(w, "*")
		w = strings.TrimSuffix(w, "*")
		if w[0] >= 0x80 {
			if strings.Contains(s, w) {
				return true
			}
			continue
		}
		for off := 0; ; {
			k := strings.Index(s[off:], w)
			if k < 0 {
				break
			}
			at, end := off+k, off+k+len(w)
			if (at == 0 || !isWordByte(s[at-1])) && (prefix || end == len(s) || !isWordByte(s[end])) {
				return true
			}
			off = end
		}
	}
	return false
}

// droppedTerm returns the first term of the template part that the draft's
// part no longer names (as the template names it), or "". clause says the
// part is a numbered clause.
func droppedTerm(ref, cand string, clause bool) string {
	groups := termGroups
	if clause {
		groups = append(append([][]string{}, termGroups...), clauseTermGroups...)
	}
	for _, g := range groups {
		if termPresent(ref, g) && !termPresent(cand, g) && !unitStays(cand, g) {
			for _, w := range g { // named as the template names it
				if termPresent(ref, []string{w}) {
					return strings.TrimSuffix(w, "*")
				}
			}
		}
	}
	return ""
}

// unitStays: a term of minutes or hours is still there as a quantity's
// unit (30分 for 30分钟, 4h for 4小时).
func unitStays(cand string, g []string) bool {
	var unit string
	switch g[0] {
	case "minute*":
		unit = "min"
	case "hour*":
		unit = "h"
	default:
		return false
	}
	for _, p := range quantities(cand) {
		if p.q.unit == unit {
			return true
		}
	}
	return false
}
