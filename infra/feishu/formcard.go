package feishu

import (
	"encoding/json"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
)

// Form cards are card JSON 1.0, like every other card of the bot (see
// card.go): a form container ("tag": "form") holding a line naming each
// field, then its component, each named by the field's key (vendor_N_<key>
// for a quote's rows); a select_static for a choice and for the model
// presets (Feishu offers no select searched on the server), a date_picker
// for a date, an input for the rest; and a submit button
// ("action_type": "form_submit") whose value names the form. Feishu sends
// the inputs' values with the press, as form_value in card.action.trigger.
// docs/platforms.md#feishu-form-cards has the sources.

// FormName is the form container's name.
const FormName = "gpuadvisor_form"

type formContainer struct {
	Tag      string `json:"tag"`
	Name     string `json:"name"`
	Elements []any  `json:"elements"`
}

type formInput struct {
	Tag          string    `json:"tag"`
	Name         string    `json:"name"`
	Required     bool      `json:"required,omitempty"`
	Placeholder  cardText  `json:"placeholder"`
	DefaultValue string    `json:"default_value,omitempty"`
	Label        *cardText `json:"label,omitempty"`
	MaxLength    int       `json:"max_length,omitempty"`
}

type formSelect struct {
	Tag           string       `json:"tag"`
	Name          string       `json:"name"`
	Required      bool         `json:"required,omitempty"`
	Placeholder   cardText     `json:"placeholder"`
	InitialOption string       `json:"initial_option,omitempty"`
	Options       []formOption `json:"options"`
}

type formOption struct {
	Text  cardText `json:"text"`
	Value string   `json:"value"`
}

type formDate struct {
	Tag         string   `json:"tag"`
	Name        string   `json:"name"`
	Required    bool     `json:"required,omitempty"`
	Placeholder cardText `json:"placeholder"`
	InitialDate string   `json:"initial_date,omitempty"`
}

type formButton struct {
	Tag        string            `json:"tag"`
	Name       string            `json:"name"`
	Text       cardText          `json:"text"`
	Type       string            `json:"type"`
	ActionType string            `json:"action_type"`
	Value      map[string]string `json:"value"`
}

// maxInput is the most characters a card input takes.
const maxInput = 1000

// FormCard renders a form as a card: the fields prefilled from v, and the
// messages of errs under their fields (red), for a form sent back after a
// refused submission.
func FormCard(f *form.Form, lang chat.Lang, v form.Values, errs map[string]string) string {
	var els []any
	for _, in := range f.Inputs() {
		if in.Field.Kind == form.Paste {
			continue // the checks are a reply on Feishu, not a form (docs/platforms.md)
		}
		if f.Rows != nil && in.Row > 0 && in.ID == f.Rows.RowID(in.Row, f.Rows.Fields[0].Key) {
			els = append(els, mdDiv("**"+EscapeMD(f.Rows.RowTitle(lang, in.Row))+"**"))
		}
		label := bold(in.Field.Label(lang))
		if h := in.Field.Hint(lang); h != "" {
			label += "  " + EscapeMD(h)
		}
		if in.Field.Required && !(f.Rows != nil && in.Row > 0) || (in.Row == 1 && in.Field.Key == "name") {
			label += " *"
		}
		els = append(els, mdDiv(label))
		els = append(els, formComponent(in, lang, v[in.ID]))
		if msg := errs[in.ID]; msg != "" {
			els = append(els, mdDiv("<font color='red'>"+EscapeMD(msg)+"</font>"))
		}
	}
	els = append(els, formButton{Tag: "button", Name: "submit", Text: plain(chat.T(lang, "Run", "运行")), Type: "primary",
		ActionType: "form_submit", Value: map[string]string{"action": form.ActionSubmit, "value": f.ID, "lang": string(lang)}})
	card := cardJSON{
		Config: cardConfig{WideScreenMode: true, EnableForward: true, UpdateMulti: true},
		Header: cardHeader{Title: plain(f.Title(lang)), Template: "blue"},
		Elements: []any{
			mdDiv(EscapeMD(chat.T(lang,
				"Fill in the fields and press Run: the answer comes in this chat, with the command line the form stands for.",
				"填好后点「运行」：结果发在这个会话里，并附上这个表单对应的命令。"))),
			formContainer{Tag: "form", Name: FormName, Elements: els},
		},
	}
	b, _ := json.Marshal(card)
	return string(b)
}

func formComponent(in form.Input, lang chat.Lang, val string) any {
	fl := in.Field
	ph := plain(chat.T(lang, "e.g. ", "例如 ") + fl.ExampleIn(lang))
	req := fl.Required && in.Row == 0
	switch fl.Kind {
	case form.Select, form.External:
		opts := fl.Options
		if fl.Kind == form.External {
			opts = form.Models()
		}
		s := formSelect{Tag: "select_static", Name: in.ID, Required: req, Placeholder: ph}
		for _, o := range opts {
			s.Options = append(s.Options, formOption{Text: plain(o.Label(lang)), Value: o.Value})
			if o.Value == val {
				s.InitialOption = val
			}
		}
		if fl.Kind == form.External && val != "" && s.InitialOption == "" {
			// a model that is not a preset: typed as it was
			return formInput{Tag: "input", Name: in.ID, Required: req, Placeholder: ph, DefaultValue: val, MaxLength: maxInput}
		}
		return s
	case form.Date:
		d := formDate{Tag: "date_picker", Name: in.ID, Required: req, Placeholder: ph}
		if form.IsDate(val) {
			d.InitialDate = val // anything else would make Feishu refuse the card
		}
		return d
	}
	return formInput{Tag: "input", Name: in.ID, Required: req, Placeholder: ph, DefaultValue: val, MaxLength: maxInput}
}

// formValues reads a card.action.trigger's form_value: each input's value
// by name; a date picker's "2027-03-01 +0800" as its date.
func formValues(fv map[string]any) form.Values {
	v := form.Values{}
	for k, x := range fv {
		s, ok := x.(string)
		if !ok {
			continue
		}
		if len(s) > 10 && s[4] == '-' && s[7] == '-' && s[10] == ' ' {
			s = s[:10]
		}
		v[k] = s
	}
	return v
}
