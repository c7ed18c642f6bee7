package chat

import (
	"context"
	"strings"
	"testing"
)

// TestReadOnlyRouter: in a read-only request a call that writes is not
// run and comes back as a suggestion with its exact line and a button; a
// call that reads runs; a command that did not declare Writes counts as
// writing; a request inside a read-only one stays read-only.
func TestReadOnlyRouter(t *testing.T) {
	ran := map[string]int{}
	r := NewRouter()
	subs := NewSubs("book", "书", "book add x", Sub{Name: "add", Writes: true}, Sub{Name: "list"})
	r.Register(
		&Command{Name: "book", Writes: subs.Writes, Run: func(context.Context, *Call) (Reply, error) { ran["book"]++; return Reply{Title: "ok"}, nil }},
		&Command{Name: "undeclared", Run: func(context.Context, *Call) (Reply, error) { ran["undeclared"]++; return Reply{}, nil }},
		&Command{Name: "nested", Writes: Reads, Run: func(ctx context.Context, c *Call) (Reply, error) {
			ran["nested"]++
			return r.Handle(ctx, Request{Text: "book add y"}), nil
		}},
	)
	ro := WithReadOnly(context.Background())
	rows := []struct {
		name, text string
		ctx        context.Context
		suggested  bool
	}{
		{"sub-command that writes", "book add x", ro, true},
		{"sub-command that reads", "book list", ro, false},
		{"overview", "book", ro, false},
		{"undeclared", "undeclared", ro, true},
		{"nested call stays read-only", "nested", ro, true},
		{"not read-only", "/gpu book add x", context.Background(), false},
	}
	for _, row := range rows {
		ran = map[string]int{}
		rep := r.Handle(row.ctx, Request{Text: row.text})
		got := len(rep.Suggested) > 0
		if got != row.suggested {
			t.Errorf("%s: suggested %v, want %v (%+v)", row.name, got, row.suggested, rep)
		}
		if row.suggested && row.name != "nested call stays read-only" {
			if ran["book"]+ran["undeclared"] != 0 {
				t.Errorf("%s: the command ran: %v", row.name, ran)
			}
			if rep.Suggested[0].Line != row.text || len(rep.Buttons) != 1 || rep.Buttons[0].Action != ActionRun || rep.Buttons[0].Value != row.text {
				t.Errorf("%s: suggestion %+v, buttons %+v; want the line %q and a run button", row.name, rep.Suggested, rep.Buttons, row.text)
			}
			if rep.Asked != "" {
				t.Errorf("%s: a suggestion must not carry Asked (its Details button would run it)", row.name)
			}
		}
		if row.name == "nested call stays read-only" && ran["book"] != 0 {
			t.Errorf("nested: book add ran inside a read-only request")
		}
		if row.name == "not read-only" && ran["book"] != 1 {
			t.Errorf("outside read-only mode book add must run: %v", ran)
		}
	}
}

// TestBriefKeepsSuggestions: a short reply still shows the commands not
// run, each with its button, before Details.
func TestBriefKeepsSuggestions(t *testing.T) {
	s := Suggestion{Command: "price", Line: "price set gpu=h100 ondemand=0.5"}
	r := Reply{Command: "ask", Lang: EN, Title: "t", Summary: "s", Asked: "ask x", Suggested: []Suggestion{s},
		Sections: []Section{{Title: "how", Lines: []string{"a"}}}, Tables: []Table{{Header: []string{"h"}}, {Header: []string{"h"}}}}
	b := Brief(r)
	if len(b.Buttons) != 2 || b.Buttons[0].Action != ActionRun || b.Buttons[0].Value != s.Line || b.Buttons[1].Action != ActionDetails {
		t.Errorf("buttons %+v: want the suggestion's run button, then Details", b.Buttons)
	}
	if txt := RenderText(b); !strings.Contains(txt, "gpuadvisor price set gpu=h100 ondemand=0.5") {
		t.Errorf("the short text lacks the line to type:\n%s", txt)
	}
}

// TestHelpSaysWhatWrites: help names the sub-commands that change stored
// data, in the text and as "writes" in the JSON.
func TestHelpSaysWhatWrites(t *testing.T) {
	subs := NewSubs("book", "书", "book add x", Sub{Name: "add", Writes: true, EN: "add one", ZH: "添加"}, Sub{Name: "list", EN: "list them", ZH: "列出"})
	rep := NewRouter().commandHelp(EN, &Command{Name: "book", Subs: subs.Docs(), Writes: subs.Writes})
	txt := RenderText(rep)
	if !strings.Contains(txt, "book add: add one (changes stored data") || strings.Contains(txt, "list them (changes") {
		t.Errorf("help text must mark book add only:\n%s", txt)
	}
	got := map[string]bool{}
	for _, s := range rep.Data.(map[string]any)["subcommands"].([]map[string]any) {
		got[s["name"].(string)] = s["writes"].(bool)
	}
	if !got["book add"] || got["book list"] {
		t.Errorf("subcommands' writes = %v, want book add true and book list false", got)
	}
}
