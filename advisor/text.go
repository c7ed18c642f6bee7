package advisor

import "fmt"

// Text is one user-facing wording in English and Chinese; the chat layer
// picks the reader's language.
type Text struct {
	EN string `json:"en"`
	ZH string `json:"zh"`
}

// In returns the wording for lang: "zh" gives Chinese, anything else English.
func (t Text) In(lang string) string {
	if lang == "zh" {
		return t.ZH
	}
	return t.EN
}

// Textf formats the same arguments into both wordings.
func Textf(en, zh string, args ...any) Text {
	return Text{EN: fmt.Sprintf(en, args...), ZH: fmt.Sprintf(zh, args...)}
}

// LazyText is a wording written the first time it is read, from data an
// embedded file holds, so that a program that never shows it never decodes
// the file; let the function read an advisor.Lazy to write it once.
type LazyText func() Text

// In returns the wording for lang, as Text.In.
func (f LazyText) In(lang string) string { return f().In(lang) }
