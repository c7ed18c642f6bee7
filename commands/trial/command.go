package trial

import (
	"context"
	"strings"

	root "gpuadvisor/advisor"
	advisor "gpuadvisor/advisor/trial"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// exampleCheck is the check form shown in errors and in the plan;
// exampleCheckZH is the same with the Chinese words (a Chinese reply names
// no English key).
const (
	exampleCheck   = "trial check gpu=A100-80G cards=8 nvlink=yes intranet=10g <paste nvidia-smi, nvidia-smi topo -m, iperf3 or all_reduce_perf output>"
	exampleCheckZH = "试用 检查 型号=A100-80G 卡数=8 互联=是 内网=万兆 <粘贴 nvidia-smi、nvidia-smi topo -m、iperf3 或 all_reduce_perf 的输出>"
)

// exampleFor is the check form in lang.
func exampleFor(lang chat.Lang) string { return chat.T(lang, exampleCheck, exampleCheckZH) }

// Command returns the `trial` chat command (aliases 试用, 实测): the
// trial-period test plan, and with `check` the comparison of pasted tool
// output with what the vendor promised. It keeps nothing: see NewCommand.
func Command() *chat.Command { return NewCommand(Deps{}) }

// NewCommand is the trial command that keeps each `trial check vendor=…`
// in d.Trials for the vendor's record. A failed write never fails the
// answer: it is logged and the answer says it was not kept.
func NewCommand(d Deps) *chat.Command {
	return &chat.Command{
		Name:    "trial",
		Aliases: []string{"试用", "实测", "试用期"},
		Summary: chat.Help("the two-hour trial-period test plan; trial check compares pasted nvidia-smi, topo -m, iperf3 and NCCL output with what was promised", "两小时试用期实测方案；试用 检查 把粘贴的 nvidia-smi、topo -m、iperf3、NCCL 输出与供应商承诺逐项对照"),
		Examples: []string{
			"trial",
			"试用 卡数=8 内网=万兆 型号=A100-80G",
			"trial check gpu=A100-80G cards=8 nvlink=yes intranet=10g <paste>",
			"试用 检查 型号=H100-SXM 卡数=8 互联=是 内网=25g <粘贴输出>",
			"trial check gpu=\"A100 SXM4 80G\" cards=8 nvlink=yes intranet=25g memory=80g busbw=200 driver=535 cuda=12.2 <paste>",
			"trial check vendor=AcmeGPU gpu=A100-80G cards=8 nvlink=yes intranet=25g <paste>",
			"试用 检查 供应商=酷算云 范围=团队 型号=A100-80G 卡数=8 内网=25g <粘贴输出>",
		},
		ExampleZH: exampleZH,
		// Keys stay nil: the pasted output holds "=" of its own (topo -m's
		// legend), so the promises are read here, from Args.Original.
		Subs: []*chat.Command{
			{Name: "trial", Aliases: []string{"试用"}, Keys: keytab.TrialPromise, Summary: map[chat.Lang]string{
				chat.EN: "the test plan; the keys (all optional) tailor it to what was promised", chat.ZH: "实测方案；参数（均可选）按承诺定制"}},
			checkDoc.Get(),
		},
		Writes: writes,
		Run:    d.run,
	}
}

// writes: a trial check that names a vendor keeps the trial.
func writes(c *chat.Call) bool {
	in, err := parseInput(c.Lang, c.Args.Original, "")
	return err == nil && in.check && in.vendor != ""
}

// checkDoc documents trial check; its name's last word and its aliases are
// the words that start it.
var checkDoc = root.Lazy[*chat.Command]{New: func() *chat.Command {
	return &chat.Command{Name: "trial check", Aliases: []string{"verify", "检查", "核对", "验收", "对照", "实测"}, Keys: keytab.TrialPromise, Summary: map[chat.Lang]string{
		chat.EN: "the promises as keys, then the pasted nvidia-smi, nvidia-smi topo -m, iperf3 or all_reduce_perf output", chat.ZH: "先写承诺参数，再粘贴 nvidia-smi、nvidia-smi topo -m、iperf3 或 all_reduce_perf 的输出"}}
}}

func (d Deps) run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	lang := c.Lang
	in, err := parseInput(lang, c.Args.Original, c.Req.Attachment)
	if err != nil {
		return chat.Reply{}, err
	}
	if !in.check {
		return planReply(lang, in.promise), nil
	}
	if in.paste == "" {
		return chat.Reply{}, &chat.Error{Code: chat.CodeInvalid, Key: "output", Example: exampleFor(lang), Message: chat.T(lang,
			"paste the tool output after the promises: "+acceptedTools(lang),
			"请在承诺参数之后粘贴工具输出："+acceptedTools(lang))}
	}
	if len(in.paste) > advisor.MaxPaste {
		return chat.Reply{}, chat.Invalidf(lang, "output", exampleFor(lang),
			"the paste is %d KB, over the %d KB I read; paste one tool's output at a time",
			"粘贴内容有 %d KB，超过可读取的 %d KB；请每次粘贴一个工具的输出", len(in.paste)/1024, advisor.MaxPaste/1024)
	}
	r := advisor.Check(in.paste, in.promise)
	if len(r.Facts.Tools) == 0 {
		return chat.Reply{}, &chat.Error{Code: chat.CodeInvalid, Key: "output", Example: exampleFor(lang), Message: chat.T(lang,
			"I found no tool output I can read in the paste. ",
			"粘贴内容中没有可识别的工具输出。") + acceptedTools(lang)}
	}
	rep := checkReply(lang, in.promise, r)
	if in.vendor != "" {
		rep.Title = in.vendor + chat.T(lang, " — ", "：") + rep.Title
		data := rep.Data.(checkData)
		data.Vendor, data.Scope = in.vendor, map[bool]string{false: "channel", true: "team"}[in.teamWide]
		rep.Data = data
	}
	if !c.Args.Full {
		rep = shortCheck(lang, strings.TrimSpace(c.Req.Text), c.Req.Platform == "cli", rep)
	}
	if in.vendor != "" {
		d.record(ctx, c, in, r, &rep)
	}
	return rep, nil
}

// acceptedTools names what the check reads, in lang.
func acceptedTools(lang chat.Lang) string {
	tools := []string{
		"nvidia-smi", "nvidia-smi -L", "nvidia-smi -q (-d ECC,POWER)", "nvidia-smi --query-gpu=index,name,serial,memory.total --format=csv", "nvidia-smi topo -m", "iperf3 -c <ip> -P 8 -t 30 " + chat.T(lang, "(text or -J JSON)", "（文本或 -J JSON）"),
		"iperf -c <ip> -P 8 " + chat.T(lang, "(iperf 2)", "（iperf 2）"), "all_reduce_perf -b 8 -e 8G -f 2 -g <n>", "dmesg | grep -i xid", "gpu_burn",
		"fio", "lsblk -d -o NAME,ROTA,SIZE,MODEL",
	}
	return chat.T(lang, "I read the output of: ", "可读取以下工具的输出：") + strings.Join(tools, chat.T(lang, "; ", "；")) +
		chat.T(lang, ". Paste it as printed, header included.", "。请原样粘贴，包括表头。")
}
