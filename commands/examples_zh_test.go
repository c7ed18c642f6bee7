package commands

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

// badLines are calls that fail, at every error path that shows an
// example, for every command of the language.
var badLines = []string{
	"bilimg ondemand=35 monthly=15000 hours=300",
	"ondemand=35 monthly=15000",
	"billing ondemand=abc monthly=15000 hours=300",
	"billing monthly=15000 hours=300",
	"billing ondemand=35 monthly=15000 hours=300 foo=1",
	"billing ondemand=35 ondemand=36 monthly=15000 hours=300",
	"billing ondemand=35 monthly=15000 hours=9999",
	"billing ondemand=35 monthly=15000 hours=300 cards=2.5",
	"billing ondemand=35 monthly=15000 hours=300 spot=12 interruptible=maybe",
	"billing ondemand=35 monthly=15000 hours=300 months=abc",
	"billing ondemand=35 monthly=15000 hours=300 yearly_discount=abc",
	"quote hours=300 cards=8 A: price=35 setup=5000; B: price=33",
	"quote hours=abc cards=8 A: price=35; B: price=33",
	"quote hours=300 cards=8",
	"quote hours=300 cards=8 frob=1 A: price=35; B: price=33",
	"renewal add vendor=蓝耘 gpu=H800 cards=8 price=42000 renews=2026-13-22 notice=30d",
	"renewal add vendor=蓝耘",
	"renewal frob",
	"renewal remove",
	"renewal usage",
	"renewal edit nope price=1",
	"renewal add vendor=蓝耘 gpu=H800 cards=8 price=42000 renews=2027-03-01 notice=30d term=forever",
	"renewal add vendor=蓝耘 gpu=H800 cards=8 price=42000 renews=2027-03-01 notice=abc",
	"renewal add vendor=蓝耘 gpu=H800 cards=8 price=42000 renews=2027-03-01 mode=weekly",
	"renewal usage nope hours=abc",
	"price set gpu=a100-80g ondemand=abc",
	"price set",
	"price frob",
	"price remove nope",
	"price set gpu=a100-80g ondemand=20000",
	"price set gpu=a100-80g ondemand=9 scope=world",
	"tier model=nosuch-model",
	"tier model=qwen2.5-7b mode=fly",
	"tier model=qwen2.5-7b seq=abc",
	"tier model=qwen2.5-7b foo=1",
	"checklist frob",
	"checklist check full=maybe We run A100s.",
	"checklist check",
	"trial cards=abc",
	"trial foo=1",
	"trial check",
	"draft frob",
	"draft renewal nope",
	"draft sla",
	"draft renewal vendor=酷算云 monthly=15000 renews=2027-03-01 cards=8 hours=310",
	"draft renewal vendor=酷算云 monthly=15000 renews=2027-13-01 cards=8 hours=310 ondemand=35",
	"vendor frob",
	"vendor show nope",
	"vendor remove nope",
	"settings market=mars",
	"settings foo=1",
	"help frob",
}

// TestChineseErrorsShowNoEnglishKeys: a Chinese error reply names every
// key in Chinese: it holds no English key=value, key name, value word
// (yes, monthly, full…) or untranslated sentence word the user did not
// type, for every bad line typed in Chinese words and typed in English
// with the reply in Chinese.
func TestChineseErrorsShowNoEnglishKeys(t *testing.T) {
	r := exampleRouter()
	words, hanAliases := errorWords(r), mixedAliases(r)
	for _, line := range badLines {
		for _, typed := range []string{r.Localize(chat.ZH, "", line), line} {
			rep := handle(r, typed, chat.ZH)
			if rep.Error == nil {
				t.Errorf("%q: no error; the line must fail", typed)
				continue
			}
			text := strings.Join(append([]string{rep.Title, rep.Summary}, rep.Warnings...), "\n")
			if m := asciiKey.FindAllStringSubmatch(text, -1); hasASCIIKey(text, typed) {
				t.Errorf("%q: the Chinese reply has English keys %v:\n%s", typed, m, text)
			}
			for _, bad := range englishIn(withoutAllowed(text, hanAliases), typed, words) { // and no English value word or sentence
				t.Errorf("%q: the Chinese error shows %s", typed, bad)
			}
			if cmd, ok := r.Lookup(rep.Command); ok {
				for _, k := range keysOf(cmd) {
					if word := regexp.MustCompile(`(^|[^A-Za-z0-9_.\p{Han}-])` + regexp.QuoteMeta(k.Name) + `($|[^A-Za-z0-9_.=\p{Han}-])`); word.MatchString(text) && !strings.Contains(typed, k.Name) {
						t.Errorf("%q: the Chinese reply names the key %s in English:\n%s", typed, k.Name, text)
					}
				}
			}
		}
	}
}

func exampleRouter() *chat.Router {
	s := memstore.NewStore(roNow)
	return New(Deps{Now: roNow, Renewals: s, Prices: s, Settings: s, Checks: s})
}

// TestChineseExamplesParseAsEnglish: the example of every error, in a
// Chinese reply, is the English reply's example in Chinese words, and it
// asks for the same thing: run in English, the two lines get the same
// answer (a fragment such as "price=35": the same keys and values).
func TestChineseExamplesParseAsEnglish(t *testing.T) {
	r := exampleRouter()
	for _, line := range badLines {
		en := handle(r, line, chat.EN)
		zh := handle(r, line, chat.ZH)
		if en.Error == nil || zh.Error == nil {
			t.Errorf("%q: no error (en %v, zh %v); the line must fail", line, en.Error, zh.Error)
			continue
		}
		if en.Error.Example == "" || zh.Error.Example == "" {
			t.Errorf("%q: example en %q, zh %q; want one in both", line, en.Error.Example, zh.Error.Example)
			continue
		}
		sameRequest(t, en.Command, en.Error.Example, zh.Error.Example)
	}
	// and every example of every command and sub-command
	for _, cmd := range r.Commands() {
		for _, ex := range cmd.Examples {
			if !chat.HasHan(strings.Fields(ex)[0]) {
				sameRequest(t, cmd.Name, ex, r.Localize(chat.ZH, cmd.Name, ex))
			}
		}
	}
}

// sameRequest fails unless zh, the Chinese form of the example en of
// command, asks for what en asks: a whole line gets the same answer in
// English; a fragment has the same keys with the same values.
func sameRequest(t *testing.T, command, en, zh string) {
	t.Helper()
	if hasASCIIKey(zh, "") {
		t.Errorf("%s: Chinese example %q (of %q) still has an English key", command, zh, en)
	}
	r := exampleRouter()
	c, ok := r.Lookup(strings.Fields(en)[0])
	for phrase := range exampleZH(c) {
		ok = ok && !(strings.Contains(phrase, " ") && strings.Contains(en, phrase)) // pasted text in other words: read its keys only
	}
	if !ok || strings.Contains(strings.Fields(en)[0], "=") {
		cmd, _ := r.Lookup(command)
		if got, want := fragment(t, cmd, zh), fragment(t, cmd, en); !slices.Equal(got, want) {
			t.Errorf("%s: Chinese example %q reads as %v, English %q as %v; want the same", command, zh, got, en, want)
		}
		return
	}
	a, b := answer(t, exampleRouter(), en), answer(t, exampleRouter(), zh)
	if a != b {
		i := 0
		for i < len(a) && i < len(b) && a[i] == b[i] {
			i++
		}
		from := max(0, i-80)
		t.Errorf("%s: Chinese example %q answers …%s…, English %q …%s…; want the same", command, zh, b[from:min(len(b), i+80)], en, a[from:min(len(a), i+80)])
	}
}

// answer is what line gets in English: its data, or its error.
func answer(t *testing.T, r *chat.Router, line string) string {
	rep := handle(r, line, chat.EN)
	if rep.Error != nil {
		return rep.Error.Code + " " + rep.Error.Key + " " + rep.Error.Message
	}
	b, err := json.Marshal(rep.Data)
	if err != nil {
		t.Fatal(err)
	}
	return ids.ReplaceAllString(rep.Title+"\n"+string(b), `"id":"?"`)
}

var ids = regexp.MustCompile(`"id":"[a-z0-9]+"|\(id [a-z0-9]+\)`)

// fragment is a line's key=value pairs read with cmd's keys (those of
// its sub-commands too): each as its key's name and its value read.
func fragment(t *testing.T, cmd *chat.Command, line string) []string {
	keys := keysOf(cmd)
	var out []string
	for _, m := range pair.FindAllStringSubmatch(line, -1) {
		k, ok := chat.LookupKey(keys, m[2])
		if !ok {
			out = append(out, "unknown "+m[2])
			continue
		}
		v := m[3]
		switch y, known := chat.YesNo(v); {
		case known:
			v = fmt.Sprint(y)
		case k.Kind == chat.Plain:
			v = "" // a word: chat.Args.Choice words it from the parser's own table
		default:
			if n, err := chat.ParseValue(v, k.Kind); err == nil {
				v = chat.Num(n)
			}
		}
		out = append(out, k.Name+"="+v)
	}
	return out
}

var pair = regexp.MustCompile(`(^|[\s'";:：])([^\s=:：;'"]+)=([^\s'";]*)`)

// asciiKey is an English key=value: a word of letters, digits and _ before
// "=", not part of a flag (--format=csv).
var asciiKey = regexp.MustCompile(`(^|[\s'"“(（;；:：,，、])([A-Za-z_][A-Za-z0-9_]*)=`)

// hasASCIIKey reports whether text has an English key=value that typed
// does not.
func hasASCIIKey(text, typed string) bool {
	for _, m := range asciiKey.FindAllStringSubmatch(text, -1) {
		if !strings.Contains(typed, m[2]+"=") {
			return true
		}
	}
	return false
}

// keysOf are a command's keys, its sub-commands' too.
func keysOf(cmd *chat.Command) []chat.Key {
	keys := cmd.Keys
	for _, s := range cmd.Subs {
		keys = append(keys, s.Keys...)
	}
	return keys
}

func exampleZH(c *chat.Command) map[string]string {
	if c == nil {
		return nil
	}
	return c.ExampleZH
}

func handle(r *chat.Router, line string, lang chat.Lang) chat.Reply {
	req := in("T1", "C1", line)
	req.Lang = lang
	return r.Handle(context.Background(), req)
}

// TestChineseNextLinesParseAsEnglish: the follow-ups a Chinese reply shows
// as commands to type ("下一步：gpuadvisor 起草 问题 显卡=rtx-4090 卡数=1")
// ask what the buttons run, for every example of every command.
func TestChineseNextLinesParseAsEnglish(t *testing.T) {
	r := exampleRouter()
	seen := map[string]bool{}
	for _, ex := range testkit.Examples(r) {
		rep := handle(r, ex.Text, chat.ZH)
		for _, b := range rep.Buttons {
			if b.Action == chat.ActionDetails {
				continue
			}
			en := strings.Replace(chat.ButtonCommand(b.Action, b.Value), "--private ", "", 1)
			zh := strings.TrimPrefix(chat.ButtonLine(b), "gpuadvisor ")
			if strings.HasPrefix(zh, "'") {
				zh = strings.ReplaceAll(strings.Trim(zh, "'"), `'\''`, "'")
			}
			if seen[en] {
				continue
			}
			seen[en] = true
			sameRequest(t, rep.Command, en, zh)
		}
	}
	if len(seen) < 5 {
		t.Fatalf("%d follow-up lines checked; the examples give more", len(seen))
	}
}
