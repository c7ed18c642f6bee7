package prompts

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// CommandSpec describes one command of the language to the LLM for ask.
type CommandSpec struct {
	Name     string
	Summary  string
	Keys     []KeySpec
	Examples []string
}

// KeySpec describes one key of a command.
type KeySpec struct {
	Name    string
	Example string
	Help    string
}

// Proposal is the command(s) the LLM read a question as. It is not trusted:
// the caller validates every command, key and value against the router.
type Proposal struct {
	Commands []ProposedCommand
}

// ProposedCommand is one command line in parts.
type ProposedCommand struct {
	Command string
	Words   []string
	Args    []Arg
}

// Arg is one key=value pair, in the order the LLM gave it.
type Arg struct {
	Key   string
	Value string
}

// Line writes the command as the user would type it, quoting values with
// spaces: tier model=qwen2.5-14b mode=lora.
func (c ProposedCommand) Line() string {
	parts := []string{c.Command}
	for _, w := range c.Words {
		parts = append(parts, quoteIfSpace(w))
	}
	for _, a := range c.Args {
		parts = append(parts, a.Key+"="+quoteIfSpace(a.Value))
	}
	return strings.Join(parts, " ")
}

func quoteIfSpace(s string) string {
	if strings.ContainsAny(s, " \t") {
		return `"` + s + `"`
	}
	return s
}

// Limits on what a proposal may hold.
const (
	maxProposed   = 3
	maxAskWords   = 10
	maxAskArgs    = 20
	maxArgRunes   = 200
	maxQuestion   = 2000
	askMaxTokens  = 600
	askJSONPrefix = "{"
)

type askData struct {
	Commands    []CommandSpec
	Question    string
	Open, Close string
}

// askPrompt builds the JSON-mode prompt for a question.
func askPrompt(lang, question string, specs []CommandSpec, tag, open, close string) (Prompt, error) {
	lang = langOf(lang)
	d := askData{Commands: specs, Question: quoteData(question, tag), Open: open, Close: close}
	sys, err := render("prompt."+lang+".ask", d)
	if err != nil {
		return Prompt{}, err
	}
	user, err := render("prompt."+lang+".askuser", d)
	if err != nil {
		return Prompt{}, err
	}
	return Prompt{System: sys, User: user, JSON: true, MaxTokens: askMaxTokens}, nil
}

// Ask has the LLM read a free-text question as commands. A non-nil Reason
// means no proposal could be had (no LLM, an LLM error, not JSON); the error
// is only ever a template failure.
func (s *Service) Ask(ctx context.Context, lang, question string, specs []CommandSpec) (Proposal, *Reason, error) {
	if s == nil || s.LLM == nil {
		return Proposal{}, &Reason{Code: ReasonNotConfigured}, nil
	}
	if utf8.RuneCountInString(question) > maxQuestion {
		question = string([]rune(question)[:maxQuestion])
	}
	tag, open, close, err := delimiter(s.Rand)
	if err != nil {
		return Proposal{}, nil, err
	}
	p, err := askPrompt(lang, question, specs, tag, open, close)
	if err != nil {
		return Proposal{}, nil, err
	}
	out, reason := s.complete(ctx, "ask", p)
	if reason != nil {
		return Proposal{}, reason, nil
	}
	prop, err := ParseProposal(out)
	if err != nil {
		s.log().Debug("ask answer rejected", "err", err)
		return Proposal{}, &Reason{Code: ReasonNotJSON, Detail: err.Error()}, nil
	}
	return prop, nil, nil
}

// ParseProposal reads the LLM's JSON answer: {"commands":[{"command",
// "words", "args"}]} or a single such command object. Values may be strings,
// numbers or booleans; anything else is refused. Code fences and reasoning
// blocks around the object are ignored.
func ParseProposal(out string) (Proposal, error) {
	s := clean(out)
	i, j := strings.Index(s, askJSONPrefix), strings.LastIndex(s, "}")
	if i < 0 || j < i {
		return Proposal{}, fmt.Errorf("no JSON object in the answer")
	}
	raw := []byte(s[i : j+1])
	var top struct {
		Commands []json.RawMessage `json:"commands"`
		Command  *string           `json:"command"`
	}
	if err := json.Unmarshal(raw, &top); err != nil {
		return Proposal{}, fmt.Errorf("answer is not JSON: %w", err)
	}
	items := top.Commands
	if top.Command != nil && items == nil {
		items = []json.RawMessage{raw}
	}
	var p Proposal
	for k, it := range items {
		if k >= maxProposed {
			break
		}
		c, err := parseProposed(it)
		if err != nil {
			return Proposal{}, fmt.Errorf("commands[%d]: %w", k, err)
		}
		p.Commands = append(p.Commands, c)
	}
	return p, nil
}

func parseProposed(raw json.RawMessage) (ProposedCommand, error) {
	var c struct {
		Command string          `json:"command"`
		Words   []any           `json:"words"`
		Args    json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return ProposedCommand{}, err
	}
	out := ProposedCommand{Command: strings.TrimSpace(c.Command)}
	if out.Command == "" || strings.ContainsAny(out.Command, " \t\n=") {
		return ProposedCommand{}, fmt.Errorf("command %q is not a command word", c.Command)
	}
	if len(c.Words) > maxAskWords {
		return ProposedCommand{}, fmt.Errorf("%d words, at most %d", len(c.Words), maxAskWords)
	}
	for _, w := range c.Words {
		v, err := scalar(w)
		if err != nil {
			return ProposedCommand{}, fmt.Errorf("words: %w", err)
		}
		if v != "" {
			out.Words = append(out.Words, v)
		}
	}
	args, err := orderedArgs(c.Args)
	if err != nil {
		return ProposedCommand{}, err
	}
	out.Args = args
	return out, nil
}

// orderedArgs decodes a JSON object keeping its key order.
func orderedArgs(raw json.RawMessage) ([]Arg, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("args is not an object")
	}
	var out []Arg
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("args: %w", err)
		}
		key, _ := kt.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("args.%s: %w", key, err)
		}
		val, err := scalar(v)
		if err != nil {
			return nil, fmt.Errorf("args.%s: %w", key, err)
		}
		key = strings.TrimSpace(key)
		if key == "" || strings.ContainsAny(key, " \t\n=\"") {
			return nil, fmt.Errorf("args key %q is not a key", key)
		}
		if val == "" {
			continue // an empty value means "not given"
		}
		out = append(out, Arg{Key: key, Value: val})
		if len(out) > maxAskArgs {
			return nil, fmt.Errorf("more than %d args", maxAskArgs)
		}
	}
	return out, nil
}

// scalar turns a JSON string, number or boolean into the text a user would
// type; anything else is refused.
func scalar(v any) (string, error) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case json.Number:
		s = x.String()
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	case bool:
		s = "no"
		if x {
			s = "yes"
		}
	case nil:
		return "", nil
	default:
		return "", fmt.Errorf("value %v is not a string, number or boolean", v)
	}
	s = strings.TrimSpace(strings.NewReplacer("\n", " ", "\r", " ", `"`, "").Replace(s))
	if utf8.RuneCountInString(s) > maxArgRunes {
		return "", fmt.Errorf("value longer than %d characters", maxArgRunes)
	}
	return s, nil
}
