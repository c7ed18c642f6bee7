package chat

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// keyFinder finds what LookupKey finds in one map look-up instead of a
// case-folding compare per spelling. It indexes the ASCII spellings of keys
// lower-cased and the others as written: a name made only of letters
// without case (Chinese, digits, punctuation) folds to nothing but itself,
// so it matches a spelling exactly or not at all. Anything else is
// LookupKey's; ix is nil when a spelling could fold to ASCII from outside
// it (the Kelvin sign, the long s), and then LookupKey answers every name.
type keyFinder struct {
	keys []Key
	ix   map[string]int // spelling → index in keys, the first key winning
}

func newKeyFinder(keys []Key) keyFinder {
	f := keyFinder{keys: keys, ix: map[string]int{}}
	for i, k := range keys {
		for j := -1; j < len(k.Aliases); j++ {
			w := k.Name
			if j >= 0 {
				w = k.Aliases[j]
			}
			if isASCII(w) {
				w = strings.ToLower(w)
			} else if strings.ContainsAny(w, "\u212a\u017f") {
				return keyFinder{keys: keys}
			}
			if _, seen := f.ix[w]; !seen {
				f.ix[w] = i
			}
		}
	}
	return f
}

// find is LookupKey(f.keys, name).
func (f *keyFinder) find(name string) (Key, bool) {
	n := strings.TrimSpace(name)
	switch {
	case f.ix == nil:
		return LookupKey(f.keys, name)
	case isASCII(n):
		for i := 0; i < len(n); i++ {
			if c := n[i]; c >= 'A' && c <= 'Z' {
				n = strings.ToLower(n)
				break
			}
		}
	case !caseless(n):
		return LookupKey(f.keys, name)
	}
	if i, ok := f.ix[n]; ok {
		return f.keys[i], true
	}
	return Key{}, false
}

// keyIndex is cmd's keyFinder over its keys, built on first use; false
// when they cannot be indexed (the finder then asks LookupKey).
func (r *Router) keyIndex(cmd *Command) (keyFinder, bool) {
	if v, ok := r.keys.Load(cmd); ok {
		f := v.(keyFinder)
		return f, f.ix != nil
	}
	v, _ := r.keys.LoadOrStore(cmd, newKeyFinder(cmd.Keys))
	f := v.(keyFinder)
	return f, f.ix != nil
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

// canonicalKey is canonicalKey through the command's index.
func (r *Router) canonicalKey(cmd *Command, key string) (string, bool) {
	f, _ := r.keyIndex(cmd)
	k, ok := f.find(key)
	return k.Name, ok
}

func canonicalKey(cmd *Command, key string) (string, bool) {
	k, ok := LookupKey(cmd.Keys, key)
	return k.Name, ok
}
