package quote

import (
	"strings"
	"sync"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
)

// scope says where a key belongs: to the workload, the same for every
// vendor (before the first vendor), or to one vendor.
type scope int

const (
	vendorKey   scope = iota // a price or property of one vendor
	workloadKey              // what the team runs: before the first vendor
)

// part says which field of a line item a key sets.
type part int

const (
	noPart    part = iota
	fee            // ¥ per month (vendor)
	volume         // GB per month (workload)
	unitPrice      // ¥ per GB (vendor)
	quota          // free GB per month (vendor)
	bare           // storage=2000: GB or ¥? never guessed, asked back
)

// keySpec is one key of the quote language.
type keySpec struct {
	name    string
	aliases []string
	kind    chat.Kind
	scope   scope
	line    tco.Line // for line-item keys
	part    part
	example string
	en, zh  string // what the key means
}

// The keys are data, in keys.json; keys_gen.go holds them as Go (specs),
// generated from it by this package's test (go test ./commands/quote
// -update), which fails when the two differ: the functions start without
// decoding JSON, and the index below is built on a quote's first use.

// keyIndex is specs as chat keys, indexed by every spelling (chat's one
// alias lookup); byName finds the spec of a canonical key; reader is the
// command chat's readers take the keys' kinds and examples from.
var keyIndex = sync.OnceValue(func() (x struct {
	keys   chat.KeyIndex
	byName map[string]*keySpec
	reader *chat.Command
}) {
	ks := make([]chat.Key, len(specs))
	x.byName = make(map[string]*keySpec, len(specs))
	for i, s := range specs {
		ks[i] = chat.Key{Name: s.name, Aliases: s.aliases, Kind: s.kind, Example: s.example}
		x.byName[s.name] = &specs[i]
	}
	x.keys, x.reader = chat.IndexKeys(ks), &chat.Command{Name: "quote", Keys: ks, Examples: []string{Example}}
	return x
})

// lookupKey finds the spec of a key as typed.
func lookupKey(k string) (*keySpec, bool) {
	ck, ok := keyIndex().keys.Lookup(k)
	if !ok {
		return nil, false
	}
	return keyIndex().byName[ck.Name], true
}

// suggestKey returns the known key closest to a mistyped one, or "": a key
// the typed one begins ("setup" for setup_fee), else the nearest spelling.
func suggestKey(k string) string {
	if k != "" {
		for _, s := range specs {
			if strings.HasPrefix(s.name, strings.ToLower(k)+"_") {
				return s.name
			}
		}
	}
	var cands []string
	for _, s := range specs {
		cands = append(cands, s.name)
		cands = append(cands, s.aliases...)
	}
	return chat.Closest(k, cands)
}

// keyNamesIn lists the keys as a reply in lang names them: the canonical
// keys in English, their Chinese names in Chinese.
func keyNamesIn(lang chat.Lang) string {
	if lang != chat.ZH {
		return keyNames()
	}
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = keyWord(lang, s.name)
	}
	return strings.Join(names, "、")
}

// keyNames lists the canonical keys, for messages.
func keyNames() string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

// fillers are words people put between quotes that carry no data.
var fillers = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"vendor": true, "vendors": true, "quote": true, "quotes": true, "vs": true, "vs.": true, "and": true,
		"供应商": true, "厂商": true, "报价": true, "和": true, "与": true, "对比": true, "比较": true, "以及": true}
}}

// includedWords read as a fee of 0: the quote says the item is free or included.
var includedWords = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"free": true, "included": true, "incl": true, "incl.": true, "none": true,
		"免费": true, "含": true, "包含": true, "已含": true, "赠送": true, "不收费": true, "无": true}
}}

// keysWords ask for the list of keys: quote keys, 报价 参数.
var keysWords = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"keys": true, "help": true, "参数": true, "帮助": true}
}}

// word is the key as a reply in lang names it: its name, or in Chinese its
// Chinese alias.
func (s *keySpec) word(lang chat.Lang) string {
	return chat.T(lang, s.name, chat.HanWord(s.name, s.aliases))
}

// pair is the key with its example value, as a reply in lang writes it
// (单价=35).
func (s *keySpec) pair(lang chat.Lang) string {
	return chat.T(lang, s.name+"="+s.example, chat.HanWord(s.name, s.aliases)+"="+zhExample(s.example))
}

// zhExample is a key's example value as a Chinese reply writes it.
func zhExample(v string) string {
	switch v {
	case "yes":
		return "是"
	case "team":
		return "团队"
	}
	return v
}

// keysReply lists every key with its Chinese aliases, meaning and an example.
func keysReply(lang chat.Lang) chat.Reply {
	t := chat.Table{Header: []string{chat.T(lang, "key", "参数"), chat.T(lang, "also", "别名"), chat.T(lang, "meaning", "含义"), chat.T(lang, "example", "示例")}}
	for _, s := range specs {
		word, also := chat.KeySpellings(lang, s.name, s.aliases)
		t.Rows = append(t.Rows, []string{word, also, chat.T(lang, s.en, s.zh), chat.T(lang, s.name+"="+s.example, chat.HanWord(s.name, s.aliases)+"="+zhExample(s.example))})
	}
	return chat.Reply{
		Command: "quote", Lang: lang, Private: true,
		Title: chat.T(lang, "Quote keys", "报价参数"),
		Summary: chat.T(lang,
			"State the workload once, before the first vendor (hours, cards, storage_gb, egress_gb, snapshot_gb, intranet_gb, run_tokens); then label each vendor (A: or name=A) with its prices, vendors separated by ; or new lines. Values take units: 35元/时, 2TB, 0.8元/GB, 21k, 2b, 每天8小时.",
			"先在第一家之前写一次工作负载（时长、卡数、存储量、流量、快照量、内网流量、总tokens），再给每家写上名称（A: 或 名称=A）和它的价格，各家之间用 ; 或换行分开。数值可带单位：35元/时、2TB、0.8元/GB、21k、2b、每天8小时。"),
		Tables: []chat.Table{t},
		Data:   map[string]any{"command": "quote", "keys": keyNames()},
	}
}

// keyDocs are the keys for help quote: the workload's, stated once before
// the first vendor, then each vendor's after its name.
func keyDocs() []*chat.Command {
	var work, vendor []chat.Key
	for _, s := range specs {
		k := chat.Key{Name: s.name, Aliases: s.aliases, Kind: s.kind, Example: s.example,
			Help: advisor.Text{EN: s.en, ZH: s.zh}}
		if s.scope == workloadKey {
			work = append(work, k)
		} else {
			vendor = append(vendor, k)
		}
	}
	return []*chat.Command{
		{Name: "workload", Aliases: []string{"工作负载"}, Keys: work, Summary: map[chat.Lang]string{
			chat.EN: "what the team runs, once, before the first vendor", chat.ZH: "团队的用量，只写一次，放在第一家供应商之前"}},
		{Name: "vendor", Aliases: []string{"供应商"}, Keys: vendor, Summary: map[chat.Lang]string{
			chat.EN: "each vendor: NAME: key=value ..., vendors separated by ; or new lines", chat.ZH: "每家供应商：名称: 参数=值 ……，各家之间用 ; 或换行分开"}},
	}
}
