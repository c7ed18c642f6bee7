// Package cardname words the error for a card name the catalog does not
// have, the same in every command that reads one (price set gpu=, quote
// card=, vendor compare gpu=): the value as typed, the cards the catalog
// has, the closest one only when it is a likely typo, and an example.
package cardname

import (
	"fmt"
	"strings"

	"gpuadvisor/advisor/catalog"
	"gpuadvisor/chat"
)

// Unknown is the error for key's value raw, which names no card of the
// catalog; name is the key as the user's language writes it (显卡) and
// example is a whole line or key=value that works ("" for name=a100-80g).
func Unknown(lang chat.Lang, key, name, raw, example string) *chat.Error {
	var ids []string
	if c, err := catalog.Default(); err == nil {
		for _, g := range c.GPUs() {
			ids = append(ids, g.ID)
		}
	}
	msg := fmt.Sprintf(chat.T(lang, "%s=%q is not a card in the catalog; the cards are: %s", "%s=%q 不在显卡目录中；目录里的显卡：%s"),
		name, chat.Shown(raw), strings.Join(ids, chat.T(lang, ", ", "、")))
	if s := chat.Closest(raw, ids); s != "" {
		msg += fmt.Sprintf(chat.T(lang, ". Did you mean %s?", "。你是不是想写 %s？"), s)
		if example == "" {
			example = name + "=" + s
		}
	}
	if example == "" {
		example = name + "=a100-80g-sxm"
	}
	return chat.Invalid(lang, key, msg, msg, example)
}
