package chat

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// keyIndex finds what LookupKey finds in one map look-up instead of a
// case-folding compare per spelling. It holds a command's ASCII spellings
// lower-cased, and its other spellings as written: a name made only of
// letters without case (Chinese, digits, punctuation) folds to nothing but
// itself, so it matches a spelling exactly or not at all.
type keyIndex map[string]string

// indexKeys indexes a command's keys, the first key winning as in
// LookupKey; ok is false when a spelling that is not ASCII could still fold
// to ASCII (it holds the Kelvin sign or the long s), where only LookupKey
// answers right.
func indexKeys(keys []Key) (keyIndex, bool) {
	ix := keyIndex{}
	for _, k := range keys {
		for i := -1; i < len(k.Aliases); i++ {
			w := k.Name
			if i >= 0 {
				w = k.Aliases[i]
			}
			if isASCII(w) {
				w = strings.ToLower(w)
			} else if strings.ContainsAny(w, "\u212a\u017f") {
				return nil, false
			}
			if _, seen := ix[w]; !seen {
				ix[w] = k.Name
			}
		}
	}
	return ix, true
}

// keyIndex is cmd's index, built on first use; false when cmd's keys
// cannot be indexed (indexKeys).
func (r *Router) keyIndex(cmd *Command) (keyIndex, bool) {
	if v, ok := r.keys.Load(cmd); ok {
		ix := v.(keyIndex)
		return ix, ix != nil
	}
	ix, ok := indexKeys(cmd.Keys)
	if !ok {
		ix = nil
	}
	v, _ := r.keys.LoadOrStore(cmd, ix)
	ix = v.(keyIndex)
	return ix, ix != nil
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// caseless reports whether s is valid UTF-8 made only of runes that fold to
// no other rune.
func caseless(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || unicode.SimpleFold(r) != r {
			return false
		}
	}
	return true
}

// canonicalKey is canonicalKey through the command's index when the key
// typed is ASCII or caseless.
func (r *Router) canonicalKey(cmd *Command, key string) (string, bool) {
	ix, indexed := r.keyIndex(cmd)
	n := strings.TrimSpace(key)
	switch {
	case !indexed:
		return canonicalKey(cmd, key)
	case isASCII(n):
		for i := 0; i < len(n); i++ {
			if c := n[i]; c >= 'A' && c <= 'Z' {
				n = strings.ToLower(n)
				break
			}
		}
	case !caseless(n):
		return canonicalKey(cmd, key)
	}
	name, ok := ix[n]
	return name, ok
}

func canonicalKey(cmd *Command, key string) (string, bool) {
	k, ok := LookupKey(cmd.Keys, key)
	return k.Name, ok
}
