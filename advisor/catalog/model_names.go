package catalog

import (
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gpuadvisor/advisor"
)

// ModelMatch is the result of a forgiving model lookup: the preset, and the
// details the name left out that the lookup filled in (the family version).
type ModelMatch struct {
	Model   Model        `json:"model"`
	Assumed []Assumption `json:"assumed,omitempty"`
	// Read is set when the name was read forgivingly rather than typed as
	// the preset's id, name or alias (a typo, a Chinese brand name, a left
	// out version): the reply then says how it was read. Suffixes such as
	// -Instruct and -AWQ do not count.
	Read bool `json:"read,omitempty"`
}

// brandWords are the Chinese (and brand) names people give model families,
// as folded spellings, and the family spelling each is read as; a brand
// followed by the family's own name drops the brand ("智谱GLM-4").
var brandWords = [][2]string{
	{"通义千问qwen", "qwen"}, {"千问qwen", "qwen"}, {"通义千问", "qwen"}, {"通义", "qwen"}, {"千问", "qwen"},
	{"深度求索deepseek", "deepseek"}, {"深度求索", "deepseek"},
	{"智谱chatglm", "chatglm"}, {"智谱glm", "glm"}, {"智谱", "glm"},
	{"月之暗面kimi", "kimi"}, {"月之暗面", "kimi"},
	{"羊驼llama", "llama"}, {"羊驼", "llama"},
}

// readSuffixes are name endings a lookup ignores without calling the name
// read: instruction tuning, the Hugging Face suffix, quantization words.
var readSuffixes = []string{"instruct", "chat", "hf", "base", "awq", "gptq", "int4", "int8", "fp8", "w4a16", "w8a16", "w8a8", "4bit", "8bit", "bf16", "fp16"}

// modelFamily maps a folded spelling at the start of a name to a preset family.
// implied marks spellings that leave the version out ("qwen" is read as Qwen2.5).
type modelFamily struct {
	spelling, family string
	implied          bool
}

var modelFamilies = []modelFamily{
	{"llama2", "llama-2", false},
	{"llama3.1", "llama-3.1", false},
	{"llama31", "llama-3.1", false},
	{"llama3.2", "llama-3.2", false},
	{"llama32", "llama-3.2", false},
	{"llama3", "llama-3.1", true},
	{"llama", "llama-3.1", true},
	{"qwen2.5", "qwen2.5", false},
	{"qwen25", "qwen2.5", false},
	{"qwen2", "qwen2.5", true},
	{"qwen", "qwen2.5", true},
	{"mistral", "mistral", false},
	{"mixtral", "mixtral", false},
	{"mistralsmall", "mistral-small", false},
	{"qwen3", "qwen3", false},
	{"llama3.3", "llama-3.3", false},
	{"llama33", "llama-3.3", false},
	{"llama4scout", "llama-4-scout", false},
	{"llama4maverick", "llama-4-maverick", false},
	{"deepseekv3", "deepseek-v3", false},
	{"kimik2", "kimi-k2", false},
	{"gptoss", "gpt-oss", false},
	{"glm4.5", "glm-4.5", false},
	{"deepseekr1distillllama", "deepseek-r1-distill-llama", false},
	{"dsr1distillllama", "deepseek-r1-distill-llama", false},
	{"r1distillllama", "deepseek-r1-distill-llama", false},
	{"deepseekr1llama", "deepseek-r1-distill-llama", false},
	{"glm4", "glm-4", false},
	{"chatglm4", "glm-4", false},
	{"glm", "glm-4", true},
	{"deepseekr1distillqwen", "deepseek-r1-distill-qwen", false},
	{"dsr1distillqwen", "deepseek-r1-distill-qwen", false},
	{"r1distillqwen", "deepseek-r1-distill-qwen", false},
	{"deepseekr1qwen", "deepseek-r1-distill-qwen", false},
	{"deepseekr1", "deepseek-r1-distill-qwen", true},
	{"dsr1", "deepseek-r1-distill-qwen", true},
}

// familiesLongestFirst are modelFamilies, the longest spelling first (in
// their order among spellings of one length), sorted on first use.
var familiesLongestFirst = advisor.Lazy[[]modelFamily]{New: func() []modelFamily {
	out := slices.Clone(modelFamilies)
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].spelling) > len(out[j].spelling) })
	return out
}}

// FindModel finds a model preset by a name as people write it:
// "qwen2.5-14b", "Qwen2.5-14B-Instruct", "Qwen/Qwen2.5-14B-Instruct",
// "qwen2.5 14b", "qwen-14b", "Llama-2-7b-chat-hf", "meta-llama/Llama-3.1-8B",
// "glm4-9b", "deepseek-r1:7b". The family comes first, then the size in
// billions; suffixes such as -Instruct, -chat, -hf are ignored. A name without
// a version ("qwen-14b", "llama3-8b") is read as the catalog's version and the
// choice is listed in Assumed; so is the version when the family has several
// presets of that size ("mistral-7b-base" is read as Mistral-7B-v0.3, the
// first row). Unknown names return a *NotFoundError with the
// closest preset.
func (c *Catalog) FindModel(name string) (ModelMatch, error) {
	f, brand := foldBrand(name)
	notFound := func() (ModelMatch, error) {
		return ModelMatch{}, &NotFoundError{Kind: "model", Name: name, Suggestion: c.SuggestModel(name)}
	}
	if f == "" {
		return notFound()
	}
	if i, ok := c.modelKeys[f]; ok {
		return ModelMatch{Model: c.models[i], Read: brand}, nil
	}
	fam, size, ok := parseModel(f)
	if !ok {
		return notFound()
	}
	if ts, found := sizeWord(name); found && ts != size {
		// a version the catalog lacks sits between family and size:
		// "qwen3-8b" folds to qwen + 38b
		return notFound()
	}
	var inFam []Model
	for _, m := range c.models {
		if m.Family == fam.family {
			inFam = append(inFam, m)
		}
	}
	var match ModelMatch
	bySize := 0 // presets of the family with that size (Mistral-7B v0.3 and v0.1)
	switch {
	case size > 0:
		for _, m := range inFam {
			if sizeOf(m) == size {
				if bySize == 0 {
					match.Model = m // the first row is the family's current version
				}
				bySize++
			}
		}
	case len(inFam) > 0 && oneSize(inFam):
		match.Model, bySize = inFam[0], len(inFam) // "mistral": the family has one size
	}
	if match.Model.ID == "" {
		return notFound()
	}
	// experts × size must be the preset's: "mixtral-8x22b" is not Mixtral-8x7B
	experts, own := expertsBySize(f), presetExperts(match.Model)
	if experts != own && experts != "" {
		return notFound()
	}
	if fam.implied {
		match.Assumed = append(match.Assumed, Assumption{Field: "family", Value: match.Model.Family})
	} else if bySize > 1 || size == 0 && own != "" && experts == "" {
		// a bare "mixtral": the family's other sizes (8x22B) are not presets
		match.Assumed = append(match.Assumed, Assumption{Field: "version", Value: match.Model.Name})
	}
	match.Read = brand || !typed(f, match.Model)
	return match, nil
}

// oneSize reports whether every preset of ms has the same size label.
func oneSize(ms []Model) bool {
	for _, m := range ms {
		if m.Size != ms[0].Size {
			return false
		}
	}
	return true
}

// foldModel keeps the part after an organisation ("Qwen/..."), folds it, and
// drops a leading "meta" ("Meta-Llama-3.1-8B").
func foldModel(name string) string {
	f, _ := foldBrand(name)
	return f
}

// foldBrand is foldModel, and whether a brand word was read as its family.
func foldBrand(name string) (string, bool) {
	if i := strings.LastIndexAny(name, "/\\"); i >= 0 {
		name = name[i+1:]
	}
	f := strings.TrimPrefix(fold(moeTimes.Replace(name)), "meta") // "8×7B" is 8x7b
	for _, b := range brandWords {
		if rest, ok := strings.CutPrefix(f, b[0]); ok {
			return b[1] + rest, true
		}
	}
	return f, false
}

// typed reports whether folded name f is one of m's keys once the ignored
// suffixes are trimmed: the user typed the preset, not a reading of it.
func typed(f string, m Model) bool {
	for trimmed := true; trimmed; {
		trimmed = false
		for _, w := range readSuffixes {
			if g, ok := strings.CutSuffix(f, w); ok && g != "" {
				f, trimmed = g, true
			}
		}
	}
	for _, k := range append([]string{m.ID, m.Name}, m.Aliases...) {
		if fold(k) == f {
			return true
		}
	}
	return false
}

// parseModel reads the family spelling at the start of a folded name and the
// size in billions right after it ("qwen2.514binstruct" -> qwen2.5, 14).
func parseModel(f string) (modelFamily, float64, bool) {
	for _, fam := range familiesLongestFirst.Get() {
		rest, ok := strings.CutPrefix(f, fam.spelling)
		if !ok {
			continue
		}
		v, after, ok := leadingNumber(rest)
		if ok && strings.HasPrefix(after, "b") {
			return fam, v, true
		}
		return fam, 0, true
	}
	return modelFamily{}, 0, false
}

// sizeOf reads a preset's size label ("14b") as a number of billions.
func sizeOf(m Model) float64 {
	v, err := strconv.ParseFloat(strings.TrimSuffix(m.Size, "b"), 64)
	if err != nil {
		return m.Params / 1e9
	}
	return v
}

// sizeAnywhere finds the first "<number>b" in a folded name ("unknown99b" -> 99).
func sizeAnywhere(f string) float64 {
	for i := 0; i < len(f); i++ {
		if f[i] < '0' || f[i] > '9' || i > 0 && (f[i-1] >= '0' && f[i-1] <= '9' || f[i-1] == '.') {
			continue
		}
		if v, after, ok := leadingNumber(f[i:]); ok && v > 0 && strings.HasPrefix(after, "b") {
			return v
		}
	}
	return 0
}

// sizeWord finds the size in billions as a word of its own in a name, before
// folding merges a version into it: "qwen3-8b" -> 8, "Qwen2.5-14B-Instruct"
// -> 14, "deepseek-r1:32b" -> 32. found is false when no word is a number
// followed by "b" ("qwen2.514b").
func sizeWord(name string) (size float64, found bool) {
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		if r >= 0xFF01 && r <= 0xFF5E {
			return false // full-width: fold turns it into ASCII below
		}
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.')
	}) {
		w = fold(w)
		if v, after, ok := leadingNumber(w); ok && after == "b" && v > 0 {
			return v, true
		}
	}
	return 0, false
}

// SuggestModel returns the id of the preset closest to name: within a
// recognised family the nearest size; otherwise, when the name has a size
// ("unknown-99b"), the preset nearest in parameter count; otherwise the id or
// alias nearest by edit distance.
func (c *Catalog) SuggestModel(name string) string {
	if len(c.models) == 0 {
		return ""
	}
	f := foldModel(name)
	fam, size, famOK := parseModel(f)
	hint, moe := MoEName(name)
	if moe && famOK && !slices.ContainsFunc(c.models, func(m Model) bool { return m.Family == fam.family && m.MoE() }) {
		famOK = false // "llama-4-behemoth-288b-16e" is not near a dense Llama 3.1
	}
	switch ts, found := sizeWord(name); {
	case moe:
		// the sizes of an MoE name are not its total: only a total beside
		// the active count ("30b-a3b") is one; "8x22b" is read as 8 × 22
		size = hint.Total
		if n, rest, ok := leadingNumber(expertsBySize(f)); ok && hint.Kind == MoEExpertsBySize {
			per, _, _ := leadingNumber(rest[1:])
			size = n * per
		}
	case found:
		size = ts // "qwen3-8b" is 8B, not the 38B its folded form reads
	case size == 0:
		size = sizeAnywhere(f)
	}
	if famOK || size > 0 {
		best, bestD := "", math.Inf(1)
		for _, m := range c.models {
			if famOK && m.Family != fam.family || moe && !m.MoE() {
				continue // a mixture of experts is nearest to one
			}
			d := 0.0
			if size > 0 {
				d = math.Abs(math.Log(sizeOf(m) / size))
			}
			if d < bestD {
				best, bestD = m.ID, d
			}
		}
		if best != "" {
			return best
		}
	}
	if moe {
		if id, _ := c.nearestModelWhere(f, Model.MoE); id != "" {
			return id // "hunyuan-a13b": the nearest mixture of experts by name
		}
	}
	id, _ := c.nearestModel(f)
	return id
}

// nearestModel returns the preset whose id, name or alias is nearest to the
// folded name by edit distance, and the distance.
func (c *Catalog) nearestModel(f string) (string, int) {
	return c.nearestModelWhere(f, func(Model) bool { return true })
}

// nearestModelWhere is nearestModel among the presets keep accepts.
func (c *Catalog) nearestModelWhere(f string, keep func(Model) bool) (string, int) {
	best, bestD := "", 1<<30
	for _, m := range c.models {
		if !keep(m) {
			continue
		}
		for _, k := range append([]string{m.ID, m.Name}, m.Aliases...) {
			if d := advisor.EditDistance(f, fold(k)); d < bestD {
				best, bestD = m.ID, d
			}
		}
	}
	return best, bestD
}

// Suggest returns the catalog id closest to name, GPU or model: a recognised
// GPU family gives a GPU id, a recognised model family or a size such as "99b"
// gives a model id, anything else the id nearest by edit distance.
func (c *Catalog) Suggest(name string) string {
	if _, ok := c.parseGPU(fold(name)); ok {
		return c.SuggestGPU(name)
	}
	f := foldModel(name)
	if _, _, ok := parseModel(f); ok || sizeAnywhere(f) > 0 {
		return c.SuggestModel(name)
	}
	g, gd := c.nearestGPU(fold(name))
	m, md := c.nearestModel(f)
	if g == "" || m != "" && md < gd {
		return m
	}
	return g
}
