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
