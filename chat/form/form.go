// Package form describes the forms that stand for chat commands (tier,
// billing, quote, renewal add, and the two checks a message shortcut opens)
// independently of any platform: which fields, of what kind, under which
// key. A submitted form becomes exactly the command line a user could have
// typed (Text), which runs through the same router as typed text; a
// command's error is shown on the field of the key it names (Field).
// infra/slack renders the forms as modals, infra/feishu as cards with a
// form container.
package form

import (
	"fmt"
	"strings"
	"unicode"

	"gpuadvisor/chat"
)

// Kind is how a field is entered.
type Kind int

// The kinds of field.
const (
	// Text is a one-line text input.
	Text Kind = iota
	// Select picks one of Options.
	Select
	// External picks a value searched as the user types (Slack's external
	// select; a static select of every option where that is not offered).
	External
	// Date is a date picker; the value is YYYY-MM-DD.
	Date
	// Paste is multi-line free text that follows the keys on the command
	// line (what sales said, tool output): never a key=value pair.
	Paste
)

// Option is one choice of a select.
type Option struct {
	// Value is what the command line carries.
	Value string
	// EN and ZH are the labels shown.
	EN, ZH string
}

// Label is the option's label in lang.
func (o Option) Label(lang chat.Lang) string { return chat.T(lang, o.EN, o.ZH) }

// Field is one input of a form.
type Field struct {
	// Key is the command's canonical key: the block_id of the input and,
	// with the language's spelling, the key of the command line.
	Key string
	// EN and ZH are the label; HintEN and HintZH say what to enter.
	EN, ZH         string
	HintEN, HintZH string
	// Kind is how it is entered; Options are a Select's choices.
	Kind    Kind
	Options []Option
	// Required fields must be filled before the form is sent.
	Required bool
	// Example is a value that works, shown as the placeholder.
	Example string
}

// Label is the field's label in lang.
func (f Field) Label(lang chat.Lang) string { return chat.T(lang, f.EN, f.ZH) }

// ExampleIn is the example as lang shows it: in Chinese a Select's example
// by its option's label (例如 包月, not monthly); otherwise as it is typed.
func (f Field) ExampleIn(lang chat.Lang) string {
	if f.Kind == Select && lang == chat.ZH {
		for _, o := range f.Options {
			if o.Value == f.Example {
				return o.Label(lang)
			}
		}
	}
	if n, ok := strings.CutSuffix(f.Example, "d"); ok && lang == chat.ZH && n != "" && strings.Trim(n, "0123456789") == "" {
		return n + "天" // 30d is 30天 in a Chinese form, as its hint says
	}
	return f.Example
}

// Hint is what to enter, in lang ("" for none).
func (f Field) Hint(lang chat.Lang) string { return chat.T(lang, f.HintEN, f.HintZH) }

// Rows are repeated groups of fields: the vendors of a quote. Row n's field
// k has the id <Prefix>_<n>_<k> (vendor_1_price).
type Rows struct {
	// Prefix names the rows (vendor).
	Prefix string
	// Max is how many rows the form shows.
	Max int
	// EN and ZH title row n (with %d).
	EN, ZH string
	// Fields are the fields of one row; the first names the row (name=).
	Fields []Field
}

// Form is one command as a form.
type Form struct {
	// ID is the command with "_" for spaces (renewal_add): the view's
	// callback_id is "form:"+ID.
	ID string
	// Command is the command's words in English (renewal add) and ZH in
	// Chinese (续约 添加): the start of the command line.
	Command, ZH string
	// EN and ZH title the form (at most 24 characters: Slack's limit).
	TitleEN, TitleZH string
	// Fields are the inputs, in order.
	Fields []Field
	// Rows, when set, follow Fields (quote's vendors).
	Rows *Rows
}

// CallbackPrefix starts the callback id of every form view.
const CallbackPrefix = "form:"

// CallbackID is the form's view callback_id: form:<command> (form:tier,
// form:renewal_add).
func (f *Form) CallbackID() string { return CallbackPrefix + f.ID }

// Title is the form's title in lang.
func (f *Form) Title(lang chat.Lang) string { return chat.T(lang, f.TitleEN, f.TitleZH) }

// RowID is the id of field key in row n (1-based): vendor_1_price.
func (r *Rows) RowID(n int, key string) string { return fmt.Sprintf("%s_%d_%s", r.Prefix, n, key) }

// RowTitle is row n's title in lang.
func (r *Rows) RowTitle(lang chat.Lang, n int) string {
	return fmt.Sprintf(chat.T(lang, r.EN, r.ZH), n)
}

// Input is one input of a form in order, with its id (the field's key, or
// a row field's RowID) and its row (0 outside the rows).
type Input struct {
	ID    string
	Row   int
	Field Field
}

// Inputs lists every input of the form in order: the fields, then each
// row's fields.
func (f *Form) Inputs() []Input {
	var in []Input
	for _, fl := range f.Fields {
		in = append(in, Input{ID: fl.Key, Field: fl})
	}
	if f.Rows != nil {
		for n := 1; n <= f.Rows.Max; n++ {
			for _, fl := range f.Rows.Fields {
				fl.Required = false // only the first row's are, and only when the row is used
				in = append(in, Input{ID: f.Rows.RowID(n, fl.Key), Row: n, Field: fl})
			}
		}
	}
	return in
}

// Lookup finds a form by its ID or its callback id.
func Lookup(id string) (*Form, bool) {
	id = strings.TrimPrefix(id, CallbackPrefix)
	for _, f := range All() {
		if f.ID == id {
			return f, true
		}
	}
	return nil, false
}

// IDs are the ids of every form, in menu order.
func IDs() []string {
	var ids []string
	for _, f := range All() {
		ids = append(ids, f.ID)
	}
	return ids
}

// Values are what a form's inputs hold, by input id; "" is empty.
type Values map[string]string

// Text is the command line the form's values stand for, in lang: the
// command's words, then key=value for every filled field (the key as lang
// spells it, with spaces kept in quotes), the rows as `name=A key=v ...;`
// groups, and a Paste field's text last. It is what a user could have typed
// and runs through the same router. A value holding a double quote cannot
// be written on a command line: that is an error on its field.
func (f *Form) Text(keys KeyNames, lang chat.Lang, v Values) (string, *FieldError) {
	var b strings.Builder
	b.WriteString(chat.T(lang, f.Command, f.ZH))
	paste := ""
	for _, fl := range f.Fields {
		val := strings.TrimSpace(v[fl.Key])
		if val == "" {
			continue
		}
		if fl.Kind == Paste {
			paste = val
			continue
		}
		if err := writePair(&b, keys, lang, f, fl, fl.Key, val); err != nil {
			return "", err
		}
	}
	if r := f.Rows; r != nil {
		for n := 1; n <= r.Max; n++ {
			used := false
			for _, fl := range r.Fields {
				if strings.TrimSpace(v[r.RowID(n, fl.Key)]) != "" {
					used = true
				}
			}
			if !used {
				continue
			}
			for _, fl := range r.Fields {
				id := r.RowID(n, fl.Key)
				val := strings.TrimSpace(v[id])
				if val == "" {
					continue
				}
				if err := writePair(&b, keys, lang, f, fl, id, val); err != nil {
					return "", err
				}
			}
			b.WriteString(";")
		}
	}
	if paste != "" {
		b.WriteString("\n")
		b.WriteString(paste)
	}
	return strings.TrimSuffix(b.String(), ";"), nil
}

func writePair(b *strings.Builder, keys KeyNames, lang chat.Lang, f *Form, fl Field, id, val string) *FieldError {
	if strings.ContainsAny(val, "\"\n\r") {
		return &FieldError{ID: id, Message: chat.T(lang,
			fmt.Sprintf("%s: write it on one line without double quotes (\"), for example %s", fl.Label(lang), fl.ExampleIn(lang)),
			fmt.Sprintf("%s：请写在一行内，不要含英文双引号（\"），例如 %s", fl.Label(lang), fl.ExampleIn(lang)))}
	}
	b.WriteString(" ")
	b.WriteString(keys.Name(f, fl.Key, lang))
	b.WriteString("=")
	if strings.IndexFunc(val, func(r rune) bool { return unicode.IsSpace(r) || r == ';' || r == '；' || r == '=' }) >= 0 {
		val = `"` + val + `"`
	}
	b.WriteString(val)
	return nil
}

// FieldError is a message to show on one input (by its id).
type FieldError struct {
	ID      string
	Message string
}

// Error implements error.
func (e *FieldError) Error() string { return e.ID + ": " + e.Message }

// Missing lists the required inputs left empty, each with a message in
// lang. Rows: a row that is used needs its first field (the vendor's name)
// ... and the first row is required.
func (f *Form) Missing(lang chat.Lang, v Values) []FieldError {
	var out []FieldError
	need := func(id string, fl Field) {
		if strings.TrimSpace(v[id]) == "" {
			out = append(out, FieldError{ID: id, Message: chat.T(lang,
				fmt.Sprintf("%s is needed, for example %s", fl.Label(lang), fl.ExampleIn(lang)),
				fmt.Sprintf("请填写%s，例如 %s", fl.Label(lang), fl.ExampleIn(lang)))})
		}
	}
	for _, fl := range f.Fields {
		if fl.Required {
			need(fl.Key, fl)
		}
	}
	if r := f.Rows; r != nil {
		for n := 1; n <= r.Max; n++ {
			used := n == 1
			for _, fl := range r.Fields[1:] {
				if strings.TrimSpace(v[r.RowID(n, fl.Key)]) != "" {
					used = true
				}
			}
			if used {
				need(r.RowID(n, r.Fields[0].Key), r.Fields[0])
			}
		}
	}
	return out
}

// Field names the input a command's error belongs on: the input of the key
// it names (for a row key, the first filled row with that key whose name
// the message mentions, else the first filled row with that key), else the
// first input. The message is the error's, with its example.
func (f *Form) Field(lang chat.Lang, v Values, e *chat.Error) FieldError {
	msg := e.Message
	if e.Example != "" {
		msg += chat.T(lang, " Example: ", " 例如：") + e.Example
	}
	inputs := f.Inputs()
	id := inputs[0].ID
	found := false
	for _, fl := range f.Fields {
		if fl.Key == e.Key || (fl.Kind == Paste && (e.Key == "text" || e.Key == "output")) {
			id, found = fl.Key, true
			break
		}
	}
	if r := f.Rows; !found && r != nil {
		first := ""
		for n := 1; n <= r.Max; n++ {
			rid := r.RowID(n, e.Key)
			if strings.TrimSpace(v[rid]) == "" {
				continue
			}
			if first == "" {
				first = rid
			}
			if name := strings.TrimSpace(v[r.RowID(n, r.Fields[0].Key)]); name != "" && strings.Contains(msg, name) {
				first = rid
				break
			}
		}
		if first != "" {
			id = first
		}
	}
	return FieldError{ID: id, Message: msg}
}

// KeyNames spells a form's keys as a language writes them: the first
// Chinese alias of the key among the command's keys for ZH, the canonical
// name otherwise. Build it with Names from the router.
type KeyNames map[string]map[string]string // form id → key → Chinese spelling

// Name is key as lang writes it on f's command line.
func (k KeyNames) Name(f *Form, key string, lang chat.Lang) string {
	if lang == chat.ZH {
		if zh := k[f.ID][key]; zh != "" {
			return zh
		}
	}
	return key
}

// Names reads every form's Chinese key spellings from the router's
// commands (their keys and their sub-commands' keys). A form whose command
// is not registered, or lacks one of the form's keys, is left out (Has
// reports it): it would build a command line the command refuses.
func Names(r *chat.Router) KeyNames {
	out := KeyNames{}
forms:
	for _, f := range All() {
		tables, ok := keyTables(r, f)
		if !ok {
			continue
		}
		zh := map[string]string{}
		fields := append([]Field{}, f.Fields...)
		if f.Rows != nil {
			fields = append(fields, f.Rows.Fields...)
		}
		for _, fl := range fields {
			if fl.Kind == Paste {
				continue
			}
			k, ok := findKey(tables, fl.Key)
			if !ok {
				continue forms
			}
			for _, a := range k.Aliases {
				if chat.HasHan(a) {
					zh[fl.Key] = a
					break
				}
			}
		}
		out[f.ID] = zh
	}
	return out
}

func findKey(tables [][]chat.Key, name string) (chat.Key, bool) {
	for _, t := range tables {
		for _, k := range t {
			if k.Name == name {
				return k, true
			}
		}
	}
	return chat.Key{}, false
}

// Has reports whether f's command is registered (Names found it).
func (k KeyNames) Has(f *Form) bool { _, ok := k[f.ID]; return ok }

// keyTables are the key tables f's keys are read from: the command's keys
// and those of its sub-command (for quote: the workload's and the
// vendors').
func keyTables(r *chat.Router, f *Form) ([][]chat.Key, bool) {
	word, _, _ := strings.Cut(f.Command, " ")
	cmd, ok := r.Lookup(word)
	if !ok {
		return nil, false
	}
	tables := [][]chat.Key{cmd.Keys}
	for _, s := range cmd.Subs {
		if s.Name == f.Command || s.Name == "vendor" || s.Name == "workload" {
			tables = append(tables, s.Keys)
		}
	}
	return tables, true
}

// Prefill reads a command line back into f's values: every key=value pair
// of a key the form has (any spelling the command accepts), rows by vendor
// group (a ";" or line break ends one). Anything else is left out: the
// form opens with what it can show.
func Prefill(r *chat.Router, f *Form, line string) Values {
	v := Values{}
	tables, ok := keyTables(r, f)
	if !ok {
		return v
	}
	has := map[string]bool{}
	for _, fl := range f.Fields {
		has[fl.Key] = fl.Kind != Paste
	}
	rowKeys := map[string]bool{}
	var rowTable []chat.Key
	if f.Rows != nil {
		for _, fl := range f.Rows.Fields {
			rowKeys[fl.Key] = true
		}
		rowTable = tables[len(tables)-1] // the vendor sub's keys come last
		for _, t := range tables {
			if len(t) > 0 && t[0].Name == "name" {
				rowTable = t
			}
		}
	}
	row, inRow := 0, false
	for _, tok := range chat.Tokenize(chat.Normalize(line)) {
		if tok.Sep {
			inRow = false
			continue
		}
		if tok.Key == "" {
			if f.Rows != nil && strings.HasSuffix(tok.Word, ":") && len(tok.Word) > 1 && row < f.Rows.Max { // "A:" names a vendor
				row++
				inRow = true
				v[f.Rows.RowID(row, "name")] = strings.TrimSuffix(tok.Word, ":")
			}
			continue
		}
		if f.Rows != nil {
			if k, ok := chat.LookupKey(rowTable, tok.Key); ok && rowKeys[k.Name] {
				// a row key starts a row after a separator, or when it names
				// a second vendor in the same group
				if !inRow || (k.Name == "name" && v[f.Rows.RowID(row, "name")] != "") {
					if row == f.Rows.Max {
						continue
					}
					row++
					inRow = true
				}
				v[f.Rows.RowID(row, k.Name)] = tok.Value
				continue
			}
		}
		for _, t := range tables {
			if k, ok := chat.LookupKey(t, tok.Key); ok && has[k.Name] {
				v[k.Name] = tok.Value
				break
			}
		}
	}
	return v
}

// renewalAdd reports a word of renewal's add sub-command (lower case).
func renewalAdd(w string) bool {
	switch w {
	case "add", "添加", "新增", "增加", "加", "create":
		return true
	}
	return false
}

// ForReply is the form of the command a reply answers (or refused): tier,
// billing, quote, renewal add; false for any other.
func ForReply(command, asked string) (*Form, bool) {
	switch command {
	case "tier", "billing", "quote":
		return Lookup(command)
	case "renewal":
		words := strings.Fields(asked)
		for i, w := range words {
			if i > 2 {
				break
			}
			if renewalAdd(strings.ToLower(w)) {
				return Lookup("renewal_add")
			}
		}
	}
	return nil, false
}

// IsDate reports whether s is a date as a date picker holds it: YYYY-MM-DD.
func IsDate(s string) bool {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i, r := range s {
		if i != 4 && i != 7 && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}
