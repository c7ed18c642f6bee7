package trial

import (
	"fmt"
	"strings"

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

// untag removes what a launcher or a titled run puts before each line of a
// tool's output, so the line reads as the tool printed it: mpirun
// --tag-output ("[1,0]<stdout>:"), srun -l ("3: "), pdsh ("node01: ") and
// iperf3 -T ("200:  "). A "word:" prefix is removed only when what follows
// is a line of the tool (marker), so "Time: Fri, ..." stays as it is.
func untag(s string, marker func(string) bool) string {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "[") {
		if i := strings.Index(t, ">:"); i > 0 && i < 32 {
			if tag := t[:i+1]; strings.HasSuffix(tag, "<stdout>") || strings.HasSuffix(tag, "<stderr>") {
				return strings.TrimSpace(t[i+2:])
			}
		}
		return t
	}
	i := strings.IndexByte(t, ':')
	if i <= 0 || i > 64 || i+1 >= len(t) || t[i+1] != ' ' && t[i+1] != '\t' || strings.ContainsAny(t[:i], " \t|#[=") {
		return t
	}
	if rest := strings.TrimSpace(t[i+1:]); marker(rest) {
		return rest
	}
	return t
}
