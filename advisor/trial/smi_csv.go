package trial

import (
	"strconv"
	"strings"
)

// ToolSMICSV is nvidia-smi --query-gpu=... --format=csv.
const ToolSMICSV = "nvidia-smi --query-gpu"

// readSMICSV reads nvidia-smi --query-gpu=index,name,serial,... --format=csv:
// a header naming the fields ("index, name, memory.total [MiB]") and one row
// per GPU ("0, NVIDIA A100-SXM4-80GB, 81920 MiB"). Rows fill the table's GPUs
// with the same index (the full name, the serial number) or add GPUs when no
// table was pasted. Output with noheader cannot be read: its columns are
// unknown.
func readSMICSV(lines []string, f *Facts) {
	var cols []string
	var rows [][]string
	for _, raw := range lines {
		s := strings.TrimSpace(raw)
		if cols == nil {
			if strings.Contains(s, ",") && (strings.HasPrefix(s, "index,") || strings.HasPrefix(s, "name,") || strings.HasPrefix(s, "pci.bus_id,")) {
				for _, c := range strings.Split(s, ",") {
					c, _, _ = strings.Cut(strings.TrimSpace(c), " ")
					cols = append(cols, c)
				}
			}
			continue
		}
		parts := strings.Split(s, ",")
		if len(parts) != len(cols) {
			if len(rows) > 0 {
				break
			}
			continue
		}
		rows = append(rows, parts)
	}
	if cols == nil || len(rows) == 0 {
		return
	}
	f.Tools = append(f.Tools, ToolSMICSV)
	table := len(f.GPUs)
	for n, r := range rows {
		g := GPU{Index: n}
		has := map[string]bool{}
		for i, c := range cols {
			v := strings.TrimSpace(r[i])
			if v == "" || strings.HasPrefix(v, "[N/A") || v == "N/A" || strings.HasPrefix(v, "[Not Supported") {
				continue
			}
			has[c] = true
			switch c {
			case "index":
				g.Index, _ = strconv.Atoi(v)
			case "name":
				g.Name = v
				g.Model, _ = ParseModel(v)
			case "serial":
				g.Serial = v
			case "pci.bus_id":
				g.BusID = normBusID(v)
			case "memory.total":
				g.MemoryTotalMiB = mib(v)
				g.MemoryGB = MemoryLabel(g.MemoryTotalMiB)
			case "memory.used":
				g.MemoryUsedMiB = mib(v)
			case "power.draw":
				g.PowerDrawW = watts(v)
			case "power.limit", "enforced.power.limit":
				g.PowerCapW = watts(v)
			case "power.max_limit":
				g.PowerMaxW = watts(v)
			case "temperature.gpu":
				if t, err := strconv.Atoi(v); err == nil {
					g.TempC = &t
				}
			case "utilization.gpu":
				if u, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(v, "%"))); err == nil {
					g.UtilPct = &u
				}
			case "ecc.errors.uncorrected.volatile.total":
				if e, err := strconv.Atoi(v); err == nil {
					g.ECCUncorrected = &e
				}
			case "driver_version":
				if f.DriverVersion == "" {
					f.DriverVersion = v
				}
			}
		}
		if g.Model.MemoryGB == 0 {
			g.Model.MemoryGB = g.MemoryGB
		}
		i := -1
		for j := 0; j < table; j++ {
			if f.GPUs[j].Host == 0 && f.GPUs[j].Index == g.Index || g.BusID != "" && f.GPUs[j].BusID == g.BusID {
				i = j
				break
			}
		}
		if i < 0 {
			f.GPUs = append(f.GPUs, g)
			continue
		}
		t := &f.GPUs[i]
		if has["name"] && (t.Name == "" || t.NameCut) {
			t.Name, t.NameCut, t.Model = g.Name, false, g.Model
			if t.Model.MemoryGB == 0 {
				t.Model.MemoryGB = t.MemoryGB
			}
		}
		if t.Serial == "" {
			t.Serial = g.Serial
		}
		if t.PowerMaxW == nil {
			t.PowerMaxW = g.PowerMaxW
		}
	}
	if f.Hosts == 0 {
		f.Hosts = 1
	}
}
