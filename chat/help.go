package chat

import (
	"context"
	"fmt"
	"strings"
)

func (r *Router) helpCommand() *Command {
	return &Command{
		Name:     "help",
		Aliases:  []string{"帮助", "?", "h", "-h", "--help", "hi", "hello", "hey", "帮忙", "怎么用", "用法", "使用说明", "说明", "命令", "指令", "你好", "您好", "嗨", "在吗"},
		Summary:  map[Lang]string{EN: "what I can do, or how to use one command", ZH: "我能做什么，或某个命令的用法"},
		Examples: []string{"help", "help billing"},
		Writes:   Reads,
		Run: func(ctx context.Context, c *Call) (Reply, error) {
			words := c.Args.Words
			for len(words) > 0 && helpFiller(strings.ToLower(words[0])) {
				words = words[1:] // help me, help please billing, 帮助 一下
			}
			if len(words) > 0 {
				cmd, ok := r.Lookup(words[0])
				if !ok && len(words[0]) > 1 && words[0][0] == '/' {
					cmd, ok = r.Lookup(words[0][1:])
				}
				if !ok {
					return Reply{}, r.unknownCommand(c.Lang, words[0])
				}
				return r.commandHelp(c.Lang, cmd), nil
			}
			rep := Reply{
				Title:   T(c.Lang, "gpuadvisor: rent GPUs well", "gpuadvisor：租好 GPU"),
				Summary: T(c.Lang, "Type a command word, then key=value pairs. Chinese command words and keys work too.", "输入命令词，再跟 参数=值；中文命令词和参数同样可用。"),
				Private: true,
			}
			t := Table{Header: []string{T(c.Lang, "command", "命令"), T(c.Lang, "what it does", "用途"), T(c.Lang, "example", "示例")}}
			for _, cmd := range r.cmds {
				if cmd.Name == "help" {
					continue
				}
				ex := cmd.Example(c.Lang)
				if !HasHan(strings.Fields(ex + " x")[0]) { // no example of its own in Chinese words
					ex = r.Localize(c.Lang, cmd.Name, ex)
				}
				name := cmd.Name
				switch zh := hanAlias(cmd.Aliases); {
				case zh != "" && c.Lang == ZH: // a Chinese reply names the command by its Chinese word
					name = zh
				case zh != "":
					name += " / " + zh
				}
				t.Rows = append(t.Rows, []string{name, cmd.Summary[c.Lang], ex})
			}
			rep.Tables = []Table{t}
			rep.Sections = []Section{{Title: T(c.Lang, "More", "更多"), Lines: []string{
				T(c.Lang, "help <command> lists its keys.", "帮助 <命令> 列出该命令的全部参数。"),
				T(c.Lang, "Add --private (私密) to any command to keep the answer to yourself.", "在任意命令后加 --private（私密），回复只有你能看到。"),
			}}}
			rep.Data = map[string]any{"command": "help", "commands": helpData(r.cmds)}
			return rep, nil
		},
	}
}

// helpFiller reports whether s is one of the words around help that ask for nothing more: help me,
// help please, 帮助 一下.
func helpFiller(s string) bool {
	switch s {
	case "me", "please", "pls", "plz", "us", "with", "on", "for", "我", "我们", "一下", "下", "吧", "呢", "啊":
		return true
	}
	return false
}

func helpData(cmds []*Command) []map[string]any {
	var out []map[string]any
	for _, c := range cmds {
		out = append(out, map[string]any{"name": c.Name, "aliases": c.Aliases, "examples": c.Examples})
	}
	return out
}

// commandHelp is `help <command>`: its keys, sub-commands and examples; in
// Chinese each example in Chinese words (Localize).
func (r *Router) commandHelp(lang Lang, cmd *Command) Reply {
	rep := Reply{
		Command: "help",
		Title:   fmt.Sprintf(T(lang, "How to use %s", "%s 的用法"), T(lang, cmd.Name, HanWord(cmd.Name, cmd.Aliases))),
		Summary: cmd.Summary[lang],
		Private: true,
	}
	if len(cmd.Keys) > 0 {
		rep.Tables = append(rep.Tables, keyTable(lang, cmd, "", cmd.Keys))
	}
	var bare []string
	for _, sub := range cmd.Subs {
		title := sub.Name
		if zh := hanAlias(sub.Aliases); zh != "" {
			title = T(lang, title+" ("+zh+")", zh)
		}
		if s := sub.Summary[lang]; s != "" {
			title += T(lang, ": ", "：") + s
		}
		if subWrites(sub) {
			title += T(lang, " (changes stored data: ask suggests it, never runs it)", "（会修改存储的数据：「问」只建议，不会运行）")
		}
		if len(sub.Keys) == 0 {
			bare = append(bare, title)
			continue
		}
		rep.Tables = append(rep.Tables, keyTable(lang, cmd, title, sub.Keys))
	}
	if len(bare) > 0 {
		rep.Sections = append(rep.Sections, Section{Title: T(lang, "Without keys", "无需参数"), Lines: bare})
	}
	if len(cmd.Examples) > 0 {
		lines := cmd.Examples
		if lang == ZH {
			lines = nil
			seen := map[string]bool{}
			for _, ex := range cmd.Examples {
				if l := r.Localize(lang, cmd.Name, ex); !seen[l] {
					seen[l] = true
					lines = append(lines, l)
				}
			}
		}
		rep.Sections = append(rep.Sections, Section{Title: T(lang, "Examples", "示例"), Lines: lines})
	}
	data := map[string]any{"command": "help", "topic": cmd.Name, "aliases": cmd.Aliases, "summary": cmd.Summary[lang],
		"keys": keyData(lang, cmd.Keys), "examples": cmd.Examples}
	var subs []map[string]any
	for _, sub := range cmd.Subs {
		subs = append(subs, map[string]any{"name": sub.Name, "aliases": sub.Aliases, "summary": sub.Summary[lang], "keys": keyData(lang, sub.Keys), "writes": subWrites(sub)})
	}
	if subs != nil {
		data["subcommands"] = subs
	}
	rep.Data = data
	return rep
}

// subWrites reports whether a documented sub-command changes stored data
// (Subs.Docs declares it; a sub-command documented otherwise says nothing).
func subWrites(sub *Command) bool {
	return sub.Writes != nil && sub.Writes(&Call{Args: &Args{pairs: map[string]string{}}})
}

// keyTable lists keys with their other spellings, meaning and an example
// (in Chinese words in a Chinese reply, as cmd spells its values).
func keyTable(lang Lang, cmd *Command, title string, keys []Key) Table {
	t := Table{Title: title, Header: []string{T(lang, "key", "参数"), T(lang, "also", "别名"), T(lang, "meaning", "含义"), T(lang, "example", "示例")}}
	for _, k := range keys {
		word, also := KeySpellings(lang, k.Name, k.Aliases)
		t.Rows = append(t.Rows, []string{word, also, k.Help.In(string(lang)), T(lang, k.Name+"="+k.Example, zhKeys(cmd, keys, zhPhrases(cmd, k.Name+"="+k.Example)))})
	}
	return t
}

// KeySpellings are a key (or a sub-command) as a table of keys in lang
// shows it: in English its name and its other spellings; in Chinese its
// Chinese word (HanWord) and its other Chinese spellings, so that a Chinese
// reply names no key in English (the JSON keeps every spelling).
func KeySpellings(lang Lang, name string, aliases []string) (word, also string) {
	if lang != ZH {
		return name, strings.Join(aliases, " ")
	}
	word = HanWord(name, aliases)
	var others []string
	for _, a := range aliases {
		if a != word && HasHan(a) {
			others = append(others, a)
		}
	}
	return word, strings.Join(others, " ")
}

// keyData is keys in the JSON of help: never null, an empty list.
func keyData(lang Lang, keys []Key) []map[string]any {
	out := []map[string]any{}
	for _, k := range keys {
		aliases := k.Aliases
		if aliases == nil {
			aliases = []string{}
		}
		out = append(out, map[string]any{"name": k.Name, "aliases": aliases, "meaning": k.Help.In(string(lang)), "example": k.Example})
	}
	return out
}

// hanAlias is the first Chinese spelling among aliases, or "".
func hanAlias(aliases []string) string {
	for _, a := range aliases {
		if HasHan(a) {
			return a
		}
	}
	return ""
}
