package chat

import (
	"context"
	"strings"
	"testing"
)

// The readers a sizing command uses, as people type the values: a count
// with a Chinese counter, a share as a fraction or a percentage, a
// numbered stage, a word folded for a table look-up, and the key's name in
// the user's language.
func TestArgsMeasureShareNumbered(t *testing.T) {
	r := NewRouter()
	r.Register(&Command{Name: "size", Aliases: []string{"尺寸"}, Keys: []Key{
		{Name: "cards", Aliases: []string{"n", "卡数"}, Kind: Count, Example: "8"},
		{Name: "seq", Aliases: []string{"ctx", "序列"}, Kind: Tokens, Example: "4096"},
		{Name: "util", Aliases: []string{"利用率"}},
		{Name: "zero", Aliases: []string{"stage"}},
		{Name: "mode", Aliases: []string{"模式"}},
	}, Run: func(context.Context, *Call) (Reply, error) { return Reply{}, nil }})
	parse := func(text string) *Args {
		t.Helper()
		_, a, _, err := r.Parse(Request{Text: text})
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		return a
	}
	for _, c := range []struct {
		text  string
		key   string
		whole bool
		want  float64
		ok    bool
	}{
		{"size cards=8", "cards", true, 8, true},
		{"尺寸 卡数=8卡", "cards", true, 8, true},
		{"尺寸 卡数=16张卡", "cards", true, 16, true},
		{"size seq=32k", "seq", true, 32768, true}, // tokens: k is 1024
		{"size seq=1.5k", "seq", false, 1536, true},
		{"size", "cards", true, 0, false},
	} {
		v, ok, err := parse(c.text).Measure(c.key, 1, 1<<20, c.whole, "size cards=8")
		if err != nil || v != c.want || ok != c.ok {
			t.Errorf("%q: Measure(%s) = %v, %v, %v; want %v, %v", c.text, c.key, v, ok, err, c.want, c.ok)
		}
	}
	for _, c := range []struct{ text, key, msg string }{
		{"size cards=abc", "cards", `cards="abc" is not a number I can read; write it like cards=8`},
		{"尺寸 卡数=abc", "cards", `卡数="abc" 无法读成数字；请写成 卡数=8`},
		{"size cards=0", "cards", "cards=0 is out of range; it must be between 1 and 1,048,576"},
		{"size seq=1.5", "seq", "seq=1.5 must be a whole number"},
		{"尺寸 序列=1.5", "seq", "序列=1.5 必须是整数"},
	} {
		_, _, err := parse(c.text).Measure(c.key, 1, 1<<20, true, "size cards=8")
		e, ok := err.(*Error)
		if !ok || e.Key != c.key || e.Message != c.msg || e.Example != "size cards=8" {
			t.Errorf("%q: error %+v, want key %s and %q", c.text, err, c.key, c.msg)
		}
	}
	share := func(a *Args) (float64, bool, bool) { return a.Share("util") }
	stage := func(a *Args) (float64, bool, bool) {
		n, ok, valid := a.Numbered("zero", "zero", "stage", "z", "-", "_")
		return float64(n), ok, valid
	}
	for _, c := range []struct {
		text      string
		read      func(*Args) (float64, bool, bool)
		want      float64
		ok, valid bool
	}{
		{"size util=0.9", share, 0.9, true, true},
		{"size util=90%", share, 0.9, true, true},
		{"size util=90", share, 0.9, true, true},
		{"尺寸 利用率=８５％", share, 0.85, true, true},
		{"size util=1", share, 1, true, true},
		{"size util=most", share, 0, true, false},
		{"size util=NaN", share, 0, true, false},
		{"size", share, 0, false, false},
		{"size zero=3", stage, 3, true, true},
		{"size zero=ZeRO-2", stage, 2, true, true},
		{"size stage=stage1", stage, 1, true, true},
		{"size zero=z_0", stage, 0, true, true},
		{"size zero=three", stage, 0, true, false},
		{"size", stage, 0, false, false},
	} {
		v, ok, valid := c.read(parse(c.text))
		if v != c.want || ok != c.ok || valid != c.valid {
			t.Errorf("%q: = %v, %v, %v; want %v, %v, %v", c.text, v, ok, valid, c.want, c.ok, c.valid)
		}
	}
	for text, want := range map[string]string{"size mode=a100,h800": "a100|h800", "size mode=\"a100, h800;4090\"": "a100|h800|4090", "size mode=\",\"": ""} {
		if names, ok := parse(text).Names("mode"); strings.Join(names, "|") != want || !ok {
			t.Errorf("%q: Names = %q, %v; want %q", text, names, ok, want)
		}
	}
	if names, ok := parse("size").Names("mode"); names != nil || ok {
		t.Errorf("Names of an absent key = %q, %v", names, ok)
	}
	if f, raw, ok := parse("size mode=\" LoRA \"").Fold("mode"); f != "lora" || raw != " LoRA " || !ok {
		t.Errorf("Fold = %q, %q, %v", f, raw, ok)
	}
	for text, want := range map[string]string{"size cards=8": "cards", "尺寸 卡数=8": "卡数", "尺寸 seq=8": "序列", "尺寸 util=0.9": "利用率", "尺寸 zero=1": "zero"} {
		a := parse(text)
		key := a.Keys()[0]
		if got := a.Name(key); got != want {
			t.Errorf("%q: Name(%s) = %q, want %q", text, key, got, want)
		}
	}
}
