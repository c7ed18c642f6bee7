package trial

import (
	"fmt"
	"sort"
	"strings"
)

// Finding statuses.
const (
	Pass       = "pass"       // measured as promised
	Fail       = "fail"       // a mismatch: measured worse than promised, or broken
	Warn       = "warn"       // not a broken promise, but worth raising
	Unverified = "unverified" // promised, but nothing pasted shows it
	Info       = "info"       // context: better than promised, or not promised
)

// Tolerances of the rules, shown with each finding.
const (
	// TCPShare is the share of the promised line rate a TCP test must reach:
	// at MTU 1500 a frame carries 1448 bytes of TCP payload in 1538 bytes on
	// the wire (headers, preamble, gap), 94.1%, so 90% leaves room for a
	// sound link and fails a shared or throttled one.
	TCPShare = 0.9
	// UDPMaxLossPct is the highest UDP loss that passes, offered at most
	// TCPShare of the line rate.
	UDPMaxLossPct = 1.0
	// BusShare is the share of the promised NCCL bus bandwidth the peak must reach.
	BusShare = 0.9
	// PowerShare is the lowest power cap, as a share of the rated power, that
	// does not slow the card under full load.
	PowerShare = 0.9
	// NCCLPeakSize is the smallest largest-message that shows the peak (1 GiB).
	NCCLPeakSize = 1 << 30
	// HotC is the temperature over which a card under load is a finding: a
	// sound data-centre card levels off below it under full load, and a
	// refurbished or ex-mining one (dried thermal paste, worn fans) climbs
	// past it (docs/checklist.md#trial-tests).
	HotC = 85
	// LoadShare is the GPU utilization, or power draw as a share of the cap,
	// from which a card counts as under load.
	LoadShare = 0.5
)

// PCIe5x16GBs is what one PCIe 5.0 x16 link carries each way, in GB/s:
// 32 GT/s x 16 lanes x 128/130 (encoding) / 8 bits. A bus bandwidth at or
// under it cannot show NVLink.
const PCIe5x16GBs = 32 * 16 * 128.0 / 130 / 8

// Finding is one rule applied to the facts.
type Finding struct {
	// Rule names the rule (RuleText gives its statement); Item the checklist
	// item it serves (hw.gpu_model, net.intranet_bw, ...: docs/checklist.md).
	Rule   string `json:"rule"`
	Item   string `json:"item"`
	Status string `json:"status"`
	// Promised and Measured are short values ("8", "10 Gbit/s", "6.2 Gbit/s").
	Promised string `json:"promised,omitempty"`
	Measured string `json:"measured,omitempty"`
	// GPUs are the GPUs concerned, by label ("GPU3", or "m2:GPU3" when
	// several machines were pasted).
	GPUs []string `json:"gpus,omitempty"`
	// Text says what was found, in both languages.
	Text Text `json:"text"`
}

// Mismatches returns the failing findings.
func Mismatches(fs []Finding) []Finding {
	var out []Finding
	for _, f := range fs {
		if f.Status == Fail {
			out = append(out, f)
		}
	}
	return out
}

// Compare checks the facts against the promise. Checks that need no promise
// (ECC errors, Xid, gpu_burn, NCCL #wrong, power caps) always run.
func Compare(f Facts, p Promise) []Finding {
	c := &comparer{f: f, p: p}
	c.smiError()
	c.model()
	c.memory()
	c.count()
	c.mig()
	c.nvlink()
	c.ecc()
	c.power()
	c.temperature()
	c.versions()
	c.tcp()
	c.udp()
	c.nccl()
	c.xid()
	c.burn()
	c.disk()
	return c.out
}

type comparer struct {
	f   Facts
	p   Promise
	out []Finding
}

func (c *comparer) add(rule, item, status, promised, measured string, gpus []string, text Text) {
	c.out = append(c.out, Finding{Rule: rule, Item: item, Status: status, Promised: promised, Measured: measured, GPUs: gpus, Text: text})
}

// label names a GPU for messages.
func (c *comparer) label(g GPU) string {
	if c.f.Hosts > 1 {
		return fmt.Sprintf("m%d:GPU%d", g.Host+1, g.Index)
	}
	return fmt.Sprintf("GPU%d", g.Index)
}

// who names a group of GPUs for a sentence: "all 8 GPUs" or "GPU0, GPU3".
func (c *comparer) who(gs []GPU) Text {
	if len(gs) > 1 && len(gs) == len(c.f.GPUs) {
		return tf("all %d GPUs", "全部 %d 块 GPU", len(gs))
	}
	if len(gs) > 6 {
		return Text{EN: strings.Join(c.labels(gs[:6]), ", ") + fmt.Sprintf(" and %d more", len(gs)-6),
			ZH: strings.Join(c.labels(gs[:6]), "、") + fmt.Sprintf(" 等 %d 块", len(gs))}
	}
	return Text{EN: strings.Join(c.labels(gs), ", "), ZH: strings.Join(c.labels(gs), "、")}
}

// tw formats a sentence whose first argument names GPUs.
func tw(en, zh string, who Text, args ...any) Text {
	return Text{EN: fmt.Sprintf(en, append([]any{who.EN}, args...)...), ZH: fmt.Sprintf(zh, append([]any{who.ZH}, args...)...)}
}

func (c *comparer) labels(gs []GPU) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = c.label(g)
	}
	return out
}

func (c *comparer) smiError() {
	for _, l := range c.f.LostGPUs {
		if l == c.f.SMIError {
			continue
		}
		c.add("gpu_lost", "trial.nvidia_smi", Fail, "", l, nil, tf(
			"nvidia-smi cannot reach a card (%q): it has fallen off the bus or failed, and the table lists only the others; ask for the card to be replaced before going on",
			"nvidia-smi 无法访问一块卡（%q）：该卡已掉卡或损坏，表格里只列出了其余的卡；继续之前请要求更换", l))
	}
	for _, g := range c.f.GPUs {
		if g.Err {
			c.add("gpu_lost", "trial.nvidia_smi", Fail, "", "ERR!", []string{c.label(g)}, tf(
				"nvidia-smi shows ERR! for %s (%s): the driver can no longer read the card (a GSP timeout, Xid 119, or a card falling off the bus shows this way); ask for it to be replaced before going on",
				"nvidia-smi 对 %s（%s）显示 ERR!：驱动已无法读取这块卡（GSP 超时 Xid 119 或掉卡都会这样）；继续之前请要求更换", c.label(g), g.BusID))
		}
	}
	if len(c.f.LostGPUs) == 0 && !c.f.SMICut {
		c.indexGaps()
	}
	if c.f.SMIError == "" {
		return
	}
	c.add("smi_error", "trial.nvidia_smi", Fail, "", c.f.SMIError, nil, tf(
		"nvidia-smi failed (%q): the driver does not see the GPUs, so the machine is not usable as delivered",
		"nvidia-smi 运行失败（%q）：驱动看不到 GPU，机器在交付状态下不可用", c.f.SMIError))
}

// indexGaps raises GPU indexes missing inside one machine's list (GPU0,
// GPU2, GPU3): nvidia-smi numbers the cards it can reach, and a card that
// fell off the bus leaves a hole when its error line was not pasted.
func (c *comparer) indexGaps() {
	last := map[int]int{} // host -> highest index
	have := map[[2]int]bool{}
	for _, g := range c.f.GPUs {
		have[[2]int{g.Host, g.Index}] = true
		last[g.Host] = max(last[g.Host], g.Index)
	}
	for h := 0; h <= len(last); h++ {
		top, ok := last[h]
		if !ok {
			continue
		}
		var missing []string
		for i := 0; i < top; i++ {
			if !have[[2]int{h, i}] {
				missing = append(missing, c.label(GPU{Host: h, Index: i}))
			}
		}
		if len(missing) > 0 {
			list := strings.Join(missing, ", ")
			c.add("gpu_lost", "trial.nvidia_smi", Warn, "", "", missing, tf(
				"%s is missing from the nvidia-smi list: a card the driver cannot reach leaves a hole in the numbering; paste the lines above the table, or run nvidia-smi -L",
				"nvidia-smi 列表中缺少 %s：驱动访问不到的卡会在编号中留下空缺；请粘贴表格上方的几行，或运行 nvidia-smi -L", list))
		}
	}
}

// GroupNames writes the GPUs' names grouped: "8× NVIDIA A100-SXM4-80GB".
func GroupNames(gs []GPU) string {
	counts := map[string]int{}
	var order []string
	for _, g := range gs {
		if counts[g.Name] == 0 {
			order = append(order, g.Name)
		}
		counts[g.Name]++
	}
	parts := make([]string, len(order))
	for i, n := range order {
		parts[i] = fmt.Sprintf("%d× %s", counts[n], n)
	}
	return strings.Join(parts, ", ")
}

// modelGPUs are the GPUs whose model can be compared: nvidia-smi's, or the
// devices of the NCCL rank list when nvidia-smi was not pasted.
func (c *comparer) modelGPUs() []GPU {
	if len(c.f.GPUs) > 0 {
		return c.f.GPUs
	}
	for _, r := range c.f.NCCL {
		var out []GPU
		for i, d := range r.Devices {
			m, _ := ParseModel(d)
			out = append(out, GPU{Index: i, Name: d, Model: m})
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

func (c *comparer) model() {
	want := c.p.Model
	gs := c.modelGPUs()
	if want == nil {
		return
	}
	if len(gs) == 0 {
		c.add("gpu_model", "hw.gpu_model", Unverified, c.p.GPU, "", nil, tf(
			"%s was promised, but no nvidia-smi output was pasted to show the model",
			"承诺 %s，但没有粘贴 nvidia-smi 输出来确认型号", c.p.GPU))
		return
	}
	var wrong, cut, formWrong, formUnknown []GPU
	for _, g := range gs {
		switch {
		case g.Err:
			// reported by gpu_lost: the driver cannot read its name
		case g.Model.Family == "" && g.NameCut:
			// "NVIDIA GeForce ...": the table cut the name before the model
			cut = append(cut, g)
		case g.Model.Family != want.Family:
			wrong = append(wrong, g)
		case want.FormFactor != "" && g.Model.FormFactor == "":
			formUnknown = append(formUnknown, g)
		case want.FormFactor != "" && g.Model.FormFactor != want.FormFactor:
			formWrong = append(formWrong, g)
		}
	}
	switch {
	case len(wrong) > 0:
		c.add("gpu_model", "hw.gpu_model", Fail, c.p.GPU, GroupNames(wrong), c.labels(wrong), tw(
			"%s: %s, but %s was promised", "%s 实测为 %s，但承诺的是 %s", c.who(wrong), GroupNames(wrong), c.p.GPU))
	case len(cut) > 0:
		c.add("gpu_model", "hw.gpu_model", Unverified, c.p.GPU, GroupNames(cut), c.labels(cut), tw(
			"%s: nvidia-smi cut the name to %q before the model, so %s cannot be checked; paste nvidia-smi -L or nvidia-smi --query-gpu=name --format=csv",
			"%s 的名称被 nvidia-smi 截断为 %q，看不到型号，无法核对 %s；请粘贴 nvidia-smi -L 或 nvidia-smi --query-gpu=name --format=csv",
			c.who(cut), cut[0].Name, c.p.GPU))
		return
	default:
		c.add("gpu_model", "hw.gpu_model", Pass, c.p.GPU, GroupNames(gs), nil, tf(
			"%s as promised (%s)", "与承诺一致：%s（%s）", GroupNames(gs), c.p.GPU))
	}
	switch {
	case len(formWrong) > 0:
		c.add("form_factor", "hw.gpu_model", Fail, want.FormFactor, formWrong[0].Model.FormFactor, c.labels(formWrong), tw(
			"%s: %s (%s), but the %s form factor was promised: SXM and PCIe versions of one chip differ in memory bandwidth, power and NVLink",
			"%s 为 %s（%s），但承诺的是 %s 版本：同一芯片的 SXM 与 PCIe 版在显存带宽、功耗和 NVLink 上差别很大",
			c.who(formWrong), formWrong[0].Model.FormFactor, formWrong[0].Name, want.FormFactor))
	case len(formUnknown) > 0:
		c.add("form_factor", "hw.gpu_model", Unverified, want.FormFactor, "", c.labels(formUnknown), tf(
			"%s was promised, but the name %q does not say SXM or PCIe; paste nvidia-smi -q (Product Name) or nvidia-smi topo -m",
			"承诺 %s 版本，但名称 %q 看不出是 SXM 还是 PCIe；请粘贴 nvidia-smi -q（Product Name）或 nvidia-smi topo -m",
			want.FormFactor, formUnknown[0].Name))
	case want.FormFactor != "" && len(wrong) == 0:
		c.add("form_factor", "hw.gpu_model", Pass, want.FormFactor, want.FormFactor, nil, tf(
			"%s form factor as promised", "%s 版本，与承诺一致", want.FormFactor))
	case want.FormFactor == "" && len(wrong) == 0:
		if ff := gs[0].Model.FormFactor; ff == PCIe && !singleForm(want.Family) {
			c.add("form_factor", "hw.mem_bandwidth", Info, "", ff, nil, tf(
				"the promise did not name a form factor and these are %s %s cards: the SXM version has more memory bandwidth and NVLink through NVSwitch; write the form factor into the contract",
				"承诺未写明版本，实测为 %s %s 卡：SXM 版显存带宽更高，并经 NVSwitch 走 NVLink；请在合同中写明版本", want.Family, ff))
		}
	}
}

// singleForm reports whether a family ships in one form factor only.
func singleForm(name string) bool {
	for _, f := range loadNvidia.Get().families {
		if f.Name == name {
			return f.Only != ""
		}
	}
	return false
}

func (c *comparer) memory() {
	want := c.p.memory()
	if want == 0 {
		return
	}
	var known, wrong []GPU
	for _, g := range c.f.GPUs {
		if g.MemoryGB == 0 {
			continue
		}
		known = append(known, g)
		if g.MemoryGB != want {
			wrong = append(wrong, g)
		}
	}
	promised := fmt.Sprintf("%d GB", want)
	switch {
	case len(known) == 0:
		c.add("memory", "hw.gpu_model", Unverified, promised, "", nil, tf(
			"%d GB per GPU was promised, but no memory total was pasted (the Memory-Usage column of nvidia-smi)",
			"承诺每卡 %d GB 显存，但没有粘贴显存总量（nvidia-smi 的 Memory-Usage 列）", want))
	case len(wrong) > 0:
		g := wrong[0]
		c.add("memory", "hw.gpu_model", Fail, promised, fmt.Sprintf("%d GB", g.MemoryGB), c.labels(wrong), tw(
			"%s: %d MiB in total, a %d GB card, but %d GB per GPU was promised",
			"%s 显示总量 %d MiB，即 %d GB 卡，但承诺每卡 %d GB", c.who(wrong), g.MemoryTotalMiB, g.MemoryGB, want))
	default:
		c.add("memory", "hw.gpu_model", Pass, promised, fmt.Sprintf("%d GB", known[0].MemoryGB), nil, tf(
			"%d GB per GPU as promised (%d MiB reported)", "每卡 %d GB 显存，与承诺一致（显示 %d MiB）", want, known[0].MemoryTotalMiB))
	}
}

func (c *comparer) count() {
	f := c.f
	if f.Links != nil && len(f.GPUs) > 0 && f.Hosts <= 1 && f.Links.GPUs != len(f.GPUs) {
		c.add("count_sources", "hw.gpu_model", Warn, "", fmt.Sprintf("%d / %d", len(f.GPUs), f.Links.GPUs), nil, tf(
			"nvidia-smi lists %[1]s but topo -m shows %[3]d: were they run on the same machine?",
			"nvidia-smi 列出 %[2]d 块 GPU，topo -m 却有 %[3]d 块：是否来自同一台机器？", count(len(f.GPUs), "GPU", "GPUs"), len(f.GPUs), f.Links.GPUs))
	}
	if c.p.Cards == 0 {
		return
	}
	promised := fmt.Sprint(c.p.Cards)
	if f.CountSource == ToolAllReduce && len(f.NCCL) > 0 && f.NCCL[0].Nodes > 1 {
		c.countPerNode(f.NCCL[0])
		return
	}
	switch {
	case f.CountSource == "":
		c.add("gpu_count", "hw.gpu_model", Unverified, promised, "", nil, tf(
			"%[1]s promised, but nothing pasted lists the GPUs (nvidia-smi, topo -m or all_reduce_perf)",
			"承诺 %[2]d 张卡，但粘贴内容中没有 GPU 列表（nvidia-smi、topo -m 或 all_reduce_perf）", count(c.p.Cards, "card was", "cards were"), c.p.Cards))
	case f.GPUCount < c.p.Cards && f.SMICut && f.CountSource == ToolSMI:
		c.add("gpu_count", "hw.gpu_model", Unverified, promised, fmt.Sprint(f.GPUCount), nil, tf(
			"%[1]s promised; the nvidia-smi table is cut after %s, so the count is unknown: paste the whole table",
			"承诺 %[3]d 张卡；nvidia-smi 表格在 %[4]d 块 GPU 之后被截断，无法确认数量：请完整粘贴整张表", count(c.p.Cards, "card was", "cards were"), count(f.GPUCount, "GPU", "GPUs"), c.p.Cards, f.GPUCount))
	case f.GPUCount < c.p.Cards:
		c.add("gpu_count", "hw.gpu_model", Fail, promised, fmt.Sprint(f.GPUCount), nil, tf(
			"%[1]s promised, %[2]s visible (%[3]s)", "承诺 %[4]d 张卡，实际可见 %[5]d 张（%[3]s）", count(c.p.Cards, "card was", "cards were"), count(f.GPUCount, "is", "are"), f.CountSource, c.p.Cards, f.GPUCount))
	case f.GPUCount > c.p.Cards:
		c.add("gpu_count", "hw.gpu_model", Info, promised, fmt.Sprint(f.GPUCount), nil, tf(
			"%[1]s promised and %[2]s visible (%[3]s): make sure the bill counts %[4]d",
			"承诺 %[4]d 张卡，实际可见 %[5]d 张（%[3]s）：请确认账单按 %[4]d 张计费", count(c.p.Cards, "card was", "cards were"), count(f.GPUCount, "is", "are"), f.CountSource, c.p.Cards, f.GPUCount))
	default:
		c.add("gpu_count", "hw.gpu_model", Pass, promised, fmt.Sprint(f.GPUCount), nil, tf(
			"%[1]s as promised (%[2]s)", "%[3]d 张卡，与承诺一致（%[2]s）", count(f.GPUCount, "card", "cards"), f.CountSource, f.GPUCount))
	}
}

// countPerNode holds the promised cards to one machine of an all-reduce
// across several: the ranks on each host are the cards that run used.
func (c *comparer) countPerNode(r AllReduce) {
	lo, each := ranksEach(r)
	measured := perNode(r)
	if lo >= c.p.Cards {
		c.add("gpu_count", "hw.gpu_model", Pass, fmt.Sprint(c.p.Cards), measured, nil, tf(
			"%[1]s on each of the %[2]d machines of the all-reduce (its rank list)", "all-reduce 的 %[2]d 台机器每台 %[3]s 块 GPU（rank 列表）",
			count(lo, "GPU", "GPUs"), r.Nodes, each))
		return
	}
	if r.GPUs == c.p.Cards {
		// the promise is the cluster's: every rank of the run
		c.add("gpu_count", "hw.gpu_model", Pass, fmt.Sprint(c.p.Cards), measured, nil, tf(
			"%[1]s across the %[2]d machines of the all-reduce, as promised (%[3]s on each)", "all-reduce 的 %[2]d 台机器共 %[4]d 块 GPU，与承诺一致（每台 %[3]s 块）",
			count(r.GPUs, "GPU", "GPUs"), r.Nodes, each, r.GPUs))
		return
	}
	c.add("gpu_count", "hw.gpu_model", Unverified, fmt.Sprint(c.p.Cards), measured, nil, tf(
		"%[1]s promised; the all-reduce ran %[2]s ranks on each of %[3]d machines, and a rank list shows the cards a run used, not the cards a machine has: paste nvidia-smi from one machine",
		"承诺 %[4]d 张卡；all-reduce 在 %[3]d 台机器上每台只跑了 %[2]s 个 rank，rank 列表只说明这次用了几块卡，不说明一台机器有几块：请粘贴其中一台的 nvidia-smi",
		count(c.p.Cards, "card was", "cards were"), each, r.Nodes, c.p.Cards))
}

// ranksEach is the fewest ranks on one host of a run across machines, and
// the ranks per host as said: "8", or "1–2" when the hosts differ.
func ranksEach(r AllReduce) (int, string) {
	if len(r.RanksPerNode) == 0 {
		return 0, "?"
	}
	lo, hi := r.RanksPerNode[0], r.RanksPerNode[0]
	for _, n := range r.RanksPerNode {
		lo, hi = min(lo, n), max(hi, n)
	}
	if hi != lo {
		return lo, fmt.Sprintf("%d–%d", lo, hi)
	}
	return lo, fmt.Sprint(lo)
}

// perNode writes a run across machines as ranks per machine × machines: "8 × 2".
func perNode(r AllReduce) string {
	_, each := ranksEach(r)
	return fmt.Sprintf("%s × %d", each, r.Nodes)
}

func (c *comparer) nvlink() {
	l := c.f.Links
	if c.p.NVLink == nil || !*c.p.NVLink {
		if l != nil && l.AllNVLink {
			c.add("nvlink", "hw.interconnect", Info, "", KindsText(l), nil, tf(
				"every GPU pair is on NVLink (%s)", "所有 GPU 对之间都是 NVLink（%s）", KindsText(l)))
		}
		return
	}
	for _, g := range c.modelGPUs() {
		if g.Model.Family != "" && !HasNVLink(g.Model.Family) {
			c.add("nvlink", "hw.interconnect", Fail, "NVLink", "PCIe", nil, tf(
				"NVLink was promised, but %s has no NVLink at all: cards talk over PCIe",
				"承诺 NVLink，但 %s 根本没有 NVLink：卡间只能走 PCIe", g.Model.Family))
			return
		}
	}
	switch {
	case l == nil:
		c.add("nvlink", "hw.interconnect", Unverified, "NVLink", "", nil, tf(
			"NVLink was promised; paste nvidia-smi topo -m to show it",
			"承诺 NVLink；请粘贴 nvidia-smi topo -m 来确认"))
	case l.AllNVLink:
		c.add("nvlink", "hw.interconnect", Pass, "NVLink", KindsText(l), nil, tf(
			"NVLink between every GPU pair (%s)", "所有 GPU 对之间都是 NVLink（%s）", KindsText(l)))
	default:
		var pcie []string
		for _, lk := range l.Pairs {
			if lk.NVLinks == 0 && len(pcie) < 6 {
				pcie = append(pcie, fmt.Sprintf("GPU%d-GPU%d %s", lk.A, lk.B, lk.Kind))
			}
		}
		more := ""
		if n := pciePairs(l); n > len(pcie) {
			more = fmt.Sprintf(" … (+%d)", n-len(pcie))
		}
		c.add("nvlink", "hw.interconnect", Fail, "NVLink", KindsText(l), nil, tf(
			"NVLink was promised, but topo -m shows PCIe paths on %d of %d GPU pairs (%s%s): tensor parallelism across them is throttled",
			"承诺 NVLink，但 topo -m 显示 %d/%d 对 GPU 走 PCIe（%s%s）：跨这些卡做张量并行会被限速",
			pciePairs(l), len(l.Pairs), strings.Join(pcie, ", "), more))
	}
}

func pciePairs(l *Links) int {
	n := 0
	for _, lk := range l.Pairs {
		if lk.NVLinks == 0 {
			n++
		}
	}
	return n
}

// KindsText writes the pair counts: "NV12 ×28" or "PIX ×4, SYS ×24".
func KindsText(l *Links) string {
	keys := make([]string, 0, len(l.Kinds))
	for k := range l.Kinds {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return kindRank(keys[i]) < kindRank(keys[j]) || kindRank(keys[i]) == kindRank(keys[j]) && keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s ×%d", k, l.Kinds[k])
	}
	return strings.Join(parts, ", ")
}

// kindRank orders connections from fastest to slowest.
func kindRank(k string) int {
	switch k {
	case "PIX":
		return 1
	case "PXB":
		return 2
	case "PHB":
		return 3
	case "NODE":
		return 4
	case "SYS":
		return 5
	}
	return 0
}
