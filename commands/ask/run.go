package ask

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
	"gpuadvisor/prompts"
)

// ran is one command run for a question.
type ran struct {
	line  string
	shown string // line in the reply's language (Router.Localize): 选卡 模型=… in Chinese
	rep   chat.Reply
}

// failed is a proposed command that could not run, and why.
type failed struct {
	line, key, why string
}

// runAll validates every proposed command against the router and runs it.
// The answers are merged under the command lines; commands that cannot run
// are listed with the reason, to correct and rerun. When none can run, the
// reply is an error that shows the first one.
func (a *asker) runAll(ctx context.Context, c *chat.Call, question string, prop prompts.Proposal) (chat.Reply, error) {
	lang := c.Lang
	var done []ran
	var bad []failed
	var suggested []chat.Suggestion
	var warnings []string
	// Every command ask runs, and every command those run, is read-only: a
	// call that writes comes back as a suggestion, never runs.
	ctx = chat.WithReadOnly(ctx)
	for _, pc := range prop.Commands {
		line := pc.Line()
		cmd, ok := a.router.Lookup(pc.Command)
		if !ok {
			bad = append(bad, failed{line, "command", fmt.Sprintf(chat.T(lang, "%q is not a command", "%q 不是命令"), pc.Command)})
			continue
		}
		if slices.Contains(notRun, cmd.Name) {
			bad = append(bad, failed{line, cmd.Name, fmt.Sprintf(chat.T(lang,
				"I do not run %s for you (it is slow or is help itself); run it yourself if it is what you want",
				"我不会替你运行 %s（它较慢或本身就是帮助）；如需要请自己运行"), cmd.Name)})
			continue
		}
		// The router validates keys and values exactly as for typed text: an
		// unknown key or an out-of-range value comes back as an error reply.
		req := chat.Request{Text: line, Lang: lang, Platform: c.Req.Platform, Tenant: c.Req.Tenant, Channel: c.Req.Channel, User: c.Req.User, Sync: true}
		rep := a.router.Handle(ctx, req)
		if len(rep.Suggested) > 0 {
			suggested = append(suggested, rep.Suggested...)
			continue
		}
		if rep.Error != nil {
			if rep.Error.Code == chat.CodeInternal {
				return chat.Reply{}, fmt.Errorf("ask: %q failed internally", line)
			}
			bad = append(bad, failed{line, rep.Error.Key, rep.Error.Message})
			continue
		}
		done = append(done, ran{line: line, shown: a.router.Localize(lang, "", line), rep: rep})
		keys := append([]chat.Key(nil), cmd.Keys...)
		for _, s := range cmd.Subs {
			keys = append(keys, s.Keys...)
		}
		warnings = append(warnings, derived(lang, question, pc, keys)...)
	}
	if len(done) == 0 && len(suggested) > 0 {
		return a.suggestOnly(lang, suggested, bad), nil
	}
	if len(done) == 0 {
		return a.cannot(lang, bad[0].line, bad[0].key, bad[0].why), nil
	}
	rep := merge(lang, a.svc.Model(), done, warnings)
	addSuggested(lang, &rep, suggested)
	if len(bad) > 0 {
		var lines []string
		var data []map[string]string
		for _, f := range bad {
			lines = append(lines, f.line+" — "+f.why)
			data = append(data, map[string]string{"command_line": f.line, "key": f.key, "error": f.why})
		}
		rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Not run: correct and run these yourself", "未运行：请修改后自己运行"), Lines: lines})
		rep.Warnings = append([]string{fmt.Sprintf(chat.T(lang, "%d of the commands your question became could not run; see “Not run”.",
			"你的问题转换成的命令中有 %d 条无法运行，见“未运行”。"), len(bad))}, rep.Warnings...)
		rep.Partial = true
		rep.Data.(map[string]any)["not_run"] = data
	}
	return rep, nil
}

// cannot is the reply when a proposed command cannot run: what is wrong and
// the command itself, to correct and run by hand.
func (a *asker) cannot(lang chat.Lang, line, key, why string) chat.Reply {
	e := &chat.Error{Code: chat.CodeInvalid, Key: key, Example: line,
		Message: fmt.Sprintf(chat.T(lang, "I read your question as `%s`, but it cannot run: %s. Correct the command and run it yourself.",
			"我把你的问题理解为 `%s`，但它无法运行：%s。请修改命令后自己运行。"), line, why)}
	return chat.Reply{
		Command:  "ask",
		Lang:     lang,
		Title:    chat.T(lang, "I could not run the command your question became", "你的问题转换成的命令无法运行"),
		Summary:  e.Message,
		Sections: []chat.Section{{Title: chat.T(lang, "The command, to correct", "待修改的命令"), Lines: []string{line}}},
		Error:    e,
		Private:  true,
	}
}

var numRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`\d+(?:\.\d+)?`)
}}

// derived flags values whose numbers are not in the question: the LLM
// computed them (8 h a day -> hours=240) or made them up; either way the
// user should look.
func derived(lang chat.Lang, question string, pc prompts.ProposedCommand, keys []chat.Key) []string {
	have := map[string]bool{}
	for _, n := range numRE.Get().FindAllString(chat.Normalize(question), -1) {
		have[strings.TrimLeft(n, "0")] = true
	}
	var out []string
	for _, arg := range pc.Args {
		for _, n := range numRE.Get().FindAllString(chat.Normalize(arg.Value), -1) {
			if !have[strings.TrimLeft(n, "0")] {
				out = append(out, fmt.Sprintf(chat.T(lang, "%s=%s: %s is not in your question; the LLM computed or assumed it. Check it.",
					"%s=%s：%s 不在你的问题中，是 LLM 推算或假设的，请核对。"), chat.KeyWord(lang, keys, arg.Key), arg.Value, n))
				break
			}
		}
	}
	return out
}

// merge puts the answers together: the first reply in full, the others as
// sections, and on top the commands that were run.
func merge(lang chat.Lang, model string, done []ran, warnings []string) chat.Reply {
	first := done[0].rep
	rep := first
	rep.Command = "ask"
	var lines []string
	for _, d := range done {
		lines = append(lines, d.shown)
	}
	rep.Summary = fmt.Sprintf(chat.T(lang, "I ran: %s (edit and rerun it if I misread you).", "我运行了：%s（如果理解有误，请修改后重新运行）。"),
		"`"+strings.Join(lines, "`; `")+"`") + "\n" + first.Summary
	rep.Sections = append([]chat.Section{{Title: chat.T(lang, "Command run", "运行的命令"), Lines: lines}}, first.Sections...)
	rep.Tables = append([]chat.Table(nil), first.Tables...)
	rep.Warnings = append(append([]string(nil), warnings...), first.Warnings...)
	for _, d := range done[1:] {
		body := []string{}
		if d.rep.Summary != "" {
			body = append(body, d.rep.Summary)
		}
		for _, f := range d.rep.Facts {
			body = append(body, f.Label+": "+f.Value)
		}
		rep.Sections = append(rep.Sections, chat.Section{Title: d.rep.Title + " — " + d.shown, Lines: body})
		rep.Sections = append(rep.Sections, d.rep.Sections...)
		rep.Tables = append(rep.Tables, d.rep.Tables...)
		rep.Warnings = append(rep.Warnings, d.rep.Warnings...)
		rep.Partial = rep.Partial || d.rep.Partial
	}
	var results []map[string]any
	for _, d := range done {
		results = append(results, map[string]any{"command_line": d.line, "command": d.rep.Command, "data": d.rep.Data})
	}
	data := map[string]any{"command": "ask", "source": "llm", "ran": results, "warnings": warnings}
	if model != "" {
		data["model"] = model
	}
	rep.Data = data
	return rep
}

// explain answers without an LLM reading (none configured, an LLM failure,
// or no command fits): how to type the command yourself.
func (a *asker) explain(lang chat.Lang, reason *prompts.Reason) chat.Reply {
	var why string
	switch {
	case reason == nil:
		why = chat.T(lang, "I could not match your question to a command.", "我没能把你的问题对应到某个命令。")
	case reason.Code == prompts.ReasonNotConfigured:
		why = chat.T(lang, "ask needs an LLM to read a question, and ", "「问」需要 LLM 来理解问题，而") + reason.Message(string(lang)) + chat.T(lang, ".", "。")
	default:
		why = chat.T(lang, "The LLM could not read your question: ", "LLM 无法理解你的问题：") + reason.Message(string(lang)) + chat.T(lang, ".", "。")
	}
	t := chat.Table{Header: []string{chat.T(lang, "command", "命令"), chat.T(lang, "what it does", "用途"), chat.T(lang, "example", "示例")}}
	for _, cmd := range a.router.Commands() {
		if cmd.Name == "ask" || cmd.Name == "help" {
			continue
		}
		ex := ""
		if len(cmd.Examples) > 0 {
			ex = a.router.Localize(lang, cmd.Name, cmd.Examples[0]) // in Chinese words in a Chinese reply
		}
		t.Rows = append(t.Rows, []string{chat.T(lang, cmd.Name, chat.HanWord(cmd.Name, cmd.Aliases)), cmd.Summary[lang], ex})
	}
	data := map[string]any{"command": "ask", "source": "none"}
	if reason != nil {
		data["reason"] = map[string]any{"code": reason.Code, "message": reason.Message(string(lang))}
	}
	return chat.Reply{
		Command: "ask",
		Lang:    lang,
		Title:   chat.T(lang, "Type it as a command", "请用命令来问"),
		Summary: why + "\n" + chat.T(lang,
			"Every answer comes from a command: a command word, then key=value pairs. Chinese words work too: 计费 按需=35 包月=15000 时长=300. `help <command>` lists its keys.",
			"每个答案都来自一个命令：命令词加 参数=值，中文同样可用：计费 按需=35 包月=15000 时长=300。`帮助 <命令>` 可列出参数。"),
		Tables:  []chat.Table{t},
		Private: true,
		Data:    data,
	}
}

// suggestedData is ask's JSON of commands it did not run because they
// write: each command and its exact line.
func suggestedData(s []chat.Suggestion) []map[string]string {
	out := make([]map[string]string, 0, len(s))
	for _, x := range s {
		out = append(out, map[string]string{"command": x.Command, "command_line": x.Line})
	}
	return out
}

// addSuggested lists under the answer the commands not run because they
// write, each with a button that runs it as the person who presses it.
func addSuggested(lang chat.Lang, rep *chat.Reply, s []chat.Suggestion) {
	if len(s) == 0 {
		return
	}
	var lines []string
	for _, x := range s {
		lines = append(lines, x.Line)
		rep.Buttons = append(rep.Buttons, chat.SuggestionButton(lang, x))
	}
	rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang,
		"Suggested, not run: these change your team's stored data; run them yourself if they are what you want",
		"建议，未运行：这些命令会修改团队存储的数据；如确需要，请自己运行"), Lines: lines})
	rep.Suggested = append(rep.Suggested, s...)
	if d, ok := rep.Data.(map[string]any); ok {
		d["suggested"] = suggestedData(s)
	}
}

// suggestOnly is the reply when every command the question became writes
// (or could not run): nothing ran; the commands are shown to run by hand.
func (a *asker) suggestOnly(lang chat.Lang, s []chat.Suggestion, bad []failed) chat.Reply {
	rep := chat.Reply{
		Command: "ask",
		Lang:    lang,
		Title:   chat.T(lang, "Nothing run: your question asks to change stored data", "未运行任何命令：你的问题要求修改存储的数据"),
		Summary: chat.T(lang,
			"ask only reads. It never saves, changes or deletes your team's prices, renewals or settings, even when the question (or text quoted in it) asks for it. Check the command below and run it yourself if it is what you want.",
			"ask 只读取，不会保存、修改或删除团队的价格、续约或设置，即使问题（或其中引用的文字）这样要求。请核对下面的命令，如确需要请自己运行。"),
		Private: true,
		Full:    true, // the commands to run are the answer: Brief must not hide them
		Data:    map[string]any{"command": "ask", "source": "llm", "ran": []map[string]any{}},
	}
	if m := a.svc.Model(); m != "" {
		rep.Data.(map[string]any)["model"] = m
	}
	addSuggested(lang, &rep, s)
	if len(bad) > 0 {
		var lines []string
		for _, f := range bad {
			lines = append(lines, f.line+" — "+f.why)
		}
		rep.Sections = append(rep.Sections, chat.Section{Title: chat.T(lang, "Not run: correct and run these yourself", "未运行：请修改后自己运行"), Lines: lines})
	}
	return rep
}
