package tier

import (
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// tier.json reads into the command's 21 sizing keys and 8 money keys with
// the kinds their values are read as; the examples open with an English and
// a Chinese one (errors show them). keytab's own test checks every key has
// an example and help in both languages.
func TestKeysData(t *testing.T) {
	if len(examples) < 2 || examples[0] != "tier model=qwen2.5-14b mode=lora seq=4096" || !chat.HasHan(examples[1]) {
		t.Errorf("examples = %q: the first must be English, the second Chinese (errors show them)", examples)
	}
	// kinds by hand
	kinds := map[string]chat.Kind{"params": chat.Count, "seq": chat.Tokens, "cards": chat.Count, "mfu": chat.Percent, "tokens": chat.Count, "model": chat.Plain}
	if len(keytab.TierKeys) != 21 || len(keytab.TierMoneyKeys) != 8 {
		t.Errorf("%d keys and %d money keys, want 21 and 8", len(keytab.TierKeys), len(keytab.TierMoneyKeys))
	}
	seen := 0
	for _, k := range append(append([]chat.Key{}, keytab.TierKeys...), keytab.TierMoneyKeys...) {
		if want, ok := kinds[k.Name]; ok {
			seen++
			if k.Kind != want {
				t.Errorf("%s: kind %v, want %v", k.Name, k.Kind, want)
			}
		}
	}
	if seen != len(kinds) {
		t.Errorf("found %d of the %d keys whose kinds are checked", seen, len(kinds))
	}
}

// TestKeyNamesAgree checks the kept look-ups against chat.LookupKey and
// chat.KeyWord for every key name and alias of tier, and a few others.
func TestKeyNamesAgree(t *testing.T) {
	names := []string{"nosuch", "", "CARDS", "Gpu"}
	for _, keys := range [][]chat.Key{keytab.TierKeys, keytab.TierMoneyKeys} {
		for _, k := range keys {
			names = append(names, k.Name)
			names = append(names, k.Aliases...)
		}
	}
	for _, n := range names {
		gk, gok := tierKey(n)
		wk, wok := chat.LookupKey(keytab.TierKeys, n)
		if gok != wok || gk.Name != wk.Name || len(gk.Aliases) != len(wk.Aliases) {
			t.Errorf("tierKey(%q) = %q %v, want %q %v", n, gk.Name, gok, wk.Name, wok)
		}
		for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
			if got, want := keyWord(lang, n), keyWordOf(lang, n); got != want {
				t.Errorf("keyWord(%s, %q) = %q, want %q", lang, n, got, want)
			}
		}
	}
}
