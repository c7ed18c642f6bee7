package trial

import (
	"sort"
	"strconv"
	"strings"
)

// readTopo reads the matrix of nvidia-smi topo -m:
//
//	        GPU0    GPU1    NIC0    CPU Affinity    NUMA Affinity   GPU NUMA ID
//	GPU0     X      NV12    PXB     48-63,176-191   3               N/A
//
// The header row starts with GPU0; its labels (GPUn, NICn or mlx5_n) name the
// cells of each row, and whatever follows them ("CPU Affinity", "NUMA
// Affinity", "GPU NUMA ID") is affinity. Cells are X, NV#, PIX, PXB, PHB,
// NODE, SYS (SOC in drivers before 384). Tabs and spaces are both accepted,
// and the ANSI underline some drivers print is removed.
func readTopo(lines []string, f *Facts, probs *[]Problem) {
	problem := func(en, zh string, args ...any) {
		*probs = append(*probs, Problem{Tool: ToolTopo, Text: tf(en, zh, args...)})
	}
	var (
		labels []string
		cells  = map[int][]string{} // GPU row -> cells
		aff    []Affinity
		legend = map[string]string{}
		seen   bool
	)
	for _, raw := range lines {
		fields := strings.Fields(stripANSI(raw))
		if len(fields) > 1 && (fields[0] == "#" || fields[0] == ">") {
			// pasted from a script's comment or quoted in a chat or e-mail
			fields = fields[1:]
		}
		if len(fields) == 0 {
			continue
		}
		if labels == nil && fields[0] == "GPU0" && (len(fields) == 1 || isTopoLabel(fields[1]) || fields[1] == "CPU") {
			for _, fl := range fields {
				if !isTopoLabel(fl) {
					break
				}
				labels = append(labels, fl)
			}
			seen = true
			continue
		}
		if labels == nil {
			continue
		}
		if n, ok := strings.CutPrefix(fields[0], "NIC"); ok && strings.HasSuffix(n, ":") && len(fields) == 2 {
			legend["NIC"+strings.TrimSuffix(n, ":")] = fields[1]
			continue
		}
		g, ok := gpuLabel(fields[0])
		if !ok {
			continue
		}
		row := fields[1:]
		if len(row) < len(labels) {
			problem("the topo -m row of GPU%d is cut (%d of %d cells); paste the whole matrix",
				"topo -m 中 GPU%d 那一行被截断（%d/%d 个单元）；请完整粘贴矩阵", g, len(row), len(labels))
			cells[g] = append([]string(nil), row...)
			continue
		}
		cells[g] = row[:len(labels)]
		if extra := row[len(labels):]; len(extra) >= 1 {
			a := Affinity{GPU: g, CPU: extra[0]}
			if len(extra) >= 2 {
				a.NUMA = extra[1]
			}
			aff = append(aff, a)
		}
	}
	if !seen {
		return
	}
	f.Tools = append(f.Tools, ToolTopo)
	var gpuCols []int // label index of each GPU column, by GPU number
	col := map[int]int{}
	l := &Links{Kinds: map[string]int{}, Affinity: aff}
	for i, lab := range labels {
		if g, ok := gpuLabel(lab); ok {
			col[g] = i
			gpuCols = append(gpuCols, g)
			continue
		}
		if name, ok := legend[lab]; ok {
			lab += " (" + name + ")"
		}
		l.NICs = append(l.NICs, lab)
	}
	sort.Ints(gpuCols)
	l.GPUs = len(gpuCols)
	if len(cells) < l.GPUs {
		problem("topo -m lists %[1]s but only %[2]s; paste the whole matrix",
			"topo -m 有 %[3]d 个 GPU 列，却只有 %[4]d 行 GPU；请完整粘贴矩阵", count(l.GPUs, "GPU column", "GPU columns"), count(len(cells), "GPU row", "GPU rows"), l.GPUs, len(cells))
	}
	l.AllNVLink = l.GPUs > 1
	unread := 0
	for ai, a := range gpuCols {
		for _, b := range gpuCols[ai+1:] {
			kind, ok := topoCell(cells[a], col[b])
			if !ok {
				kind, ok = topoCell(cells[b], col[a])
			}
			if !ok {
				l.AllNVLink = false
				unread++
				continue
			}
			lk := Link{A: a, B: b, Kind: kind}
			if n, ok := strings.CutPrefix(kind, "NV"); ok {
				lk.NVLinks, _ = strconv.Atoi(n)
			} else {
				l.AllNVLink = false
			}
			l.Pairs = append(l.Pairs, lk)
			l.Kinds[kind]++
		}
	}
	if unread > 0 && len(cells) >= l.GPUs {
		problem("%d GPU pairs of the matrix hold something other than X, NV#, PIX, PXB, PHB, NODE or SYS; paste the output of nvidia-smi topo -m (not -p2p)",
			"矩阵中有 %d 对 GPU 的单元不是 X、NV#、PIX、PXB、PHB、NODE 或 SYS；请粘贴 nvidia-smi topo -m 的输出（不是 -p2p）", unread)
	}
	if len(l.Pairs) == 0 {
		l.AllNVLink = false
	}
	f.Links = l
}

// topoCell returns the connection in row at column i, normalised, if readable.
func topoCell(row []string, i int) (string, bool) {
	if i >= len(row) {
		return "", false
	}
	c := strings.ToUpper(strings.TrimSpace(row[i]))
	switch c {
	case "PIX", "PXB", "PHB", "NODE", "SYS":
		return c, true
	case "SOC":
		return "SYS", true
	}
	if n, ok := strings.CutPrefix(c, "NV"); ok {
		if v, err := strconv.Atoi(n); err == nil && v > 0 {
			return c, true
		}
	}
	return "", false
}

func gpuLabel(s string) (int, bool) {
	n, ok := strings.CutPrefix(s, "GPU")
	if !ok {
		return 0, false
	}
	v, err := strconv.Atoi(n)
	return v, err == nil && v >= 0 && v < 4096
}

// isTopoLabel accepts GPU0, NIC3, mlx5_0, mlx5_bond_0 and other NIC names.
func isTopoLabel(s string) bool {
	if _, ok := gpuLabel(s); ok {
		return true
	}
	if s == "CPU" || s == "NUMA" || s == "Affinity" {
		return false
	}
	return strings.HasPrefix(s, "NIC") || strings.HasPrefix(s, "mlx") || strings.HasPrefix(s, "ib") ||
		strings.HasPrefix(s, "bnxt") || strings.HasPrefix(s, "irdma") || strings.HasPrefix(s, "erdma")
}

// stripANSI removes terminal escape sequences (ESC [ ... letter).
func stripANSI(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && !(s[j] >= '@' && s[j] <= '~') {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
