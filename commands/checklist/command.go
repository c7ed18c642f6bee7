package checklist

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"gpuadvisor/advisor"
	cl "gpuadvisor/advisor/checklist"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// MaxTextBytes is the most pasted text `checklist check` reads: 100 KB.
const MaxTextBytes = 100 * 1024

// maxVendor bounds a vendor name.
const maxVendor = 40

// Command returns the checklist command.
func Command() *chat.Command {
	return &chat.Command{
		Name:    "checklist",
		Aliases: []string{"清单", "检查清单", "尽调清单", "尽调"},
		Summary: chat.Help("the due-diligence checklist; `checklist check <what sales said>` finds what they dodged", "尽调清单；`清单 检查 <销售的原话>` 找出对方回避了什么"),
		Examples: []string{
			"checklist",
			"checklist hardware",
			"checklist check We run high-spec hosts with A100s, 10GbE intranet and 7x24 support.",
			"清单 检查 我们是A100 80G SXM4，卡间NVLink 600GB/s，7x24小时值守，15分钟响应。",
			"checklist check --file answer.txt",
			"checklist check vendor=FastCompute 8x A100 80GB PCIe, no NVLink. Support is business hours only. Stopped instances are still billed for the GPU; ¥28/card-hour, billed per hour.",
			"checklist check full=yes 8卡H800 80G SXM5，NVLink全互联，按秒计费，公网流量0.8元/GB。",
			"清单 检查 机房在成都天府新区，一般来说延迟3ms左右；包月原则上1.35万/卡，包年可协商，计费按小时；坏卡尽量4小时内更换；实例释放后数据会妥善处理。",
		},
		ExampleZH: map[string]string{"We run high-spec hosts with A100s, 10GbE intranet and 7x24 support.": "我们提供高配A100主机，万兆内网，7x24小时服务。",
			"我们是A100 80G SXM4……": "我们是A100 80G SXM4……"},
		Subs: []*chat.Command{
			{Name: "checklist", Aliases: []string{"清单"}, Summary: map[chat.Lang]string{
				chat.EN: "every item by dimension; checklist <dimension> (hardware, network, billing, operations, security, trial, contract) or checklist <item id> (hw.gpu_model) for one",
				chat.ZH: "按维度列出全部条目；清单 <维度>（硬件、网络、计费、运维、安全、试用、合同）或 清单 <条目编号>（如 hw.gpu_model）只看一部分"}},
			checkDoc.Get(),
		},
		Writes: chat.Reads,
		Run:    run,
	}
}

// checkDoc documents checklist check; its name's last word and its aliases
// are the words that start it.
var checkDoc = advisor.Lazy[*chat.Command]{New: func() *chat.Command {
	return &chat.Command{Name: "checklist check", Aliases: []string{"检查", "核对", "review", "审查", "分析"}, Summary: map[chat.Lang]string{
		chat.EN: "the keys first, then what sales said (or --file answer.txt in the terminal)",
		chat.ZH: "先写参数，再粘贴销售的原话（终端里也可用 --file answer.txt）"},
		Keys: keytab.ChecklistCheck}
}}

func run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	if len(c.Args.Words) == 0 {
		if len(c.Args.Tokens) > 0 {
			return chat.Reply{}, usage(c.Lang, fmt.Sprint(tokenText(c.Args.Tokens[0])))
		}
		return listReply(c.Lang, cl.Dimensions()), nil
	}
	sub, rest, full := splitSub(c.Args.Original)
	if checkDoc.Get().Picks(sub) {
		if full || c.Args.Full { // --full anywhere, which the router takes off the line
			rest = "--full " + rest
		}
		return checkCommand(c, rest)
	}
	w := c.Args.Words[0]
	if d, ok := cl.ParseDimension(w); ok && len(c.Args.Words) == 1 {
		return listReply(c.Lang, []cl.Dimension{d}), nil
	}
	if it, ok := cl.Lookup(strings.ToLower(w)); ok && len(c.Args.Words) == 1 {
		return itemReply(c.Lang, it), nil
	}
	_, isDim := cl.ParseDimension(w)
	if _, isItem := cl.Lookup(strings.ToLower(w)); (isDim || isItem) && len(c.Args.Words) > 1 {
		// checklist hw.gpu_model extra: the first word is right, what follows is not
		return chat.Reply{}, chat.Invalidf(c.Lang, "checklist", "checklist "+w,
			"%s takes nothing after it, not %q; to check what sales said: checklist check <their text>",
			"%s 后面不需要别的词，不是 %q；要核对销售的原话，请用 清单 检查 <原话>", w, chat.Shown(c.Args.Words[1]))
	}
	return chat.Reply{}, usage(c.Lang, w)
}

func tokenText(t chat.Token) string {
	if t.Word != "" {
		return t.Word
	}
	return t.Key + "=" + t.Value
}

func usage(lang chat.Lang, word string) *chat.Error {
	return chat.Invalidf(lang, "checklist", "checklist check 我们是A100 80G SXM4，7x24小时值守，15分钟响应。",
		"I do not know %q here. Use: checklist; checklist <dimension> (hardware, network, billing, operations, security, trial, contract); checklist <item id> (hw.gpu_model); or checklist check <text pasted from sales>",
		"这里无法识别 %q。用法：清单；清单 <维度>（硬件、网络、计费、运维、安全、试用、合同）；清单 <条目编号>（如 hw.gpu_model）；或 清单 检查 <销售的原话>",
		chat.Truncate(word, 40))
}

// splitSub splits the text as typed after the command word into its first
// word (the sub-command) and the rest, read raw. A private flag before the
// sub-command is skipped, and --full there is reported; "检查：" and
// "check:" work too.
func splitSub(original string) (sub, rest string, full bool) {
	s := strings.TrimSpace(original)
	for {
		word, after := firstWord(s)
		switch word {
		case "--private", "私密", "-p":
		case "--full", "-full":
			full = true
		default:
			return word, strings.TrimLeft(after, " \t\r\n:："), full
		}
		s = strings.TrimSpace(after)
	}
}

func firstWord(s string) (string, string) {
	i := strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == ':' || r == '：' })
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i:]
}

// checkOptions are the keys read before the pasted text.
type checkOptions struct {
	vendor string
	// teamWide is scope=team: the kept check is seen in every channel of
	// the team (it needs vendor=).
	teamWide bool
	full     bool   // the full item table and every follow-up (full=yes, --full)
	text     string // the text checked
	cli      bool   // asked in the terminal: no buttons, --full instead
}

// options reads the keys before the pasted text: vendor=NAME (供应商=,
// 厂商=), full=yes|no (全部=, 完整=) and the words --full, 全部, 完整, in any
// order; the first other word starts the text.
var options = advisor.Lazy[*chat.Leading]{New: func() *chat.Leading {
	return &chat.Leading{Command: "checklist check", CommandZH: "清单 检查", Keys: keytab.ChecklistCheck, Example: "checklist check vendor=酷算云 我们是A100 80G SXM4……",
		Flags: map[string]string{"--full": "full", "-full": "full", "全部": "full", "完整": "full"}}
}}

// readOptions takes the leading options off the text.
func readOptions(lang chat.Lang, text string) (checkOptions, string, error) {
	var o checkOptions
	a, text, err := options.Get().Read(lang, text)
	if err != nil {
		return o, "", err
	}
	if v, ok := a.Raw("vendor"); ok {
		if strings.TrimSpace(v) == "" {
			return o, "", chat.Invalidf(lang, "vendor", "checklist check vendor=酷算云 我们是A100 80G SXM4……",
				"vendor= has an empty value: name the vendor (vendor=酷算云), or leave the key out", "vendor= 是空值：请写供应商名称（vendor=酷算云），或不写这个参数")
		}
		if len([]rune(v)) > maxVendor || strings.ContainsAny(v, "@＠<>/\\:：|*`~[]{}") || strings.Contains(strings.ToLower(v), "http") {
			return o, "", chat.Invalidf(lang, "vendor", "checklist check vendor=酷算云 我们是A100 80G SXM4……",
				"vendor=%q is not a vendor name: up to %d characters, without @, <, >, /, : or links",
				"vendor=%q 不是供应商名称：不超过 %d 个字符，不含 @、<、>、/、: 或链接", chat.Truncate(v, 60), maxVendor)
		}
		o.vendor = v
	}
	full, raw, _, err := a.Flag("full")
	if err != nil && strings.TrimSpace(raw) == "" {
		return o, "", chat.Invalidf(lang, "full", "checklist check full=yes 我们是A100 80G SXM4……",
			"full= has an empty value: full=yes shows every item and every follow-up question", "full= 是空值：full=yes 显示全部条目和全部追问")
	}
	if err != nil {
		return o, "", chat.Invalidf(lang, "full", "checklist check full=yes 我们是A100 80G SXM4……",
			"full=%q is not yes or no: full=yes shows every item and every follow-up question",
			"full=%q 不是 是 或 否：full=yes 显示全部条目和全部追问", chat.Truncate(raw, 40))
	}
	o.full = full
	if a.Has("scope") {
		if o.vendor == "" {
			return o, "", chat.Invalidf(lang, "scope", chat.T(lang, "checklist check vendor=AcmeGPU scope=team 8x A100 80GB SXM4…", "清单 检查 供应商=酷算云 范围=团队 我们是A100 80G SXM4……"),
				"scope= says who sees the check kept for a vendor: add vendor=<name>",
				"范围 指定谁能看到记入供应商资料的核查：请同时写 供应商=<名称>")
		}
		scope, err := a.Choice("scope", "channel", []string{"channel", "team"}, scopeAliases.Get())
		if err != nil {
			return o, "", err
		}
		o.teamWide = scope == "team"
	}
	return o, text, nil
}

// scopeAliases are the words scope= takes besides channel and team.
var scopeAliases = advisor.Lazy[map[string]string]{New: func() map[string]string {
	return map[string]string{"频道": "channel", "本频道": "channel", "团队": "team", "全团队": "team", "tenant": "team", "workspace": "team"}
}}

func checkCommand(c *chat.Call, rest string) (chat.Reply, error) {
	lang := c.Lang
	opts, text, err := readOptions(lang, rest)
	if err != nil {
		return chat.Reply{}, err
	}
	text = chat.Unquote(text)
	if text == "" && strings.TrimSpace(c.Req.Attachment) != "" {
		text = strings.TrimSpace(c.Req.Attachment)
		if c.Req.Lang == "" && hasHan(text) {
			lang = chat.ZH
		}
	}
	if strings.TrimSpace(text) == "" {
		return chat.Reply{}, chat.Invalid(lang, "text",
			"nothing to check: paste what the vendor's sales said after `checklist check` (Chinese or English, up to 100 KB)",
			"没有可核对的内容：请在 `清单 检查` 后粘贴销售的原话（中文或英文，最多100 KB）",
			"checklist check We run high-spec hosts with A100s, 10GbE intranet and 7x24 support.")
	}
	if len(text) > MaxTextBytes {
		return chat.Reply{}, chat.Invalidf(lang, "text", chat.T(lang, "checklist check <one vendor's answer>", "清单 检查 <一家供应商的回复>"),
			"the pasted text is %s bytes; the limit is 100 KB (%s bytes). Paste one vendor's answer, or only the part about their offer",
			"粘贴的文本有 %s 字节，上限是 100 KB（%s 字节）。请一次只粘贴一家供应商的回复，或只粘贴与报价相关的部分",
			chat.Num(float64(len(text))), chat.Num(MaxTextBytes))
	}
	opts.text, opts.cli = text, c.Req.Platform == "cli"
	return checkReply(lang, opts, cl.Check(text)), nil
}

func hasHan(s string) bool {
	n := 0
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
		if n++; n > 4096 {
			break
		}
	}
	return false
}
