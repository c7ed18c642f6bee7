package chat

import (
	"bytes"
	"encoding/json"
	"fmt"

	"gpuadvisor/advisor"
)

// kindNames name the kinds in a key table file, by Kind.
var kindNames = [...]string{Plain: "plain", Money: "money", Hours: "hours", Count: "count", Tokens: "tokens",
	Percent: "percent", Days: "days", Minutes: "minutes", Ratio: "ratio", GB: "gb", Months: "months"}

// MarshalText names the kind as key tables write it: money, hours, gb.
func (k Kind) MarshalText() ([]byte, error) {
	if k >= 0 && int(k) < len(kindNames) && kindNames[k] != "" {
		return []byte(kindNames[k]), nil
	}
	return nil, fmt.Errorf("chat: no name for kind %d", int(k))
}

// UnmarshalText reads a kind by its name: plain, money, hours, count,
// tokens, percent, days, minutes, ratio, gb or months.
func (k *Kind) UnmarshalText(b []byte) error {
	for kind, n := range kindNames {
		if n != "" && n == string(b) {
			*k = Kind(kind)
			return nil
		}
	}
	return fmt.Errorf("chat: no kind %q; the kinds are plain, money, hours, count, tokens, percent, days, minutes, ratio, gb, months", b)
}

// keyJSON is one key as a command's keys.json writes it.
type keyJSON struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"`
	Kind    Kind     `json:"kind,omitempty"`
	Example string   `json:"example,omitempty"`
	EN      string   `json:"en,omitempty"`
	ZH      string   `json:"zh,omitempty"`
}

// ParseKeys reads a command's key tables: a JSON object of named lists of
// keys, each {"name", "aliases", "kind" (plain, money, hours, count,
// tokens, percent, days, minutes, ratio or gb; plain when left out),
// "example", "en", "zh" (what the key means)}. The words people type are
// data, kept beside the command in its keys.json, not in its code.
func ParseKeys(data []byte) (map[string][]Key, error) {
	var raw map[string][]keyJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("key tables: %w", err)
	}
	out := make(map[string][]Key, len(raw))
	for table, list := range raw {
		seen := map[string]bool{}
		for _, k := range list {
			if k.Name == "" || seen[k.Name] {
				return nil, fmt.Errorf("key tables: %s: key %q: every key needs a name, given once", table, k.Name)
			}
			seen[k.Name] = true
			key := Key{Name: k.Name, Aliases: k.Aliases, Kind: k.Kind, Example: k.Example}
			if k.EN != "" || k.ZH != "" {
				key.Help = advisor.Text{EN: k.EN, ZH: k.ZH}
			}
			out[table] = append(out[table], key)
		}
	}
	return out, nil
}

// MustKeys is ParseKeys for a table embedded in the binary: a broken file
// is a build mistake, so it panics when the package loads (and every test
// of the package fails).
func MustKeys(data []byte) map[string][]Key {
	t, err := ParseKeys(data)
	if err != nil {
		panic(err)
	}
	return t
}
