package checklist

import (
	"strings"
	"unicode/utf8"
)

// trap is a clear answer that is a known bad one (docs/checklist.md#traps):
// it makes an item Risk (or, with vague set, Vague with its own reason)
// instead of Covered, however concrete it reads.
type trap struct {
	// when: one of these stated positively ("逻辑删除", "business hours
	// only"); a negated one ("非翻新", "not refurbished") is not the trap.
	when []string
	// neg: one of these negated ("没有NVLink", "not yet ISO 27001").
	neg []string
	// unless: the window also holds one of these signals (a commitment that
	// answers the trap: "逻辑删除后物理销毁").
	unless []signal
	// vague: the trap makes the item Vague, not Risk ("流量不限" has no
	// bandwidth number: vague at best).
	vague bool
	why   Text
}

// negators turn the term after them into its opposite. Chinese ones may be
// followed by a verb (没有配备NVLink, 不提供序列号); English ones by a few
// words (does not support NVLink, not yet ISO 27001 certified).
var negators = []string{"没有", "没", "无", "不", "未", "暂不", "暂无", "非", "禁止", "拒绝", "~no~", "~not~", "~without~", "n't~", "~never~", "~none~", "~cannot~",
	"~dont~", "~doesnt~", "~didnt~", "~cant~", "~wont~", "~isnt~", "~arent~"} // chat drops the apostrophe

// notNegators begin with a negator but do not negate what follows
// (不仅 = not only, 不限 = unlimited, 无需 = no need).
var notNegators = []string{"不是不", "不含税", "不含增值税", "不仅", "不只", "不止", "不限", "无限", "无论", "无需", "无须", "不用", "非常", "不错", "不会丢", "无忧", "不同", "不间断", "不断", "无缝", "不超过", "不低于", "不少于", "不高于", "不大于", "不小于", "无损", "无阻塞", "不掉", "不丢", "未来", "无线", "不定期", "非工作", "没压力", "没问题", "没毛病", "没事", "没得说", "不在话下", "~not only", "~not just", "~no matter", "~no need", "~no extra", "~no additional", "~no problem", "~no later than", "~not later than", "~not more than", "~no more than", "~not exceed"}

// negLookback is how far before a term a negator may stand, in bytes of
// normalized text: four Chinese characters or about three English words.
const negLookback = 16

// negatedAt reports whether the term at s[i:] is negated: a negator ends at
// most negLookback bytes before i, in the same clause.
func negatedAt(s string, i int) bool {
	lo := max(i-negLookback, 0)
	if nl := strings.LastIndexByte(s[lo:i], '\n'); nl >= 0 {
		lo += nl + 1
	}
	span := s[lo:i]
	for _, x := range negators {
		t := parseTerm(x)
		off := 0
		for {
			j := t.find(span[off:])
			if j < 0 {
				break
			}
			j += off
			// "不是不支持IB" (it is not that IB is unsupported): 不是 cancels the negator after it
			if !startsAny(s[lo+j:], notNegators) && !strings.HasSuffix(s[:lo+j], "不是") && t.boundaryOK(s, lo+j) && !postNegator(s, lo+j, lo+j+len(t.text)) {
				return true
			}
			off = j + 1
		}
	}
	return false
}

// postNegator reports whether the Chinese negator at s[i:end] denies the
// word before it and ends its thought, as chat writes it: "IB没有 走的RoCE
// 200G", "IB 没有 RoCE有" (IB is absent; RoCE is not negated). Only after a
// Latin word (a product name) and before a space or a particle; "卡间没有
// NVLink", "A100没有NVLink" and "没有 发票" still negate what follows.
func postNegator(s string, i, end int) bool {
	if i == 0 || s[i] < utf8.RuneSelf {
		return false
	}
	before := strings.TrimRight(s[:i], " ")
	if before == "" || !isWordByte(before[len(before)-1]) {
		return false
	}
	for _, v := range []string{"有", "带", "配"} { // 没 of 没有, 不 of 不带
		if strings.HasPrefix(s[end:], v) {
			end += len(v)
			break
		}
	}
	if end >= len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[end:])
	return r == ' ' || r == '\n' || strings.ContainsRune("的哈哦呢啊,，", r)
}

// startsAny reports whether s starts with one of the terms (boundaries on
// the right are checked).
func startsAny(s string, terms []string) bool {
	for _, x := range terms {
		t := parseTerm(x)
		if strings.HasPrefix(s, t.text) && t.boundaryOK(s, 0) {
			return true
		}
	}
	return false
}

// occurrences calls f with the start and end of every occurrence of one of
// terms in s, respecting boundaries, until f returns true.
func occurrences(s string, terms []string, f func(i, end int) bool) bool {
	for _, x := range terms {
		t := parseTerm(x)
		off := 0
		for off < len(s) {
			j := t.find(s[off:])
			if j < 0 {
				break
			}
			end := off + j + len(t.text)
			if f(off+j, end) {
				return true
			}
			off = end
		}
	}
	return false
}

// containsAffirmed reports whether one of terms occurs in s not negated,
// before it or by a denial after it ("InfiniBand is not available").
func containsAffirmed(s string, terms []string) bool {
	return occurrences(s, terms, func(i, end int) bool { return !negatedAt(s, i) && !deniedAfter(s, end) })
}

// containsNegated reports whether one of terms occurs in s negated, before
// it ("没有NVLink") or after it ("RDMA is not available", "IB暂不支持").
func containsNegated(s string, terms []string) bool {
	return occurrences(s, terms, func(i, end int) bool { return negatedAt(s, i) || deniedAfter(s, end) })
}

// denials after a term say it is not there. Only these: "X is not billed"
// answers a question, it does not deny X.
var denials = []string{"~not available", "~not supported", "~not offered", "~not provided", "~unavailable", "~isn't available", "~aren't available", "~isn't supported", "~aren't supported", "暂不支持", "不支持", "暂不提供", "不提供", "暂无", "无法提供", "还没有", "~n/a~"}

// deniedAfter reports whether a denial follows the term ending at end,
// within negLookback bytes (after "is", "are" and the like) in its clause.
func deniedAfter(s string, end int) bool {
	hi := min(end+negLookback+8, len(s))
	if nl := strings.IndexByte(s[end:hi], '\n'); nl >= 0 {
		hi = end + nl
	}
	if containsAny(s[end:hi], denials) {
		return true
	}
	// chat puts the denial last in its clause: "nvlink没有的哈", "NVLink不带的"
	cl := len(s)
	if nl := strings.IndexByte(s[end:], '\n'); nl >= 0 {
		cl = end + nl
	}
	trim := func(x string) string {
		cut := func(r rune) bool { return strings.ContainsRune(" ,:：~!。的哈哦呢啊呀滴-?？", r) }
		x = strings.TrimFunc(x, cut)
		for _, a := range []string{"a:", "a：", "答：", "答:"} { // "Q: NVLink? A: No."
			if v, ok := strings.CutPrefix(x, a); ok {
				x = strings.TrimFunc(v, cut)
			}
		}
		return x
	}
	w := end
	for w < cl && isWordByte(s[w]) {
		w++ // the rest of the word: "encrypt" of "encryption: none", "snapshot" of "snapshots: no"
	}
	switch rest := trim(s[w:cl]); rest {
	case "no", "none", "nope": // a spec sheet's "NVLink: No", "Encryption - none"
		return true
	}
	rest := trim(s[end:cl])
	if sp := strings.IndexByte(rest, ' '); sp >= 0 {
		rest = trim(rest[:sp]) // a chat message's next thought: "nvlink没有的哈 都是pcie"
	}
	switch rest {
	case "没有", "没", "无", "不带", "没配", "没有配", "也没有", "是没有", "暂时没有", "目前没有", "这个没有":
		return true
	}
	return false
}

// sprung reports whether the trap holds in a window's normalized text,
// unless the rest of the answer (claims: every clause that is not a
// question or quoted) settles it ("account manager in business hours;
// 24/7 on-call engineers, 15-minute response").
// negs says whether txt holds a negator at all (without one, nothing is
// negated and the plain search is enough).
func (t *trap) sprung(txt, claims string, negs bool) bool {
	if negs && !containsAffirmed(txt, t.when) && !containsNegated(txt, t.neg) || !negs && !containsAny(txt, t.when) {
		return false
	}
	for i := range t.unless {
		if t.unless[i].holds(claims) {
			return false
		}
	}
	return true
}
