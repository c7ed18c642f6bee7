// Command gpuadvisor answers every chat command in a terminal, and with
// `serve` runs the whole bot on one machine.
//
//	gpuadvisor [--json] [--lang zh|en] [--db FILE] <command> key=value ...
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/cmd/gpuadvisor/doctor"
	"gpuadvisor/cmd/gpuadvisor/serve"
	"gpuadvisor/commands"
	"gpuadvisor/infra/chartfile"
	"gpuadvisor/infra/llm"
	"gpuadvisor/internal/wire"
)

// globals are the flags accepted anywhere on the command line.
type globals struct {
	JSON   bool
	Lang   chat.Lang
	DB     string
	File   string
	Now    string
	DryRun bool
	Chart  string   // --chart FILE: the reply's charts as SVG or PNG (chart.go)
	Rest   []string // everything else, in order
}

func main() {
	os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr, os.Getenv))
}

// Main runs one command line and returns the exit status: the global flags,
// then `serve`, `doctor`, `remind` or a chat command with its arguments. getenv is the
// environment (os.Getenv in main).
func Main(argv []string, stdout, stderr io.Writer, getenv func(string) string) int {
	g, err := parseGlobals(argv)
	if err != nil {
		return flagError(argv, err, stdout, stderr)
	}
	if t := cliTopic(g.Rest); t != "" {
		g.Rest = []string{t, "--help"}
	}
	if len(g.Rest) > 0 {
		switch sub := g.Rest[0]; sub {
		case "serve":
			if wantsHelp(g.Rest[1:]) {
				return serve.Main([]string{"--help"}, g.DB, stdout, stdout, getenv)
			}
			if g.Now != "" || g.DryRun || g.JSON || g.File != "" {
				return cliFail(g.JSON, stdout, stderr, "serve", chat.Error{Code: chat.CodeInvalid, Key: "serve", Example: "gpuadvisor serve --slack-socket",
					Message: "--now, --dry-run, --json and --file are for one-shot commands (gpuadvisor remind --now ... runs the reminder once)"}, 2)
			}
			return serve.Main(g.Rest[1:], g.DB, stdout, stderr, getenv)
		case "doctor":
			if wantsHelp(g.Rest[1:]) {
				fmt.Fprint(stdout, doctor.Usage)
				return 0
			}
			return doctor.Main(context.Background(), g.Rest[1:], g.JSON, g.Lang, stdout, stderr, getenv)
		case "remind", "store":
			if wantsHelp(g.Rest[1:]) {
				return printUsage(g, sub, stdout)
			}
			if sub == "remind" {
				return runRemind(g, stdout, stderr, getenv)
			}
			return runStore(g, stdout, stderr, getenv)
		}
	}
	g.Rest = helpRequest(g.Rest)
	deps, closeDeps, err := openDeps(g, getenv)
	if err != nil && g.JSON {
		stdout.Write(withVersion(chat.RenderJSON(chat.Reply{Error: &chat.Error{Code: chat.CodeUnavailable, Message: err.Error()}})))
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "gpuadvisor:", err)
		return 1
	}
	defer closeDeps()
	req := chat.Request{Text: chat.JoinArgs(g.Rest), Lang: g.Lang, Platform: "cli", Tenant: "cli:local", Channel: "terminal", User: getenv("USER"), Sync: true}
	if g.File != "" {
		b, err := os.ReadFile(g.File)
		if err != nil {
			if g.Lang == chat.ZH || g.Lang == "" && chat.HasHan(req.Text) { // the user's language, as the reply's
				why := "无法读取"
				if errors.Is(err, fs.ErrNotExist) {
					why = "文件不存在"
				}
				return flagError(argv, fmt.Errorf("--file: %s：%s", g.File, why), stdout, stderr)
			}
			return flagError(argv, fmt.Errorf("--file: %w", err), stdout, stderr)
		}
		req.Attachment = string(b)
	}
	rep := commands.New(deps).Handle(context.Background(), req)
	if isHelpOverview(rep) {
		addCLIHelp(&rep, rep.Lang)
	}
	switch {
	case g.JSON:
		stdout.Write(withVersion(chat.RenderJSON(rep)))
	case rep.Error != nil:
		fmt.Fprint(stderr, chat.RenderText(rep)) // a chat-style error: stderr, as every CLI error
	default:
		fmt.Fprint(stdout, chat.RenderTextWidth(chat.Brief(rep), columns(stdout, getenv)))
	}
	if g.Chart != "" && rep.Error == nil {
		return writeChart(g, deps, req, rep, stdout, stderr, getenv)
	}
	return exitCode(rep)
}

// openDeps builds the commands' dependencies for a CLI run, from the same
// environment as the functions: the LLM from OPENAI_API_KEY, OPENAI_BASE_URL,
// OPENAI_MODEL and OPENAI_TIMEOUT (none: template drafts; a half-done
// configuration is not an error here, every draft says what is missing),
// the clock fixed by --now, and the embedded store, opened only when a
// command uses it. The returned func closes what was opened.
func openDeps(g globals, getenv func(string) string) (commands.Deps, func(), error) {
	d := commands.Deps{LLM: llm.FromGetenv(getenv)}
	if g.Now != "" {
		now, err := parseNow(g.Now, rules.Shanghai())
		if err != nil {
			return d, func() {}, err
		}
		d.Now = func() time.Time { return now }
	}
	path, err := wire.StorePath(g.DB, getenv)
	if err != nil {
		return d, func() {}, err
	}
	lazy := &lazyStore{path: path}
	d.Renewals, d.Prices, d.Settings, d.Checks, d.Trials = lazy, lazy, lazy, lazy, lazy
	d.ReadFile = os.ReadFile // tier config=<path>
	return d, func() { lazy.Close() }, nil
}

func exitCode(rep chat.Reply) int {
	if rep.Error == nil {
		return 0
	}
	switch rep.Error.Code {
	case chat.CodeInternal, chat.CodeUnavailable:
		return 1
	}
	return 2
}

func parseGlobals(argv []string) (globals, error) {
	var g globals
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		name, val, hasVal := strings.Cut(a, "=")
		switch name {
		case "--json", "-json":
			g.JSON = true
		case "--dry-run", "-dry-run":
			g.DryRun = true
		case "--lang", "-lang", "--db", "-db", "--file", "-file", "-f", "--chart", "-chart", "--now", "-now":
			if !hasVal {
				if i+1 >= len(argv) {
					return g, fmt.Errorf("%s needs a value, for example %s", name, flagExample(name))
				}
				i++
				val = argv[i]
			}
			if err := g.set(name, val); err != nil {
				return g, err
			}
		default:
			g.Rest = append(g.Rest, a)
		}
	}
	return g, nil
}

// set sets the global flag name (one that takes a value) to v, checked.
func (g *globals) set(name, v string) error {
	switch name {
	case "--lang", "-lang":
		l, ok := chat.ParseLang(v)
		if !ok {
			return fmt.Errorf("--lang %q is not zh or en; for example --lang zh", v)
		}
		g.Lang = l
	case "--db", "-db":
		g.DB = v
	case "--file", "-file", "-f":
		g.File = v
	case "--chart", "-chart":
		if chartfile.Format(v) == "" {
			return fmt.Errorf("--chart %q: the file must end in .svg or .png, for example %s", v, flagExample(name))
		}
		g.Chart = v
	case "--now", "-now":
		g.Now = v
	}
	return nil
}

func flagExample(name string) string {
	switch name {
	case "--lang", "-lang":
		return "--lang zh"
	case "--db", "-db":
		return "--db ./gpuadvisor.db"
	case "--file", "-file", "-f":
		return "--file quotes.yaml"
	case "--now", "-now":
		return "--now 2027-01-01"
	case "--chart", "-chart":
		return "--chart cost.svg"
	}
	return name + " VALUE"
}

// flagError reports a bad command-line flag: as {"error":{...}} when --json
// was asked for, else one line on stderr; exit status 2 either way.
func flagError(argv []string, err error, stdout, stderr io.Writer) int {
	for _, a := range argv {
		if a == "--json" || a == "-json" {
			key, _, _ := strings.Cut(err.Error(), " ")
			key = strings.TrimSuffix(key, ":")
			stdout.Write(withVersion(chat.RenderJSON(chat.Reply{Error: &chat.Error{Code: chat.CodeInvalid, Key: key, Message: err.Error(), Example: flagExample(key)}})))
			return 2
		}
	}
	fmt.Fprintln(stderr, "gpuadvisor:", err)
	return 2
}
