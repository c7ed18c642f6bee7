package chat

import (
	"context"
	"time"

	"gpuadvisor/advisor"
)

// Command is one command word of the language, with its aliases and keys.
type Command struct {
	// Name is the canonical English command word, also the "command" JSON field.
	Name string
	// Aliases are other words for it (Chinese included): 计费, vram, 选卡.
	Aliases []string
	// Summary describes the command in one line, per language.
	Summary map[Lang]string
	// Examples are full command lines that work, first one shown in errors.
	Examples []string
	// ExampleZH spells in Chinese the words of the command's examples that
	// are neither its command words nor its keys: values (monthly: 包月;
	// "mode=lora": 微调 for one key's value only),
	// placeholders (<paste>: <粘贴>) and pasted phrases (an entry with a
	// space). Router.Localize uses it; a test
	// of every command runs each localized example to check it still asks
	// for the same thing.
	ExampleZH map[string]string
	// Keys are the accepted keys. Nil means the command reads free text and
	// validates its own input (quote, checklist check, ask).
	Keys []Key
	// Subs document the parts of a command that reads its own input (Keys
	// nil): its sub-commands (renewal add, draft sla) or the parts of its
	// input (quote's workload and vendors), each with its keys. help
	// <command> lists them; they are not routed.
	Subs []*Command
	// Writes declares which calls of the command change stored data (a
	// price, a renewal, a setting, a recorded check): Reads for none,
	// AlwaysWrites for all, Subs.Writes when some sub-commands do, or a
	// function of the call (settings market=, quote save=yes). The router
	// enforces it: in a read-only request (WithReadOnly, as ask runs its
	// commands) a call that writes is not run but comes back as a
	// Suggestion. A command that leaves it nil counts as writing there.
	Writes func(c *Call) bool
	// Run answers the command. Returning an *Error gives the user that error;
	// any other error is logged and shown as an internal error.
	Run func(ctx context.Context, c *Call) (Reply, error)
}

// Key is one accepted key of a command.
type Key struct {
	// Name is the canonical English key, as used in JSON and examples.
	Name string
	// Aliases are other spellings, Chinese included (按需, 时长).
	Aliases []string
	// Kind says how the value is read.
	Kind Kind
	// Example is a value that works, shown in errors ("35元/时").
	Example string
	// Help says what the key means, in both languages (a value, so that key
	// tables are data the compiler lays out, not maps built at start).
	Help advisor.Text
}

// Call is one invocation of a command.
type Call struct {
	Req  Request
	Args *Args
	Lang Lang
	Now  time.Time
}

// Request is a command as it arrives from any platform.
type Request struct {
	// Text is the command line after the platform prefix (/gpu, @bot, gpuadvisor).
	Text string `json:"text"`
	// Lang forces the reply language; empty means detect from the text.
	Lang Lang `json:"lang,omitempty"`
	// Platform is "cli", "slack" or "feishu".
	Platform string `json:"platform"`
	// Tenant scopes stored data: platform plus workspace or team id.
	Tenant string `json:"tenant,omitempty"`
	// Channel is where replies and reminders go (Slack channel, Feishu chat id).
	Channel string `json:"channel,omitempty"`
	// User is who asked.
	User string `json:"user,omitempty"`
	// Attachment is a file given with the command (the CLI's --file quotes.yaml).
	Attachment string `json:"attachment,omitempty"`
	// Sync runs slow work inline instead of deferring it to the drafter (CLI, drafter).
	Sync bool `json:"sync,omitempty"`
}

// Ack is the acknowledgement a slow command returns when the request is not
// Sync: the platform shows it at once and hands the Job to the drafter.
func Ack(c *Call, en, zh string) Reply {
	req := c.Req
	req.Sync = true
	if req.Lang == "" {
		req.Lang = c.Lang
	}
	return Reply{
		Title:    T(c.Lang, "Working on it", "正在处理"),
		Summary:  T(c.Lang, en, zh),
		Deferred: true,
		Private:  true,
		Job:      &Job{Request: req},
	}
}
