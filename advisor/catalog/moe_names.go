package catalog

import (
	"strings"
)

// MoE name kinds: how a model name says it is a mixture of experts.
const (
	// MoEExpertsBySize is "8x22B": experts × the size of one. The total is
	// less than the product (the experts share attention and embeddings:
	// Mixtral-8x7B has 46.7B) and more than either number.
	MoEExpertsBySize = "experts_by_size"
	// MoEActive is "A3B": the parameters one token uses, not the total.
	MoEActive = "active"
	// MoEExpertCount is "16E": the number of experts; the size beside it is
	// the active parameters (Llama-4-Scout-17B-16E: 17B active of 109B).
	MoEExpertCount = "expert_count"
	// MoEWord is "MoE" in the name ("Phi-3.5-MoE", "OLMoE-1B-7B"): which of
	// its sizes is the total, the name does not say.
	MoEWord = "moe"
)

// moeKinds are the kinds, the one that says most first: a name with
// several markers ("Qwen1.5-MoE-A2.7B") is read by the first found here.
var moeKinds = []string{MoEExpertsBySize, MoEActive, MoEExpertCount, MoEWord}

// MoEHint is what a model name says about a mixture of experts.
type MoEHint struct {
	// Kind is MoEExpertsBySize, MoEActive or MoEExpertCount.
	Kind string
	// Words is the part of the name that says so, as typed: "8x22B", "A3B", "16E".
	Words string
	// Experts is the expert count the name gives (8 of "8x22B", 16 of
	// "16E"); 0 otherwise.
	Experts int
	// Size is the size in billions the marker gives: one expert's (22 of
	// "8x22B") or the active parameters (3 of "A3B"); 0 otherwise.
	Size float64
	// Total is the total in billions when the name states it beside an
	// active count ("30B" of "Qwen3-30B-A3B"); 0 otherwise.
	Total float64
}

// MoEName reads a mixture-of-experts marker in a model name:
// "Mixtral-8x22B" (experts × size), "Qwen3-30B-A3B" or "Hunyuan-A13B" (the
// active parameters), "Llama-4-Scout-17B-16E" (the expert count). ok is false
// for a name without one ("Qwen2.5-14B"). The size such a name gives is never
// the total that stays in memory, unless written beside an active count.
func MoEName(name string) (MoEHint, bool) {
	if i := strings.LastIndexAny(name, "/\\"); i >= 0 {
		name = name[i+1:]
	}
	name = moeTimes.Replace(name)
	found := map[string]MoEHint{}
	var total float64
	for _, w := range strings.FieldsFunc(name, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.')
	}) {
		lw := strings.ToLower(w)
		if h, ok := moeWord(lw); ok {
			if _, seen := found[h.Kind]; !seen {
				h.Words = w
				found[h.Kind] = h
			}
			continue
		}
		if v, after, ok := leadingNumber(lw); ok && after == "b" && v > 0 && total == 0 {
			total = v // a size word of its own: "30b"
		}
	}
	for _, k := range moeKinds {
		if hint, ok := found[k]; ok {
			if k == MoEActive && hint.Total == 0 {
				hint.Total = total
			}
			return hint, true
		}
	}
	return MoEHint{}, false
}

// moeTimes turns the multiplication signs people type into the x of "8x7B".
var moeTimes = strings.NewReplacer("×", "x", "✕", "x", "*", "x", "Ｘ", "x", "ｘ", "x")

// moeWord reads one lower-cased word of a name as an MoE marker (Words
// left empty): "8x22b", "a3b", "16e", "moe", or "30ba3b" (a total and the
// active count run together).
func moeWord(w string) (MoEHint, bool) {
	if n, rest, ok := leadingNumber(w); ok && n > 0 {
		switch {
		case strings.HasPrefix(rest, "x"):
			if m, after, ok := leadingNumber(rest[1:]); ok && m > 0 && after == "b" && n == float64(int(n)) {
				return MoEHint{Kind: MoEExpertsBySize, Experts: int(n), Size: m}, true
			}
		case rest == "e" && n == float64(int(n)):
			return MoEHint{Kind: MoEExpertCount, Experts: int(n)}, true
		case strings.HasPrefix(rest, "ba"):
			if a, after, ok := leadingNumber(rest[2:]); ok && a > 0 && after == "b" {
				return MoEHint{Kind: MoEActive, Size: a, Total: n}, true
			}
		}
		return MoEHint{}, false
	}
	if a, after, ok := leadingNumber(strings.TrimPrefix(w, "a")); strings.HasPrefix(w, "a") && ok && a > 0 && after == "b" {
		return MoEHint{Kind: MoEActive, Size: a}, true
	}
	if strings.HasSuffix(w, "moe") && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
		return MoEHint{Kind: MoEWord}, true // "moe", "olmoe"
	}
	return MoEHint{}, false
}

// expertsBySize returns the folded "NxMb" of a folded name ("mixtral8x7binstruct"
// -> "8x7b"), or "".
func expertsBySize(f string) string {
	for i := 0; i < len(f); i++ {
		if f[i] < '0' || f[i] > '9' || i > 0 && (f[i-1] >= '0' && f[i-1] <= '9' || f[i-1] == '.') {
			continue
		}
		n, rest, ok := leadingNumber(f[i:])
		if !ok || n == 0 || !strings.HasPrefix(rest, "x") {
			continue
		}
		if m, after, ok := leadingNumber(rest[1:]); ok && m > 0 && strings.HasPrefix(after, "b") {
			return f[i : len(f)-len(after)+1]
		}
	}
	return ""
}

// presetExperts is the "NxMb" a preset's id, name or aliases carry ("8x7b"
// for Mixtral-8x7B), or "".
func presetExperts(m Model) string {
	for _, k := range append([]string{m.ID, m.Name}, m.Aliases...) {
		if s := expertsBySize(fold(k)); s != "" {
			return s
		}
	}
	return ""
}
