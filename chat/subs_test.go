package chat_test

import (
	"context"
	"testing"

	"gpuadvisor/chat"
)

// The sub-command reader as a command with sub-commands meets it: none,
// a name, an alias, an unknown word (with the closest name and its example),
// and a key=value where the word should be.
func TestSubs(t *testing.T) {
	subs := chat.NewSubs("price", "价格", "price set gpu=A100 ondemand=35",
		chat.Sub{Name: "set", Aliases: []string{"设置"}, Keys: []chat.Key{{Name: "gpu", Example: "A100"}}, Example: "price set gpu=A100"},
		chat.Sub{Name: "list", Aliases: []string{"列表"}, Example: "price list"})
	var got struct {
		sub   chat.Sub
		found bool
		err   error
		args  *chat.Args
	}
	r := chat.NewRouter()
	r.Register(&chat.Command{Name: "price", Aliases: []string{"价格"}, Summary: map[chat.Lang]string{chat.EN: "p", chat.ZH: "p"}, Examples: []string{"price list"},
		Run: func(_ context.Context, c *chat.Call) (chat.Reply, error) {
			got.sub, got.found, got.err = subs.Pick(c)
			if got.found {
				got.args, got.err = subs.Args(c)
			}
			return chat.Reply{}, nil
		}})
	for _, tt := range []struct {
		text, sub, err, example, gpu string
	}{
		{text: "price"},
		{text: "price list", sub: "list"},
		{text: "价格 设置 gpu=H100", sub: "set", gpu: "H100"},
		{text: "price lsit", err: `price needs a sub-command first, not "lsit": set, list. Did you mean list?`, example: "price list"},
		{text: "价格 查看", err: `价格 后面要先写子命令，而不是 "查看"：设置、列表`, example: "price set gpu=A100 ondemand=35"},
		{text: "price gpu=A100", err: `price needs a sub-command first, not "gpu=A100": set, list`, example: "price set gpu=A100 ondemand=35"},
		{text: "price set colour=red", err: "colour"},
	} {
		got.sub, got.found, got.err, got.args = chat.Sub{}, false, nil, nil
		r.Handle(context.Background(), chat.Request{Text: tt.text, Platform: "cli"})
		switch {
		case tt.err != "":
			e, ok := got.err.(*chat.Error)
			if !ok {
				t.Errorf("%s: error %v, want an *Error", tt.text, got.err)
			} else if tt.example != "" && (e.Message != tt.err || e.Example != tt.example) {
				t.Errorf("%s: error %q (example %q), want %q (example %q)", tt.text, e.Message, e.Example, tt.err, tt.example)
			}
		case got.err != nil:
			t.Errorf("%s: unexpected error %v", tt.text, got.err)
		case got.found != (tt.sub != "") || got.sub.Name != tt.sub:
			t.Errorf("%s: sub %q found=%v, want %q", tt.text, got.sub.Name, got.found, tt.sub)
		case tt.gpu != "":
			if v, _ := got.args.Raw("gpu"); v != tt.gpu {
				t.Errorf("%s: gpu=%q, want %q", tt.text, v, tt.gpu)
			}
		}
	}
}

// Dispatch: the overview with no sub-command, ready's refusal before any
// argument is read, a Text sub-command with no parsed arguments, and the
// arguments of the others (a key the sub-command does not take refused).
func TestDispatch(t *testing.T) {
	subs := chat.NewSubs("price", "价格", "price set gpu=A100",
		chat.Sub{Name: "set", Keys: []chat.Key{{Name: "gpu", Example: "A100"}}, Example: "price set gpu=A100"},
		chat.Sub{Name: "new", Text: true, Example: "price new billing ondemand=35"})
	overview := func(chat.Lang) chat.Reply { return chat.Reply{Title: "overview"} }
	r := chat.NewRouter()
	refuse := false
	r.Register(&chat.Command{Name: "price", Examples: []string{"price set gpu=A100"},
		Run: func(_ context.Context, c *chat.Call) (chat.Reply, error) {
			return subs.Dispatch(c, overview,
				func(s chat.Sub) error {
					if refuse {
						return &chat.Error{Code: chat.CodeUnavailable, Message: "no store"}
					}
					return nil
				},
				func(s chat.Sub, a *chat.Args) (chat.Reply, error) {
					if a == nil {
						return chat.Reply{Title: s.Name + " (text)"}, nil
					}
					gpu, _ := a.Raw("gpu")
					return chat.Reply{Title: s.Name + " " + gpu}, nil
				})
		}})
	for _, tt := range []struct {
		text   string
		refuse bool
		title  string // "" when the reply is an error with this code
		code   string
	}{
		{"price", false, "overview", ""},
		{"price", true, "overview", ""}, // the overview needs no store
		{"price set gpu=H100", false, "set H100", ""},
		{"price set colour=red", true, "", chat.CodeUnavailable}, // ready is asked before the keys are read
		{"price set colour=red", false, "", chat.CodeInvalid},
		{"price new billing ondemand=35", false, "new (text)", ""}, // another command's keys are not price's
	} {
		refuse = tt.refuse
		rep := r.Handle(context.Background(), chat.Request{Text: tt.text, Platform: "cli"})
		switch {
		case tt.title != "" && (rep.Error != nil || rep.Title != tt.title):
			t.Errorf("%s (refuse %v): %q %+v, want %q", tt.text, tt.refuse, rep.Title, rep.Error, tt.title)
		case tt.title == "" && (rep.Error == nil || rep.Error.Code != tt.code):
			t.Errorf("%s (refuse %v): error %+v, want code %s", tt.text, tt.refuse, rep.Error, tt.code)
		}
	}
}
