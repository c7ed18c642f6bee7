package trial

import (
	"strings"
	"testing"
)

func TestTopoFixtures(t *testing.T) {
	tests := []struct {
		file   string
		gpus   int
		all    bool
		kinds  map[string]int
		nics   int
		cpu0   string
		numa0  string
		pair01 string
	}{
		{"topo_a100x8_nv12.txt", 8, true, map[string]int{"NV12": 28}, 10, "48-63,176-191", "3", "NV12"},
		{"topo_h100x8_nv18.txt", 8, true, map[string]int{"NV18": 28}, 8, "0-55,112-167", "0", "NV18"},
		{"topo_4090x8_pcie.txt", 8, false, map[string]int{"PIX": 4, "NODE": 8, "SYS": 16}, 0, "0-31,64-95", "0", "PIX"},
		{"topo_a100pcie_x7_bridged.txt", 7, false, map[string]int{"NV12": 3, "NODE": 6, "SYS": 12}, 0, "0-23,48-71", "0", "NV12"},
	}
	for _, tt := range tests {
		f, probs := Read(fixture(t, tt.file))
		l := f.Links
		if l == nil || len(probs) > 0 {
			t.Fatalf("%s: links %v, problems %+v", tt.file, l, probs)
		}
		if l.GPUs != tt.gpus || l.AllNVLink != tt.all || len(l.Pairs) != tt.gpus*(tt.gpus-1)/2 || len(l.NICs) != tt.nics {
			t.Errorf("%s: %d GPUs, all NVLink %v, %d pairs, %d NICs; want %d, %v, %d, %d", tt.file, l.GPUs, l.AllNVLink, len(l.Pairs), len(l.NICs), tt.gpus, tt.all, tt.gpus*(tt.gpus-1)/2, tt.nics)
		}
		for k, n := range tt.kinds {
			if l.Kinds[k] != n {
				t.Errorf("%s: %d %s pairs, want %d (kinds %v)", tt.file, l.Kinds[k], k, n, l.Kinds)
			}
		}
		if len(l.Affinity) != tt.gpus || l.Affinity[0].CPU != tt.cpu0 || l.Affinity[0].NUMA != tt.numa0 {
			t.Errorf("%s: affinity %+v, want GPU0 on %s NUMA %s", tt.file, l.Affinity, tt.cpu0, tt.numa0)
		}
		if p := l.Pairs[0]; p.A != 0 || p.B != 1 || p.Kind != tt.pair01 {
			t.Errorf("%s: first pair %+v, want GPU0-GPU1 %s", tt.file, p, tt.pair01)
		}
		if f.GPUCount != tt.gpus || f.CountSource != ToolTopo {
			t.Errorf("%s: count %d from %q, want %d from topo", tt.file, f.GPUCount, f.CountSource, tt.gpus)
		}
	}
}

func TestTopoVariants(t *testing.T) {
	spaces := "        GPU0    GPU1    GPU2    GPU3    CPU Affinity    NUMA Affinity\n" +
		"GPU0     X      NV4     NV4     SYS     0-19            0\n" +
		"GPU1    NV4      X      SYS     NV4     0-19            0\n" +
		"GPU2    NV4     SYS      X      NV4     20-39           1\n" +
		"GPU3    SYS     NV4     NV4      X      20-39           1\n"
	ansi := "\t\x1b[4mGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\x1b[0m\nGPU0\t X \tSOC\t0-11\t0\nGPU1\tSOC\t X \t12-23\t1\n"
	cut := "\tGPU0\tGPU1\tGPU2\tCPU Affinity\tNUMA Affinity\nGPU0\t X \tPIX\tPIX\t0-15\t0\nGPU1\tPIX\t X \n"
	p2p := "\tGPU0\tGPU1\nGPU0\tX\tOK\nGPU1\tOK\tX\n"
	tests := []struct {
		name    string
		in      string
		gpus    int
		kinds   map[string]int
		problem string
	}{
		{"spaces instead of tabs, V100 hybrid cube mesh", spaces, 4, map[string]int{"NV4": 4, "SYS": 2}, ""},
		{"ANSI underline and SOC from old drivers", ansi, 2, map[string]int{"SYS": 1}, ""},
		{"cut matrix", cut, 3, map[string]int{"PIX": 2}, "only 2 GPU rows"},
		{"topo -p2p is not topo -m", p2p, 2, map[string]int{}, "-p2p"},
	}
	for _, tt := range tests {
		f, probs := Read(tt.in)
		if f.Links == nil {
			t.Fatalf("%s: no links read", tt.name)
		}
		if f.Links.GPUs != tt.gpus || len(f.Links.Kinds) != len(tt.kinds) {
			t.Errorf("%s: %d GPUs kinds %v, want %d %v", tt.name, f.Links.GPUs, f.Links.Kinds, tt.gpus, tt.kinds)
		}
		for k, n := range tt.kinds {
			if f.Links.Kinds[k] != n {
				t.Errorf("%s: %d %s pairs, want %d", tt.name, f.Links.Kinds[k], k, n)
			}
		}
		if !hasProblem(probs, tt.problem) {
			t.Errorf("%s: problems %+v, want %q", tt.name, probs, tt.problem)
		}
	}
}

func TestTopoLegendIsNotAMatrix(t *testing.T) {
	legend := fixture(t, "topo_a100x8_nv12.txt")
	legend = legend[strings.Index(legend, "Legend:"):]
	if f, _ := Read(legend); f.Links != nil || len(f.Tools) != 0 {
		t.Errorf("the legend alone read as %v, tools %v; want nothing", f.Links, f.Tools)
	}
}
