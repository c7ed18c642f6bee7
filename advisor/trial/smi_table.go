package trial

import (
	"strconv"
	"strings"
)

// smiTable reads the default nvidia-smi table. The layout changed over driver
// releases (470/525: 79 columns and names cut to 18 characters; 535/545: a
// wider first column; 550/570: a wider bus-id column; 580: "+---" under the
// header; Windows: no MIG row), so rows are read by their "|" cells, never by
// column positions: a GPU is a row whose first cell starts with its index and
// whose second cell starts with a PCI bus id, followed by a row holding
// "used / total MiB".
type smiTable struct {
	f      *Facts
	probs  *[]Problem
	tables int

	inTable  bool
	inMIG    bool  // in the "MIG devices:" part of the current table
	sawGPU   bool  // the current table has a GPU row
	closed   bool  // the last GPU block ended with a "+---" border
	pending  *GPU  // a GPU row waiting for its memory row
	foreign  int   // "|" rows of the current table that were not understood
	gpus     []GPU // GPUs read, appended to Facts at the end
	failures []string
}

func readSMITable(lines []string, f *Facts, probs *[]Problem) {
	t := &smiTable{f: f, probs: probs}
	for _, line := range lines {
		t.line(line)
	}
	t.endTable()
	if t.tables > 0 || len(t.gpus) > 0 || t.failures != nil {
		f.Tools = append(f.Tools, ToolSMI)
		f.Hosts = t.tables
		f.GPUs = append(f.GPUs, t.gpus...)
	}
}

func (t *smiTable) problem(en, zh string, args ...any) {
	*t.probs = append(*t.probs, Problem{Tool: ToolSMI, Text: tf(en, zh, args...)})
}

func (t *smiTable) line(line string) {
	s := strings.TrimSpace(line)
	switch {
	case strings.Contains(s, "NVIDIA-SMI has failed"), strings.HasPrefix(s, "No devices were found"),
		strings.HasPrefix(s, "Failed to initialize NVML"), strings.Contains(s, "couldn't find libnvidia-ml.so"):
		t.f.SMIError = s
		t.failures = append(t.failures, s)
		return
	case strings.HasPrefix(s, "Unable to determine the device handle for"):
		// one card the driver cannot reach; the table that follows lists the others
		t.f.LostGPUs = append(t.f.LostGPUs, s)
		t.failures = append(t.failures, s)
		return
	case strings.Contains(s, "NVIDIA-SMI ") && (strings.Contains(s, "Driver Version") || strings.Contains(s, "KMD Version")):
		// "KMD Version" and "CUDA UMD Version" are how drivers from 610 name them
		t.endTable()
		t.startTable()
		t.header(s)
		return
	case strings.HasPrefix(s, "+") || strings.HasPrefix(s, "|=") || strings.HasPrefix(s, "|-"):
		if t.inTable && t.sawGPU && t.pending == nil {
			t.closed = true
		}
		return
	case !strings.HasPrefix(s, "|"):
		return
	case strings.Contains(s, "Processes:") || strings.Contains(s, "MIG devices:"):
		t.flushPending()
		t.inTable = false
		t.inMIG = strings.Contains(s, "MIG devices:")
		return
	case strings.Contains(s, "Persistence-M") || strings.Contains(s, "Pwr:Usage/Cap") || strings.Contains(s, "MIG M."):
		if !t.inTable {
			// the column header without the NVIDIA-SMI line above it
			t.endTable()
			t.startTable()
			t.problem("the nvidia-smi header line (NVIDIA-SMI ... Driver Version ... CUDA Version) is missing, so the driver and CUDA versions are unknown; paste the whole table from its first +---- line",
				"缺少 nvidia-smi 表头行（NVIDIA-SMI ... Driver Version ... CUDA Version），驱动和 CUDA 版本无法读取；请从表格第一行 +---- 开始完整粘贴")
		}
		return
	}
	if t.inMIG {
		t.migRow(strings.Split(strings.Trim(s, "|"), "|"))
		return
	}
	if !t.inTable {
		return
	}
	cells := strings.Split(strings.Trim(s, "|"), "|")
	if len(cells) < 3 && t.sawGPU {
		if f := strings.Fields(cells[0]); len(f) >= 2 && isNumber(f[0]) {
			// a GPU row cut in the middle: the paste ends inside the table
			t.closed = false
			return
		}
	}
	if g, ok := gpuRow(cells); ok {
		if prev := t.pending; prev != nil {
			t.flushPending()
			t.problem("the power and memory row of GPU %d is missing; paste the table as printed, two or three lines per GPU",
				"GPU %d 缺少功耗和显存那一行；请原样粘贴表格（每块 GPU 两到三行）", prev.Index)
		}
		g.Host = t.tables - 1
		t.pending = &g
		t.sawGPU = true
		t.closed = false
		return
	}
	if t.pending != nil && len(cells) >= 2 && strings.Contains(cells[1], "MiB") {
		usageRow(cells, t.pending)
		t.gpus = append(t.gpus, *t.pending)
		t.pending = nil
		return
	}
	if n := len(t.gpus); n > 0 && t.pending == nil && len(cells) >= 3 && strings.TrimSpace(cells[0]) == "" {
		v := strings.TrimSpace(cells[2])
		pending := strings.HasSuffix(v, "*") // the mode changes at the next GPU reset
		if v = strings.TrimSuffix(v, "*"); v == "Disabled" || v == "Enabled" || v == "N/A" {
			t.gpus[n-1].MIG = v
			t.gpus[n-1].MIGPending = pending
			return
		}
	}
	if strings.TrimSpace(strings.Join(cells, "")) != "" {
		t.foreign++
	}
}

// migRow reads one instance of the "MIG devices:" part,
// "|  0    1   0   0  |  107MiB / 40192MiB  | 42      0 |  3   0    2    0    0 |":
// the GPU index, GPU and compute instance ids and the MIG device index, its
// memory, its SM count and its volatile uncorrectable ECC count. The
// instance is counted on its GPU, and its ECC count added to the GPU's (a
// GPU in MIG mode shows only "On" in its own ECC column).
func (t *smiTable) migRow(cells []string) {
	if len(cells) < 3 {
		return
	}
	ids := strings.Fields(cells[0])
	if len(ids) != 4 || !strings.Contains(cells[1], "MiB") {
		return
	}
	idx, err := strconv.Atoi(ids[0])
	if err != nil {
		return
	}
	for i := range t.gpus {
		g := &t.gpus[i]
		if g.Host != t.tables-1 || g.Index != idx {
			continue
		}
		g.MIGDevices++
		if f := strings.Fields(cells[2]); len(f) == 2 && g.ECC == "on" {
			if n, err := strconv.Atoi(f[1]); err == nil {
				sum := n
				if g.ECCUncorrected != nil {
					sum += *g.ECCUncorrected
				}
				g.ECCUncorrected = &sum
			}
		}
		return
	}
}

func (t *smiTable) startTable() {
	t.tables++
	t.inMIG = false
	t.inTable = true
	t.sawGPU = false
	t.closed = false
	t.foreign = 0
}

// header reads "| NVIDIA-SMI 550.54.15   Driver Version: 550.54.15   CUDA Version: 12.4 |".
func (t *smiTable) header(s string) {
	smi := after(s, "NVIDIA-SMI ")
	drv := after(s, "Driver Version:")
	if drv == "" {
		drv = after(s, "KMD Version:")
	}
	cuda := after(s, "CUDA Version:")
	if cuda == "" {
		cuda = after(s, "CUDA UMD Version:")
	}
	if t.f.SMIVersion == "" {
		t.f.SMIVersion = smi
	}
	if t.f.DriverVersion == "" {
		t.f.DriverVersion = drv
	} else if drv != "" && drv != t.f.DriverVersion {
		t.problem("the pasted tables come from different drivers (%s and %s); compare one machine at a time",
			"粘贴的多张表来自不同驱动（%s 与 %s），请逐台机器核对", t.f.DriverVersion, drv)
	}
	if t.f.CUDAVersion == "" && cuda != "N/A" {
		t.f.CUDAVersion = cuda
	}
	if drv == "" {
		t.problem("the nvidia-smi header line is cut: the driver version is unreadable; paste the whole line \"NVIDIA-SMI ... Driver Version: ... CUDA Version: ...\"",
			"nvidia-smi 表头行不完整，无法读取驱动版本；请完整粘贴 \"NVIDIA-SMI ... Driver Version: ... CUDA Version: ...\" 这一行")
	}
}

// endTable checks the table just read for signs that the paste was cut.
func (t *smiTable) endTable() {
	if !t.inTable && t.pending == nil {
		return
	}
	cut := t.pending
	t.flushPending()
	switch {
	case t.inTable && !t.sawGPU && t.foreign > 0:
		t.problem("the nvidia-smi table has rows I cannot read (an unknown layout); paste it as printed, or add the output of nvidia-smi --query-gpu=index,name,memory.total,power.draw,power.limit --format=csv",
			"nvidia-smi 表格中有无法识别的行（未知格式）；请原样粘贴，或补充 nvidia-smi --query-gpu=index,name,memory.total,power.draw,power.limit --format=csv 的输出")
	case t.inTable && !t.sawGPU:
		t.problem("the nvidia-smi table ends after its header, with no GPU rows; paste the whole table",
			"nvidia-smi 表格只有表头，没有 GPU 行；请完整粘贴整张表")
	case cut != nil || t.sawGPU && !t.closed && t.inTable:
		last := -1
		if n := len(t.gpus); n > 0 {
			last = t.gpus[n-1].Index
		}
		t.f.SMICut = true
		t.problem("the nvidia-smi table is cut after GPU %d: GPUs after it may be missing; paste the whole table down to its closing +---- line",
			"nvidia-smi 表格在 GPU %d 之后被截断，后面的 GPU 可能缺失；请完整粘贴到表格末尾的 +---- 行", last)
	}
	t.inTable = false
}

// flushPending keeps a GPU whose memory row was cut, marking nothing more.
func (t *smiTable) flushPending() {
	if t.pending != nil {
		t.gpus = append(t.gpus, *t.pending)
		t.pending = nil
	}
}

// gpuRow reads "   0  NVIDIA A100-SXM4-80GB   On | 00000000:07:00.0 Off | 0 ".
func gpuRow(cells []string) (GPU, bool) {
	if len(cells) < 3 {
		return GPU{}, false
	}
	f0 := strings.Fields(cells[0])
	f1 := strings.Fields(cells[1])
	if len(f0) < 2 || len(f1) < 1 || !isBusID(f1[0]) {
		return GPU{}, false
	}
	idx, err := strconv.Atoi(f0[0])
	if err != nil || idx < 0 {
		return GPU{}, false
	}
	g := GPU{Index: idx, BusID: normBusID(f1[0])}
	name := f0[1:]
	switch last := name[len(name)-1]; last {
	case "On", "Off", "WDDM", "TCC":
		g.Persistence = last
		name = name[:len(name)-1]
	}
	g.Name = strings.Join(name, " ")
	g.Err = g.Name == "ERR!" || strings.TrimSpace(cells[2]) == "ERR!"
	g.NameCut = strings.HasSuffix(g.Name, "...")
	g.Model, _ = ParseModel(g.Name)
	switch ecc := strings.TrimSpace(cells[2]); ecc {
	case "On":
		// MIG mode: the counts are in the "MIG devices:" rows (migRow)
		g.ECC = "on"
	case "Off":
		g.ECC = "off"
	case "N/A":
		g.ECC = "n/a"
	default:
		if n, err := strconv.Atoi(ecc); err == nil {
			g.ECC = "on"
			g.ECCUncorrected = &n
		}
	}
	return g, true
}

// usageRow reads "| N/A 31C P0 61W / 400W | 0MiB / 81920MiB | 0% Default |".
func usageRow(cells []string, g *GPU) {
	f0 := strings.Fields(cells[0])
	if strings.Contains(cells[0], "ERR!") {
		g.Err = true
	}
	var rest []string
	for i, tok := range f0 {
		switch {
		case strings.HasSuffix(tok, "C") && isNumber(strings.TrimSuffix(tok, "C")):
			v, _ := strconv.Atoi(strings.TrimSuffix(tok, "C"))
			g.TempC = &v
		case len(tok) >= 2 && tok[0] == 'P' && isNumber(tok[1:]):
			g.Perf = tok
			rest = f0[i+1:]
		}
	}
	if rest == nil && len(f0) > 3 {
		rest = f0[3:]
	}
	draw, limit, _ := strings.Cut(strings.Join(rest, " "), "/")
	g.PowerDrawW = watts(draw)
	g.PowerCapW = watts(limit)
	used, total, _ := strings.Cut(cells[1], "/")
	g.MemoryUsedMiB = mib(used)
	g.MemoryTotalMiB = mib(total)
	g.MemoryGB = MemoryLabel(g.MemoryTotalMiB)
	if g.Model.MemoryGB == 0 {
		g.Model.MemoryGB = g.MemoryGB
	}
	if len(cells) >= 3 {
		if f2 := strings.Fields(cells[2]); len(f2) > 0 && strings.HasSuffix(f2[0], "%") {
			if v, err := strconv.Atoi(strings.TrimSuffix(f2[0], "%")); err == nil {
				g.UtilPct = &v
			}
		}
	}
}

// after returns the first word after marker in s, or "".
func after(s, marker string) string {
	i := strings.Index(s, marker)
	if i < 0 {
		return ""
	}
	f := strings.Fields(s[i+len(marker):])
	if len(f) == 0 || f[0] == "|" {
		return ""
	}
	return strings.TrimRight(f[0], "|")
}

// isBusID accepts "00000000:07:00.0" and "0000:07:00.0".
func isBusID(s string) bool {
	parts := strings.Split(s, ":")
	if len(parts) != 3 || !strings.Contains(parts[2], ".") {
		return false
	}
	for _, p := range []string{parts[0], parts[1], strings.Replace(parts[2], ".", "", 1)} {
		if p == "" || !isHex(p) {
			return false
		}
	}
	return true
}

func isHex(s string) bool {
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F') {
			return false
		}
	}
	return true
}

// normBusID writes a bus id as nvidia-smi's table does: 8-digit domain, upper case.
func normBusID(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	dom, rest, ok := strings.Cut(s, ":")
	if !ok {
		return s
	}
	for len(dom) < 8 {
		dom = "0" + dom
	}
	return dom + ":" + rest
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// watts reads "61W", " 400W ", "61.52 W"; nil for N/A or ERR!.
func watts(s string) *float64 {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "W"))
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || v < 0 {
		return nil
	}
	return &v
}

// mib reads "81920MiB" or "81920 MiB"; 0 when unreadable.
func mib(s string) int {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "MiB"))
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		return 0
	}
	return v
}
