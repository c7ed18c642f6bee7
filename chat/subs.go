package chat

import (
	"fmt"
	"strings"
	"sync"
)

// Sub is one sub-command of a command (`renewal add`, `renewal list`): the
// word that picks it, its aliases, the keys it takes and an example.
type Sub struct {
	Name    string
	Aliases []string
	Keys    []Key
	Example string
	// EN and ZH say what it does, for the command's overview.
	EN, ZH string
	// Writes marks a sub-command that changes stored data (renewal add,
	// price set); Subs.Writes reads it for Command.Writes.
	Writes bool
	// Text is set when the sub-command reads the text after its word
	// itself (renewal new reads another command's line): Dispatch then
	// parses no arguments and passes nil.
	Text bool
}

// Subs reads the sub-command word that starts a command's arguments, then
// the arguments after it with that sub-command's keys. Commands with
// sub-commands share it, so an unknown word gets the same error (the words
// known, the closest one and its example) everywhere.
type Subs struct {
	// Command is the command's word, EN and ZH as the error says it
	// ("renewal", "续约").
	Command, CommandZH string
	// Example is shown when the word is none of the sub-commands'.
	Example string
	List    []Sub
	// ExampleZH is the command's Command.ExampleZH: a sub-command's error
	// writes its example values in the Chinese the command's examples use
	// (期限=3个月, not term's 3m). Set it before the first call.
	ExampleZH map[string]string
	// parser reads a sub-command's arguments with its keys: built on the
	// first call that needs it (Args), not when a command package loads.
	parser func() *Router
}

// NewSubs returns the reader of the sub-commands of command (its English
// and Chinese words); a sub-command without keys or examples is still read.
func NewSubs(command, commandZH, example string, list ...Sub) *Subs {
	s := &Subs{Command: command, CommandZH: commandZH, Example: example, List: list}
	s.parser = sync.OnceValue(func() *Router {
		r := NewRouter()
		for _, sub := range list {
			// the words in Chinese second, so that an error names the
			// sub-command as 续约 添加 (HanWord), as it names renewal add
			zh := commandZH + " " + HanWord(sub.Name, sub.Aliases)
			r.Register(&Command{
				Name: command + " " + sub.Name, Aliases: append([]string{sub.Name, zh}, sub.Aliases...),
				Keys: append([]Key{}, sub.Keys...), Examples: []string{sub.Example}, ExampleZH: s.ExampleZH,
			})
		}
		return r
	})
	return s
}

// Find looks a sub-command up by its name or an alias, in any case.
func (s *Subs) Find(word string) (Sub, bool) {
	w := strings.ToLower(word)
	for _, sub := range s.List {
		if w == sub.Name {
			return sub, true
		}
		for _, a := range sub.Aliases {
			if w == strings.ToLower(a) {
				return sub, true
			}
		}
	}
	return Sub{}, false
}

// Pick reads the sub-command word at the start of c's arguments. found is
// false (and err nil) when nothing follows the command word; an unknown word
// is an *Error naming the sub-commands and the closest one.
func (s *Subs) Pick(c *Call) (sub Sub, found bool, err error) {
	toks := c.Args.Tokens
	for len(toks) > 0 && toks[0].Sep {
		toks = toks[1:]
	}
	if len(toks) == 0 {
		return Sub{}, false, nil
	}
	word := toks[0].Word
	if sub, ok := s.Find(word); ok {
		return sub, true, nil
	}
	var names, words []string
	for _, sub := range s.List {
		names = append(names, T(c.Lang, sub.Name, HanWord(sub.Name, sub.Aliases)))
		words = append(words, append([]string{sub.Name}, sub.Aliases...)...)
	}
	shown := word
	if shown == "" {
		shown = toks[0].Key + "=" + toks[0].Value
	}
	e := Invalidf(c.Lang, s.Command, s.Example,
		"%s needs a sub-command first, not %q: %s", "%s 后面要先写子命令，而不是 %q：%s",
		T(c.Lang, s.Command, s.CommandZH), shown, strings.Join(names, T(c.Lang, ", ", "、")))
	best := Closest(word, words)
	if p := PinyinMatches(word, words); best == "" && len(p) > 0 { // tianjia is 添加
		best = p[0]
		if bs, ok := s.Find(best); ok && c.Lang != ZH {
			best = bs.Name
		}
	}
	if word != "" && best != "" {
		bs, ok := s.Find(best)
		if ok && c.Lang == ZH {
			best = HanWord(best, bs.Aliases)
		}
		e.Message += fmt.Sprintf(T(c.Lang, ". Did you mean %s?", "。你是不是想用 %s？"), best)
		if ok {
			e.Example = bs.Example
		}
	}
	return Sub{}, false, e
}

// Writes is Command.Writes for a command whose sub-commands declare it:
// whether the sub-command c's first word picks writes. A call that picks
// none (the overview, an unknown word, answered with an error) writes
// nothing.
func (s *Subs) Writes(c *Call) bool {
	sub, found, err := s.Pick(c)
	return err == nil && found && sub.Writes
}

// Args reads c's arguments (the sub-command word first) with the keys of
// the sub-command that word picks.
func (s *Subs) Args(c *Call) (*Args, error) {
	_, args, _, err := s.parser().Parse(Request{Text: c.Args.Original, Lang: c.Lang})
	return args, err
}

// Docs are the sub-commands as commands, for `help <command>`: each with
// its aliases, keys and what it does.
func (s *Subs) Docs() []*Command {
	var out []*Command
	for _, sub := range s.List {
		writes := Reads
		if sub.Writes {
			writes = AlwaysWrites
		}
		out = append(out, &Command{Name: s.Command + " " + sub.Name, Aliases: sub.Aliases, Keys: sub.Keys, Summary: Help(sub.EN, sub.ZH), Writes: writes})
	}
	return out
}

// Dispatch answers c with the sub-command its first word picks: overview
// when nothing follows the command word; otherwise ready is asked first (is
// a store there? nil means yes), then the sub-command's arguments are read
// and run answers. price and renewal share it.
func (s *Subs) Dispatch(c *Call, overview func(Lang) Reply, ready func(Sub) error, run func(Sub, *Args) (Reply, error)) (Reply, error) {
	sub, found, err := s.Pick(c)
	if err != nil {
		return Reply{}, err
	}
	if !found {
		return overview(c.Lang), nil
	}
	if err := ready(sub); err != nil {
		return Reply{}, err
	}
	if sub.Text {
		return run(sub, nil)
	}
	args, err := s.Args(c)
	if err != nil {
		return Reply{}, err
	}
	rep, err := run(sub, args)
	if err == nil && !rep.Deferred {
		NoteAssumptions(&rep, args)
	}
	return rep, err
}
