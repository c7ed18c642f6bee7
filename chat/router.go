package chat

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"gpuadvisor/store"
)

// Router holds the commands and answers requests. It is safe for concurrent use
// once built.
type Router struct {
	// Now is the clock; tests fix it.
	Now func() time.Time
	// Log receives internal errors; nil means slog.Default().
	Log *slog.Logger

	cmds   []*Command
	byWord map[string]*Command
	// keys holds each command's keyFinder (one without an index when it cannot be
	// indexed), built the first time one of its keys is looked up: a cold
	// start answers one command, and indexing all of them at Register was
	// part of its CPU.
	keys sync.Map // *Command → keyFinder
	// locale keeps what Localize reads of each command (localecache.go).
	locale localeCache
}

// NewRouter returns a router with the help command built in.
func NewRouter() *Router {
	r := &Router{Now: time.Now, byWord: map[string]*Command{}}
	r.Register(r.helpCommand())
	return r
}

// Register adds commands. A word already taken panics: it is a wiring bug.
func (r *Router) Register(cmds ...*Command) {
	for _, c := range cmds {
		for _, w := range append([]string{c.Name}, c.Aliases...) {
			w = strings.ToLower(w)
			if _, dup := r.byWord[w]; dup {
				panic("chat: command word registered twice: " + w)
			}
			r.byWord[w] = c
		}
		r.cmds = append(r.cmds, c)
	}
}

// Commands returns the registered commands in registration order.
func (r *Router) Commands() []*Command { return r.cmds }

// Lookup finds a command by any of its words.
func (r *Router) Lookup(word string) (*Command, bool) {
	c, ok := r.byWord[strings.ToLower(word)]
	return c, ok
}

// Parse reads a request's text into the command and its arguments, without
// running it. The error is an *Error in the request's language.
func (r *Router) Parse(req Request) (*Command, *Args, Lang, error) {
	return r.parse(req, askedText(req.Text))
}

// parse is Parse of the request's text as askedText gives it (Handle
// works it out once, for the parse and the reply's echo).
func (r *Router) parse(req Request, original string) (*Command, *Args, Lang, error) {
	norm, asking := endPunct(Normalize(original))
	toks := Tokenize(norm)
	lang := req.Lang
	if lang == "" {
		lang = detectLang(toks)
	}
	// strip the private and full flags and a leading platform prefix
	private, full := false, false
	kept := toks[:0] // filtered in place: Tokenize's slice is ours
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.Word == "--private" || t.Word == "私密" || t.Word == "-p" {
			private = true
			continue
		}
		if l, ok := langFlag(toks, i); ok { // --lang zh in chat, as in the terminal
			lang = l
			if t.Key == "" {
				i++
			}
			continue
		}
		if t.Word == "--full" {
			full = true
			continue
		}
		if len(kept) == 0 && (t.Word == "/gpu" || t.Word == "gpuadvisor" || t.Word == "@gpuadvisor" || mention(t.Word)) || feishuMention(t.Word) {
			continue
		}
		kept = append(kept, t)
	}
	toks = withUnits(kept)
	for len(toks) > 0 && toks[0].Sep {
		toks = toks[1:]
	}
	if len(toks) == 0 || toks[0].Word == "" {
		if len(toks) == 0 {
			c, _ := r.Lookup("help")
			return c, &Args{Command: "help", cmd: c, lang: lang, pairs: map[string]string{}}, lang, nil
		}
		return nil, nil, lang, r.keyFirst(lang, toks[0].Key)
	}
	word := toks[0].Word
	cmd, ok := r.Lookup(word)
	if !ok && len(word) > 1 && word[0] == '/' { // /billing, /help: a slash command's habit
		if cmd, ok = r.Lookup(word[1:]); ok {
			word = word[1:]
		}
	}
	if !ok {
		return nil, nil, lang, r.unknownCommandIn(lang, word, toks[1:])
	}
	if cmd.Name != "help" && (len(toks) > 1 && (toks[1].Word == "--help" || toks[1].Word == "-h") || asksHelp(cmd, toks, asking)) {
		// billing --help is help billing, in chat as in the terminal
		// billing --help is help billing, in chat as in the terminal
		h, _ := r.Lookup("help")
		return h, &Args{Command: "help", Words: []string{cmd.Name}, Private: private, cmd: h, lang: lang, pairs: map[string]string{}}, lang, nil
	}
	a := &Args{Command: cmd.Name, Tokens: toks[1:], Private: private, Full: full, cmd: cmd, lang: lang, pairs: map[string]string{}}
	a.Rest = strings.TrimSpace(afterWord(norm, word))
	a.Original = strings.TrimSpace(afterWord(original, word))
	if full { // the flag is how it was asked, not what was asked
		a.Rest, a.Original = dropFlag(a.Rest), dropFlag(a.Original)
	}
	if strings.Contains(a.Original, "--lang") {
		a.Rest, a.Original = dropLang(a.Rest), dropLang(a.Original)
	}
	words := 0
	for _, t := range a.Tokens {
		if t.Word != "" {
			words++
		}
	}
	if words > 0 {
		a.Words = make([]string, 0, words)
	}
	for _, t := range a.Tokens {
		switch {
		case t.Word != "":
			a.Words = append(a.Words, t.Word)
		case t.Key != "" || t.Value != "":
			if cmd.Keys == nil {
				continue
			}
			key, ok := r.canonicalKey(cmd, t.Key)
			if !ok {
				return nil, nil, lang, unknownKey(lang, cmd, t.Key)
			}
			if was, dup := a.pairs[key]; dup {
				if strings.TrimSpace(was) == strings.TrimSpace(t.Value) {
					continue // the same value typed twice asks for nothing else
				}
				return nil, nil, lang, Invalidf(lang, key, cmd.Example(EN), "%s is given twice, as %s and as %s; give it once",
					"%s 出现了两次（%s 和 %s），请只写一次", a.Name(key), quoteValue(was), quoteValue(t.Value))
			}
			a.pairs[key] = t.Value
			a.order = append(a.order, key)
		}
	}
	return cmd, a, lang, nil
}

// Handle parses and runs a request, always returning a Reply (errors
// included). Stored records the command's reads skipped because they do not
// decode are logged and counted in a warning (store.SkippedWarnings).
func (r *Router) Handle(ctx context.Context, req Request) Reply {
	asked := askedText(req.Text)
	cmd, args, lang, err := r.parse(req, asked)
	if err != nil {
		return r.errorReply(lang, "", err)
	}
	c := &Call{Req: req, Args: args, Lang: lang, Now: r.Now()}
	if IsReadOnly(ctx) && r.Writes(cmd, c) {
		return suggest(lang, cmd, c) // no Details button: it would run the command
	}
	ctx, skipped := store.WithSkipped(ctx, r.Log)
	rep, err := r.run(ctx, cmd, c)
	if err != nil {
		rep = r.errorReply(lang, cmd.Name, err)
	} else if !rep.Deferred {
		NoteAssumptions(&rep, args)
	}
	rep.Warnings = append(rep.Warnings, store.SkippedWarnings(skipped.List(), string(lang))...)
	if err != nil {
		return rep
	}
	if rep.Command == "" {
		rep.Command = cmd.Name
	}
	if rep.Lang == "" {
		rep.Lang = lang
	}
	if args.Private {
		rep.Private = true
	}
	rep.Full = rep.Full || args.Full
	rep.Asked = asked
	r.localizeButtons(&rep)
	return rep
}

// localizeButtons writes, in a Chinese reply, each follow-up's command in
// Chinese words for the terminal's "Next:" lines (ButtonLine): the command
// words of the action, and its value's keys in the words of the command
// that answered (a draft or a renewal reminder reads that command's keys);
// the command the user typed (Details) is shown as typed.
func (r *Router) localizeButtons(rep *Reply) {
	if rep.Lang != ZH {
		return
	}
	var value, zhValue string // the buttons of a reply usually share a value: localized once
	for i, b := range rep.Buttons {
		var line, zh string
		switch b.Action {
		case ActionDetails:
			continue
		case ActionRun:
			line = b.Value
			zh = r.Localize(ZH, "", line)
		default:
			words, zhWords := r.locale.buttonWords(r, b.Action)
			line = words + " " + b.Value
			if value != b.Value || zhValue == "" {
				value, zhValue = b.Value, r.Localize(ZH, rep.Command, b.Value)
			}
			zh = strings.TrimSpace(zhWords + " " + zhValue)
		}
		if zh != line {
			rep.Buttons[i].shown = zh
		}
	}
}

// run runs one command. A panic is the command's bug, never the process's
// end: it becomes an internal error (logged with its value), like any other
// error that is not an *Error.
func (r *Router) run(ctx context.Context, cmd *Command, c *Call) (rep Reply, err error) {
	defer func() {
		if p := recover(); p != nil {
			rep, err = Reply{}, fmt.Errorf("panic in command %s: %v", cmd.Name, p)
		}
	}()
	return cmd.Run(ctx, c)
}

func (r *Router) errorReply(lang Lang, command string, err error) Reply {
	var e *Error
	if !errors.As(err, &e) {
		log := r.Log
		if log == nil {
			log = slog.Default()
		}
		log.Error("command failed", "command", command, "err", err)
		e = &Error{Code: CodeInternal, Message: T(lang, "internal error; the operators have the details in the log", "内部错误，详情已记录在日志中")}
	}
	ex, msg := r.Localize(lang, command, e.Example), r.LocalizeMessage(lang, command, e.Message)
	if ex != e.Example || msg != e.Message {
		local := *e // errors may be shared values: never change one in place
		local.Example, local.Message = ex, msg
		e = &local
	}
	title := T(lang, "I could not answer that", "无法处理这个请求")
	summary := e.Message
	if e.Example != "" {
		summary += "\n" + T(lang, "Example: ", "示例：") + e.Example
	}
	return Reply{Command: command, Lang: lang, Title: title, Summary: summary, Error: e, Private: true}
}

// askedText is the request's text trimmed, without invalid UTF-8 (checked
// first: valid text, the usual case, is not copied or decoded rune by rune),
// and with what a chat platform writes into text undone (PlatformText).
func askedText(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "")
	}
	return strings.TrimSpace(PlatformText(s))
}

// quoteValue is a value as a message about it shows it: in quotes, cut
// short when long (Shown).
func quoteValue(v string) string { return fmt.Sprintf("%q", Shown(v)) }

func afterWord(s, word string) string {
	if word == "" {
		return s
	}
	i := strings.Index(s, word)
	if i < 0 {
		if low := strings.ToLower(s); len(low) == len(s) {
			i = strings.Index(low, strings.ToLower(word))
		}
	}
	if i < 0 || i+len(word) > len(s) {
		return s
	}
	return s[i+len(word):]
}

// detectLang answers in Chinese when the command word, a key or a free-text
// word is Chinese; values alone (a vendor called 酷算云) do not switch it.
func detectLang(toks []Token) Lang {
	for i, t := range toks {
		if i > 0 && t.Word != "" && dayValue(toks[i-1].Value) && timeWord(t.Word) {
			continue // renews=2027/3/1 上午: a part of the value (withUnits)
		}
		if HasHan(t.Word) || HasHan(t.Key) {
			return ZH
		}
	}
	return EN
}
