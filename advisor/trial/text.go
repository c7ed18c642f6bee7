package trial

import (
	"fmt"

	"gpuadvisor/advisor"
)

// Text is a wording in English and Chinese (the advisor's shared type).
type Text = advisor.Text

// tf formats the same arguments into both wordings.
func tf(en, zh string, args ...any) Text {
	return Text{EN: fmt.Sprintf(en, args...), ZH: fmt.Sprintf(zh, args...)}
}

// count writes "1 GPU" or "8 GPUs": a number with its noun in English.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// num formats v with at most two decimals and no trailing zeros.
func num(v float64) string { return advisor.Plain(v) }
