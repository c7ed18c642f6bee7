package trial

import "testing"

func TestParseModel(t *testing.T) {
	tests := []struct {
		name, in string
		want     Model
		ok       bool
	}{
		{"promise with memory", "A100-80G", Model{Family: "A100", MemoryGB: 80}, true},
		{"promise with form factor", "A100 80G SXM4", Model{Family: "A100", MemoryGB: 80, FormFactor: SXM}, true},
		{"promise in Chinese", "A100 80G PCIe版", Model{Family: "A100", MemoryGB: 80, FormFactor: PCIe}, true},
		{"lower case", "h100-sxm", Model{Family: "H100", FormFactor: SXM}, true},
		{"smi A100 SXM4", "NVIDIA A100-SXM4-80GB", Model{Family: "A100", MemoryGB: 80, FormFactor: SXM}, true},
		{"smi A100 PCIe", "NVIDIA A100 80GB PCIe", Model{Family: "A100", MemoryGB: 80, FormFactor: PCIe}, true},
		{"smi A100 40GB PCIe old name", "NVIDIA A100-PCIE-40GB", Model{Family: "A100", MemoryGB: 40, FormFactor: PCIe}, true},
		{"smi name cut by 470/525", "NVIDIA A100-SXM...", Model{Family: "A100", FormFactor: SXM}, true},
		{"smi H100 SXM5 named by HBM3", "NVIDIA H100 80GB HBM3", Model{Family: "H100", MemoryGB: 80, FormFactor: SXM}, true},
		{"smi H100 PCIe", "NVIDIA H100 PCIe", Model{Family: "H100", FormFactor: PCIe}, true},
		{"smi H100 NVL", "NVIDIA H100 NVL", Model{Family: "H100", FormFactor: NVL}, true},
		{"H200 is not H20", "NVIDIA H200", Model{Family: "H200"}, true},
		{"H20 ships as a module", "NVIDIA H20", Model{Family: "H20", FormFactor: SXM}, true},
		{"A10 is not A100", "NVIDIA A10", Model{Family: "A10", FormFactor: PCIe}, true},
		{"L40S is not L40", "NVIDIA L40S", Model{Family: "L40S", FormFactor: PCIe}, true},
		{"4090 D is not 4090", "NVIDIA GeForce RTX 4090 D", Model{Family: "RTX 4090 D", FormFactor: PCIe}, true},
		{"4090 glued to RTX", "RTX4090", Model{Family: "RTX 4090", FormFactor: PCIe}, true},
		{"4090 in Chinese", "4090显卡 24G", Model{Family: "RTX 4090", MemoryGB: 24, FormFactor: PCIe}, true},
		{"Tesla V100", "Tesla V100-SXM2-32GB", Model{Family: "V100", MemoryGB: 32, FormFactor: SXM}, true},
		{"HGX board name", "NVIDIA PG509-210", Model{Family: "A100", FormFactor: SXM}, true},
		{"full-width", "Ａ１００－８０Ｇ", Model{Family: "A100", MemoryGB: 80}, true},
		{"unknown", "MI300X", Model{}, false},
		{"empty", "", Model{}, false},
	}
	for _, tt := range tests {
		got, ok := ParseModel(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: ParseModel(%q) = %+v, %v; want %+v, %v", tt.name, tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestMemoryLabel(t *testing.T) {
	tests := []struct {
		name string
		mib  int
		want int
	}{
		{"A100 80GB, driver 525+", 81920, 80},
		{"A100 80GB, driver 470", 81251, 80},
		{"H100 SXM", 81559, 80},
		{"RTX 4090", 24564, 24},
		{"A10G", 23028, 24},
		{"L40S", 46068, 48},
		{"H20", 97871, 96},
		{"H100 NVL", 95830, 94},
		{"H200", 143771, 141},
		{"A100 40GB", 40960, 40},
		{"unknown", 0, 0},
	}
	for _, tt := range tests {
		if got := MemoryLabel(tt.mib); got != tt.want {
			t.Errorf("%s: MemoryLabel(%d) = %d, want %d", tt.name, tt.mib, got, tt.want)
		}
	}
}

func TestParseLineRate(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		ok   bool
	}{
		{"10g", 10, true}, {"10G", 10, true}, {"25gbe", 25, true}, {"100Gbps", 100, true}, {"10000m", 10, true},
		{"10000mbps", 10, true}, {"万兆", 10, true}, {"千兆", 1, true}, {"200", 200, true}, {"2.5g", 2.5, true},
		{"fast", 0, false}, {"0g", 0, false}, {"-10g", 0, false}, {"", 0, false}, {"5000g", 0, false},
	}
	for _, tt := range tests {
		got, ok := ParseLineRate(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseLineRate(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestVersionAtLeast(t *testing.T) {
	tests := []struct {
		have, want string
		ok         bool
	}{
		{"535.104.05", "535", true}, {"535.104.05", "535.129", false}, {"550.54.15", "535.104.05", true},
		{"12.2", "12.2", true}, {"12.2", "12.4", false}, {"12.10", "12.9", true}, {"470.182.03", "525", false},
	}
	for _, tt := range tests {
		if got := versionAtLeast(tt.have, tt.want); got != tt.ok {
			t.Errorf("versionAtLeast(%q, %q) = %v, want %v", tt.have, tt.want, got, tt.ok)
		}
	}
}

func TestRatedWatts(t *testing.T) {
	tests := []struct {
		m    Model
		want float64
	}{
		{Model{Family: "A100", FormFactor: SXM, MemoryGB: 80}, 400},
		{Model{Family: "A100", FormFactor: PCIe, MemoryGB: 80}, 300},
		{Model{Family: "A100", FormFactor: PCIe, MemoryGB: 40}, 250},
		{Model{Family: "H100", FormFactor: SXM, MemoryGB: 80}, 700},
		{Model{Family: "RTX 4090", FormFactor: PCIe, MemoryGB: 24}, 450},
		{Model{Family: "A100"}, 0}, // form factor unknown: no row, no claim
	}
	for _, tt := range tests {
		if got := RatedWatts(tt.m); got != tt.want {
			t.Errorf("RatedWatts(%+v) = %v, want %v", tt.m, got, tt.want)
		}
	}
}

func TestHasNVLink(t *testing.T) {
	for fam, want := range map[string]bool{"A100": true, "H100": true, "RTX 4090": false, "L40S": false, "L20": false, "RTX 3090": true} {
		if got := HasNVLink(fam); got != want {
			t.Errorf("HasNVLink(%q) = %v, want %v", fam, got, want)
		}
	}
}
