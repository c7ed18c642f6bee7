package trial

import (
	"strconv"
	"strings"
)

// qGPU is one "GPU 00000000:07:00.0" block of nvidia-smi -q, before merging.
type qGPU struct {
	GPU
	hasName                       bool
	volU, volC, aggU              int
	volUSeen, volCSeen, aggUSeen  bool
	drawSet, capSet, enforcedSeen bool
}

// readSMIQuery reads nvidia-smi -q (whole, or -d ECC / -d POWER / -d MEMORY):
// "==============NVSMI LOG==============", then "Key : Value" lines indented
// four spaces per section. ECC counts are summed over every "Uncorrectable"
// (or old "Double Bit ... Total") line under ECC Errors > Volatile. GPUs are
// merged into the table's GPUs by PCI bus id.
func readSMIQuery(lines []string, f *Facts, probs *[]Problem) {
	var (
		gpus   []*qGPU
		cur    *qGPU
		stack  []section
		logs   int
		inLog  bool
		header = map[string]string{}
	)
	for _, raw := range lines {
		line := strings.TrimRight(raw, " \t\r")
		trimmed := strings.TrimSpace(line)
		if strings.Contains(trimmed, "NVSMI LOG") && strings.HasPrefix(trimmed, "==") {
			logs++
			inLog = true
			cur = nil
			stack = stack[:0]
			continue
		}
		if !inLog || trimmed == "" {
			continue
		}
		indent := indentOf(line)
		key, val, kv := queryPair(trimmed)
		if indent == 0 {
			stack = stack[:0]
			switch {
			case strings.HasPrefix(trimmed, "GPU ") && isBusID(strings.TrimSpace(trimmed[4:])):
				cur = &qGPU{GPU: GPU{Host: logs - 1, BusID: normBusID(trimmed[4:]), Index: countHost(gpus, logs-1)}}
				gpus = append(gpus, cur)
			case kv:
				header[key] = val
				cur = nil
			default:
				// some other top-level line: the log has ended
				inLog = strings.HasPrefix(trimmed, "Unit ") || strings.HasPrefix(trimmed, "HIC ")
				cur = nil
			}
			continue
		}
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		if !kv {
			stack = append(stack, section{indent: indent, name: trimmed})
			continue
		}
		if cur != nil {
			cur.set(pathOf(stack), key, val)
		}
	}
	if logs == 0 {
		return
	}
	f.Tools = append(f.Tools, ToolSMIQuery)
	if f.DriverVersion == "" {
		f.DriverVersion = header["Driver Version"]
	}
	if f.CUDAVersion == "" && header["CUDA Version"] != "N/A" {
		f.CUDAVersion = header["CUDA Version"]
	}
	if n, err := strconv.Atoi(header["Attached GPUs"]); err == nil && logs == 1 && n != len(gpus) {
		*probs = append(*probs, Problem{Tool: ToolSMIQuery, Text: tf(
			"nvidia-smi -q says %[1]s attached but the paste holds %s; paste the whole log",
			"nvidia-smi -q 显示挂载了 %[3]d 块 GPU，但粘贴内容只有 %[4]d 段 GPU 信息；请完整粘贴", count(n, "GPU is", "GPUs are"), count(len(gpus), "GPU section", "GPU sections"), n, len(gpus))})
	}
	merge(f, gpus, logs)
}

type section struct {
	indent int
	name   string
}

func pathOf(stack []section) string {
	names := make([]string, len(stack))
	for i, s := range stack {
		names[i] = s.name
	}
	return strings.Join(names, "/")
}

func countHost(gpus []*qGPU, host int) int {
	n := 0
	for _, g := range gpus {
		if g.Host == host {
			n++
		}
	}
	return n
}

func indentOf(line string) int {
	n := 0
	for _, r := range line {
		switch r {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

// queryPair splits "Product Name                          : NVIDIA A10G".
func queryPair(s string) (key, val string, ok bool) {
	if i := strings.Index(s, " : "); i >= 0 {
		return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+3:]), true
	}
	if strings.HasSuffix(s, " :") {
		return strings.TrimSpace(strings.TrimSuffix(s, ":")), "", true
	}
	return "", "", false
}

// set records one "Key : Value" line found under the sections in path.
func (g *qGPU) set(path, key, val string) {
	top, _, _ := strings.Cut(path, "/")
	switch {
	case path == "" && key == "Product Name":
		g.Name, g.hasName = val, true
		g.Model, _ = ParseModel(val)
	case path == "" && key == "Serial Number":
		g.Serial = val
	case path == "" && key == "Persistence Mode":
		g.Persistence = map[string]string{"Enabled": "On", "Disabled": "Off"}[val]
	case path == "" && key == "Performance State":
		g.Perf = val
	case path == "PCI" && key == "Bus Id":
		g.BusID = normBusID(val)
	case path == "FB Memory Usage" && key == "Total":
		g.MemoryTotalMiB = mib(val)
		g.MemoryGB = MemoryLabel(g.MemoryTotalMiB)
	case path == "FB Memory Usage" && key == "Used":
		g.MemoryUsedMiB = mib(val)
	case path == "MIG Mode" && key == "Current":
		g.MIG = val
	case path == "MIG Mode" && key == "Pending":
		// Current comes first: a different Pending mode waits for a reset
		g.MIGPending = g.MIG != "" && val != g.MIG
	case path == "ECC Mode" && key == "Current":
		g.ECC = map[string]string{"Enabled": "on", "Disabled": "off", "N/A": "n/a"}[val]
	case strings.HasPrefix(path, "ECC Errors/Volatile"):
		g.countECC(path, key, val, &g.volU, &g.volC, &g.volUSeen, &g.volCSeen)
	case strings.HasPrefix(path, "ECC Errors/Aggregate") && !strings.Contains(path, "Sources"):
		var c int
		var cSeen bool
		g.countECC(path, key, val, &g.aggU, &c, &g.aggUSeen, &cSeen)
	case path == "Remapped Rows" && key == "Pending":
		g.RemapPending = val == "Yes"
	case path == "Temperature" && key == "GPU Current Temp":
		if v, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(val, "C"))); err == nil {
			g.TempC = &v
		}
	case path == "Utilization" && key == "Gpu":
		if v, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(val, "%"))); err == nil {
			g.UtilPct = &v
		}
	case top == "Power Readings" || top == "GPU Power Readings":
		g.power(key, val)
	}
}

// countECC adds one ECC counter line to the uncorrectable or correctable sum.
func (g *qGPU) countECC(path, key, val string, u, c *int, uSeen, cSeen *bool) {
	n, err := strconv.Atoi(val)
	if err != nil {
		return
	}
	switch {
	case strings.Contains(key, "Uncorrectable"):
		*u += n
		*uSeen = true
	case strings.Contains(key, "Correctable"):
		*c += n
		*cSeen = true
	case key == "Total" && strings.HasSuffix(path, "Double Bit"): // drivers before 450
		*u += n
		*uSeen = true
	case key == "Total" && strings.HasSuffix(path, "Single Bit"):
		*c += n
		*cSeen = true
	}
}

func (g *qGPU) power(key, val string) {
	w := watts(val)
	if w == nil {
		return
	}
	switch key {
	case "Power Draw", "Instantaneous Power Draw":
		if !g.drawSet || key == "Power Draw" {
			g.PowerDrawW, g.drawSet = w, true
		}
	case "Average Power Draw":
		if !g.drawSet {
			g.PowerDrawW = w
		}
	case "Enforced Power Limit":
		g.PowerCapW, g.capSet, g.enforcedSeen = w, true, true
	case "Current Power Limit", "Power Limit":
		if !g.enforcedSeen {
			g.PowerCapW, g.capSet = w, true
		}
	case "Max Power Limit":
		g.PowerMaxW = w
	}
}

// merge folds -q GPUs into the table's by bus id; GPUs the table did not show
// are added.
func merge(f *Facts, gpus []*qGPU, logs int) {
	tableGPUs := len(f.GPUs)
	for _, q := range gpus {
		if q.volUSeen {
			v := q.volU
			q.ECCUncorrected = &v
		}
		if q.volCSeen {
			v := q.volC
			q.ECCCorrected = &v
		}
		if q.aggUSeen {
			v := q.aggU
			q.ECCAggregateUncorrected = &v
		}
		if q.Model.MemoryGB == 0 {
			q.Model.MemoryGB = q.MemoryGB
		}
		i := -1
		for j := 0; j < tableGPUs; j++ {
			if f.GPUs[j].BusID == q.BusID {
				i = j
				break
			}
		}
		if i < 0 {
			g := q.GPU
			if tableGPUs > 0 {
				g.Host += f.Hosts
			}
			f.GPUs = append(f.GPUs, g)
			continue
		}
		fill(&f.GPUs[i], q)
	}
	if tableGPUs == 0 {
		f.Hosts = logs
	}
}

// fill completes a table GPU with what only -q shows.
func fill(g *GPU, q *qGPU) {
	if q.hasName && (g.Name == "" || g.NameCut) {
		g.Name, g.NameCut, g.Model = q.Name, false, q.Model
	}
	if g.Serial == "" {
		g.Serial = q.Serial
	}
	if g.MemoryTotalMiB == 0 && q.MemoryTotalMiB > 0 {
		g.MemoryTotalMiB, g.MemoryUsedMiB, g.MemoryGB = q.MemoryTotalMiB, q.MemoryUsedMiB, q.MemoryGB
	}
	if g.Model.MemoryGB == 0 {
		g.Model.MemoryGB = g.MemoryGB
	}
	if q.ECC != "" {
		g.ECC = q.ECC
	}
	if q.ECCUncorrected != nil && (g.ECCUncorrected == nil || *q.ECCUncorrected > *g.ECCUncorrected) {
		g.ECCUncorrected = q.ECCUncorrected
	}
	g.ECCCorrected = q.ECCCorrected
	g.ECCAggregateUncorrected = q.ECCAggregateUncorrected
	g.RemapPending = g.RemapPending || q.RemapPending
	if g.PowerDrawW == nil {
		g.PowerDrawW = q.PowerDrawW
	}
	if q.PowerCapW != nil {
		g.PowerCapW = q.PowerCapW
	}
	g.PowerMaxW = q.PowerMaxW
	if g.TempC == nil {
		g.TempC = q.TempC
	}
}
