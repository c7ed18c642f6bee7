package chat

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// exampleKeyRE is the regular expression zhKeys ran before nextKeyPair: a
// key name after the start, a space, a quote or a vendor's colon, '=', the
// value. nextKeyPair must find exactly its matches.
var exampleKeyRE = regexp.MustCompile(`(^|[\s'"“;；:：（(，、])([A-Za-z][A-Za-z0-9_-]*)=([^\s'"”;；）)，、。]*)`)

// keyPairs is every match nextKeyPair finds, as FindAllStringSubmatchIndex
// lists them.
func keyPairs(s string) [][]int {
	var out [][]int
	for m, ok := nextKeyPair(s, 0); ok; m, ok = nextKeyPair(s, m[1]) {
		out = append(out, append([]int(nil), m[:]...))
	}
	return out
}

func checkKeyPairs(t *testing.T, s string) {
	t.Helper()
	if got, want := keyPairs(s), exampleKeyRE.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: got %v, want %v (the regexp)", s, got, want)
	}
}

func TestNextKeyPairAgreesWithRegexp(t *testing.T) {
	for _, tc := range []struct{ name, text string }{
		{"empty", ""},
		{"one pair", "gpu=a100"},
		{"pairs", "tier model=qwen2.5-7b mode=infer seq=32k"},
		{"key at start without value", "a= b=2"},
		{"no equals", "abc def"},
		{"digit first", "1a=2 x=3"},
		{"letter before key", "xa=1"},
		{"delimiter first", "(a=1)"},
		{"quotes", `'a=1' "b=2" “c=3” d='4'`},
		{"chinese punctuation", "（a=1）；b=2，c=3、d=4。e=5：f=6"},
		{"colon vendor", "A: price=35; B:price=33"},
		{"value with equals", "a=b=c d==e"},
		{"underscore and dash", "on_demand=35 yearly-discount=0.1 _x=1 -y=2"},
		{"tabs and newlines", "a=1\tb=2\nc=3\fd=4\re=5\vf=6"},
		{"han key", "显卡=a100 gpu=h800"},
		{"invalid utf8", "a=\xff\xfe b=\xe2\x80 \xe2“c=1 \xe2\xe2\x80\x9cd=2"},
		{"adjacent", "a=1;b=2;;c=3"},
		{"trailing equals", "a=1 b"},
		{"only delimiters", "  ;；:："},
		{"key ends text", "a=1 bcd"},
		{"example with note", `quote hours=300 cards=8 A: price=35 setup=5000 note="a b=c"; B: price=33`},
	} {
		t.Run(tc.name, func(t *testing.T) { checkKeyPairs(t, tc.text) })
	}
}

// TestNextKeyPairRandom compares the two on 200,000 random texts made of
// the characters that matter: letters, digits, key bytes, '=', every
// delimiter and value stop, other Han text and invalid bytes.
func TestNextKeyPairRandom(t *testing.T) {
	parts := []string{"a", "Z", "k", "q", "0", "9", "_", "-", "=", "==", " ", "\t", "\n", "\v", "\f", "\r", "'", `"`,
		"“", "”", ";", "；", ":", "：", "（", "(", "）", ")", "，", "、", "。", ",", ".", "显卡", "元", "\xff", "\xe2", "\x80", "\xe2\x80", "é", "gpu", "x="}
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for range 200_000 {
		b.Reset()
		for range rng.IntN(16) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		checkKeyPairs(t, b.String())
	}
}

func FuzzNextKeyPairAgrees(f *testing.F) {
	for _, s := range []string{"tier model=qwen2.5-7b mode=infer", "（a=1）；b=2", "a=\xff b=\xe2\x80", `A: price=35; B: price=33`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkKeyPairs(t, s) })
}

// TestLocaleCacheAgrees checks the cached keys and phrases are what
// allKeys and zhPhrases work out on every call.
func TestLocaleCacheAgrees(t *testing.T) {
	sub := &Command{Name: "price set", Aliases: []string{"设置"}, Keys: []Key{{Name: "gpu", Aliases: []string{"显卡"}}}}
	cmd := &Command{Name: "price", Aliases: []string{"价格"}, Subs: []*Command{sub, {Name: "price list"}},
		ExampleZH: map[string]string{"<vendor>": "<供应商>", "a b": "甲 乙", "a b c": "甲乙丙", "x": "叉"}}
	var lc localeCache
	l := lc.locale(cmd)
	if l2 := lc.locale(cmd); l2 != l {
		t.Fatalf("got a second locale %p, want the first %p", l2, l)
	}
	if got, want := l.keys.keys, allKeys(cmd); !reflect.DeepEqual(got, want) {
		t.Errorf("keys: got %v, want %v", got, want)
	}
	if got, want := l.sub(sub).keys, append(append([]Key{}, sub.Keys...), allKeys(cmd)...); !reflect.DeepEqual(got, want) {
		t.Errorf("sub keys: got %v, want %v", got, want)
	}
	if got, want := l.phrases, []string{"<vendor>", "a b c", "a b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("phrases: got %q, want %q", got, want)
	}
	if got, want := replacePhrases(cmd, l.phrases, "a b c a b <vendor> x"), "甲乙丙 甲 乙 <供应商> x"; got != want {
		t.Errorf("replaced: got %q, want %q", got, want)
	}
}

// TestKeyFinderAgreesWithLookupKey checks the indexed look-up against
// LookupKey for every spelling of a set of keys (upper-cased, with spaces,
// Chinese, accented, a key named twice) and random names made of their
// pieces, with and without a Kelvin sign among the spellings.
func TestKeyFinderAgreesWithLookupKey(t *testing.T) {
	base := []Key{
		{Name: "gpu", Aliases: []string{"显卡", "card"}},
		{Name: "cards", Aliases: []string{"卡数", "GPUs"}},
		{Name: "on_demand", Aliases: []string{"ondemand", "按需", "Élan", "gpu"}},
		{Name: "mode", Aliases: []string{"模式", "ÉCOLE"}},
	}
	kelvin := append(append([]Key{}, base...), Key{Name: "temp", Aliases: []string{"\u212aelvin"}})
	names := []string{"", " ", "gpu", "GPU", " gpu ", "Gpu", "显卡", " 显卡", "卡数", "gpus", "GPUs", "ondemand", "ONDEMAND", "按需",
		"élan", "Élan", "ÉLAN", "école", "École", "kelvin", "Kelvin", "\u212aelvin", "temp", "mode", "模式", "x", "on_demand", "On_Demand", "ſ", "\xff"}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		names = append(names, names[rng.IntN(30)]+names[rng.IntN(30)])
	}
	for _, tc := range []struct {
		name    string
		keys    []Key
		indexed bool
	}{{"plain", base, true}, {"kelvin sign", kelvin, false}, {"none", nil, true}} {
		f := newKeyFinder(tc.keys)
		if got := f.ix != nil; got != tc.indexed {
			t.Errorf("%s: indexed %v, want %v", tc.name, got, tc.indexed)
		}
		for _, n := range names {
			gk, gok := f.find(n)
			wk, wok := LookupKey(tc.keys, n)
			if gok != wok || gk.Name != wk.Name {
				t.Errorf("%s: find(%q) = %q %v, want %q %v (LookupKey)", tc.name, n, gk.Name, gok, wk.Name, wok)
			}
		}
	}
}
