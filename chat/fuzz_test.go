package chat

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// FuzzParse checks a property of the reader, not only that it does not
// panic: a request that parses, printed back (command word, FormatTokens,
// --private), parses again into the same command, words, tokens, pairs and
// flags. Requests whose values hold a double quote are left out: the
// language has no escape for one inside a quoted value.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"billing ondemand=35 monthly=15000 hours=300", "计费 按需=35元/时 包月=1.5万 时长=300小时",
		`quote A: price=35; B: price=29`, "tier model=\"qwen 7b\"", "=", "a==b", "\"", "；；", "help billing",
		`help k="" w`, "billing hours=每天8小时 ondemand=1万5", "quote hours=300 A: price=35 \n B: price=29 --private",
		`billing "a b"=c d= e`} {
		f.Add(s)
	}
	r := NewRouter()
	r.Register(&Command{Name: "billing", Aliases: []string{"计费"}, Keys: []Key{{Name: "ondemand", Aliases: []string{"按需"}, Kind: Money},
		{Name: "monthly", Aliases: []string{"包月"}, Kind: Money}, {Name: "hours", Aliases: []string{"时长"}, Kind: Hours}, {Name: "a"}, {Name: "k"}, {Name: "d"}},
		Run: func(context.Context, *Call) (Reply, error) { return Reply{}, nil }})
	r.Register(&Command{Name: "quote", Run: func(context.Context, *Call) (Reply, error) { return Reply{}, nil }})
	f.Fuzz(func(t *testing.T, s string) {
		rep := r.Handle(context.Background(), Request{Text: s})
		_ = RenderText(rep)
		_ = RenderJSON(rep)
		for _, v := range []Kind{Plain, Money, Hours, Count, Tokens, Percent, Days, Minutes, Ratio, GB} {
			_, _ = ParseValue(s, v)
		}
		cmd, a, lang, err := r.Parse(Request{Text: s})
		if err != nil || hasQuoteInside(a.Tokens) {
			return
		}
		printed := cmd.Name + " " + FormatTokens(a.Tokens)
		if a.Private {
			printed += " --private"
		}
		cmd2, b, _, err := r.Parse(Request{Text: printed, Lang: lang})
		if err != nil {
			t.Fatalf("%q parsed, but its printed form %q does not: %v", s, printed, err)
		}
		if cmd2 != cmd || !reflect.DeepEqual(exported(a.Tokens), exported(b.Tokens)) || !reflect.DeepEqual(a.Words, b.Words) ||
			!reflect.DeepEqual(a.pairs, b.pairs) || !reflect.DeepEqual(a.order, b.order) || a.Private != b.Private {
			t.Fatalf("%q and its printed form %q parse differently:\n%+v\n%+v", s, printed, a.Tokens, b.Tokens)
		}
	})
}

func hasQuoteInside(toks []Token) bool {
	for _, t := range toks {
		if strings.Contains(t.Key+t.Value+t.Word, `"`) {
			return true
		}
	}
	return false
}

// exported drops the tokenizer's private quoting flag, which printing may set.
func exported(toks []Token) []Token {
	out := make([]Token, len(toks))
	for i, t := range toks {
		out[i] = Token{Key: t.Key, Value: t.Value, Word: t.Word, Sep: t.Sep}
	}
	return out
}
