package chat

import (
	"strings"
	"testing"
)

// The router's key index finds what LookupKey finds: for every
// spelling of every key (as typed, upper-cased, padded), names that are no
// key, and commands whose spellings overlap (the first key wins) or hold a
// letter that folds to ASCII (the Kelvin sign: no index, LookupKey answers).
func TestRouterKeyIndexAgreesWithLookupKey(t *testing.T) {
	plain := &Command{Name: "plain", Keys: []Key{
		{Name: "seq", Aliases: []string{"Context", "上下文", "ctx"}},
		{Name: "ctx", Aliases: []string{"CTX", "size"}}, // "ctx" is seq's alias first
		{Name: "model", Aliases: []string{"模型", "m", "Größe"}},
		{Name: "size", Aliases: []string{"模型", "größe"}}, // both spellings are model's first
	}}
	kelvin := &Command{Name: "kelvin", Keys: []Key{
		{Name: "rank", Aliases: []string{"\u212aeep"}}, // K (Kelvin) folds to k: "keep" finds it
		{Name: "keep"},
	}}
	r := NewRouter()
	r.Register(plain, kelvin)
	if _, ok := r.keys.Load(plain); ok {
		t.Fatal("a command was indexed at Register, before any of its keys was looked up")
	}
	if _, ok := r.keyIndex(kelvin); ok {
		t.Fatal("a command with a spelling that folds to ASCII must not be indexed")
	}
	if _, ok := r.keyIndex(plain); !ok {
		t.Fatal("plain command not indexed")
	}
	names := []string{"", " ", "nope", "Seq", "SEQ ", " ctx", "ConText", "上下文", "模型", "M", "keep", "KEEP", "\u212aeep", "ſeq", "size\t", "Größe", "GRÖSSE", "größe", "GRÖßE", "模型 ", "模", "模型型", "\ufffd"}
	for _, c := range []*Command{plain, kelvin} {
		for _, k := range c.Keys {
			for _, w := range append([]string{k.Name}, k.Aliases...) {
				names = append(names, w, strings.ToUpper(w), " "+w+" ", w+"x")
			}
		}
		for _, n := range names {
			got, gotOK := r.canonicalKey(c, n)
			want, wantOK := LookupKey(c.Keys, n)
			if got != want.Name || gotOK != wantOK {
				t.Errorf("%s: key %q = %q %v, LookupKey gives %q %v", c.Name, n, got, gotOK, want.Name, wantOK)
			}
		}
	}
	// hand-checked: "ctx" is seq's alias before it is a key's name; "keep"
	// is rank's through the Kelvin sign
	if k, _ := r.canonicalKey(plain, "CTX"); k != "seq" {
		t.Errorf("CTX = %q, want seq", k)
	}
	if k, _ := r.canonicalKey(plain, "GRÖßE"); k != "model" {
		t.Errorf("GRÖßE = %q, want model", k)
	}
	if k, _ := r.canonicalKey(kelvin, "keep"); k != "rank" {
		t.Errorf("keep = %q, want rank", k)
	}
}

// A key of another period is never suggested for a price key: 包年 is one
// stroke from 包月, and a yearly price typed as a monthly one is off
// twelvefold; a key of the same period or of none still is.
func TestUnknownKeyKeepsThePeriod(t *testing.T) {
	keys := []Key{{Name: "monthly", Aliases: []string{"包月"}, Example: "5000"}, {Name: "ondemand", Aliases: []string{"按需"}, Example: "9"}}
	for _, tt := range []struct {
		lang          Lang
		key           string
		want, without string
	}{
		{ZH, "包年", "按年计的价格", "包月="},
		{ZH, "包越", "你是不是想写 包月=5000", "按年"},
		{EN, "monthy", "Did you mean monthly=5000", "per year"},
	} {
		msg := UnknownKey(tt.lang, "price", keys, tt.key, "price set monthly=5000").Message
		if !strings.Contains(msg, tt.want) || strings.Contains(msg, tt.without) {
			t.Errorf("UnknownKey(%q) = %q; want it to hold %q and not %q", tt.key, msg, tt.want, tt.without)
		}
	}
}
