package chat

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// kindNames name the kinds in a key table file.
var kindNames = map[Kind]string{Plain: "plain", Money: "money", Hours: "hours", Count: "count", Tokens: "tokens",
	Percent: "percent", Days: "days", Minutes: "minutes", Ratio: "ratio", GB: "gb"}

// keyJSON is one key as a command's keys.json writes it.
type keyJSON struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"`
	Kind    string   `json:"kind,omitempty"`
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
	kinds := map[string]Kind{"": Plain}
	for k, n := range kindNames {
		kinds[n] = k
	}
	out := make(map[string][]Key, len(raw))
	for table, list := range raw {
		seen := map[string]bool{}
		for _, k := range list {
			kind, ok := kinds[k.Kind]
			if !ok || k.Name == "" || seen[k.Name] {
				return nil, fmt.Errorf("key tables: %s: key %q: a name given once and a kind that is one of %v", table, k.Name, kindNames)
			}
			seen[k.Name] = true
			key := Key{Name: k.Name, Aliases: k.Aliases, Kind: kind, Example: k.Example}
			if k.EN != "" || k.ZH != "" {
				key.Help = Help(k.EN, k.ZH)
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
