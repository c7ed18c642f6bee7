package tier

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"gpuadvisor/chat"
)

// keysJSON is tier's examples and keys: each key's name, aliases (Chinese
// included), value kind, example and help in both languages. The first
// English and the first Chinese example are shown in errors; moneyKeys
// (market, prices, the job's tokens) follow keys in help (docs/pricing.md).
//
//go:embed keys.json
var keysJSON []byte

var examples, keys, moneyKeys = mustLoadKeys(keysJSON)

// keyKinds are the value kinds keys.json names.
var keyKinds = map[string]chat.Kind{"plain": chat.Plain, "count": chat.Count, "tokens": chat.Tokens, "percent": chat.Percent,
	"money": chat.Money, "hours": chat.Hours, "days": chat.Days, "minutes": chat.Minutes, "ratio": chat.Ratio, "gb": chat.GB}

// loadKeys reads keys.json; an error names the key at fault.
func loadKeys(b []byte) (examples []string, keys, money []chat.Key, err error) {
	type key struct {
		Name    string   `json:"name"`
		Aliases []string `json:"aliases"`
		Kind    string   `json:"kind"`
		Example string   `json:"example"`
		Help    struct {
			EN string `json:"en"`
			ZH string `json:"zh"`
		} `json:"help"`
	}
	var doc struct {
		Examples  []string `json:"examples"`
		Keys      []key    `json:"keys"`
		MoneyKeys []key    `json:"money_keys"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, nil, nil, fmt.Errorf("tier keys.json: %w", err)
	}
	conv := func(in []key) ([]chat.Key, error) {
		out := make([]chat.Key, 0, len(in))
		for _, k := range in {
			kind, ok := keyKinds[k.Kind]
			if !ok || k.Name == "" || k.Example == "" || k.Help.EN == "" || k.Help.ZH == "" {
				return nil, fmt.Errorf("tier keys.json: key %q needs a name, a known kind (not %q), an example and help in both languages", k.Name, k.Kind)
			}
			out = append(out, chat.Key{Name: k.Name, Aliases: k.Aliases, Kind: kind, Example: k.Example, Help: chat.Help(k.Help.EN, k.Help.ZH)})
		}
		return out, nil
	}
	if keys, err = conv(doc.Keys); err == nil {
		money, err = conv(doc.MoneyKeys)
	}
	if err == nil && len(doc.Examples) == 0 {
		err = fmt.Errorf("tier keys.json: no examples")
	}
	return doc.Examples, keys, money, err
}

// mustLoadKeys is loadKeys of the embedded file, which a test reads too: it
// cannot fail at run time unless the build embeds a broken file.
func mustLoadKeys(b []byte) ([]string, []chat.Key, []chat.Key) {
	examples, keys, money, err := loadKeys(b)
	if err != nil {
		panic(err)
	}
	return examples, keys, money
}
