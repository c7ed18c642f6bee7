package ask

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"gpuadvisor/chat"
	"gpuadvisor/prompts"
)

// Options are the command's dependencies.
type Options struct {
	// LLM reads the question; nil means ask explains the command language.
	LLM prompts.LLM
	// Router runs the commands the question is read as; it is the router the
	// ask command is registered in.
	Router *chat.Router
}

// notRun are the commands ask never runs for the user although they only
// read: itself, help, and the drafts, which are slow and call the LLM
// themselves. Commands that change stored data are not listed here: the
// router refuses them in ask's read-only requests (chat.WithReadOnly) and
// answers a suggestion, whatever the command (Command.Writes).
var notRun = []string{"ask", "draft", "help"}

// maxQuestion is the longest question accepted, in runes.
const maxQuestion = 2000

var examples = []string{
	"ask 我们要微调 qwen2.5 14b，每天跑8小时，A100按需35一小时",
	"ask which card for Llama-3.1 8B inference at 8k context?",
	"问 按需35一小时，包月1.5万，每月跑300小时，哪个划算？",
}

// Command returns the `ask` chat command (alias 问).
func Command(o Options) *chat.Command {
	a := &asker{svc: &prompts.Service{LLM: o.LLM}, router: o.Router}
	return &chat.Command{
		Name:     "ask",
		Aliases:  []string{"问", "提问", "咨询"},
		Summary:  chat.Help("a question in your own words, turned into a command and answered by it (needs an LLM)", "用自己的话提问，转换成命令并由命令回答（需要 LLM）"),
		Examples: examples,
		Keys:     nil, // free text
		Subs: []*chat.Command{{Name: "ask", Aliases: []string{"问"}, Summary: map[chat.Lang]string{
			chat.EN: "no keys: write the question in your own words; the reply shows the command it ran, to correct and rerun",
			chat.ZH: "无需参数：用自己的话写问题；回复会显示所运行的命令，可修改后重新运行"}}},
		Writes: chat.Reads,
		Run:    a.run,
	}
}

type asker struct {
	svc    *prompts.Service
	router *chat.Router
}

func (a *asker) run(ctx context.Context, c *chat.Call) (chat.Reply, error) {
	q := strings.TrimSpace(strings.NewReplacer("--private", " ", "私密", " ").Replace(c.Args.Original))
	if q == "" {
		return chat.Reply{}, chat.Invalid(c.Lang, "question", "ask needs a question after it", "问 后面需要一个问题", examples[0])
	}
	if n := utf8.RuneCountInString(q); n > maxQuestion {
		return chat.Reply{}, chat.Invalidf(c.Lang, "question", examples[0], "the question is %d characters; keep it under %d",
			"问题有 %d 个字符，请控制在 %d 以内", n, maxQuestion)
	}
	if a.router == nil {
		return chat.Reply{}, fmt.Errorf("ask: no router wired")
	}
	if !a.svc.Configured() {
		var why string
		if u, ok := a.svc.LLM.(prompts.Unconfigured); ok {
			why = u.Why
		}
		return a.explain(c.Lang, &prompts.Reason{Code: prompts.ReasonNotConfigured, Value: why}), nil
	}
	if !c.Req.Sync {
		return chat.Ack(c, "Reading your question with the LLM; the answer will be posted here, with the command it ran.",
			"正在用 LLM 理解你的问题；答案会连同所运行的命令一起发到这里。"), nil
	}
	prop, reason, err := a.svc.Ask(ctx, string(c.Lang), q, a.specs(c.Lang))
	if err != nil {
		return chat.Reply{}, fmt.Errorf("ask: %w", err)
	}
	if reason != nil {
		return a.explain(c.Lang, reason), nil
	}
	if len(prop.Commands) == 0 {
		return a.explain(c.Lang, nil), nil
	}
	return a.runAll(ctx, c, q, prop)
}

// specs describes the commands ask may run, for the LLM.
func (a *asker) specs(lang chat.Lang) []prompts.CommandSpec {
	var out []prompts.CommandSpec
	for _, cmd := range a.router.Commands() {
		if slices.Contains(notRun, cmd.Name) {
			continue
		}
		s := prompts.CommandSpec{Name: cmd.Name, Summary: cmd.Summary[lang], Examples: cmd.Examples}
		if len(s.Examples) > 2 {
			s.Examples = s.Examples[:2]
		}
		for _, k := range cmd.Keys {
			s.Keys = append(s.Keys, prompts.KeySpec{Name: k.Name, Example: k.Example, Help: k.Help.In(string(lang))})
		}
		out = append(out, s)
	}
	return out
}
