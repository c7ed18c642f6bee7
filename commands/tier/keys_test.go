package tier

import (
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// keys.json reads into the command's keys, every one with an example and
// help in both languages; a broken file is an error naming the key.
func TestKeysData(t *testing.T) {
	ex, ks, money, err := loadKeys(keysJSON)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex) < 2 || ex[0] != "tier model=qwen2.5-14b mode=lora seq=4096" || !chat.HasHan(ex[1]) {
		t.Errorf("examples = %q: the first must be English, the second Chinese (errors show them)", ex)
	}
	// 20 sizing keys, 8 for money and the job; kinds by hand
	kinds := map[string]chat.Kind{"params": chat.Count, "seq": chat.Tokens, "cards": chat.Count, "mfu": chat.Percent, "tokens": chat.Count, "model": chat.Plain}
	if len(ks) != 20 || len(money) != 8 {
		t.Errorf("%d keys and %d money keys, want 20 and 8", len(ks), len(money))
	}
	for _, k := range append(append([]chat.Key{}, ks...), money...) {
		if want, ok := kinds[k.Name]; ok && k.Kind != want {
			t.Errorf("%s: kind %v, want %v", k.Name, k.Kind, want)
		}
		if k.Help[chat.EN] == "" || k.Help[chat.ZH] == "" || k.Example == "" {
			t.Errorf("%s: help or example missing", k.Name)
		}
	}
	for _, c := range []struct{ doc, want string }{
		{`{"examples": ["x"], "keys": [{"name": "a", "kind": "metres", "example": "1", "help": {"en": "a", "zh": "甲"}}]}`, `key "a"`},
		{`{"examples": ["x"], "keys": [{"name": "b", "kind": "plain", "example": "1", "help": {"en": "b"}}]}`, `key "b"`},
		{`{"keys": []}`, "no examples"},
		{`[`, "keys.json"},
	} {
		if _, _, _, err := loadKeys([]byte(c.doc)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %s", c.doc, err, c.want)
		}
	}
}
