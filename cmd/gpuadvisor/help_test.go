package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// helpJSON is the JSON of `help` and `help <command>`.
type helpJSON struct {
	Version  string `json:"version"`
	Command  string `json:"command"`
	Topic    string `json:"topic"`
	Commands []struct {
		Name string `json:"name"`
	} `json:"commands"`
	Keys        []map[string]any `json:"keys"`
	Subcommands []struct {
		Name string           `json:"name"`
		Keys []map[string]any `json:"keys"`
	} `json:"subcommands"`
	CLI struct {
		Flags       []cliFlag `json:"flags"`
		Subcommands []cliFlag `json:"subcommands"`
	} `json:"cli"`
}

func decode[T any](t *testing.T, what, s string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("%s: stdout is not JSON: %v\n%s", what, err, s)
	}
	return v
}

// TestHelpListsTheCLI: help names every flag and subcommand of the
// terminal, in text and in JSON.
func TestHelpListsTheCLI(t *testing.T) {
	code, out, errs := runCLI("help")
	if code != 0 || errs != "" {
		t.Fatalf("help: exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{"--json", "--lang", "--db", "--file", "--chart", "--full", "--now", "--dry-run", "remind", "serve", "doctor", "store check|salvage|backup", "help [command]"} {
		if !strings.Contains(out, want) {
			t.Errorf("help does not list %s:\n%s", want, out)
		}
	}
	code, out, _ = runCLI("--json", "--lang", "zh", "help")
	h := decode[helpJSON](t, "--json help", out)
	if code != 0 || h.Version != "1" || len(h.CLI.Flags) != 8 || len(h.CLI.Subcommands) != 5 || len(h.Commands) < 8 {
		t.Errorf("--json help: exit %d, version %q, %d flags, %d subcommands, %d commands; want 0, \"1\", 8, 5, at least 8",
			code, h.Version, len(h.CLI.Flags), len(h.CLI.Subcommands), len(h.Commands))
	}
	if len(h.CLI.Flags) > 0 && !strings.Contains(h.CLI.Flags[0].Meaning, "JSON") || strings.Contains(h.CLI.Flags[1].Meaning, "the reply") {
		t.Errorf("--lang zh help: the flags are not described in Chinese: %+v", h.CLI.Flags[:2])
	}
}

// TestEveryCommandExplainsItself: for every chat command help lists, `help
// <command>` documents keys (its own or its sub-commands'), and `<command>
// --help` and `<command> -h` answer on stdout with exit 0.
func TestEveryCommandExplainsItself(t *testing.T) {
	_, out, _ := runCLI("--json", "help")
	cmds := decode[helpJSON](t, "--json help", out).Commands
	for _, c := range cmds {
		if c.Name == "help" {
			continue
		}
		_, out, _ := runCLI("--json", "help", c.Name)
		h := decode[helpJSON](t, "help "+c.Name, out)
		keys := len(h.Keys)
		for _, s := range h.Subcommands {
			keys += len(s.Keys)
		}
		if h.Topic != c.Name || h.Version != "1" || (keys == 0 && len(h.Subcommands) == 0) {
			t.Errorf("help %s: topic %q, version %q, %d keys and %d parts documented; want the keys, or the parts that take none", c.Name, h.Topic, h.Version, keys, len(h.Subcommands))
		}
		for _, flag := range []string{"--help", "-h"} {
			code, out, errs := runCLI(c.Name, flag)
			if code != 0 || errs != "" || !strings.Contains(out, "How to use "+c.Name) {
				t.Errorf("%s %s: exit %d, stderr %q, stdout %.80q; want 0 and its help", c.Name, flag, code, errs, out)
			}
		}
	}
	code, out, errs := runCLI("renewal", "add", "vendor=x", "--help")
	if code != 0 || errs != "" || !strings.Contains(out, "renewal add") || !strings.Contains(out, "renews") {
		t.Errorf("renewal add ... --help: exit %d, stderr %q; want the keys of renewal add:\n%s", code, errs, out)
	}
}

// TestSubcommandHelp: serve, remind and store answer --help, -h and `help
// <sub>` with their usage on stdout and exit 0.
func TestSubcommandHelp(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--help"}, {"serve", "-h"}, {"help", "serve"},
		{"remind", "--help"}, {"remind", "-h"}, {"help", "remind"}, {"remind", "help"},
		{"store", "--help"}, {"store", "backup", "-h"}, {"help", "store"},
	} {
		code, out, errs := runCLI(args...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "usage: gpuadvisor") || !strings.Contains(out, args[0]) && !strings.Contains(out, args[1]) {
			t.Errorf("%v: exit %d, stderr %q, stdout %.60q; want 0 and the usage on stdout", args, code, errs, out)
		}
	}
	code, out, _ := runCLI("--json", "remind", "--help")
	if h := decode[map[string]any](t, "--json remind --help", out); code != 0 || h["topic"] != "remind" || !strings.HasPrefix(h["usage"].(string), "usage:") {
		t.Errorf("--json remind --help: exit %d, %v", code, h)
	}
}

// TestEveryErrorIsJSONWithJSON: with --json, no error reaches stderr; each
// is {"version","error":{code,key,message,example}} with the right exit.
func TestEveryErrorIsJSONWithJSON(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.db")
	for _, tc := range []struct {
		args       []string
		exit       int
		code, key  string
		hasExample bool
	}{
		{[]string{"--json", "billing", "ondemand=x"}, 2, "invalid_input", "ondemand", true},
		{[]string{"--json", "remind", "--now", "yesterday"}, 2, "invalid_input", "--now", true},
		{[]string{"--json", "remind", "extra"}, 2, "invalid_input", "remind", true},
		{[]string{"--json", "store"}, 2, "invalid_input", "store", true},
		{[]string{"--json", "store", "backup"}, 2, "invalid_input", "store", true},
		{[]string{"--json", "--db", missing, "store", "check"}, 1, "not_found", "--db", true},
		{[]string{"--json", "serve"}, 2, "invalid_input", "serve", true},
		{[]string{"--json", "--lang", "fr", "help"}, 2, "invalid_input", "--lang", true},
	} {
		code, out, errs := runCLI(tc.args...)
		v := decode[struct {
			Version string
			Error   struct{ Code, Key, Message, Example string }
		}](t, strings.Join(tc.args, " "), out)
		if code != tc.exit || errs != "" || v.Version != "1" || v.Error.Code != tc.code || v.Error.Key != tc.key || v.Error.Message == "" || (v.Error.Example != "") != tc.hasExample {
			t.Errorf("%v: exit %d, stderr %q, %+v; want exit %d, nothing on stderr, version 1, %s on %s", tc.args, code, errs, v, tc.exit, tc.code, tc.key)
		}
	}
}

// TestChatErrorsGoToStderr: in the terminal, a command's error is printed on
// stderr (exit 2) and stdout stays empty, so `gpuadvisor ... > out` keeps
// only answers.
func TestChatErrorsGoToStderr(t *testing.T) {
	code, out, errs := runCLI("billing", "ondemand=x", "monthly=15000", "hours=300")
	if code != 2 || out != "" || !strings.Contains(errs, "ondemand") || !strings.Contains(errs, "Example: billing") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2, nothing, the error with its example", code, out, errs)
	}
	code, out, errs = runCLI("billing", "ondemand=35", "monthly=15000", "hours=300")
	if code != 0 || errs != "" || !strings.Contains(out, "¥15,000 / ¥35/h = 428.57") {
		t.Errorf("a good command: exit %d, stderr %q; want the break-even ¥15,000 / ¥35/h = 428.57 on stdout (the short reply):\n%s", code, errs, out)
	}
}

func TestWithVersion(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"{\n  \"a\": 1\n}\n", "{\n  \"version\": \"1\",\n  \"a\": 1\n}\n"},
		{"{}\n", "{\n  \"version\": \"1\"\n}\n"},
		{"[1]\n", "[1]\n"}, // not an object: unchanged
		{"", ""},
	} {
		got := string(withVersion([]byte(tc.in)))
		if buildVersion() != "" { // a stamped binary: "build" follows "version"
			tc.want = strings.Replace(tc.want, `"version": "1"`, `"version": "1", "build": "`+buildVersion()+`"`, 1)
		}
		if got != tc.want {
			t.Errorf("withVersion(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if strings.HasPrefix(tc.in, "{") {
			var v map[string]any
			if err := json.Unmarshal([]byte(got), &v); err != nil || v["version"] != "1" {
				t.Errorf("withVersion(%q) = %q: not JSON with version 1 (%v)", tc.in, got, err)
			}
		}
	}
}
