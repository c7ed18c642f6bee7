package prompts

import (
	"slices"
	"testing"
)

// TestLexiconOnce: a phrase belongs to one category, or the longest-first
// scan would pick one at random.
func TestLexiconOnce(t *testing.T) {
	seen := map[string]lexCat{}
	for cat, phrases := range lexicon() {
		for _, p := range phrases {
			if other, dup := seen[p]; dup {
				t.Errorf("%q is in %s and %s", p, other, cat)
			}
			seen[p] = cat
		}
	}
}

// TestScanLexicon: longest phrase first, whole English words, questions
// marked.
func TestScanLexicon(t *testing.T) {
	rows := []struct {
		name, text string
		want       []string // cat:phrase
	}{
		{"not more than is one phrase", "not more than 4 hours", []string{"dir:down:not more than"}},
		{"不超过 is not 超过", "不超过4小时", []string{"dir:down:不超过"}},
		{"may inside a word", "mayday dismay", nil},
		{"可用 is not 可", "服务不可用，保持可用", []string{"dir:keep:保持"}},
		{"a question's modal", "should we send it? we may send it.", []string{"modal:should?", "modal:may"}},
		{"a request is not a commitment", "could you send it", nil},
		{"prefix", "the vendor indemnifies the customer", []string{"responsibility:indemnifies"}},
	}
	for _, r := range rows {
		var got []string
		for _, h := range scanLexicon(fold(r.text)) {
			s := string(h.cat) + ":" + h.phrase
			if h.question {
				s += "?"
			}
			got = append(got, s)
		}
		if !slices.Equal(got, r.want) {
			t.Errorf("%s: got %v, want %v", r.name, got, r.want)
		}
	}
}
