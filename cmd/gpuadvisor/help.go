package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"gpuadvisor/chat"
)

// jsonVersion is the version of the JSON the CLI prints (docs/json.md):
// every object carries it as "version", with "build" when the binary knows
// its own version. It changes when a field is renamed or removed, not when
// one is added.
const jsonVersion = "1"

// buildVersion is the module version the binary was built at (go install
// ...@v1.2.0), else its VCS revision (go build in a checkout), else "".
func buildVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return ""
	}
	return rev + dirty
}

// withVersion puts "version" (and "build") first in a JSON object as
// chat.RenderJSON or json.MarshalIndent wrote it; anything else is returned
// as it is.
func withVersion(b []byte) []byte {
	head := `"version": ` + quote(jsonVersion)
	if v := buildVersion(); v != "" {
		head += `, "build": ` + quote(v)
	}
	t := bytes.TrimSpace(b)
	if len(t) < 2 || t[0] != '{' {
		return b
	}
	rest := bytes.TrimSpace(t[1:])
	var out bytes.Buffer
	out.WriteString("{\n  " + head)
	if !bytes.Equal(rest, []byte("}")) {
		out.WriteString(",\n  ")
		out.Write(rest)
	} else {
		out.WriteString("\n}")
	}
	out.WriteByte('\n')
	return out.Bytes()
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// writeJSON prints v as the CLI's JSON, with its version.
func writeJSON(w io.Writer, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		b, _ = json.Marshal(map[string]any{"error": chat.Error{Code: chat.CodeInternal, Message: "could not encode the answer: " + err.Error()}})
	}
	w.Write(withVersion(append(b, '\n')))
}

// cliFail reports a subcommand's error: {"error":{...}} on stdout with
// --json, else "gpuadvisor <sub>: message" on stderr. It returns exit.
func cliFail(asJSON bool, stdout, stderr io.Writer, sub string, e chat.Error, exit int) int {
	if asJSON {
		writeJSON(stdout, map[string]any{"error": e})
		return exit
	}
	fmt.Fprintf(stderr, "gpuadvisor %s: %s\n", sub, e.Message)
	return exit
}

// isHelpFlag is a word asking for help after a command.
func isHelpFlag(a string) bool {
	switch a {
	case "--help", "-help", "-h", "help", "帮助":
		return true
	}
	return false
}

// wantsHelp says whether args (after a subcommand word) ask for its help.
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "--help" || a == "-help" || a == "-h" {
			return true
		}
	}
	return len(args) == 1 && isHelpFlag(args[0])
}

// usages are the CLI's own subcommands, for help and <sub> --help.
var usages = map[string]string{"remind": remindUsage, "store": storeUsage}

// printUsage prints a CLI subcommand's usage for help: text, or JSON with
// its version.
func printUsage(g globals, sub string, stdout io.Writer) int {
	if g.JSON {
		writeJSON(stdout, map[string]any{"command": "help", "topic": sub, "usage": usages[sub]})
		return 0
	}
	fmt.Fprintln(stdout, usages[sub])
	return 0
}

// cliFlag is one flag or subcommand of the CLI itself, for help.
type cliFlag struct {
	Name    string `json:"name"`
	Meaning string `json:"meaning"`
	Example string `json:"example"`
}

// cliFlags are the CLI's own flags and subcommands, in lang.
func cliFlags(lang chat.Lang) (flags, subs []cliFlag) {
	t := func(en, zh string) string { return chat.T(lang, en, zh) }
	flags = []cliFlag{
		{"--json", t("print the answer as JSON (docs/json.md); errors too", "以 JSON 输出回答（见 docs/json.md），错误也是"), "gpuadvisor --json billing ondemand=35 monthly=15000 hours=300"},
		{"--lang zh|en", t("the reply's language (default: the language you type)", "回复语言（默认跟随输入的语言）"), "gpuadvisor --lang en 计费 按需=35 包月=1.5万 时长=300"},
		{"--db FILE", t("the embedded store file (default: GPUADVISOR_DB, else gpuadvisor/gpuadvisor.db in your data directory)", "内嵌存储文件（默认 GPUADVISOR_DB，否则为数据目录下的 gpuadvisor/gpuadvisor.db）"), "gpuadvisor --db ./gpuadvisor.db renewal list"},
		{"--file FILE", t("read a command's input from a file (quote's YAML, the text for checklist check or trial check)", "从文件读取命令输入（quote 的 YAML，checklist check 或 trial check 的原文）"), "gpuadvisor quote --file quotes.yaml"},
		{"--chart FILE", t("write the reply's chart to FILE: SVG or PNG by its extension (billing, quote, tier); a PNG draws Chinese with a CJK font of the machine or the one GPUADVISOR_FONT names", "把回复中的图表写入文件：按扩展名为 SVG 或 PNG（billing、quote、tier）；PNG 用本机的中文字体或 GPUADVISOR_FONT 指定的字体画中文"), "gpuadvisor billing ondemand=35 monthly=15000 hours=300 --chart billing.svg"},
		{"--full", t("the whole answer: derivations, full tables and every follow-up, not only the short first reply", "完整回答：推导过程、完整表格和全部后续步骤，而不只是简短回复"), "gpuadvisor checklist check --full --file answer.txt"},
		{"--now DATE", t("today, for remind and renewal (YYYY-MM-DD)", "remind 和 renewal 使用的“今天”（YYYY-MM-DD）"), "gpuadvisor remind --now 2027-01-01"},
		{"--dry-run", t("remind: list what is due, send and mark nothing", "remind：只列出到期提醒，不发送也不记录"), "gpuadvisor remind --dry-run"},
	}
	subs = []cliFlag{
		{"help [command]", t("this list, or one command's keys with their Chinese spellings (also: <command> --help)", "本列表，或某个命令的全部参数及中文写法（也可用 <命令> --help）"), "gpuadvisor help billing"},
		{"serve", t("the whole bot on this machine: Slack and Feishu, the drafter, reminders (serve --help)", "在本机运行整个机器人：Slack 和飞书、起草、提醒（serve --help）"), "gpuadvisor serve --slack-socket --feishu-ws"},
		{"doctor", t("check the configuration and the deployed URLs, and say what to fix (doctor --help)", "检查配置和已部署的地址，并说明如何修复（doctor --help）"), "gpuadvisor doctor --slack-url https://abc.lambda-url.ap-east-1.on.aws/"},
		{"remind", t("send the renewal reminders due now, once each (remind --help)", "发送当前到期的续约提醒，每条只发一次（remind --help）"), "gpuadvisor remind --now 2027-01-01 --dry-run"},
		{"store check|salvage|backup", t("check the store file page by page and record by record, keep what can be read, or copy it safely (store --help)", "逐页逐条检查存储文件，保留能读出的记录，或安全地备份（store --help）"), "gpuadvisor store backup ./gpuadvisor-backup.db"},
	}
	return flags, subs
}

// addCLIHelp adds the CLI's own flags and subcommands to the help overview.
func addCLIHelp(rep *chat.Reply, lang chat.Lang) {
	flags, subs := cliFlags(lang)
	table := func(title string, rows []cliFlag) chat.Table {
		t := chat.Table{Title: title, Header: []string{chat.T(lang, "in the terminal", "终端"), chat.T(lang, "what it does", "用途"), chat.T(lang, "example", "示例")}}
		for _, f := range rows {
			t.Rows = append(t.Rows, []string{f.Name, f.Meaning, f.Example})
		}
		return t
	}
	rep.Tables = append(rep.Tables,
		table(chat.T(lang, "Terminal flags (anywhere on the line)", "终端参数（可放在命令行任意位置）"), flags),
		table(chat.T(lang, "Terminal subcommands", "终端子命令"), subs))
	if m, ok := rep.Data.(map[string]any); ok {
		m["cli"] = map[string]any{"usage": "gpuadvisor [flags] <command> key=value ...", "flags": flags, "subcommands": subs}
	}
}

// isHelpOverview is the reply of `help` without a topic.
func isHelpOverview(rep chat.Reply) bool {
	m, ok := rep.Data.(map[string]any)
	if !ok || rep.Error != nil || m["command"] != "help" {
		return false
	}
	_, topic := m["topic"]
	return !topic
}

// helpRequest rewrites a command line asking for help: `<command> --help`
// becomes `help <command>`. rest is g.Rest.
func helpRequest(rest []string) []string {
	if len(rest) < 2 || isHelpFlag(rest[0]) {
		return rest
	}
	for _, a := range rest[1:] {
		if a == "--help" || a == "-help" || a == "-h" {
			return []string{"help", rest[0]}
		}
	}
	return rest
}

// cliTopic is the CLI subcommand `help <topic>` asks about, or "".
func cliTopic(rest []string) string {
	if len(rest) == 2 && isHelpFlag(rest[0]) {
		if t := strings.ToLower(rest[1]); t == "remind" || t == "store" || t == "serve" {
			return t
		}
	}
	return ""
}
