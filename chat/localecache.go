package chat

import (
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// A Chinese reply writes its follow-up commands in Chinese words
// (localizeButtons), one Localize per button. What that needs of a command
// does not change once it is registered: its keys with its sub-commands'
// (allKeys), a sub-command's keys before the command's, and the phrases of
// ExampleZH in the order zhPhrases writes them. localeCache keeps them per
// command, built on the first Chinese reply that asks (never at start).
type localeCache struct {
	cmds  sync.Map // *Command → *commandLocale
	words sync.Map // a button's command words → their Chinese (Localize)
}

// commandLocale is what Localize reads of one command.
type commandLocale struct {
	keys    keyFinder // allKeys(cmd)
	phrases []string  // the ExampleZH phrases zhPhrases writes, longest first
	all     []Key     // allKeys(cmd), what a sub-command's keys are followed by
	subs    sync.Map  // *Command → keyFinder: a sub-command's keys, then all, built when it is first localized
}

// sub is the keyFinder of sub-command s (which has keys of its own): its
// keys first, then the command's. Built on first use: a cold start
// localizes one sub-command of a command (renewal new), not the six.
func (l *commandLocale) sub(s *Command) keyFinder {
	if v, ok := l.subs.Load(s); ok {
		return v.(keyFinder)
	}
	// a copy: the command's own slices are never appended to
	f := newKeyFinder(append(append(make([]Key, 0, len(s.Keys)+len(l.all)), s.Keys...), l.all...))
	v, _ := l.subs.LoadOrStore(s, f)
	return v.(keyFinder)
}

// locale is cmd's commandLocale, built once per router.
func (lc *localeCache) locale(cmd *Command) *commandLocale {
	if v, ok := lc.cmds.Load(cmd); ok {
		return v.(*commandLocale)
	}
	keys := allKeys(cmd)
	l := &commandLocale{keys: newKeyFinder(keys), phrases: zhPhraseOrder(cmd), all: keys}
	v, _ := lc.cmds.LoadOrStore(cmd, l)
	return v.(*commandLocale)
}

// buttonWords are the command words of a follow-up's action (draft
// questions) and their Chinese, worked out once per action: they do not
// depend on the reply.
func (lc *localeCache) buttonWords(r *Router, action string) (words, zh string) {
	if v, ok := lc.words.Load(action); ok {
		w := v.(*[2]string)
		return w[0], w[1]
	}
	words = strings.TrimSpace(strings.Replace(ButtonCommand(action, ""), "--private ", "", 1))
	zh = r.Localize(ZH, "", words)
	if w := ButtonWordsZH(action); zh == words && w != "" { // a router without the command
		zh = w
	}
	lc.words.Store(action, &[2]string{words, zh})
	return words, zh
}

// zhPhraseOrder is the placeholders (<vendor>) and phrases (with a space)
// of cmd.ExampleZH, the longest first, then in byte order.
func zhPhraseOrder(cmd *Command) []string {
	var ens []string
	for en := range cmd.ExampleZH {
		if strings.HasPrefix(en, "<") || strings.Contains(en, " ") {
			ens = append(ens, en)
		}
	}
	sort.Slice(ens, func(i, j int) bool {
		if len(ens[i]) != len(ens[j]) {
			return len(ens[i]) > len(ens[j])
		}
		return ens[i] < ens[j]
	})
	return ens
}

// replacePhrases writes text's phrases in the Chinese cmd.ExampleZH gives
// them, in the order of phrases (zhPhrases with the order worked out).
func replacePhrases(cmd *Command, phrases []string, text string) string {
	for _, en := range phrases {
		text = strings.ReplaceAll(text, en, cmd.ExampleZH[en])
	}
	return text
}

// keyPair is one match of exampleKey in a text, as
// FindAllStringSubmatchIndex reports it: [start, end, delimiter start,
// delimiter end, key start, key end, value start, value end].
type keyPair [8]int

// nextKeyPair is the first match of exampleKey in s at or after from, the
// regular expression's answer without running it: a key (a letter, then
// letters, digits, _ and -) right after the start of s or after one of
// the delimiters, then '=', then the value up to the first space, quote,
// semicolon, closing parenthesis, Chinese comma or full stop. Positions
// step by rune as the regexp's do (an invalid byte is one rune).
func nextKeyPair(s string, from int) (keyPair, bool) {
	if from == 0 {
		if m, ok := keyPairAt(s, 0, 0); ok {
			return m, true
		}
	}
	for p := from; p < len(s); {
		c, w := rune(s[p]), 1
		if c >= utf8.RuneSelf {
			c, w = utf8.DecodeRuneInString(s[p:])
		}
		if keyDelimiter(c) {
			if m, ok := keyPairAt(s, p, p+w); ok {
				return m, true
			}
		}
		p += w
	}
	return keyPair{}, false
}

// keyPairAt is the match whose delimiter spans s[start:at] and whose key
// starts at at, when there is one.
func keyPairAt(s string, start, at int) (keyPair, bool) {
	if at >= len(s) || !asciiLetter(s[at]) {
		return keyPair{}, false
	}
	eq := at + 1
	for eq < len(s) && keyByte(s[eq]) {
		eq++
	}
	if eq >= len(s) || s[eq] != '=' {
		return keyPair{}, false
	}
	end := eq + 1
	for end < len(s) {
		c, w := rune(s[end]), 1
		if c >= utf8.RuneSelf {
			c, w = utf8.DecodeRuneInString(s[end:])
		}
		if valueStop(c) {
			break
		}
		end += w
	}
	return keyPair{start, end, start, at, at, eq, eq + 1, end}, true
}

func asciiLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// keyByte is a byte of a key after its first letter: [A-Za-z0-9_-].
func keyByte(c byte) bool {
	return asciiLetter(c) || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// keySpace is the regexp's \s: tab, newline, form feed, carriage return, space.
func keySpace(c rune) bool {
	return c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' '
}

// keyDelimiter is [\s'"“;；:：（(，、], what may come before a key.
func keyDelimiter(c rune) bool {
	switch c {
	case '\'', '"', '“', ';', '；', ':', '：', '（', '(', '，', '、':
		return true
	}
	return keySpace(c)
}

// valueStop is [\s'"”;；）)，、。], what ends a value.
func valueStop(c rune) bool {
	switch c {
	case '\'', '"', '”', ';', '；', '）', ')', '，', '、', '。':
		return true
	}
	return keySpace(c)
}
