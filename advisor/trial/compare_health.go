package trial

import (
	"fmt"
	"strings"
)

// datacenter reports whether a family runs with ECC on by default.
func datacenter(family string) bool {
	switch family {
	case "A100", "A800", "H100", "H800", "H200", "H20", "B200", "V100", "A30":
		return true
	}
	return false
}

// mig raises GPUs split by MIG, or about to be: a rented card is a whole
// card unless the contract says otherwise, and one MIG instance has only a
// fraction of its SMs and memory.
func (c *comparer) mig() {
	var on, pending []GPU
	for _, g := range c.f.GPUs {
		switch {
		case g.MIG == "Enabled":
			on = append(on, g)
		case g.MIGPending:
			pending = append(pending, g)
		}
	}
	for _, g := range on {
		parts := tf("MIG is enabled", "已开启 MIG")
		if g.MIGDevices > 0 {
			parts = Text{EN: "MIG splits it into " + count(g.MIGDevices, "instance", "instances"), ZH: fmt.Sprintf("MIG 把它切成了 %d 个实例", g.MIGDevices)}
		}
		c.add("mig", "hw.gpu_model", Warn, "whole card", "MIG", []string{c.label(g)}, Text{
			EN: fmt.Sprintf("%s is not a whole card: %s, each with a share of the SMs and memory; ask for MIG to be disabled (nvidia-smi -mig 0) unless slices were what you rented", c.label(g), parts.EN),
			ZH: fmt.Sprintf("%s 不是整卡：%s，每个实例只有部分 SM 和显存；除非租的就是切片，请要求关闭 MIG（nvidia-smi -mig 0）", c.label(g), parts.ZH)})
	}
	if len(pending) > 0 {
		c.add("mig", "hw.gpu_model", Warn, "", "", c.labels(pending), tw(
			"%s has a MIG mode change pending (a * after the mode): it takes effect at the next GPU reset; ask what the card will be after it",
			"%s 有待生效的 MIG 模式变更（模式后带 *）：下次重置 GPU 时生效；请确认重置后的卡是什么状态", c.who(pending)))
	}
}

func (c *comparer) ecc() {
	var bad, history, pending, off []GPU
	shown := 0
	for _, g := range c.f.GPUs {
		if g.ECCUncorrected != nil {
			shown++
			if *g.ECCUncorrected > 0 {
				bad = append(bad, g)
			}
		}
		if g.ECCAggregateUncorrected != nil && *g.ECCAggregateUncorrected > 0 && (g.ECCUncorrected == nil || *g.ECCUncorrected == 0) {
			history = append(history, g)
		}
		if g.RemapPending {
			pending = append(pending, g)
		}
		if g.ECC == "off" && datacenter(g.Model.Family) {
			off = append(off, g)
		}
	}
	for _, g := range bad {
		c.add("ecc", "hw.refurb", Fail, "0", fmt.Sprint(*g.ECCUncorrected), []string{c.label(g)}, tf(
			"ECC errors present on %s: %d uncorrectable since the last reset; ask for another card (worn or ex-mining cards show this first)",
			"%s 存在 ECC 错误：自上次重置以来 %d 个不可纠正错误；请要求换卡（老化卡或矿卡最先出现这种情况）", c.label(g), *g.ECCUncorrected))
	}
	if len(history) > 0 {
		c.add("ecc", "hw.refurb", Warn, "0", "", c.labels(history), tw(
			"%s had uncorrectable ECC errors in the past (aggregate counter): ask the vendor for the card's history",
			"%s 曾出现不可纠正 ECC 错误（累计计数）：请向供应商索要该卡的历史记录", c.who(history)))
	}
	if len(pending) > 0 {
		c.add("ecc", "hw.refurb", Warn, "", "", c.labels(pending), tw(
			"%s has a row remap pending: memory errors were found and the GPU needs a reset",
			"%s 有待生效的行重映射：已发现显存错误，需要重置 GPU", c.who(pending)))
	}
	if len(off) > 0 {
		c.add("ecc", "hw.refurb", Warn, "on", "off", c.labels(off), tw(
			"ECC is off on %s: data-centre cards run with ECC on; errors are not even counted",
			"%s 的 ECC 已关闭：数据中心卡应开启 ECC，关闭后错误根本不会被统计", c.who(off)))
	}
	if len(bad) == 0 && shown > 0 {
		c.add("ecc", "hw.refurb", Pass, "0", "0", nil, tf(
			"no uncorrectable ECC errors on the %[1]s", "%[2]d 块报告 ECC 的 GPU 均无不可纠正错误", count(shown, "GPU that reports ECC", "GPUs that report ECC"), shown))
	}
}

func (c *comparer) power() {
	var low []GPU
	var rated float64
	for _, g := range c.f.GPUs {
		r := RatedWatts(g.Model)
		if r == 0 || g.PowerCapW == nil {
			continue
		}
		if *g.PowerCapW < PowerShare*r {
			low = append(low, g)
			rated = r
		}
	}
	if len(low) == 0 {
		return
	}
	g := low[0]
	c.add("power_cap", "hw.refurb", Warn, fmt.Sprintf("%s W", num(rated)), fmt.Sprintf("%s W", num(*g.PowerCapW)), c.labels(low), tw(
		"%[1]s: power capped at %[2]s W, under 90%% of the %[3]s W the %[4]s is rated for, so it runs slower under full load; ask for the cap to be raised (nvidia-smi -pl)",
		"%[1]s 功耗上限为 %[2]s W，低于 %[4]s 额定功率 %[3]s W 的 90%%，满载时会降速；请要求调高上限（nvidia-smi -pl）",
		c.who(low), num(*g.PowerCapW), num(rated), g.Model.String()))
}

// underLoad reports whether a GPU is working: GPU-Util, or power draw as a
// share of its cap, at least LoadShare; known says whether either is shown.
func underLoad(g GPU) (loaded, known bool) {
	if g.UtilPct != nil {
		known = true
		loaded = float64(*g.UtilPct) >= 100*LoadShare
	}
	if g.PowerDrawW != nil && g.PowerCapW != nil && *g.PowerCapW > 0 {
		known = true
		loaded = loaded || *g.PowerDrawW >= LoadShare**g.PowerCapW
	}
	return loaded, known
}

// temperature: a card over HotC under load is a refurbished-card sign;
// over HotC idle (or with the load not shown) it is raised too.
func (c *comparer) temperature() {
	var hot, cool []GPU
	hottest := 0
	for _, g := range c.f.GPUs {
		if g.TempC == nil {
			continue
		}
		loaded, _ := underLoad(g)
		switch {
		case *g.TempC > HotC:
			hot = append(hot, g)
		case loaded:
			cool = append(cool, g)
			hottest = max(hottest, *g.TempC)
		}
	}
	for _, g := range hot {
		loaded, known := underLoad(g)
		load := Text{EN: "with its load not shown", ZH: "（未显示负载）"}
		switch {
		case loaded:
			load = Text{EN: "under load", ZH: "满载时"}
		case known:
			load = Text{EN: "while nearly idle", ZH: "在几乎空闲时"}
		}
		c.add("temperature", "hw.refurb", Warn, fmt.Sprintf("≤ %d °C", HotC), fmt.Sprintf("%d °C", *g.TempC), []string{c.label(g)}, Text{
			EN: fmt.Sprintf("%s runs at %d °C %s, over %d °C: a sign of a refurbished or ex-mining card (worn fans, dried thermal paste) or poor cooling; ask for another card and watch it in the 15-minute full-load test", c.label(g), *g.TempC, load.EN, HotC),
			ZH: fmt.Sprintf("%s %s温度 %d °C，超过 %d °C：可能是翻新卡或矿卡（风扇老化、导热硅脂干涸）或散热不良；请要求换卡，并在15分钟满载测试中观察", c.label(g), load.ZH, *g.TempC, HotC)})
	}
	if len(hot) == 0 && len(cool) > 0 {
		c.add("temperature", "hw.refurb", Pass, fmt.Sprintf("≤ %d °C", HotC), fmt.Sprintf("%d °C", hottest), nil, tf(
			"%[1]s under load, the hottest at %d °C: none over %d °C", "%[4]d 块 GPU 处于负载中，最高 %[2]d °C：均未超过 %[3]d °C", count(len(cool), "GPU", "GPUs"), hottest, HotC, len(cool)))
	}
}

func (c *comparer) versions() {
	check := func(rule, want, have, what string) {
		if want == "" {
			return
		}
		switch {
		case have == "":
			c.add(rule, "hw.software", Unverified, want, "", nil, tf(
				"%s %s was promised; paste the nvidia-smi header to show it", "承诺 %s %s；请粘贴 nvidia-smi 表头来确认", what, want))
		case versionAtLeast(have, want):
			c.add(rule, "hw.software", Pass, want, have, nil, tf("%s %s (at least %s as promised)", "%s %s（不低于承诺的 %s）", what, have, want))
		default:
			c.add(rule, "hw.software", Fail, want, have, nil, tf(
				"%s %s was promised, the machine has %s", "承诺 %s %s，实际为 %s", what, want, have))
		}
	}
	check("driver", c.p.Driver, c.f.DriverVersion, "driver")
	check("cuda", c.p.CUDA, c.f.CUDAVersion, "CUDA")
}

func (c *comparer) xid() {
	if len(c.f.Xid) == 0 {
		return
	}
	seen := map[string]bool{}
	for _, x := range c.f.Xid {
		key := fmt.Sprintf("%s/%d", x.PCI, x.Code)
		if seen[key] {
			continue
		}
		seen[key] = true
		gpu := c.gpuAt(x.PCI)
		where := "PCI " + x.PCI
		var gpus []string
		if gpu != "" {
			where, gpus = gpu+" ("+x.PCI+")", []string{gpu}
		}
		if name, hw := XidHardware(x.Code); hw {
			c.add("xid", "trial.stress", Fail, "", fmt.Sprintf("Xid %d", x.Code), gpus, Text{
				EN: fmt.Sprintf("Xid %d (%s) on %s: a hardware fault; ask for another machine", x.Code, name.EN, where),
				ZH: fmt.Sprintf("%s 出现 Xid %d（%s）：硬件故障；请要求更换机器", where, x.Code, name.ZH)})
			continue
		}
		c.add("xid", "trial.stress", Warn, "", fmt.Sprintf("Xid %d", x.Code), gpus, Text{
			EN: fmt.Sprintf("Xid %d on %s: usually raised by the program that ran (check it before blaming the card)", x.Code, where),
			ZH: fmt.Sprintf("%s 出现 Xid %d：通常由所运行的程序引起（先排查程序，再怀疑显卡）", where, x.Code)})
	}
}

// gpuAt finds the GPU at a PCI address of an Xid line ("0000:07:00").
func (c *comparer) gpuAt(pci string) string {
	p := strings.ToUpper(pci)
	for _, g := range c.f.GPUs {
		if g.BusID != "" && strings.HasSuffix(strings.TrimSuffix(g.BusID, ".0"), p[strings.Index(p, ":")+1:]) {
			return c.label(g)
		}
	}
	return ""
}

func (c *comparer) burn() {
	if len(c.f.Burn) == 0 {
		return
	}
	var faulty []string
	for _, b := range c.f.Burn {
		if !b.OK {
			faulty = append(faulty, fmt.Sprintf("GPU%d", b.GPU))
		}
	}
	if len(faulty) > 0 {
		c.add("gpu_burn", "trial.stress", Fail, "OK", "FAULTY", faulty, tf(
			"gpu_burn found %s FAULTY: wrong results under full load; ask for another card",
			"gpu_burn 判定 %s 为 FAULTY：满载时计算结果出错；请要求换卡", strings.Join(faulty, ", ")))
		return
	}
	c.add("gpu_burn", "trial.stress", Pass, "OK", "OK", nil, tf(
		"gpu_burn: %[1]s OK under full load", "gpu_burn：%[2]d 块 GPU 满载均为 OK", allOf(len(c.f.Burn)), len(c.f.Burn)))
}

// allOf writes "all 8 GPUs", or "the GPU" for one.
func allOf(n int) string {
	if n == 1 {
		return "the GPU"
	}
	return fmt.Sprintf("all %d GPUs", n)
}
