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
	if !eachSpelling(keys, func(w string, i int) {
		if _, seen := ix[w]; !seen {
			ix[w] = keys[i].Name
		}
	}) {
		return nil, false
	}
	return ix, true
}

// eachSpelling calls f with every spelling of keys in order (each key's
// name, then its aliases), an ASCII one lower-cased, and the index of its
// key. It stops with false at a spelling that is not ASCII but could fold
// to ASCII (the Kelvin sign, the long s): there only LookupKey answers
// right.
func eachSpelling(keys []Key, f func(w string, i int)) bool {
	for i, k := range keys {
		for j := -1; j < len(k.Aliases); j++ {
			w := k.Name
			if j >= 0 {
				w = k.Aliases[j]
			}
			if isASCII(w) {
				w = strings.ToLower(w)
			} else if strings.ContainsAny(w, "\u212a\u017f") {
				return false
			}
			f(w, i)
		}
	}
	return true
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
