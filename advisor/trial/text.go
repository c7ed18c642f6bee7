package trial

import (
	"fmt"
	"strconv"
	"strings"

	"gpuadvisor/advisor/numfmt"
)

// Text is one user-facing sentence in English and Chinese; the chat layer
// picks the reader's language.
type Text struct {
	EN string `json:"en"`
	ZH string `json:"zh"`
}

// In returns the wording for lang ("zh" or anything else for English).
func (t Text) In(lang string) string {
	if lang == "zh" {
		return t.ZH
	}
	return t.EN
}

// tf formats the same arguments into both wordings.
func tf(en, zh string, args ...any) Text {
	return Text{EN: fmt.Sprintf(en, args...), ZH: fmt.Sprintf(zh, args...)}
}

// num formats v with at most two decimals and no trailing zeros.
func num(v float64) string { return numfmt.Plain(v) }

// joinInts writes "0, 3, 5".
func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ", ")
}
