package form

import (
	"strings"

	"gpuadvisor/chat"
)

// Button actions of the forms, the same on every platform.
const (
	// ActionOpen opens the form its value names (OpenValue).
	ActionOpen = "open_form"
	// ActionSubmit is a Feishu form card's submit button: its value is the
	// form id, the inputs come in the callback's form_value.
	ActionSubmit = "form_submit"
)

// maxOpenValue keeps an "Open as a form" value within both platforms'
// button values (Slack 2,000 characters; chat.MaxDetailsValue bytes).
const maxOpenValue = chat.MaxDetailsValue

// OpenValue is the value of a button opening f: the form id, "|" and the
// language, then a line break and the command line to prefill it from
// (left out when it would not fit a button).
func OpenValue(f *Form, lang chat.Lang, asked string) string {
	v := f.ID + "|" + string(lang)
	if asked != "" && len(v)+1+len(asked) <= maxOpenValue {
		v += "\n" + asked
	}
	return v
}

// ParseOpenValue reads an OpenValue: the form, the language ("" when the
// value names none) and the command line.
func ParseOpenValue(v string) (f *Form, lang chat.Lang, asked string, ok bool) {
	head, asked, _ := strings.Cut(v, "\n")
	id, l, _ := strings.Cut(head, "|")
	f, ok = Lookup(id)
	if pl, known := chat.ParseLang(l); known {
		lang = pl
	}
	return f, lang, asked, ok
}

// Offer adds an "Open as a form" button under the answer (or the refusal)
// of a command that has a form the router can run. The reply is shortened
// first (chat.Brief keeps only a Details button), so the button survives.
func Offer(rep chat.Reply, names KeyNames) chat.Reply {
	if rep.Deferred || rep.Command == "" {
		return rep
	}
	f, ok := ForReply(rep.Command, rep.Asked)
	if !ok || !names.Has(f) {
		return rep
	}
	rep = chat.Brief(rep)
	for _, b := range rep.Buttons {
		if b.Action == ActionOpen {
			return rep
		}
	}
	rep.Buttons = append(rep.Buttons, chat.Button{Action: ActionOpen, Label: chat.T(rep.Lang, "Open as a form", "用表单填写"), Value: OpenValue(f, rep.Lang, rep.Asked)})
	return rep
}

// MenuButtons are a button per form (the Home tab, the Feishu home card).
func MenuButtons(lang chat.Lang, names KeyNames) []chat.Button {
	var out []chat.Button
	for _, f := range Menu() {
		if names.Has(f) {
			out = append(out, chat.Button{Action: ActionOpen, Label: chat.T(lang, "Form: ", "表单：") + f.Title(lang), Value: OpenValue(f, lang, "")})
		}
	}
	return out
}

// WithCommandLine adds the command line a form ran to its answer, so the
// user learns it (the first line only: a pasted text follows it).
func WithCommandLine(rep chat.Reply, lang chat.Lang, text string) chat.Reply {
	line, rest, _ := strings.Cut(text, "\n")
	if rest != "" {
		line += chat.T(lang, " <the pasted text>", " <粘贴的原文>")
	}
	rep.Summary = strings.TrimSpace(rep.Summary + "\n" + chat.T(lang, "Typed, this form is: ", "这个表单相当于输入：") + "`" + strings.ReplaceAll(line, "`", "'") + "`")
	return rep
}
