package trial

import (
	_ "embed"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
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

// family is one GPU family of nvidia.json: how it is written and what it is.
type family struct {
	Name     string   // canonical name
	Patterns []string // token sequences that name it, longest first
	Only     string   // the only form factor it ships in, if one
	NVLink   bool     // whether any NVLink exists for it (bridge or NVSwitch)
	// Watts are the rated board powers of its variants, from the maker's
	// data sheets; MemoryGB 0 matches any capacity.
	Watts []struct {
		Form     string
		MemoryGB int `json:"memory_gb"`
		Watts    float64
	}
}

//go:embed nvidia.json
var nvidiaJSON []byte

// nvidia is nvidia.json decoded: the families, longest patterns first so
// "4090 D" wins over "4090" and "H200" over "H20", and the names of the Xid
// codes that point at the hardware.
type nvidia struct {
	families []family
	xid      map[int]Text
}

var loadNvidia = advisor.Lazy[nvidia]{New: func() nvidia { return advisor.MustParse("nvidia.json", nvidiaJSON, parseNvidia) }}

// parseNvidia decodes and checks nvidia.json: every family named, with
// patterns, a known form factor and positive rated powers; every Xid code
// once, named in both languages.
func parseNvidia(b []byte) (nvidia, error) {
	var f struct {
		Note     string
		Families []family
		Xid      []struct {
			Code int
			Text
		}
	}
	if err := advisor.DecodeStrict(b, &f); err != nil {
		return nvidia{}, err
	}
	forms := []string{SXM, PCIe, NVL}
	seen := map[string]bool{}
	for _, fam := range f.Families {
		if fam.Name == "" || seen[fam.Name] || len(fam.Patterns) == 0 || fam.Only != "" && !slices.Contains(forms, fam.Only) {
			return nvidia{}, fmt.Errorf("family %q: needs a name of its own, patterns and a form factor of %s (or none)", fam.Name, strings.Join(forms, ", "))
		}
		seen[fam.Name] = true
		for _, w := range fam.Watts {
			if !slices.Contains(forms, w.Form) || w.Watts <= 0 || w.MemoryGB < 0 {
				return nvidia{}, fmt.Errorf("family %s: rated power %+v needs a form factor of %s and watts above 0", fam.Name, w, strings.Join(forms, ", "))
			}
		}
	}
	out := nvidia{families: f.Families, xid: map[int]Text{}}
	for _, x := range f.Xid {
		if _, dup := out.xid[x.Code]; dup || x.Code <= 0 || x.EN == "" || x.ZH == "" {
			return nvidia{}, fmt.Errorf("xid %d: needs a code of its own above 0 and a name in both languages", x.Code)
		}
		out.xid[x.Code] = x.Text
	}
	return out, nil
}

// Families returns the canonical family names the advisor knows, for error
// messages.
func Families() []string {
	out := make([]string, len(loadNvidia.Get().families))
	for i, f := range loadNvidia.Get().families {
		out[i] = f.Name
	}
	return out
}

// RatedWatts returns the catalog board power of m, or 0 when unknown.
func RatedWatts(m Model) float64 {
	for _, f := range loadNvidia.Get().families {
		if f.Name != m.Family {
			continue
		}
		for _, w := range f.Watts {
			if w.Form == m.FormFactor && (w.MemoryGB == 0 || w.MemoryGB == m.MemoryGB) {
				return w.Watts
			}
		}
	}
	return 0
}

// HasNVLink reports whether any NVLink exists for the family (NVSwitch or a
// bridge); false for cards such as the RTX 4090 or L40S that have none.
func HasNVLink(familyName string) bool {
	for _, f := range loadNvidia.Get().families {
		if f.Name == familyName {
			return f.NVLink
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
	for _, f := range loadNvidia.Get().families {
		for _, p := range f.Patterns {
			if strings.Contains(joined, " "+p+" ") {
				m.Family = f.Name
				break
			}
		}
		if m.Family != "" {
			if f.Only != "" {
				m.FormFactor = f.Only
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
