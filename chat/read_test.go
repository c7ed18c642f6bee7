package chat

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gpuadvisor/advisor"
)

// readArgs parses text with a command whose keys cover every raw reader.
func readArgs(t *testing.T, text string) *Args {
	t.Helper()
	r := NewRouter()
	r.Register(&Command{Name: "x", Keys: []Key{
		{Name: "cards", Aliases: []string{"卡数"}, Kind: Count}, {Name: "hours", Kind: Hours},
		{Name: "ckpt", Kind: Plain}, {Name: "term", Aliases: []string{"期限"}}, {Name: "day", Aliases: []string{"日期"}},
		{Name: "nvlink"}, {Name: "rate"},
	}, Run: func(context.Context, *Call) (Reply, error) { return Reply{}, nil }})
	_, a, _, err := r.Parse(Request{Text: "x " + text})
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return a
}

func TestRawReaders(t *testing.T) {
	tests := []struct {
		text string
		read func(a *Args) (any, string, bool, error)
		want any // nil: an ErrUnreadable
		ok   bool
	}{
		// Value takes one unit suffix off: 8张卡 is 8; 1.5k is 1,500 (Count)
		{"cards=8张卡", value("cards", Count, "张卡", "张"), 8.0, true},
		{"卡数=1.5k", value("cards", Count, "张"), 1500.0, true},
		{"cards=张", value("cards", Count, "张"), nil, true}, // nothing left but the unit
		{"", value("cards", Count), 0.0, false},
		// Parts: pieces normalized and trimmed
		{"hours=６００,500,300", parts("hours"), "600|500|300", true},
		// Duration in hours: 30min = 0.5 h, 15分钟 = 0.25 h, 2 = 2 h (a bare number is hours)
		{"ckpt=30min", duration("ckpt"), 0.5, true},
		{"ckpt=15分钟", duration("ckpt"), 0.25, true},
		{"ckpt=2", duration("ckpt"), 2.0, true},
		{"ckpt=2小时", duration("ckpt"), 2.0, true},
		{"ckpt=soon", duration("ckpt"), nil, true},
		// Months: 3m = 3, 2季度 = 2 × 3 = 6, 1y = 12, 3 = 3; 0 and over the max (60) refused
		{"term=3m", months("term", 60), 3, true},
		{"期限=2季度", months("term", 60), 6, true},
		{"term=1y", months("term", 60), 12, true},
		{"term=3", months("term", 60), 3, true},
		{"term=0m", months("term", 60), nil, true},
		{"term=6y", months("term", 60), nil, true}, // 72 > 60
		{"term=99999999999999999999m", months("term", 60), nil, true},
		{"term=y", months("term", 60), nil, true},
		// Date: the day in four spellings; no 30 February
		{"day=2027-03-01", date("day"), "2027-03-01", true},
		{"日期=2027年3月1日", date("day"), "2027-03-01", true},
		{"day=2027/3/1", date("day"), "2027-03-01", true},
		{"day=2027.3.1", date("day"), "2027-03-01", true},
		{"day=2027-02-30", date("day"), nil, true},
		{"day=tomorrow", date("day"), nil, true},
		// Flag: the yes/no words Bool reads
		{"nvlink=是", flag("nvlink"), true, true},
		{"nvlink=No", flag("nvlink"), false, true},
		{"nvlink=maybe", flag("nvlink"), nil, true},
	}
	for _, tt := range tests {
		got, _, ok, err := tt.read(readArgs(t, tt.text))
		switch {
		case ok != tt.ok:
			t.Errorf("%q: given = %v, want %v", tt.text, ok, tt.ok)
		case tt.want == nil && !errors.Is(err, ErrUnreadable):
			t.Errorf("%q: got %v, %v; want ErrUnreadable", tt.text, got, err)
		case tt.want != nil && (err != nil || fmt.Sprint(got) != fmt.Sprint(tt.want)):
			t.Errorf("%q: got %v, %v; want %v", tt.text, got, err, tt.want)
		}
	}
}

func value(key string, kind Kind, suffixes ...string) func(*Args) (any, string, bool, error) {
	return func(a *Args) (any, string, bool, error) {
		v, raw, ok, err := a.Value(key, kind, suffixes...)
		return v, raw, ok, err
	}
}

func parts(key string) func(*Args) (any, string, bool, error) {
	return func(a *Args) (any, string, bool, error) {
		p, raw, ok := a.Parts(key)
		s := ""
		for i, x := range p {
			if i > 0 {
				s += "|"
			}
			s += x
		}
		return s, raw, ok, nil
	}
}

func duration(key string) func(*Args) (any, string, bool, error) {
	return func(a *Args) (any, string, bool, error) {
		v, raw, ok, err := a.Duration(key)
		return v, raw, ok, err
	}
}

func months(key string, max int) func(*Args) (any, string, bool, error) {
	return func(a *Args) (any, string, bool, error) {
		v, raw, ok, err := a.Months(key, max)
		return v, raw, ok, err
	}
}

func date(key string) func(*Args) (any, string, bool, error) {
	return func(a *Args) (any, string, bool, error) {
		v, raw, ok, err := a.Date(key)
		return v.Format("2006-01-02"), raw, ok, err
	}
}

func flag(key string) func(*Args) (any, string, bool, error) {
	return func(a *Args) (any, string, bool, error) {
		v, raw, ok, err := a.Flag(key)
		return v, raw, ok, err
	}
}

func TestLeading(t *testing.T) {
	l := Leading{Command: "x check", Example: "x check cards=8 <paste>",
		Keys:  []Key{{Name: "cards", Aliases: []string{"卡数"}, Kind: Count}, {Name: "gpu", Aliases: []string{"型号"}}, {Name: "full"}},
		Flags: map[string]string{"--full": "full"},
		Ends:  func(k string) bool { return k == "X" }}
	tests := []struct {
		text, pairs, rest string
		err               string // the error's key, "" for none
	}{
		{"cards=8 gpu=A100 the rest", "cards=8 gpu=A100", "the rest", ""},
		{"卡数＝８ --full\n| table |", "cards=8 full=yes", "| table |", ""},           // full-width, a flag, the paste on the next line
		{`gpu="H100 SXM 80G" cards=8 out`, "gpu=H100 SXM 80G cards=8", "out", ""}, // a quoted value with spaces
		{"cards=8 X = Self", "cards=8", "X = Self", ""},                           // a word without = ends the pairs
		{"cards=8 X=Self", "cards=8", "X=Self", ""},                               // an unknown key Ends accepts
		{"cards=8 crads=4 out", "", "", "crads"},                                  // any other unknown key
		{"cards=8 cards=4 out", "", "", "cards"},                                  // given twice
		{"", "", "", ""},
	}
	for _, tt := range tests {
		a, rest, err := l.Read(EN, tt.text)
		if tt.err != "" {
			var e *Error
			if !errors.As(err, &e) || e.Key != tt.err || e.Example != l.Example {
				t.Errorf("%q: error %v, want one on %s with the example", tt.text, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		pairs := ""
		for _, k := range a.Keys() {
			v, _ := a.Raw(k)
			if pairs != "" {
				pairs += " "
			}
			pairs += k + "=" + v
		}
		if pairs != tt.pairs || rest != tt.rest {
			t.Errorf("%q: pairs %q rest %q; want %q and %q", tt.text, pairs, rest, tt.pairs, tt.rest)
		}
	}
}

func TestParseKeys(t *testing.T) {
	tables, err := ParseKeys([]byte(`{"add": [
		{"name": "price", "aliases": ["价格"], "kind": "money", "example": "15000", "en": "price", "zh": "价格"},
		{"name": "vendor"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	add := tables["add"]
	// the order of the file, the kind by name, plain when left out, help only when written
	if len(add) != 2 || add[0].Name != "price" || add[0].Kind != Money || add[0].Aliases[0] != "价格" || add[0].Help.ZH != "价格" ||
		add[1].Kind != Plain || add[1].Help != (advisor.Text{}) {
		t.Errorf("ParseKeys = %+v", tables)
	}
	for _, bad := range []string{
		`{"add": [{"name": "price", "kind": "euros"}]}`, // no such kind
		`{"add": [{"name": "a"}, {"name": "a"}]}`,       // a name twice
		`{"add": [{"aliases": ["x"]}]}`,                 // no name
		`{"add": [{"name": "a", "help": "x"}]}`,         // a field it does not know
		`["a"]`,
	} {
		if _, err := ParseKeys([]byte(bad)); err == nil {
			t.Errorf("ParseKeys(%s) accepted it", bad)
		}
	}
}

func TestKindText(t *testing.T) {
	for k := Plain; k <= GB; k++ {
		b, err := k.MarshalText()
		var back Kind
		if err != nil || back.UnmarshalText(b) != nil || back != k {
			t.Errorf("kind %d: %q, %v, read back as %d", k, b, err, back)
		}
	}
	if b, _ := Money.MarshalText(); string(b) != "money" {
		t.Errorf("Money is written %q, want money", b)
	}
	var k Kind
	if err := k.UnmarshalText([]byte("euros")); err == nil {
		t.Error("the kind euros was accepted")
	}
	if _, err := Kind(99).MarshalText(); err == nil {
		t.Error("kind 99 was given a name")
	}
}

// FuzzLeading: whatever is pasted, Read gives known keys only, each once,
// and hands back the rest of the text unchanged: the consumed words and the
// rest together are the text.
func FuzzLeading(f *testing.F) {
	l := Leading{Command: "x check", Example: "x check cards=8 <paste>",
		Keys:  []Key{{Name: "cards", Aliases: []string{"卡数"}, Kind: Count}, {Name: "gpu", Aliases: []string{"型号"}}},
		Flags: map[string]string{"--full": "gpu"},
		Ends:  func(k string) bool { return k == "X" }}
	for _, s := range []string{"cards=8 gpu=A100 rest", `gpu="H100 SXM" cards=８ --full`, "卡数＝8\n| x |", "cards=8 cards=9", "crads=1", `gpu="open`, "= =", "X=1 cards=2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, rest, err := l.Read(EN, text)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Code != CodeInvalid || e.Example == "" {
				t.Fatalf("%q: error %v is not an invalid_input with an example", text, err)
			}
			return
		}
		seen := map[string]bool{}
		for _, k := range a.Keys() {
			if (k != "cards" && k != "gpu") || seen[k] {
				t.Fatalf("%q: key %q unknown or given twice (%v)", text, k, a.Keys())
			}
			seen[k] = true
		}
		if !strings.HasSuffix(strings.TrimSpace(text), rest) || !strings.HasPrefix(strings.TrimSpace(text), a.Original) {
			t.Fatalf("%q: the pairs %q and the rest %q are not the text", text, a.Original, rest)
		}
	})
}

func TestPicks(t *testing.T) {
	doc := &Command{Name: "trial check", Aliases: []string{"检查", "Verify"}}
	for word, want := range map[string]bool{"check": true, "CHECK": true, "ｃｈｅｃｋ": true, "检查": true, "verify": true, "trial": false, "": false, "checks": false} {
		if got := doc.Picks(word); got != want {
			t.Errorf("Picks(%q) = %v, want %v", word, got, want)
		}
	}
	if (&Command{Name: "review"}).Picks("review") != true {
		t.Error("a one-word name picks itself")
	}
}

// TestArgsOf: a group of pairs a command split itself reads like a command
// line: any spelling finds the key, the last of a repeat wins, words are
// kept, an unknown key is the router's error naming it.
func TestArgsOf(t *testing.T) {
	cmd := &Command{Name: "x", Examples: []string{"x cards=8"}, Keys: []Key{
		{Name: "cards", Aliases: []string{"卡数"}, Kind: Count, Example: "8"}, {Name: "price", Aliases: []string{"单价"}, Kind: Money, Example: "35"}}}
	a, err := ArgsOf(cmd, ZH, []Token{{Key: "卡数", Value: "8"}, {Word: "A"}, {Key: "PRICE", Value: "30"}, {Key: "单价", Value: "1.5万"}})
	if err != nil {
		t.Fatal(err)
	}
	// 1.5万 = 15,000: the second price replaces the first
	if n, _ := a.Int("cards", 1, 64); n != 8 || !slices.Equal(a.Keys(), []string{"cards", "price"}) || !slices.Equal(a.Words, []string{"A"}) {
		t.Errorf("cards %d, keys %v, words %v; want 8, [cards price], [A]", n, a.Keys(), a.Words)
	}
	if v, ok, err := a.Money("price", 0, 1e6); v != 15000 || !ok || err != nil {
		t.Errorf("price = %v %v %v, want 15000", v, ok, err)
	}
	// a value out of range is worded in the group's language with the key's example
	if _, err := a.Int("cards", 1, 4); err == nil || !strings.Contains(err.Error(), "卡数=8 超出范围") {
		t.Errorf("cards out of range: %v", err)
	}
	_, err = ArgsOf(cmd, EN, []Token{{Key: "card", Value: "8"}})
	var e *Error
	if !errors.As(err, &e) || e.Key != "card" || !strings.Contains(e.Message, "Did you mean cards=8?") {
		t.Errorf("unknown key: %v, want the router's error naming card and suggesting cards", err)
	}
}
