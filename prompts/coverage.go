package prompts

import (
	"strings"
	"unicode/utf8"
)

// What a rewording must keep of each sentence (docs/drafting.md#meaning-clause-by-clause):
// every sentence of the template is still said, and each negation still
// negates what it negated.

// minCoverage is the share of a template sentence's content words the
// draft's part must hold when no sentence of the draft rewords it.
const minCoverage = 0.6

// droppedSentence returns the first sentence of the template part that
// the draft's part no longer says (a short excerpt), or "": a sentence is
// kept when a sentence of the draft aligns best with it, or when the
// draft's part holds most of its content words (two sentences merged into
// one). Greetings and sentences of fewer than three content words may go.
func droppedSentence(ref, cand string) string {
	refS := sentences(ref)
	refTok := make([]map[string]bool, len(refS))
	for i, s := range refS {
		refTok[i] = contentTokens(s)
	}
	kept := make([]bool, len(refS))
	all := map[string]bool{}
	for _, s := range sentences(cand) {
		c := contentTokens(s)
		for w := range c {
			all[w] = true
		}
		best, bi := 0.0, -1
		for i, r := range refTok {
			if j := jaccard(c, r); j > best {
				best, bi = j, i
			}
		}
		if bi >= 0 {
			kept[bi] = true
		}
	}
	for i, s := range refS {
		if kept[i] || len(refTok[i]) < 3 || isCourtesy(s) {
			continue
		}
		n := 0
		for w := range refTok[i] {
			if all[w] {
				n++
			}
		}
		if float64(n)/float64(len(refTok[i])) < minCoverage {
			return excerpt(s)
		}
	}
	return ""
}

// negationWindow is what a negation at byte i of folded text negates: the
// content words of the next few words of its part.
func negationWindow(s string, i int) map[string]bool {
	rest := []rune(s[i:])
	n := 0
	for n < len(rest) && n < 24 && !isPartBreak(rest[n], rest, n) {
		n++
	}
	return contentTokens(string(rest[:n]))
}

// negationsAt lists the byte offsets just after each negation of folded
// text (countNegations' words).
func negationsAt(s string) []int {
	var out []int
	for i := 0; i < len(s); {
		if !isLower(s[i]) {
			matched := false
			for _, z := range negationZH {
				if strings.HasPrefix(s[i:], z) {
					out = append(out, i+len(z))
					i += len(z)
					matched = true
					break
				}
			}
			if !matched {
				_, n := utf8.DecodeRuneInString(s[i:])
				i += n
			}
			continue
		}
		j := i
		for j < len(s) && (isLower(s[j]) || s[j] == '\'' || s[j] == '-') {
			j++
		}
		w := strings.TrimRight(s[i:j], "'-")
		if negationWords.Get()[w] || strings.HasSuffix(w, "n't") {
			out = append(out, j)
		}
		i = j
	}
	return out
}

// negationMoved reports a negation of the draft's part that negates
// nothing a negation of the template's part negates: "is not transferred"
// and "is liable" rewritten as "is transferred" and "is not liable" keep
// the count of negations and change both promises. Each negation of the
// draft is matched with one of the template whose next words it shares.
func negationMoved(ref, cand string) bool {
	ref, cand = freeWords.Get().Replace(ref), freeWords.Get().Replace(cand)
	ref, cand = withoutComparatives(ref), withoutComparatives(cand)
	var refW []map[string]bool
	for _, i := range negationsAt(ref) {
		refW = append(refW, negationWindow(ref, i))
	}
	used := make([]bool, len(refW))
	for _, i := range negationsAt(cand) {
		w := negationWindow(cand, i)
		if len(w) == 0 {
			continue
		}
		found := false
		for k, r := range refW {
			if used[k] {
				continue
			}
			if len(r) == 0 || jaccard(w, r) > 0 {
				used[k], found = true, true
				break
			}
		}
		if !found {
			return true
		}
	}
	return false
}
