package testkit

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// Example is one example line of a command in one language: the goldens
// of every surface (text, charts, Block Kit, Feishu cards) pin its reply.
type Example struct {
	// Command is the command's name ("checklist"), N the example's place
	// among its examples, from 1.
	Command string
	N       int
	Text    string
	Lang    chat.Lang
}

// Examples lists every example of every command of r, each in English
// and in Chinese: a command added later is covered at once.
func Examples(r *chat.Router) []Example { return examplesOf(r.Commands()) }

func examplesOf(cmds []*chat.Command) []Example {
	var out []Example
	for _, cmd := range cmds {
		for i, ex := range cmd.Examples {
			for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
				out = append(out, Example{Command: cmd.Name, N: i + 1, Text: ex, Lang: lang})
			}
		}
	}
	return out
}

var unsafeRun = regexp.MustCompile(`[^a-z0-9]+`)

// Slug is name in lower case with each run of other characters than a-z
// and 0-9 written as sep, for a file name: "draft sla" is draft_sla.
func Slug(name, sep string) string {
	return unsafeRun.ReplaceAllString(strings.ToLower(name), sep)
}

// JSON is v as golden files keep it: indented by two spaces, HTML left
// as typed, a final newline.
func JSON(t testing.TB, v any) []byte {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
