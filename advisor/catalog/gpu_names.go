package catalog

import (
	"sort"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
)

// GPUMatch is the result of a forgiving GPU lookup: the row, and the details
// the name left out that the lookup filled in (memory, form factor).
type GPUMatch struct {
	GPU     GPU          `json:"gpu"`
	Assumed []Assumption `json:"assumed,omitempty"`
}

// gpuNoise are words dropped before reading a GPU name (already folded).
var gpuNoise = []string{"nvidia", "英伟达", "geforce", "tesla", "rtx", "huawei", "华为", "ascend", "昇腾", "hgx", "dgx", "显卡", "gpu", "显存", "tensorcore"}

// FindGPU finds a GPU by a name as people write it: "A100-80G", "a100 80g sxm4",
// "A100 80GB PCIe", "4090", "RTX 4090", "H800", "910B", or a catalog id.
//
// The chip family must be present; memory ("80g", "80GB", "80") and form
// factor ("sxm", "sxm4", "pcie") narrow it down. When the name leaves them out
// the largest memory is taken, then SXM over PCIe (rented multi-card servers
// are mostly SXM boards), and the choice is listed in Assumed. Unknown names
// return a *NotFoundError with the closest id.
func (c *Catalog) FindGPU(name string) (GPUMatch, error) {
	f := fold(name)
	if f == "" {
		return GPUMatch{}, &NotFoundError{Kind: "gpu", Name: name, Suggestion: c.SuggestGPU(name)}
	}
	if i, ok := c.gpuKeys[f]; ok {
		return GPUMatch{GPU: c.gpus[i]}, nil
	}
	p, ok := c.parseGPU(f)
	if !ok {
		return GPUMatch{}, &NotFoundError{Kind: "gpu", Name: name, Suggestion: c.SuggestGPU(name)}
	}
	var cands []GPU
	for _, g := range c.gpus {
		if g.Family == p.family && (p.memory == 0 || g.MemoryGB == p.memory || p.memory == 192 && g.ID == "b200") && (p.form == "" || g.Form == p.form) {
			cands = append(cands, g)
		}
	}
	if len(cands) == 0 {
		return GPUMatch{}, &NotFoundError{Kind: "gpu", Name: name, Suggestion: c.SuggestGPU(name)}
	}
	m := GPUMatch{GPU: preferGPU(cands)}
	if p.memory == 0 && distinct(cands, func(g GPU) string { return strconv.FormatFloat(g.MemoryGB, 'f', -1, 64) }) {
		m.Assumed = append(m.Assumed, Assumption{Field: "memory", Value: strconv.FormatFloat(m.GPU.MemoryGB, 'f', -1, 64) + "GB"})
	}
	var sameMem []GPU
	for _, g := range cands {
		if g.MemoryGB == m.GPU.MemoryGB {
			sameMem = append(sameMem, g)
		}
	}
	if p.form == "" && distinct(sameMem, func(g GPU) string { return g.Form }) {
		m.Assumed = append(m.Assumed, Assumption{Field: "form", Value: m.GPU.Form})
	}
	return m, nil
}

type gpuName struct {
	family string
	memory float64
	form   string
}

// parseGPU reads family, memory and form from a folded name.
func (c *Catalog) parseGPU(f string) (gpuName, bool) {
	var p gpuName
	s := dropWords(f, gpuNoise)
	for _, form := range []struct{ word, form string }{{"sxm", "sxm"}, {"pcie", "pcie"}, {"pci", "pcie"}, {"oam", "oam"}, {"nvl", "nvl"}} {
		if i := strings.Index(s, form.word); i >= 0 {
			j := i + len(form.word)
			if j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++ // sxm4, sxm5
			}
			s = s[:i] + s[j:]
			p.form = form.form
			break
		}
	}
	for _, fam := range c.families() {
		if i := strings.Index(s, fam); i >= 0 {
			p.family = fam
			s = s[:i] + s[i+len(fam):]
			break
		}
	}
	if p.family == "" {
		return p, false
	}
	// memory: the first number of 8 or more, with an optional g/gb after it
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			continue
		}
		v, _, ok := leadingNumber(s[i:])
		if ok && v >= 8 {
			p.memory = v
		}
		break
	}
	return p, true
}

// families lists the chip families, longest first, so "a100" wins over "a10"
// and "h200" over "h20".
func (c *Catalog) families() []string {
	seen := map[string]bool{}
	var out []string
	for _, g := range c.gpus {
		if !seen[g.Family] {
			seen[g.Family] = true
			out = append(out, g.Family)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// preferGPU picks among variants: the largest memory, then SXM, then catalog order.
func preferGPU(cands []GPU) GPU {
	best := cands[0]
	for _, g := range cands[1:] {
		if g.MemoryGB > best.MemoryGB || g.MemoryGB == best.MemoryGB && g.Form == "sxm" && best.Form != "sxm" {
			best = g
		}
	}
	return best
}

func distinct(gs []GPU, key func(GPU) string) bool {
	for _, g := range gs[1:] {
		if key(g) != key(gs[0]) {
			return true
		}
	}
	return false
}

// SuggestGPU returns the id of the GPU closest to name: the preferred variant
// of its chip family when the family is recognised, otherwise the id or alias
// nearest by edit distance.
func (c *Catalog) SuggestGPU(name string) string {
	if len(c.gpus) == 0 {
		return ""
	}
	f := fold(name)
	if p, ok := c.parseGPU(f); ok {
		var fam []GPU
		for _, g := range c.gpus {
			if g.Family == p.family {
				fam = append(fam, g)
			}
		}
		// nearest memory within the family, then the preferred variant
		best := preferGPU(fam)
		if p.memory > 0 {
			for _, g := range fam {
				if abs(g.MemoryGB-p.memory) < abs(best.MemoryGB-p.memory) {
					best = g
				}
			}
		}
		return best.ID
	}
	id, _ := c.nearestGPU(f)
	return id
}

// nearestGPU returns the GPU whose id, alias or family is nearest to the folded
// name by edit distance (a family stands for its preferred variant), and the distance.
func (c *Catalog) nearestGPU(f string) (string, int) {
	best, bestD := "", 1<<30
	for _, g := range c.gpus {
		for _, k := range append([]string{g.ID}, g.Aliases...) {
			if d := advisor.EditDistance(f, fold(k)); d < bestD {
				best, bestD = g.ID, d
			}
		}
	}
	for _, fam := range c.families() {
		if d := advisor.EditDistance(f, fam); d < bestD {
			var vs []GPU
			for _, g := range c.gpus {
				if g.Family == fam {
					vs = append(vs, g)
				}
			}
			best, bestD = preferGPU(vs).ID, d
		}
	}
	return best, bestD
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
