package chat

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Leading reads the key=value pairs that open a text whose rest is pasted
// free text (checklist check: what sales said; trial check: tool output,
// which holds "=" of its own). Its keys are read as the router reads a
// command's (names and aliases in any case, full-width forms, a key given
// twice refused), and the pairs come back as Args, so their values are read
// with the same methods as every other command's.
type Leading struct {
	// Command is the command's words as errors say them ("trial check"),
	// CommandZH as Chinese errors do ("试用 检查"; Command when empty).
	Command, CommandZH string
	// Keys are the keys the pairs may use.
	Keys []Key
	// Example is shown in errors.
	Example string
	// ExampleZH is the command's Command.ExampleZH: a Chinese error writes
	// the example value of a key meant as the command's examples do
	// (内网=万兆, not 10g).
	ExampleZH map[string]string
	// Flags are bare words that stand for key=yes ("--full" for full).
	Flags map[string]string
	// Ends says whether a pair with an unknown key ends the pairs (it is
	// part of the paste); otherwise it is an unknown-key error. Nil: every
	// unknown key ends them.
	Ends func(key string) bool
}

// Read returns the leading pairs as Args and the text after them as typed
// (trimmed, newlines kept). A value opened with a quote after = runs to the
// closing quote: gpu="H100 SXM 80G".
func (l *Leading) Read(lang Lang, text string) (*Args, string, error) {
	cmd := &Command{Name: l.Command, Keys: l.Keys, Examples: []string{l.Example}, ExampleZH: l.ExampleZH}
	a := &Args{Command: l.Command, cmd: cmd, lang: lang, pairs: map[string]string{}}
	seen := map[string]bool{}
	pos := 0
	for {
		word, end, ok := nextWord(text, pos)
		if !ok {
			pos = len(text)
			break
		}
		norm := Normalize(word)
		if key, flag := l.Flags[strings.ToLower(norm)]; flag {
			a.set(key, "yes")
			pos = end
			continue
		}
		k, v, isPair := strings.Cut(norm, "=")
		if !isPair || k == "" {
			break
		}
		key, known := LookupKey(l.Keys, k)
		if !known {
			if l.Ends == nil || l.Ends(k) {
				break
			}
			return nil, "", unknownKeyOf(lang, cmd, T(lang, l.Command, l.zh()), l.Keys, k, l.Example)
		}
		if seen[key.Name] {
			return nil, "", Invalidf(lang, key.Name, l.Example, "%s is given twice; give it once", "%s 出现了两次，请只写一次", a.Name(key.Name))
		}
		seen[key.Name] = true
		a.set(key.Name, strings.Trim(v, `"'`))
		pos = end
	}
	a.Original = strings.TrimSpace(text[:pos])
	return a, strings.TrimSpace(text[pos:]), nil
}

func (l *Leading) zh() string {
	if l.CommandZH != "" {
		return l.CommandZH
	}
	return l.Command
}

// set gives key a value, keeping the order keys were first given in.
func (a *Args) set(key, value string) {
	if _, ok := a.pairs[key]; !ok {
		a.order = append(a.order, key)
	}
	a.pairs[key] = value
}

// nextWord reads the word starting at or after i and where it ends; a value
// opened with a quote after "=" runs to the closing quote.
func nextWord(s string, i int) (word string, end int, ok bool) {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !unicode.IsSpace(r) {
			break
		}
		i += n
	}
	if i >= len(s) {
		return "", i, false
	}
	start := i
	quote := rune(0)
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case quote != 0 && (r == quote || quote == '“' && r == '”'):
			quote = 0
		case quote == 0 && (r == '"' || r == '“') && i > start && (s[i-1] == '=' || strings.HasSuffix(s[start:i], "＝")):
			quote = r
		case quote == 0 && unicode.IsSpace(r):
			return s[start:i], i, true
		}
		i += n
	}
	return s[start:], len(s), true
}

// Picks reports whether word picks the sub-command c documents (one of a
// command's Subs): the last word of its name ("check" for "checklist
// check") or an alias, in any case, full-width forms folded. A command
// that reads its own input thus accepts exactly the words its help lists.
func (c *Command) Picks(word string) bool {
	w := strings.ToLower(strings.TrimSpace(Normalize(word)))
	if i := strings.LastIndexByte(c.Name, ' '); w != "" && w == strings.ToLower(c.Name[i+1:]) {
		return true
	}
	for _, a := range c.Aliases {
		if w == strings.ToLower(a) {
			return true
		}
	}
	return false
}
