package trial

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
	tr "gpuadvisor/advisor/trial"
	"gpuadvisor/chat"
)

// num formats a measured number: at most two decimals, no thousands commas
// (bus ids and versions sit next to these figures).
var num = advisor.Plain

// span writes "59–66" or "64" when all values are equal.
func span(lo, hi float64) string {
	if lo == hi {
		return num(lo)
	}
	return num(lo) + "–" + num(hi)
}

// facts lists what the paste shows, one line per kind of measurement.
func facts(lang chat.Lang, f tr.Facts) []chat.Fact {
	var out []chat.Fact
	add := func(en, zh, v string) { out = append(out, chat.Fact{Label: chat.T(lang, en, zh), Value: v}) }
	if f.SMIError != "" {
		add("nvidia-smi", "nvidia-smi", f.SMIError)
	}
	if len(f.GPUs) > 0 {
		v := tr.GroupNames(f.GPUs)
		if f.Hosts > 1 {
			v += fmt.Sprintf(chat.T(lang, " on %d machines", "，共 %d 台机器"), f.Hosts)
		}
		add("GPUs", "GPU", v)
	} else if f.GPUCount > 0 {
		add("GPUs", "GPU", fmt.Sprintf(chat.T(lang, "%d (from %s)", "%d 块（来自 %s）"), f.GPUCount, f.CountSource))
	}
	if f.DriverVersion != "" || f.CUDAVersion != "" {
		add("Driver / CUDA", "驱动 / CUDA", dash(f.DriverVersion)+" / "+dash(f.CUDAVersion))
	}
	var mem []string
	seenMem := map[int]bool{}
	var drawLo, drawHi, capLo, capHi, tLo, tHi float64
	draws, caps, temps := 0, 0, 0
	for _, g := range f.GPUs {
		if g.MemoryTotalMiB > 0 && !seenMem[g.MemoryTotalMiB] {
			seenMem[g.MemoryTotalMiB] = true
			mem = append(mem, fmt.Sprintf("%d GB (%d MiB)", g.MemoryGB, g.MemoryTotalMiB))
		}
		if g.PowerDrawW != nil {
			drawLo, drawHi = minmax(draws, drawLo, drawHi, *g.PowerDrawW)
			draws++
		}
		if g.PowerCapW != nil {
			capLo, capHi = minmax(caps, capLo, capHi, *g.PowerCapW)
			caps++
		}
		if g.TempC != nil {
			tLo, tHi = minmax(temps, tLo, tHi, float64(*g.TempC))
			temps++
		}
	}
	if len(mem) > 0 {
		add("Memory per GPU", "每卡显存", strings.Join(mem, ", "))
	}
	if draws > 0 || caps > 0 {
		v := ""
		if draws > 0 {
			v = fmt.Sprintf(chat.T(lang, "%s W drawn", "当前 %s W"), span(drawLo, drawHi))
		}
		if caps > 0 {
			if v != "" {
				v += chat.T(lang, ", ", "，")
			}
			v += fmt.Sprintf(chat.T(lang, "cap %s W", "上限 %s W"), span(capLo, capHi))
		}
		add("Power", "功耗", v)
	}
	if temps > 0 {
		add("Temperature", "温度", span(tLo, tHi)+" °C")
	}
	if v, ok := eccFact(lang, f); ok {
		add("ECC", "ECC", v)
	}
	if l := f.Links; l != nil {
		v := tr.KindsText(l)
		switch {
		case l.AllNVLink:
			v += chat.T(lang, " — NVLink on every pair", " —— 所有 GPU 对均为 NVLink")
		case l.Kinds != nil && nvPairs(l) > 0:
			v += fmt.Sprintf(chat.T(lang, " — NVLink on %d of %d pairs", " —— %d/%d 对为 NVLink"), nvPairs(l), len(l.Pairs))
		default:
			v += chat.T(lang, " — no NVLink, PCIe only", " —— 无 NVLink，仅 PCIe")
		}
		add("Interconnect", "卡间互联", v)
	}
	for _, r := range f.Iperf {
		if r.Iperf2 {
			add("iperf 2", "iperf 2", iperfFact(lang, r))
			continue
		}
		add("iperf3", "iperf3", iperfFact(lang, r))
	}
	for _, n := range f.NCCL {
		if len(n.Rows) == 0 {
			if n.Error != "" {
				add("NCCL", "NCCL", fmt.Sprintf(chat.T(lang, "%s on %d GPUs failed: %s", "%s，%d 块 GPU：运行失败：%s"), n.Op, n.GPUs, n.Error))
				continue
			}
			add("NCCL", "NCCL", fmt.Sprintf(chat.T(lang, "%s on %d GPUs: no result rows", "%s，%d 块 GPU：没有结果行"), n.Op, n.GPUs))
			continue
		}
		on := fmt.Sprintf(chat.T(lang, "%d GPUs", "%d 块 GPU"), n.GPUs)
		if n.Nodes > 1 {
			on += fmt.Sprintf(chat.T(lang, " across %d machines", "，跨 %d 台机器"), n.Nodes)
		}
		v := fmt.Sprintf(chat.T(lang, "%s on %s: peak busbw %s GB/s at %s", "%s，%s：峰值总线带宽（busbw）%s GB/s（%s）"),
			n.Op, on, num(n.PeakBusGBs), tr.BytesLabel(n.PeakSize))
		if n.AvgBusGBs != nil {
			v += fmt.Sprintf(chat.T(lang, "; # Avg bus bandwidth %s GB/s", "；# Avg bus bandwidth %s GB/s"), num(*n.AvgBusGBs))
		}
		if n.Unchecked {
			v += chat.T(lang, "; #wrong N/A (validation off)", "；#wrong N/A（未校验）")
		} else {
			v += fmt.Sprintf("; #wrong %d", n.Wrong)
		}
		add("NCCL", "NCCL", v)
	}
	for _, r := range f.Fio {
		add("fio", "fio", fioFact(lang, r))
	}
	if len(f.Disks) > 0 {
		var ds []string
		for _, d := range f.Disks {
			kind := chat.T(lang, "solid-state", "固态")
			if d.Rotational {
				kind = chat.T(lang, "spinning", "机械盘")
			}
			ds = append(ds, strings.TrimSpace(d.Name+" "+d.Size)+" "+kind)
		}
		add("Disks", "磁盘", strings.Join(ds, chat.T(lang, ", ", "，")))
	}
	if len(f.Xid) > 0 {
		var codes []string
		seen := map[int]bool{}
		for _, x := range f.Xid {
			if !seen[x.Code] {
				seen[x.Code] = true
				codes = append(codes, strconv.Itoa(x.Code))
			}
		}
		add("Xid (dmesg)", "Xid（dmesg）", fmt.Sprintf(chat.T(lang, "%d lines, codes %s", "%d 行，代码 %s"), len(f.Xid), strings.Join(codes, ", ")))
	}
	if len(f.Burn) > 0 {
		ok, bad := 0, []string{}
		for _, b := range f.Burn {
			if b.OK {
				ok++
			} else {
				bad = append(bad, fmt.Sprintf("GPU%d", b.GPU))
			}
		}
		v := fmt.Sprintf("%d OK", ok)
		if len(bad) > 0 {
			v += fmt.Sprintf(", %d FAULTY (%s)", len(bad), strings.Join(bad, ", "))
		}
		add("gpu_burn", "gpu_burn", v)
	}
	return out
}

func minmax(n int, lo, hi, v float64) (float64, float64) {
	if n == 0 {
		return v, v
	}
	return min(lo, v), max(hi, v)
}

func nvPairs(l *tr.Links) int {
	n := 0
	for _, p := range l.Pairs {
		if p.NVLinks > 0 {
			n++
		}
	}
	return n
}

func eccFact(lang chat.Lang, f tr.Facts) (string, bool) {
	shown, off := 0, 0
	var bad []string
	for _, g := range f.GPUs {
		if g.ECC == "off" {
			off++
		}
		if g.ECCUncorrected == nil {
			continue
		}
		shown++
		if *g.ECCUncorrected > 0 {
			bad = append(bad, fmt.Sprintf("GPU%d: %d", g.Index, *g.ECCUncorrected))
		}
	}
	switch {
	case len(bad) > 0:
		return fmt.Sprintf(chat.T(lang, "uncorrectable errors on %s", "不可纠正错误：%s"), strings.Join(bad, ", ")), true
	case shown > 0:
		return fmt.Sprintf(chat.T(lang, "0 uncorrectable errors on %d GPUs", "%d 块 GPU 均无不可纠正错误"), shown), true
	case off > 0:
		return fmt.Sprintf(chat.T(lang, "off on %d GPUs: memory errors are not counted", "%d 块 GPU 的 ECC 已关闭：显存错误不会被统计"), off), true
	}
	return "", false
}

func iperfFact(lang chat.Lang, r tr.IperfRun) string {
	// the fact's name says iperf3 or iperf 2
	v := strings.TrimPrefix(tr.RunLabel(r), "iperf 2 ") + ": "
	if r.Error != "" {
		return v + r.Error
	}
	if r.ReceiverGbps != nil {
		v += fmt.Sprintf(chat.T(lang, "%s Gbit/s received", "接收 %s Gbit/s"), num(*r.ReceiverGbps))
		if r.SenderGbps != nil {
			v += fmt.Sprintf(chat.T(lang, " (%s sent)", "（发送 %s）"), num(*r.SenderGbps))
		}
	} else {
		v += fmt.Sprintf(chat.T(lang, "%s Gbit/s sent", "发送 %s Gbit/s"), num(r.Gbps))
	}
	if r.Retransmits != nil {
		v += fmt.Sprintf(chat.T(lang, ", %d retransmits", "，重传 %d 次"), *r.Retransmits)
	}
	if r.LossPct != nil {
		v += fmt.Sprintf(chat.T(lang, ", loss %s%%", "，丢包 %s%%"), num(*r.LossPct))
	}
	if r.JitterMs != nil {
		v += fmt.Sprintf(chat.T(lang, ", jitter %s ms", "，抖动 %s ms"), strconv.FormatFloat(*r.JitterMs, 'g', 3, 64))
	}
	return v
}

// fioFact says one fio job: "seq (read, 1024KiB): read 3200 MB/s, 3052 IOPS".
func fioFact(lang chat.Lang, r tr.FioRun) string {
	v := r.Name
	if r.RW != "" || r.BlockSize != "" {
		v += " (" + strings.Trim(r.RW+", "+r.BlockSize, ", ") + ")"
	}
	var parts []string
	if r.ReadMBs != nil {
		parts = append(parts, fmt.Sprintf(chat.T(lang, "read %s MB/s, %s IOPS", "读 %s MB/s，%s IOPS"), num(*r.ReadMBs), num(*r.ReadIOPS)))
	}
	if r.WriteMBs != nil {
		parts = append(parts, fmt.Sprintf(chat.T(lang, "write %s MB/s, %s IOPS", "写 %s MB/s，%s IOPS"), num(*r.WriteMBs), num(*r.WriteIOPS)))
	}
	if r.Err != 0 {
		parts = append(parts, fmt.Sprintf("err=%d", r.Err))
	}
	return v + ": " + strings.Join(parts, chat.T(lang, "; ", "；"))
}

func gpuTable(lang chat.Lang, f tr.Facts) (chat.Table, bool) {
	if len(f.GPUs) == 0 {
		return chat.Table{}, false
	}
	t := chat.Table{Title: chat.T(lang, "GPUs", "GPU 明细"), Header: []string{"GPU", chat.T(lang, "name", "名称"), "bus id",
		chat.T(lang, "memory", "显存"), chat.T(lang, "power", "功耗"), chat.T(lang, "temp", "温度"), chat.T(lang, "uncorr. ECC", "不可纠正 ECC")}}
	for i, g := range f.GPUs {
		if i == maxRows {
			t.Rows = append(t.Rows, []string{"…", fmt.Sprintf(chat.T(lang, "%d more in the JSON (--json)", "另有 %d 块见 JSON（--json）"), len(f.GPUs)-maxRows)})
			break
		}
		label := strconv.Itoa(g.Index)
		if f.Hosts > 1 {
			label = fmt.Sprintf("m%d:%d", g.Host+1, g.Index)
		}
		mem := "–"
		if g.MemoryTotalMiB > 0 {
			mem = fmt.Sprintf("%d/%d MiB", g.MemoryUsedMiB, g.MemoryTotalMiB)
		}
		pw := "–"
		if g.PowerDrawW != nil || g.PowerCapW != nil {
			pw = optW(g.PowerDrawW) + " / " + optW(g.PowerCapW)
		}
		temp := "–"
		if g.TempC != nil {
			temp = fmt.Sprintf("%d °C", *g.TempC)
		}
		ecc := g.ECC
		if g.ECCUncorrected != nil {
			ecc = strconv.Itoa(*g.ECCUncorrected)
		}
		t.Rows = append(t.Rows, []string{label, g.Name, dash(g.BusID), mem, pw, temp, dash(ecc)})
	}
	return t, true
}

func optW(v *float64) string {
	if v == nil {
		return "N/A"
	}
	return num(*v) + "W"
}

// topoTable shows the GPU matrix of topo -m when it is small enough to read.
func topoTable(lang chat.Lang, f tr.Facts) (chat.Table, bool) {
	l := f.Links
	if l == nil || l.GPUs < 2 || l.GPUs > maxRows {
		return chat.Table{}, false
	}
	kind := map[[2]int]string{}
	var ids []int
	seen := map[int]bool{}
	for _, p := range l.Pairs {
		kind[[2]int{p.A, p.B}], kind[[2]int{p.B, p.A}] = p.Kind, p.Kind
		for _, g := range []int{p.A, p.B} {
			if !seen[g] {
				seen[g] = true
				ids = append(ids, g)
			}
		}
	}
	sort.Ints(ids)
	t := chat.Table{Title: chat.T(lang, "nvidia-smi topo -m (GPU pairs)", "nvidia-smi topo -m（GPU 两两连接）"), Header: []string{""}}
	for _, g := range ids {
		t.Header = append(t.Header, fmt.Sprintf("GPU%d", g))
	}
	for _, a := range ids {
		row := []string{fmt.Sprintf("GPU%d", a)}
		for _, b := range ids {
			switch {
			case a == b:
				row = append(row, "X")
			default:
				row = append(row, dash(kind[[2]int{a, b}]))
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t, true
}

func iperfTable(lang chat.Lang, f tr.Facts) (chat.Table, bool) {
	if len(f.Iperf) < 2 {
		return chat.Table{}, false
	}
	t := chat.Table{Title: iperfTitle(f), Header: []string{chat.T(lang, "run", "测试"), chat.T(lang, "sent", "发送"), chat.T(lang, "received", "接收"),
		chat.T(lang, "retransmits / loss", "重传 / 丢包"), chat.T(lang, "source", "来源")}}
	for _, r := range f.Iperf {
		extra := "–"
		switch {
		case r.LossPct != nil:
			extra = num(*r.LossPct) + "%"
		case r.Retransmits != nil:
			extra = strconv.Itoa(*r.Retransmits)
		}
		t.Rows = append(t.Rows, []string{tr.RunLabel(r), optG(r.SenderGbps), optG(r.ReceiverGbps), extra, r.Source})
	}
	return t, true
}

// iperfTitle names the iperf versions of the runs: iperf3, iperf 2, or both.
func iperfTitle(f tr.Facts) string {
	two, three := false, false
	for _, r := range f.Iperf {
		two, three = two || r.Iperf2, three || !r.Iperf2
	}
	switch {
	case two && three:
		return "iperf3 / iperf 2"
	case two:
		return "iperf 2"
	}
	return "iperf3"
}

func optG(v *float64) string {
	if v == nil {
		return "–"
	}
	return num(*v) + " Gbit/s"
}
