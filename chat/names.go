package chat

import "gpuadvisor/advisor"

// Name gives an enum value's word in lang from a table of words in both
// languages; other is the word of every value the table does not list. It
// replaces the switch of bilingual returns each command wrote per enum.
func Name[K comparable](lang Lang, names map[K]advisor.Text, k K, other advisor.Text) string {
	if t, ok := names[k]; ok {
		return t.In(string(lang))
	}
	return other.In(string(lang))
}

// Help is a help text (a command's Summary, a key's Help) in both languages.
func Help(en, zh string) map[Lang]string { return map[Lang]string{EN: en, ZH: zh} }
