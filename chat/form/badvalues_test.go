package form_test

import (
	"context"
	"maps"
	"regexp"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
	"gpuadvisor/infra/feishu"
)

// badValue is one field of a form filled wrongly, the rest as filled has
// them.
type badValue struct {
	form, id, value string
}

// badValues are bad submissions of every form: values the command refuses
// (a number it cannot read, out of range, too large to hold, a day the
// calendar lacks, a card or model it does not know).
var badValues = []badValue{
	{"tier", "model", "nosuch-model"},
	{"tier", "seq", "abc"},
	{"tier", "seq", "1e309"},
	{"tier", "gpu", "nosuch"},
	{"tier", "cards", "0"},
	{"billing", "ondemand", "abc"},
	{"billing", "ondemand", "1.5万/月"},
	{"billing", "monthly", "-5"},
	{"billing", "hours", "800"},
	{"billing", "hours", "300元"},
	{"billing", "cards", "1.5"},
	{"billing", "spot", "1e309"},
	{"billing", "months", "abc"},
	{"quote", "cards", "0"},
	{"quote", "hours", "abc"},
	{"quote", "storage_gb", "abc"},
	{"quote", "run_tokens", "很多"},
	{"renewal_add", "cards", "0"},
	{"renewal_add", "price", "abc"},
	{"renewal_add", "renews", "2027-02-30"},
	{"renewal_add", "renews", "2026-01-01"},
	{"renewal_add", "notice", "abc"},
	{form.CheckVendor, "vendor", "a/b"},
	{form.CheckTrial, "cards", "abc"},
	{form.CheckTrial, "gpu", "nosuch"},
	{form.CheckTrial, "intranet", "abc"},
}

// TestFormsRefuseLikeTheCommand: a bad value submitted in a form, in
// either language, is refused with the message the command gives for the
// same line typed (its example included), shown on the field it belongs
// to, in the form's language (a Chinese one names no key in English); the
// form comes back holding what was typed (the Feishu card's fields, and a
// command line that prefills the same values).
func TestFormsRefuseLikeTheCommand(t *testing.T) {
	r, names := router(t)
	asciiKey := regexp.MustCompile(`(^|[\s(（:：,，、])([A-Za-z_][A-Za-z0-9_]*)=`)
	for _, bv := range badValues {
		for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
			name := bv.form + " " + bv.id + "=" + bv.value + " (" + string(lang) + ")"
			f, ok := form.Lookup(bv.form)
			if !ok {
				t.Fatalf("%s: no form", name)
			}
			v := maps.Clone(filled[bv.form])
			v[bv.id] = bv.value
			if miss := f.Missing(lang, v); len(miss) > 0 {
				t.Errorf("%s: %v missing; want every required field filled", name, miss)
				continue
			}
			text, ferr := f.Text(names, lang, v)
			if ferr != nil {
				t.Errorf("%s: %v", name, ferr)
				continue
			}
			rep := r.Handle(context.Background(), chat.Request{Text: text, Lang: lang, Platform: "slack", Tenant: "slack:T1", Channel: "C1", User: "U1"})
			if rep.Error == nil {
				t.Errorf("%s: %q answered %q; want it refused", name, text, rep.Title)
				continue
			}
			typed := r.Handle(context.Background(), chat.Request{Text: text, Lang: lang, Platform: "cli", Tenant: "cli:T1", Channel: "C1", User: "U1"})
			if typed.Error == nil || typed.Error.Message != rep.Error.Message {
				t.Errorf("%s: the form's message %q, the typed line's %v; want the same", name, rep.Error.Message, typed.Error)
			}
			fe := f.Field(lang, v, rep.Error)
			if fe.ID != bv.id {
				t.Errorf("%s: the message %q is shown on %s, want on %s", name, fe.Message, fe.ID, bv.id)
			}
			if !strings.Contains(fe.Message, rep.Error.Message) || rep.Error.Example != "" && !strings.Contains(fe.Message, rep.Error.Example) {
				t.Errorf("%s: field message %q; want the command's %q with its example %q", name, fe.Message, rep.Error.Message, rep.Error.Example)
			}
			if lang == chat.ZH {
				if m := asciiKey.FindStringSubmatch(fe.Message); m != nil {
					t.Errorf("%s: the Chinese message names the key %s in English: %s", name, m[2], fe.Message)
				}
				if !chat.HasHan(fe.Message) {
					t.Errorf("%s: the message %q is not in Chinese", name, fe.Message)
				}
			}
			// what the user typed comes back: the command line reads back to it,
			// and the Feishu card sent back holds it with the message on its field
			if got := form.Prefill(r, f, text)[bv.id]; got != bv.value {
				t.Errorf("%s: the line %q prefills %s=%q, want what was typed, %q", name, text, bv.id, got, bv.value)
			}
			if f.Fields[len(f.Fields)-1].Kind != form.Paste || bv.id != f.Fields[len(f.Fields)-1].Key {
				card := feishu.FormCard(f, lang, v, map[string]string{fe.ID: fe.Message})
				if !strings.Contains(card, jsonString(bv.value)) || !strings.Contains(card, jsonString(feishu.EscapeMD(fe.Message))[1:20]) {
					t.Errorf("%s: the card sent back lacks the value typed %q or its message %q", name, bv.value, fe.Message)
				}
			}
		}
	}
}

// jsonString is s as a JSON string in a card.
func jsonString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "<", `\u003c`, ">", `\u003e`, "&", `\u0026`)
	return `"` + r.Replace(s) + `"`
}
