package chat

import (
	"context"
	"strings"
)

// Reads is Command.Writes for a command no call of which changes stored data.
func Reads(*Call) bool { return false }

// AlwaysWrites is Command.Writes for a command every call of which changes
// stored data.
func AlwaysWrites(*Call) bool { return true }

type readOnlyKey struct{}

// WithReadOnly marks ctx read-only: the router runs no call that writes in
// it (Command.Writes), and answers such a call with a Suggestion instead.
// Everything run under ctx stays read-only, however deep.
func WithReadOnly(ctx context.Context) context.Context {
	return context.WithValue(ctx, readOnlyKey{}, true)
}

// IsReadOnly reports whether ctx was marked by WithReadOnly.
func IsReadOnly(ctx context.Context) bool {
	v, _ := ctx.Value(readOnlyKey{}).(bool)
	return v
}

// Suggestion is a command the router did not run because it writes and the
// request was read-only: the exact line, for the user to run themselves.
type Suggestion struct {
	// Command is the canonical command word ("price").
	Command string `json:"command"`
	// Line is the command line as it would be typed ("price set gpu=h100 ...").
	Line string `json:"command_line"`
}

// Writes reports whether the call c of cmd changes stored data. A command
// that did not declare it (Writes nil) counts as writing.
func (r *Router) Writes(cmd *Command, c *Call) bool {
	if cmd.Writes == nil {
		return true
	}
	return cmd.Writes(c)
}

// suggest answers a call that writes in a read-only request: nothing is run;
// the reply shows the exact command, with a button that runs it (Slack,
// Feishu) and, in the terminal, the line to type.
func suggest(lang Lang, cmd *Command, c *Call) Reply {
	line := strings.TrimSpace(c.Req.Text)
	for _, p := range []string{"/gpu ", "gpuadvisor ", "@gpuadvisor "} {
		line = strings.TrimPrefix(line, p)
	}
	s := Suggestion{Command: cmd.Name, Line: line}
	return Reply{
		Command: cmd.Name,
		Lang:    lang,
		Title:   T(lang, "Not run: it would change your team's stored data", "未运行：它会修改团队存储的数据"),
		Summary: T(lang, "Commands that change stored data run only when you send them yourself. If it is what you want, run: ",
			"会修改存储数据的命令只有你自己发送时才会运行。如确需要，请运行：") + "`" + line + "`",
		Sections:  []Section{{Title: T(lang, "The command, to run yourself", "待你自己运行的命令"), Lines: []string{line}}},
		Buttons:   []Button{SuggestionButton(lang, s)},
		Suggested: []Suggestion{s},
		Private:   true,
		Full:      true, // short already; Brief must not hide the command behind Details
		Data:      map[string]any{"command": cmd.Name, "run": false, "suggested": []Suggestion{s}},
	}
}

// SuggestionButton is the button that runs a suggested command as the
// person who presses it (ActionRun; in the terminal, the line to type).
func SuggestionButton(lang Lang, s Suggestion) Button {
	return Button{Action: ActionRun, Label: T(lang, "Run it myself: ", "我来运行：") + s.Command, Value: s.Line}
}

// OnlyReads reports whether answering req changes no stored data: its
// command does not write on this call (Command.Writes), or it does not parse
// (the answer is an error, nothing runs). The pipeline answers such a request
// before it claims it (Delivery.InResponse).
func (r *Router) OnlyReads(req Request) bool {
	cmd, args, lang, err := r.Parse(req)
	if err != nil {
		return true
	}
	return !r.Writes(cmd, &Call{Req: req, Args: args, Lang: lang, Now: r.Now()})
}
