package trial

import (
	"sort"
	"strconv"
	"strings"
)

// Form factors of a data-centre GPU.
const (
	SXM  = "SXM"  // socketed module on an HGX board, NVLink through NVSwitch
	PCIe = "PCIe" // add-in card; NVLink only through a bridge, if at all
	NVL  = "NVL"  // PCIe card sold in NVLink-bridged pairs (H100 NVL, H200 NVL)
)

// Model is a GPU model as promised ("A100-80G", "A100 80G SXM4") or as read
// from a device name ("NVIDIA A100-SXM4-80GB", "NVIDIA A100 80GB PCIe").
type Model struct {
	// Family is the chip and product line: "A100", "H100", "RTX 4090".
	Family string `json:"family"`
	// MemoryGB is the capacity label when the text names one (80 for "80G").
	MemoryGB int `json:"memory_gb,omitempty"`
	// FormFactor is SXM, PCIe or NVL when the text (or the family) says so.
	FormFactor string `json:"form_factor,omitempty"`
}

// String writes the model as "A100 SXM 80GB".
func (m Model) String() string {
	s := m.Family
	if m.FormFactor != "" {
		s += " " + m.FormFactor
	}
	if m.MemoryGB > 0 {
		s += " " + strconv.Itoa(m.MemoryGB) + "GB"
	}
	return s
}

// family is one catalog row group: how a family is written and what it is.
type family struct {
	name     string   // canonical name
	patterns []string // token sequences that name it, longest first
	only     string   // the only form factor it ships in, if one
	nvlink   bool     // whether any NVLink exists for it (bridge or NVSwitch)
}

// families lists the GPUs Chinese and international clouds rent, longest
// patterns first so "4090 D" wins over "4090" and "H200" over "H20".
var families = []family{
	{name: "A100", patterns: []string{"A100", "PG509"}, nvlink: true}, // PG509-210: HGX board name of the A100 SXM4 80GB
	{name: "A800", patterns: []string{"A800"}, nvlink: true},
	{name: "H100", patterns: []string{"H100"}, nvlink: true},
	{name: "H800", patterns: []string{"H800"}, nvlink: true},
	{name: "H200", patterns: []string{"H200"}, nvlink: true},
	{name: "H20", patterns: []string{"H20"}, only: SXM, nvlink: true},
	{name: "B200", patterns: []string{"B200"}, only: SXM, nvlink: true},
	{name: "L40S", patterns: []string{"L40S"}, only: PCIe},
	{name: "L40", patterns: []string{"L40"}, only: PCIe},
	{name: "L20", patterns: []string{"L20"}, only: PCIe},
	{name: "L4", patterns: []string{"L4"}, only: PCIe},
	{name: "A10G", patterns: []string{"A10G"}, only: PCIe},
	{name: "A10", patterns: []string{"A10"}, only: PCIe},
	{name: "A30", patterns: []string{"A30"}, only: PCIe, nvlink: true},
	{name: "A40", patterns: []string{"A40"}, only: PCIe, nvlink: true},
	{name: "V100", patterns: []string{"V100"}, nvlink: true},
	{name: "T4", patterns: []string{"T4"}, only: PCIe},
	{name: "RTX 6000 Ada", patterns: []string{"6000 ADA"}, only: PCIe},
	{name: "RTX A6000", patterns: []string{"A6000"}, only: PCIe, nvlink: true},
	{name: "RTX 4090 D", patterns: []string{"4090D", "4090 D"}, only: PCIe},
	{name: "RTX 4090", patterns: []string{"4090"}, only: PCIe},
	{name: "RTX 3090", patterns: []string{"3090"}, only: PCIe, nvlink: true},
}

// Families returns the canonical family names the advisor knows, for error
// messages.
func Families() []string {
	out := make([]string, len(families))
	for i, f := range families {
		out[i] = f.name
	}
	return out
}

// tdp is a catalog row: the rated board power of one model variant, in watts,
// from the maker's data sheets. MemoryGB 0 matches any capacity.
type tdp struct {
	family, form string
	memoryGB     int
	watts        float64
}

var tdps = []tdp{
	{"A100", SXM, 0, 400}, {"A100", PCIe, 80, 300}, {"A100", PCIe, 40, 250},
	{"A800", SXM, 0, 400}, {"A800", PCIe, 0, 300},
	{"H100", SXM, 0, 700}, {"H100", PCIe, 0, 350}, {"H100", NVL, 0, 400},
	{"H800", SXM, 0, 700}, {"H800", PCIe, 0, 350},
	{"H200", SXM, 0, 700}, {"H20", SXM, 0, 400},
	{"L40S", PCIe, 0, 350}, {"L40", PCIe, 0, 300}, {"L20", PCIe, 0, 275}, {"L4", PCIe, 0, 72},
	{"A10", PCIe, 0, 150}, {"A30", PCIe, 0, 165}, {"A40", PCIe, 0, 300},
	{"V100", SXM, 0, 300}, {"V100", PCIe, 0, 250}, {"T4", PCIe, 0, 70},
	{"RTX A6000", PCIe, 0, 300}, {"RTX 6000 Ada", PCIe, 0, 300},
	{"RTX 4090", PCIe, 0, 450}, {"RTX 4090 D", PCIe, 0, 425}, {"RTX 3090", PCIe, 0, 350},
}

// RatedWatts returns the catalog board power of m, or 0 when unknown.
func RatedWatts(m Model) float64 {
	for _, t := range tdps {
		if t.family == m.Family && t.form == m.FormFactor && (t.memoryGB == 0 || t.memoryGB == m.MemoryGB) {
			return t.watts
		}
	}
	return 0
}

// HasNVLink reports whether any NVLink exists for the family (NVSwitch or a
// bridge); false for cards such as the RTX 4090 or L40S that have none.
func HasNVLink(familyName string) bool {
	for _, f := range families {
		if f.name == familyName {
			return f.nvlink
		}
	}
	return true
}

// modelTokens folds text to upper-case ASCII words: anything that is not a
// letter or digit separates words ("A100-SXM4-80GB" -> A100 SXM4 80GB,
// "A100 80G SXM4版" -> A100 80G SXM4).
func modelTokens(s string) []string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r >= 0xFF10 && r <= 0xFF19: // full-width digits
			b.WriteRune(r - 0xFF10 + '0')
		case r >= 0xFF21 && r <= 0xFF3A:
			b.WriteRune(r - 0xFF21 + 'A')
		case r >= 0xFF41 && r <= 0xFF5A:
			b.WriteRune(r - 0xFF41 + 'A')
		default:
			b.WriteByte(' ')
		}
	}
	toks := strings.Fields(b.String())
	// "RTX4090" and "GeForceRTX4090" name the number after the brand word
	for i, t := range toks {
		for _, brand := range []string{"GEFORCE", "RTX", "TESLA", "NVIDIA"} {
			if rest, ok := strings.CutPrefix(t, brand); ok && rest != "" {
				t = rest
			}
		}
		toks[i] = t
	}
	return toks
}

// ParseModel reads a GPU model from a promise or a device name. ok is false
// when no known family is named.
func ParseModel(s string) (Model, bool) {
	toks := modelTokens(s)
	var m Model
	joined := " " + strings.Join(toks, " ") + " "
	for _, f := range families {
		for _, p := range f.patterns {
			if strings.Contains(joined, " "+p+" ") {
				m.Family = f.name
				break
			}
		}
		if m.Family != "" {
			if f.only != "" {
				m.FormFactor = f.only
			}
			break
		}
	}
	if m.Family == "" {
		return Model{}, false
	}
	for _, t := range toks {
		switch {
		case strings.HasPrefix(t, "SXM"), strings.HasPrefix(t, "PG509"):
			m.FormFactor = SXM
		case t == "PCIE" || t == "PCI":
			m.FormFactor = PCIe
		case t == "NVL":
			m.FormFactor = NVL
		case (t == "HBM3" || t == "HBM3E") && (m.Family == "H100" || m.Family == "H800" || m.Family == "H200") && m.FormFactor == "":
			// nvidia-smi names the SXM5 parts by their memory: "NVIDIA H100 80GB HBM3"
			m.FormFactor = SXM
		}
		if gb, ok := memoryToken(t); ok {
			m.MemoryGB = gb
		}
	}
	return m, true
}

// memoryToken reads "80G", "80GB" or "24GB" as a capacity in GB.
func memoryToken(t string) (int, bool) {
	t = strings.TrimSuffix(t, "B")
	if !strings.HasSuffix(t, "G") || len(t) < 2 {
		return 0, false
	}
	n, err := strconv.Atoi(t[:len(t)-1])
	if err != nil || n <= 0 || n > 4096 {
		return 0, false
	}
	return n, true
}

// memoryLabels are the capacities GPUs are sold with, in GB (the maker's
// label, which is GiB-sized: an "80GB" card reports 81920 MiB).
var memoryLabels = []int{2, 4, 6, 8, 10, 11, 12, 16, 20, 24, 32, 40, 48, 64, 80, 94, 96, 141, 144, 180, 192, 256, 288}

// MemoryLabel returns the sold capacity of a card that reports mib MiB in
// total: the smallest standard label L with L x 1024 MiB >= mib (the driver
// reserves some memory, so the reported total is at or a little under the
// label: 81920 MiB -> 80, 24564 MiB -> 24, 46068 MiB -> 48). 0 when unknown.
func MemoryLabel(mib int) int {
	if mib <= 0 {
		return 0
	}
	i := sort.Search(len(memoryLabels), func(i int) bool { return memoryLabels[i]*1024 >= mib })
	if i == len(memoryLabels) {
		return (mib + 1023) / 1024
	}
	return memoryLabels[i]
}
