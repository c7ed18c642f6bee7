package tier

import (
	"gpuadvisor/advisor"
	"gpuadvisor/chat"
	"gpuadvisor/commands/internal/keytab"
)

// A Chinese reply names tier's keys in Chinese (卡数=8, 批量=1): a
// chat.LookupKey over the forty-odd keys and their aliases, several times
// a reply. keyNames keeps, for every key name of keytab.TierKeys and
// keytab.TierMoneyKeys, what those look-ups answer (the same calls, made
// once); any other name is looked up as before.
type keyNames struct {
	tierKey map[string]chat.Key // chat.LookupKey(keytab.TierKeys, name), when found
	zhWord  map[string]string   // keyWordOf(chat.ZH, name)
}

var tierKeyNames = advisor.Lazy[keyNames]{New: func() keyNames {
	kn := keyNames{tierKey: map[string]chat.Key{}, zhWord: map[string]string{}}
	for _, keys := range [][]chat.Key{keytab.TierKeys, keytab.TierMoneyKeys} {
		for _, k := range keys {
			if key, ok := chat.LookupKey(keytab.TierKeys, k.Name); ok {
				kn.tierKey[k.Name] = key
			}
			kn.zhWord[k.Name] = keyWordOf(chat.ZH, k.Name)
		}
	}
	return kn
}}

// tierKey is chat.LookupKey(keytab.TierKeys, name).
func tierKey(name string) (chat.Key, bool) {
	kn := tierKeyNames.Get()
	if k, ok := kn.tierKey[name]; ok {
		return k, true
	}
	if _, known := kn.zhWord[name]; known {
		return chat.Key{}, false // a money key: not in TierKeys
	}
	return chat.LookupKey(keytab.TierKeys, name)
}

// keyWord is tier's key name as a reply in lang names it (卡数 in Chinese).
func keyWord(lang chat.Lang, name string) string {
	if lang != chat.ZH {
		return name // chat.KeyWord names every key by its name in English
	}
	if w, ok := tierKeyNames.Get().zhWord[name]; ok {
		return w
	}
	return keyWordOf(lang, name)
}

// keyWordOf is keyWord without the names kept.
func keyWordOf(lang chat.Lang, name string) string {
	if _, ok := chat.LookupKey(keytab.TierKeys, name); ok {
		return chat.KeyWord(lang, keytab.TierKeys, name)
	}
	return chat.KeyWord(lang, keytab.TierMoneyKeys, name)
}
