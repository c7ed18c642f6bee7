package chat

import "strings"

// JoinArgs reads a terminal command line (the arguments after the program
// name, as the shell split them) as one chat message, so that what works in
// Slack works in a shell too:
//
//	gpuadvisor quote "hours=300 A: price=35; B: price=29"
//	gpuadvisor quote hours=300 'A: price=35; B: price=29'
//	gpuadvisor quote hours=300 A: price=35 \; B: price=29
//
// An argument that is a piece of a message (it holds a ";", a line break, a
// second "=", or a vendor label "A:") is kept as typed; `\;` is a ";". An
// argument that is one value with spaces keeps them by quoting
// (vendor="Ku Suan Yun", model="qwen 7b").
func JoinArgs(args []string) string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		a = strings.ReplaceAll(a, `\;`, ";")
		// the first argument is where the command word goes, which has no
		// space: one with spaces is the whole line quoted in the shell
		// (gpuadvisor "billing ondemand=35 …"), kept as typed
		if strings.ContainsAny(a, " \t") && !isFragment(a) && i > 0 {
			if k, v, ok := strings.Cut(a, "="); ok && k != "" && !strings.ContainsAny(k, " \t") {
				a = k + `="` + v + `"`
			} else {
				a = `"` + a + `"`
			}
		}
		out = append(out, a)
	}
	return strings.Join(out, " ")
}

// isFragment reports whether a shell argument is part of a message rather
// than one value: it separates groups, holds several pairs, names a vendor
// ("A: price=35"), or already quotes its own values.
func isFragment(a string) bool {
	if strings.ContainsAny(a, ";\n\"") || strings.Count(a, "=") > 1 {
		return true
	}
	for _, w := range strings.Fields(Normalize(a)) {
		if strings.HasSuffix(w, ":") {
			return true
		}
	}
	return false
}

// Unquote takes off one pair of quote marks around the whole text (JoinArgs
// quotes a terminal argument with spaces; people paste a quotation), when the text
// holds no other quote mark of that kind.
func Unquote(s string) string {
	for _, q := range [][2]string{{`"`, `"`}, {"“", "”"}, {"「", "」"}} {
		if len(s) > len(q[0])+len(q[1]) && strings.HasPrefix(s, q[0]) && strings.HasSuffix(s, q[1]) {
			inner := s[len(q[0]) : len(s)-len(q[1])]
			if !strings.Contains(inner, q[0]) && !strings.Contains(inner, q[1]) {
				return strings.TrimSpace(inner)
			}
		}
	}
	return s
}
