package trial

import (
	"strconv"
	"strings"
)

// ToolSMIList is nvidia-smi -L, the list of GPUs with their full names.
const ToolSMIList = "nvidia-smi -L"

// readSMIList reads nvidia-smi -L:
//
//	GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-15d4f017-b14e-d7cb-4d10-e893a6abd5dc)
//	  MIG 4g.40gb     Device  0: (UUID: MIG-fca28630-…)
//
// A card the table already lists (same index on the first machine) gets
// the full name when the table cut it; a card no table lists is added. A
// MIG line under a card counts an instance of it, and MIG is then on.
func readSMIList(lines []string, f *Facts) {
	type row struct {
		index int
		name  string
		migs  int
	}
	var rows []row
	burn := false // gpu_burn prints the same list after "Burning for …": it is gpu_burn's
	for _, raw := range lines {
		s := strings.TrimSpace(raw)
		if strings.HasPrefix(s, "Burning for ") {
			burn = true
			continue
		}
		if burn && strings.HasPrefix(s, "GPU ") {
			continue
		}
		burn = false
		if strings.HasPrefix(s, "MIG ") && strings.Contains(s, "(UUID: MIG-") && len(rows) > 0 {
			rows[len(rows)-1].migs++
			continue
		}
		rest, ok := strings.CutPrefix(s, "GPU ")
		if !ok {
			continue
		}
		n, name, ok := strings.Cut(rest, ": ")
		i, err := strconv.Atoi(n)
		if !ok || err != nil {
			continue
		}
		name, _, ok = strings.Cut(name, " (UUID: GPU-")
		if !ok || strings.TrimSpace(name) == "" {
			continue
		}
		rows = append(rows, row{index: i, name: strings.TrimSpace(name)})
	}
	if len(rows) == 0 {
		return
	}
	f.Tools = append(f.Tools, ToolSMIList)
	listed := len(f.GPUs)
	for _, r := range rows {
		m, _ := ParseModel(r.name)
		j := -1
		for k := 0; k < listed; k++ {
			if f.GPUs[k].Host == 0 && f.GPUs[k].Index == r.index {
				j = k
				break
			}
		}
		if j < 0 {
			g := GPU{Index: r.index, Name: r.name, Model: m}
			if r.migs > 0 {
				g.MIG, g.MIGDevices = "Enabled", r.migs
			}
			f.GPUs = append(f.GPUs, g)
			continue
		}
		g := &f.GPUs[j]
		if g.Name == "" || g.NameCut {
			g.Name, g.NameCut, g.Model = r.name, false, m
			if g.Model.MemoryGB == 0 {
				g.Model.MemoryGB = g.MemoryGB
			}
		}
		if r.migs > 0 && g.MIGDevices == 0 {
			g.MIG, g.MIGDevices = "Enabled", r.migs
		}
	}
	if f.Hosts == 0 {
		f.Hosts = 1
	}
}
