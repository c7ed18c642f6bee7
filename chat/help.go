package chat

import (
	"context"
	"fmt"
	"strings"
)

func (r *Router) helpCommand() *Command {
	return &Command{
		Name:     "help",
		Aliases:  []string{"帮助", "?", "h", "-h", "--help"},
		Summary:  map[Lang]string{EN: "what I can do, or how to use one command", ZH: "我能做什么，或某个命令的用法"},
		Examples: []string{"help", "help billing"},
		Run: func(ctx context.Context, c *Call) (Reply, error) {
			if len(c.Args.Words) > 0 {
				cmd, ok := r.Lookup(c.Args.Words[0])
				if !ok {
					return Reply{}, r.unknownCommand(c.Lang, c.Args.Words[0])
				}
				return commandHelp(c.Lang, cmd), nil
			}
			rep := Reply{
				Title:   T(c.Lang, "gpuadvisor: rent GPUs well", "gpuadvisor：租好 GPU"),
				Summary: T(c.Lang, "Type a command word, then key=value pairs. Chinese command words and keys work too.", "输入命令词，再跟 key=value 参数；中文命令词和参数同样可用。"),
				Private: true,
			}
			t := Table{Header: []string{T(c.Lang, "command", "命令"), T(c.Lang, "what it does", "用途"), T(c.Lang, "example", "示例")}}
			for _, cmd := range r.cmds {
				if cmd.Name == "help" {
					continue
				}
				ex := cmd.Example(c.Lang)
				name := cmd.Name
				for _, a := range cmd.Aliases {
					if HasHan(a) {
						name += " / " + a
						break
					}
				}
				t.Rows = append(t.Rows, []string{name, cmd.Summary[c.Lang], ex})
			}
			rep.Tables = []Table{t}
			rep.Sections = []Section{{Title: T(c.Lang, "More", "更多"), Lines: []string{
				T(c.Lang, "help <command> lists its keys.", "help <命令> 列出该命令的全部参数。"),
				T(c.Lang, "Add --private (私密) to any command to keep the answer to yourself.", "在任意命令后加 --private（私密），回复只有你能看到。"),
			}}}
			rep.Data = map[string]any{"command": "help", "commands": helpData(r.cmds)}
			return rep, nil
		},
	}
}

func helpData(cmds []*Command) []map[string]any {
	var out []map[string]any
	for _, c := range cmds {
		out = append(out, map[string]any{"name": c.Name, "aliases": c.Aliases, "examples": c.Examples})
	}
	return out
}

func commandHelp(lang Lang, cmd *Command) Reply {
	rep := Reply{
		Command: "help",
		Title:   fmt.Sprintf(T(lang, "How to use %s", "%s 的用法"), cmd.Name),
		Summary: cmd.Summary[lang],
		Private: true,
	}
	if len(cmd.Keys) > 0 {
		t := Table{Header: []string{T(lang, "key", "参数"), T(lang, "also", "别名"), T(lang, "meaning", "含义"), T(lang, "example", "示例")}}
		for _, k := range cmd.Keys {
			t.Rows = append(t.Rows, []string{k.Name, strings.Join(k.Aliases, " "), k.Help[lang], k.Name + "=" + k.Example})
		}
		rep.Tables = []Table{t}
	}
	if len(cmd.Examples) > 0 {
		rep.Sections = []Section{{Title: T(lang, "Examples", "示例"), Lines: cmd.Examples}}
	}
	rep.Data = map[string]any{"command": "help", "topic": cmd.Name, "examples": cmd.Examples}
	return rep
}
