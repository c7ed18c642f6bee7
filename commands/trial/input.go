package trial

import (
	"regexp"
	"strings"
	"unicode"

	root "gpuadvisor/advisor"
	advisor "gpuadvisor/advisor/trial"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// input is the command line after `trial`, split into its parts.
type input struct {
	check   bool
	promise advisor.Promise
	paste   string
	// vendor is the vendor the trial is kept for (vendor=), "" for none;
	// teamWide is scope=team.
	vendor   string
	teamWide bool
}

// envVar matches NCCL_DEBUG=WARN and other environment assignments that may
// start a pasted command line: they end the promises instead of failing.
var envVar = root.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
}}

// exampleZH spells the examples' values in Chinese (Command.ExampleZH), for
// the command and the promises' errors.
var exampleZH = map[string]string{"<paste>": "<粘贴输出>", "10g": "万兆",
	"<paste nvidia-smi, nvidia-smi topo -m, iperf3 or all_reduce_perf output>": "<粘贴 nvidia-smi、nvidia-smi topo -m、iperf3 或 all_reduce_perf 的输出>"}

// promises reads the leading key=value promises; a "key" with the marks of
// tool output (topo -m's legend, a table) or an environment assignment ends
// them, any other unknown key is an error.
var promises = root.Lazy[*chat.Leading]{New: func() *chat.Leading {
	return &chat.Leading{Command: "trial check", CommandZH: "试用 检查", Keys: keytab.TrialPromise, Example: exampleCheck, ExampleZH: exampleZH,
		Ends: func(k string) bool { return strings.ContainsAny(k, "|#[{:") || envVar.Get().MatchString(k) }}
}}

// parseInput splits the text after `trial` into the sub-command, the
// leading key=value promises, and the pasted tool output (everything after
// them, newlines kept).
func parseInput(lang chat.Lang, original, attachment string) (input, error) {
	var in input
	s := strings.TrimLeftFunc(original, unicode.IsSpace)
	word, rest := s, ""
	if i := strings.IndexFunc(s, unicode.IsSpace); i >= 0 {
		word, rest = s[:i], s[i:]
	}
	if checkDoc.Get().Picks(word) {
		in.check, original = true, rest
	}
	a, paste, err := promises.Get().Read(lang, original)
	if err != nil {
		return in, err
	}
	in.paste = paste
	if p := strings.TrimSpace(paste); p != "" {
		if u := chat.Unquote(p); u != p {
			in.paste = u // a one-line paste the terminal quoted (chat.JoinArgs)
		}
	}
	if att := strings.TrimSpace(attachment); att != "" {
		in.paste = strings.TrimSpace(in.paste + "\n" + att)
	}
	for _, name := range a.Keys() {
		switch name {
		case "vendor":
			if in.vendor, err = readVendor(lang, a); err != nil {
				return in, err
			}
		case "scope":
		default:
			if err := setPromise(lang, &in.promise, a, name); err != nil {
				return in, err
			}
		}
	}
	if err := readScope(lang, a, &in); err != nil {
		return in, err
	}
	if keys := a.Keys(); !in.check && in.paste != "" && attachment == "" && len(strings.Fields(in.paste)) == 1 && !strings.ContainsAny(in.paste, "-|:") && len(keys) > 0 {
		// 内网=200G IB: a word a space split off the last promise, not pasted output
		last := keys[len(keys)-1]
		v, _ := a.Raw(last)
		return in, chat.Invalidf(lang, last, keyExample(last),
			"%q after %s=%s is not read: if it belongs to the value, put the value in quotes: %s=\"%s %s\"",
			"%[2]s=%[3]s 后面的 %[1]q 无法识别：如果它属于这个值，请给值加上引号：%[4]s=\"%[5]s %[6]s\"",
			chat.Shown(in.paste), a.Name(last), chat.Shown(v), a.Name(last), chat.Shown(v), chat.Shown(in.paste))
	}
	if !in.check && in.paste != "" {
		return in, chat.Invalidf(lang, "output", exampleFor(lang),
			"the plan takes only gpu=, cards= and intranet=; to check tool output, start with the word check: %s",
			"测试计划只接受 型号=、卡数=、内网=；要核对工具输出，请以 检查 开头：%s", exampleFor(lang))
	}
	return in, nil
}

// readScope reads scope=, which says who sees the kept trial: it needs
// trial check and vendor=.
func readScope(lang chat.Lang, a *chat.Args, in *input) error {
	if (a.Has("vendor") || a.Has("scope")) && !in.check {
		key := "vendor"
		if !a.Has("vendor") {
			key = "scope"
		}
		return chat.Invalidf(lang, key, exampleFor(lang),
			"%s= keeps a trial check for a vendor's record; the plan keeps nothing. Start with the word check: %s",
			"供应商和范围用于把实测记入供应商资料；测试计划不会保存。请以 检查 开头：%s", key, exampleFor(lang))
	}
	if !a.Has("scope") {
		return nil
	}
	if in.vendor == "" {
		return chat.Invalidf(lang, "scope", chat.T(lang, "trial check vendor=AcmeGPU scope=team gpu=A100-80G <paste>", "试用 检查 供应商=酷算云 范围=团队 型号=A100-80G <粘贴输出>"),
			"scope= says who sees the trial kept for a vendor: add vendor=<name>",
			"范围 指定谁能看到记入供应商资料的实测：请同时写 供应商=<名称>")
	}
	scope, err := a.Choice("scope", "channel", []string{"channel", "team"}, scopeAliases.Get())
	if err != nil {
		return err
	}
	in.teamWide = scope == "team"
	return nil
}

// withoutTransport is a line rate without the transport word after it
// (200G IB, 100G RoCE, 25G 以太网): the rate is what is checked.
func withoutTransport(v string) string {
	f := strings.Fields(strings.ToLower(chat.Normalize(v)))
	if len(f) == 2 {
		switch f[1] {
		case "ib", "infiniband", "roce", "rocev2", "rdma", "ethernet", "eth", "以太网", "网卡":
			return f[0]
		}
	}
	return v
}

func keyExample(name string) string {
	if k, ok := chat.LookupKey(keytab.TrialPromise, name); ok {
		return "trial check " + k.Name + "=" + k.Example + " <paste>"
	}
	return exampleCheck
}

var versionRe = root.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9]+(\.[0-9]+){0,3}$`)
}}

// setPromise reads one promise value.
func setPromise(lang chat.Lang, p *advisor.Promise, a *chat.Args, name string) error {
	raw, _ := a.Raw(name)
	bad := func(en, zh string) error {
		return chat.Invalidf(lang, name, keyExample(name), "%s=%q: "+en, "%s=%q："+zh, name, raw)
	}
	v := strings.TrimSpace(a.StringOr(name, ""))
	if v == "" {
		return bad("no value; write it like "+keyExample(name), "缺少取值，请写成 "+keyExample(name))
	}
	switch name {
	case "gpu":
		m, ok := advisor.ParseModel(v)
		if !ok {
			return bad("not a GPU I know; known: "+strings.Join(advisor.Families(), ", ")+". Write it like gpu=A100-80G or gpu=\"H100 SXM 80G\"",
				"无法识别的 GPU；可识别："+strings.Join(advisor.Families(), "、")+"。请写成 gpu=A100-80G 或 gpu=\"H100 SXM 80G\"")
		}
		p.GPU, p.Model = v, &m
	case "cards":
		n, _, _, err := a.Value(name, chat.Count, "张卡", "卡", "张", "块", "cards", "card", "gpus", "gpu")
		if err != nil || n != float64(int(n)) || n < 1 || n > 4096 {
			return bad("not a whole number of GPUs from 1 to 4096; write it like cards=8", "不是 1 到 4096 之间的整数卡数；请写成 cards=8")
		}
		p.Cards = int(n)
	case "nvlink":
		yes, _, _, err := a.Flag(name)
		switch strings.ToLower(strings.ReplaceAll(v, " ", "")) {
		case "nvlink", "nvswitch", "sxm", "有nvlink", "支持nvlink", "带nvlink", "nvlink全互联", "全互联": // the link named is a yes
			yes, err = true, nil
		case "pcie", "无nvlink", "没有nvlink", "不支持nvlink", "no nvlink", "nonvlink":
			yes, err = false, nil
		}
		if err != nil {
			return bad("not yes or no; write it like nvlink=yes", "不是 是 或 否；请写成 nvlink=yes")
		}
		p.NVLink = &yes
	case "intranet":
		g, ok := advisor.ParseLineRate(withoutTransport(v))
		if !ok {
			return bad("not a line rate I can read; write it like intranet=10g, 25g, 100g or 万兆", "无法读取的线速；请写成 intranet=万兆、25g 或 100g")
		}
		p.IntranetGbps = g
	case "memory":
		g, _, _, err := a.Value(name, chat.GB)
		if err != nil || g < 1 || g > 1024 || g != float64(int(g)) {
			return bad("not a memory size per GPU in GB; write it like memory=80g", "不是以 GB 计的每卡显存；请写成 memory=80g")
		}
		p.MemoryGB = int(g)
	case "busbw":
		g, _, _, err := a.Value(name, chat.Plain, "gb/s", "gbs")
		if err != nil || g <= 0 || g > 10000 {
			return bad("not a bus bandwidth in GB/s; write it like busbw=200", "不是以 GB/s 计的总线带宽；请写成 busbw=200")
		}
		p.BusGBs = g
	case "driver", "cuda":
		if !versionRe.Get().MatchString(v) {
			return bad("not a version number; write it like "+name+"="+map[string]string{"driver": "535.104", "cuda": "12.2"}[name],
				"不是版本号；请写成 "+name+"="+map[string]string{"driver": "535.104", "cuda": "12.2"}[name])
		}
		if name == "driver" {
			p.Driver = v
		} else {
			p.CUDA = v
		}
	}
	return nil
}
