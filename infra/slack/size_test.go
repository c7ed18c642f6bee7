package slack

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
)

// maxTypicalBlocks is the most Block Kit JSON a typical answer may take
// (issue 17: a `checklist check` of a typical answer stays under 6,000
// characters of blocks), so it reads on a phone without scrolling forever.
const maxTypicalBlocks = 6000

// TestTypicalAnswersStayShort renders the short reply of a checklist check
// of each typical sales answer, and the examples of the commands that draw
// charts and tables, and counts the characters of their blocks as Slack
// receives them (compact JSON).
func TestTypicalAnswersStayShort(t *testing.T) {
	var texts []string
	for _, f := range []string{"mixed_en.txt", "mixed_zh.txt", "evasive_en.txt", "evasive_zh.txt", "traps_en.txt", "concrete_en.txt"} {
		raw, err := os.ReadFile(filepath.Join("..", "..", "advisor", "checklist", "testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, "checklist check vendor=X "+string(raw))
	}
	texts = append(texts,
		"billing ondemand=35 monthly=15000 hours=300",
		"quote hours=300 cards=8 storage_gb=2000 egress_gb=3000 A: price=35 storage_price=0.3 egress_price=0.8 tokens_s=21000; B: price=29 egress_price=0.8 tokens_s=14000",
		"tier model=qwen2.5-14b mode=lora seq=4096")
	for _, text := range texts {
		for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
			rep := commands.New(commands.Deps{Now: fixedNow}).Handle(context.Background(), chat.Request{Text: text, Lang: lang, Platform: "slack"})
			raw, err := json.Marshal(Render(rep).Blocks)
			if err != nil {
				t.Fatal(err)
			}
			if n := len([]rune(string(raw))); n > maxTypicalBlocks {
				t.Errorf("%s (%s): %d characters of blocks, want at most %d", chat.Truncate(text, 60), lang, n, maxTypicalBlocks)
			}
		}
	}
}
