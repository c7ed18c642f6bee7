package chat

import "strings"

// Example returns the command's example that best fits lang: for Chinese one
// whose command word is Chinese, else one with Chinese in it; for English the
// first whose command word is English (values such as a vendor 酷算云 may be
// Chinese); else the first.
func (c *Command) Example(lang Lang) string {
	if c == nil || len(c.Examples) == 0 {
		return ""
	}
	best, bestScore := c.Examples[0], -1
	for _, e := range c.Examples {
		word, _, _ := strings.Cut(strings.TrimSpace(e), " ")
		score := 0
		switch {
		case lang == ZH && HasHan(word):
			score = 2
		case lang == ZH && HasHan(e):
			score = 1
		case lang != ZH && !HasHan(word):
			score = 2
		}
		if score > bestScore {
			best, bestScore = e, score
		}
	}
	return best
}

// HanWord is the first of a name's aliases written in Chinese, the name
// itself when none is: the word a Chinese reply uses for a command, a
// sub-command or a key.
func HanWord(name string, aliases []string) string {
	for _, a := range aliases {
		if HasHan(a) {
			return a
		}
	}
	return name
}

// KeyWord is how a reply in lang names the key name of keys: the key
// itself in English, its Chinese word (HanWord) in Chinese, the word the
// parser reads for it, so that "卡数=8" in a reply can be typed back.
func KeyWord(lang Lang, keys []Key, name string) string {
	if lang != ZH {
		return name
	}
	if k, ok := LookupKey(keys, name); ok {
		return HanWord(k.Name, k.Aliases)
	}
	return name
}

// Localize is example as a reply in lang shows it. In English it is
// unchanged; in Chinese the command word, the sub-command word and every
// key take the Chinese spelling the parser accepts for them (HanWord), and
// yes/no become 是/否, so that a Chinese reply shows no key names and its
// example parses to the same request as the English one. command is the
// command the error came from: an example without a command word of its
// own (a fragment such as "price=35") is read with its keys. A key without
// a Chinese spelling is left as it is (a test of every command asks for
// one).
func (r *Router) Localize(lang Lang, command, example string) string {
	if lang != ZH || strings.TrimSpace(example) == "" {
		return example
	}
	return r.localize(command, example, 0)
}

func (r *Router) localize(command, line string, depth int) string {
	lead := line[:len(line)-len(strings.TrimLeft(line, " "))]
	rest := line[len(lead):]
	word, tail := cutWord(rest)
	var out strings.Builder
	out.WriteString(lead)
	cmd, ok := r.Lookup(word)
	if ok && !strings.Contains(word, "=") {
		out.WriteString(HanWord(cmd.Name, cmd.Aliases))
	} else {
		cmd, _ = r.Lookup(command)
		tail = rest
	}
	if cmd == nil {
		return line
	}
	loc := r.locale.locale(cmd)
	keys := loc.keys
	tail = replacePhrases(cmd, loc.phrases, tail)
	// the sub-command word, when the command has them
	if sw, after := cutWord(strings.TrimLeft(tail, " ")); sw != "" && !strings.Contains(sw, "=") {
		for _, s := range cmd.Subs {
			if s.Name != cmd.Name && s.Picks(sw) {
				sp := tail[:len(tail)-len(strings.TrimLeft(tail, " "))]
				out.WriteString(sp + HanWord(sw, s.Aliases))
				tail = after
				if s.Keys != nil { // its own keys first, then the command's others
					keys = loc.sub(s)
				}
				break
			}
		}
	}
	// a line of another command after the sub-command (renewal new billing …)
	if w, _ := cutWord(strings.TrimLeft(tail, " ")); depth == 0 && w != "" && !strings.Contains(w, "=") {
		if other, ok := r.Lookup(w); ok && other != cmd {
			out.WriteString(r.localize(other.Name, tail, depth+1))
			return out.String()
		}
	}
	out.WriteString(zhKeysWith(cmd, keys.find, tail))
	return out.String()
}

// zhPhrases writes text's placeholders (<vendor>) and phrases (a quoted
// note) in the Chinese cmd.ExampleZH gives them, the longest first, so that
// a phrase holding a shorter one is written whole, the same way every time.
func zhPhrases(cmd *Command, text string) string {
	return replacePhrases(cmd, zhPhraseOrder(cmd), text)
}

// allKeys are a command's keys, its sub-commands' too.
func allKeys(cmd *Command) []Key {
	keys := cmd.Keys
	if keys == nil {
		for _, s := range cmd.Subs {
			keys = append(keys, s.Keys...)
		}
	}
	return keys
}

// zhKeys writes every key=value of text whose key is one of keys with the
// key's Chinese word and the value as a Chinese example writes it.
func zhKeys(cmd *Command, keys []Key, text string) string {
	return zhKeysWith(cmd, func(name string) (Key, bool) { return LookupKey(keys, name) }, text)
}

// zhKeysWith is zhKeys with the keys found by find (LookupKey).
func zhKeysWith(cmd *Command, find func(string) (Key, bool), text string) string {
	var b strings.Builder
	last := 0
	// exampleKey's matches, one after the other (nextKeyPair)
	for m, ok := nextKeyPair(text, 0); ok; m, ok = nextKeyPair(text, m[1]) {
		k, known := find(text[m[4]:m[5]])
		if !known {
			continue
		}
		b.WriteString(text[last:m[0]])
		b.WriteString(text[m[2]:m[3]])
		b.WriteString(HanWord(k.Name, k.Aliases))
		b.WriteByte('=')
		b.WriteString(zhValue(cmd, k, text[m[6]:m[7]]))
		last = m[1]
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// LocalizeMessage is an error message as a reply in lang shows it: in
// Chinese every key=value of the command's keys that it quotes ("请写成
// hours=300") takes the key's Chinese word, as Localize does for examples.
func (r *Router) LocalizeMessage(lang Lang, command, msg string) string {
	cmd, ok := r.Lookup(command)
	if lang != ZH || !ok {
		return msg
	}
	return zhKeys(cmd, allKeys(cmd), msg)
}

// zhUnits are the English unit suffixes of example values and their
// Chinese, per kind of value (every reader of the kind takes both), by
// Kind.
var zhUnits = [...][][2]string{
	Days:    {{"d", "天"}},
	Minutes: {{"m", "分钟"}, {"h", "小时"}, {"d", "天"}},
	Hours:   {{"h", "小时"}},
	Ratio:   {{"x", "倍"}},
}

// zhValue is an example's value as a Chinese example writes it: yes and
// no as 是 and 否, a word the command spells in Chinese (ExampleZH), a
// number's English unit in Chinese (30d: 30天).
func zhValue(cmd *Command, k Key, v string) string {
	if cmd == nil {
		return zhUnit(k, v)
	}
	if zh, ok := cmd.ExampleZH[k.Name+"="+v]; ok { // a value of this key only
		return zh
	}
	if zh, ok := cmd.ExampleZH[v]; ok {
		return zh
	}
	return zhUnit(k, v)
}

// zhUnit is a key's value with its English unit written in Chinese (30d:
// 30天, 4h: 4小时, 2x: 2倍), as zhValue writes a number's unit.
func zhUnit(k Key, v string) string {
	switch strings.ToLower(v) {
	case "yes":
		return "是"
	case "no":
		return "否"
	}
	if k.Kind < 0 || int(k.Kind) >= len(zhUnits) {
		return v
	}
	for _, u := range zhUnits[k.Kind] {
		n := strings.TrimSuffix(v, u[0])
		if n != v && n != "" && strings.Trim(n, "0123456789.") == "" {
			return n + u[1]
		}
	}
	return v
}

// cutWord splits s at its first space.
func cutWord(s string) (word, rest string) {
	if i := strings.IndexByte(s, ' '); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
}

// Localize is Router.Localize for a line of c alone, for a command that
// shows its own examples (an overview of its sub-commands).
func (c *Command) Localize(lang Lang, line string) string {
	if lang != ZH || c == nil {
		return line
	}
	r := &Router{byWord: map[string]*Command{}}
	r.Register(c)
	return r.Localize(lang, c.Name, line)
}
