package form_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
)

func router(t *testing.T) (*chat.Router, form.KeyNames) {
	t.Helper()
	now := func() time.Time { return time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC) }
	m := memstore.NewStore(now)
	r := commands.New(commands.Deps{Now: now,
		Renewals: m, Prices: m, Settings: m, Checks: m})
	names := form.Names(r)
	for _, f := range form.All() {
		if !names.Has(f) {
			t.Fatalf("form %s: the router lacks its command or one of its keys", f.ID)
		}
	}
	return r, names
}

// filled are values that make each form a valid command.
var filled = map[string]form.Values{
	"tier":           {"model": "qwen2.5-14b", "mode": "lora", "seq": "4096", "precision": "bf16", "cards": "8"},
	"billing":        {"ondemand": "35", "monthly": "15000", "hours": "每天8小时", "cards": "4", "months": "6", "min_months": "3"},
	"quote":          {"hours": "300", "cards": "8", "vendor_1_name": "Fast Compute", "vendor_1_price": "35", "vendor_2_name": "B", "vendor_2_monthly": "1.5万", "vendor_2_min_months": "3"},
	"renewal_add":    {"vendor": "酷算云", "gpu": "A100-80G", "cards": "8", "mode": "monthly", "price": "15000", "renews": "2027-03-01", "notice": "30d"},
	form.CheckVendor: {"vendor": "酷算云", "text": "We have 8x A100 80GB SXM4 with NVLink.\nSupport is 7x24."},
	form.CheckTrial:  {"gpu": "A100-80G", "cards": "8", "nvlink": "yes"},
}

func init() {
	// real nvidia-smi output, as the trial check's own tests read it
	b, err := os.ReadFile("../../advisor/trial/testdata/smi_535_a100x8.txt")
	if err != nil {
		panic(err)
	}
	filled[form.CheckTrial]["output"] = strings.TrimSpace(string(b))
}

// keyTable is where a form's keys are read from, to parse its line back.
func keyTable(r *chat.Router, f *form.Form, row bool) []chat.Key {
	word, _, _ := strings.Cut(f.Command, " ")
	c, _ := r.Lookup(word)
	if c.Keys != nil {
		return c.Keys
	}
	for _, s := range c.Subs {
		if (row && s.Name == "vendor") || (!row && (s.Name == f.Command || s.Name == "workload")) {
			return s.Keys
		}
	}
	return nil
}

// The command line of every form, in both languages, parses back to the
// values it was built from: same keys (canonical), same values, the rows
// as vendor groups, the pasted text last; and the router answers it
// without an error.
func TestTextParsesBack(t *testing.T) {
	r, names := router(t)
	for _, f := range form.All() {
		v, ok := filled[f.ID]
		if !ok {
			t.Fatalf("no filled values for form %s", f.ID)
		}
		for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
			t.Run(f.ID+"/"+string(lang), func(t *testing.T) {
				text, ferr := f.Text(names, lang, v)
				if ferr != nil {
					t.Fatalf("Text: %v", ferr)
				}
				if !strings.HasPrefix(text, chat.T(lang, f.Command, f.ZH)+" ") {
					t.Errorf("text %q does not start with the command words", text)
				}
				if lang == chat.ZH && strings.ContainsAny(strings.SplitN(text, "\n", 2)[0], "abcdefghijklmnopqrstuvwxyz_") {
					// values may hold Latin letters; keys must not
					for _, tok := range chat.Tokenize(chat.Normalize(strings.SplitN(text, "\n", 2)[0])) {
						if tok.Key != "" && !chat.HasHan(tok.Key) {
							t.Errorf("Chinese line %q spells key %q in English", text, tok.Key)
						}
					}
				}
				line, paste, _ := strings.Cut(text, "\n")
				got := form.Values{}
				row := 0
				var pf form.Field
				for _, in := range f.Inputs() {
					if in.Field.Kind == form.Paste {
						pf = in.Field
					}
				}
				for _, tok := range chat.Tokenize(chat.Normalize(line))[1:] {
					switch {
					case tok.Sep:
						continue
					case tok.Word != "":
						if f.ZH == "续约 添加" || strings.Contains(f.Command, " ") {
							continue // the sub-command word
						}
						t.Errorf("bare word %q in %q", tok.Word, text)
						continue
					}
					inRow := f.Rows != nil && isRowKey(r, f, tok.Key)
					k, ok := chat.LookupKey(keyTable(r, f, inRow), tok.Key)
					if !ok {
						t.Errorf("key %q of %q is unknown to %s", tok.Key, text, f.Command)
						continue
					}
					id := k.Name
					if inRow {
						if k.Name == "name" {
							row++
						}
						id = f.Rows.RowID(rowOf(v, f, row), k.Name)
					}
					got[id] = tok.Value
				}
				if paste != "" {
					got[pf.Key] = paste
				}
				for id, want := range v {
					if got[id] != chat.Normalize(want) && got[id] != want {
						t.Errorf("%s: got %q, want %q (line %q)", id, got[id], want, text)
					}
				}
				if len(got) != len(v) {
					t.Errorf("got %d values %v, want %d %v", len(got), got, len(v), v)
				}
				rep := r.Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: "C1", User: "U1"})
				if rep.Error != nil {
					t.Errorf("router refused %q: %+v", text, rep.Error)
				}
			})
		}
	}
}

func isRowKey(r *chat.Router, f *form.Form, key string) bool {
	if _, ok := chat.LookupKey(keyTable(r, f, false), key); ok {
		return false
	}
	_, ok := chat.LookupKey(keyTable(r, f, true), key)
	return ok
}

// rowOf maps the n-th used row back to its row number in v.
func rowOf(v form.Values, f *form.Form, n int) int {
	used := 0
	for i := 1; i <= f.Rows.Max; i++ {
		for _, fl := range f.Rows.Fields {
			if v[f.Rows.RowID(i, fl.Key)] != "" {
				used++
				if used == n {
					return i
				}
				break
			}
		}
	}
	return 0
}

func TestMissing(t *testing.T) {
	f, _ := form.Lookup("form:billing")
	got := f.Missing(chat.EN, form.Values{"ondemand": "35"})
	if len(got) != 2 || got[0].ID != "monthly" || got[1].ID != "hours" {
		t.Fatalf("Missing = %+v, want monthly and hours", got)
	}
	q, _ := form.Lookup("quote")
	got = q.Missing(chat.ZH, form.Values{"cards": "8", "vendor_1_name": "A", "vendor_3_price": "30"})
	if len(got) != 1 || got[0].ID != "vendor_3_name" || !strings.Contains(got[0].Message, "名称") {
		t.Fatalf("Missing = %+v, want vendor_3_name in Chinese", got)
	}
}

// A command's error lands on the field of its key, with the example.
func TestFieldOfError(t *testing.T) {
	r, names := router(t)
	cases := []struct {
		name, form string
		lang       chat.Lang
		v          form.Values
		want       string
	}{
		{"billing hours", "billing", chat.EN, form.Values{"ondemand": "35", "monthly": "15000", "hours": "lots"}, "hours"},
		{"billing ondemand zh", "billing", chat.ZH, form.Values{"ondemand": "很多", "monthly": "15000", "hours": "300"}, "ondemand"},
		{"renewal date", "renewal_add", chat.EN, form.Values{"vendor": "A", "gpu": "A100-80G", "cards": "8", "price": "15000", "renews": "2027-02-30"}, "renews"},
		{"quote hours", "quote", chat.EN, form.Values{"cards": "8", "hours": "lots", "vendor_1_name": "A", "vendor_1_price": "35"}, "hours"},
		{"tier mode zh", "tier", chat.ZH, form.Values{"model": "qwen2.5-14b", "seq": "很长"}, "seq"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, _ := form.Lookup(c.form)
			text, ferr := f.Text(names, c.lang, c.v)
			if ferr != nil {
				t.Fatal(ferr)
			}
			rep := r.Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: "C1", User: "U1"})
			if rep.Error == nil {
				t.Fatalf("%q: no error; reply %q", text, rep.Title)
			}
			fe := f.Field(c.lang, c.v, rep.Error)
			if fe.ID != c.want {
				t.Errorf("error %+v on %s, want %s", rep.Error, fe.ID, c.want)
			}
			if rep.Error.Example != "" && !strings.Contains(fe.Message, rep.Error.Example) {
				t.Errorf("message %q lacks the example %q", fe.Message, rep.Error.Example)
			}
			if c.lang == chat.ZH && !chat.HasHan(fe.Message) {
				t.Errorf("message %q is not in Chinese", fe.Message)
			}
		})
	}
}

func TestQuoteInValue(t *testing.T) {
	_, names := router(t)
	f, _ := form.Lookup("renewal_add")
	_, ferr := f.Text(names, chat.EN, form.Values{"vendor": `Say "hi"`})
	if ferr == nil || ferr.ID != "vendor" {
		t.Fatalf("got %v, want an error on vendor", ferr)
	}
}

func TestSearchModels(t *testing.T) {
	got := form.SearchModels("qwen2.5 14", 10)
	if len(got) == 0 || got[0].Value != "qwen2.5-14b" {
		t.Fatalf("SearchModels(qwen2.5 14) = %+v, want qwen2.5-14b first", got)
	}
	if n := len(form.SearchModels("", 5)); n != 5 {
		t.Errorf("empty query: %d options, want 5", n)
	}
	if n := len(form.SearchModels("nosuchmodel", 5)); n != 0 {
		t.Errorf("nosuchmodel: %d options, want 0", n)
	}
}

// An error on a row key goes to the row of the vendor it names.
func TestFieldOfRowError(t *testing.T) {
	f, _ := form.Lookup("quote")
	v := form.Values{"vendor_1_name": "A", "vendor_1_price": "35", "vendor_2_name": "Beta", "vendor_2_price": "x"}
	cases := []struct {
		name string
		err  chat.Error
		want string
	}{
		{"named vendor", chat.Error{Key: "price", Message: "Beta: price=x is not a price"}, "vendor_2_price"},
		{"no name: first row with the key", chat.Error{Key: "price", Message: "price is not a price"}, "vendor_1_price"},
		{"unknown key: first input", chat.Error{Key: "currency", Message: "no"}, "hours"},
		{"workload key", chat.Error{Key: "cards", Message: "no"}, "cards"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := f.Field(chat.EN, v, &c.err).ID; got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// A form opened from a command line shows that line's values: Prefill of
// Text is the values again (the pasted text is not prefilled from a line).
func TestPrefillOfText(t *testing.T) {
	r, names := router(t)
	for _, f := range form.All() {
		for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
			v := form.Values{}
			for id, val := range filled[f.ID] {
				v[id] = val
			}
			text, ferr := f.Text(names, lang, v)
			if ferr != nil {
				t.Fatal(ferr)
			}
			line, _, _ := strings.Cut(text, "\n")
			got := form.Prefill(r, f, line)
			for id, want := range v {
				in := inputOf(f, id)
				if in.Field.Kind == form.Paste {
					continue
				}
				if got[id] != chat.Normalize(want) {
					t.Errorf("%s %s: %s = %q, want %q (line %q)", f.ID, lang, id, got[id], want, line)
				}
			}
		}
	}
	q, _ := form.Lookup("quote")
	got := form.Prefill(r, q, "quote hours=300 cards=8 A: price=35 tokens_s=21000; B: monthly=15000")
	want := form.Values{"hours": "300", "cards": "8", "vendor_1_name": "A", "vendor_1_price": "35", "vendor_1_tokens_s": "21000", "vendor_2_name": "B", "vendor_2_monthly": "15000"}
	if len(got) != len(want) {
		t.Errorf("Prefill(quote) = %v, want %v", got, want)
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("Prefill(quote) %s = %q, want %q", id, got[id], w)
		}
	}
}

func inputOf(f *form.Form, id string) form.Input {
	for _, in := range f.Inputs() {
		if in.ID == id {
			return in
		}
	}
	return form.Input{}
}

func TestForReply(t *testing.T) {
	cases := []struct{ command, asked, want string }{
		{"tier", "tier model=qwen2.5-14b", "tier"},
		{"renewal", "renewal add vendor=A", "renewal_add"},
		{"renewal", "续约 添加 供应商=A", "renewal_add"},
		{"renewal", "renewal list", ""},
		{"checklist", "checklist check x", ""},
	}
	for _, c := range cases {
		f, ok := form.ForReply(c.command, c.asked)
		got := ""
		if ok {
			got = f.ID
		}
		if got != c.want {
			t.Errorf("ForReply(%q, %q) = %q, want %q", c.command, c.asked, got, c.want)
		}
	}
}

// A router without a form's command, or without one of its keys, does not
// offer that form.
func TestNamesLeavesOutIncompleteForms(t *testing.T) {
	r := chat.NewRouter()
	r.Register(&chat.Command{Name: "billing", Keys: []chat.Key{{Name: "ondemand"}}, Run: func(context.Context, *chat.Call) (chat.Reply, error) { return chat.Reply{}, nil }})
	names := form.Names(r)
	for _, f := range form.All() {
		if names.Has(f) {
			t.Errorf("form %s offered by a router that cannot run it", f.ID)
		}
	}
}

// Every key of every form has a Chinese spelling, so a Chinese form's
// command line names no key in English.
func TestEveryKeyHasChinese(t *testing.T) {
	_, names := router(t)
	for _, f := range form.All() {
		fields := append([]form.Field{}, f.Fields...)
		if f.Rows != nil {
			fields = append(fields, f.Rows.Fields...)
		}
		for _, fl := range fields {
			if fl.Kind == form.Paste {
				continue
			}
			if got := names.Name(f, fl.Key, chat.ZH); !chat.HasHan(got) {
				t.Errorf("form %s: key %s is written %q in Chinese", f.ID, fl.Key, got)
			}
		}
	}
}
