package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/infra/emf"
)

type okPoster struct{}

func (okPoster) Post(context.Context, chat.Target, chat.Reply) error { return nil }

// Each draft posted is counted once by who wrote it: the LLM (its redline
// against the template) or the template; other replies are not drafts.
func TestDraftsCounted(t *testing.T) {
	var buf bytes.Buffer
	posters := countDrafts(map[string]chat.Poster{"slack": okPoster{}}, emf.New(&buf, "drafter"))
	for _, rep := range []chat.Reply{
		{Command: "draft", Redline: &chat.Redline{}},
		{Command: "draft"},
		{Command: "draft", Error: &chat.Error{}},
		{Command: "ask"},
	} {
		if err := posters["slack"].Post(context.Background(), chat.Target{}, rep); err != nil {
			t.Fatal(err)
		}
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"Writer":"llm"`) || !strings.Contains(lines[1], `"Writer":"template"`) {
		t.Errorf("draft metric lines:\n%s\nwant one llm, then one template", buf.String())
	}
}
