package draft

import (
	"encoding/json"
	"strings"
	"testing"

	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/slack"
)

// TestDraftIsEscapedByTheRenderers: the draft travels in Reply fields the
// Slack and Feishu renderers escape, so a vendor name with markup stays text.
func TestDraftIsEscapedByTheRenderers(t *testing.T) {
	rep := handle(router(Options{}), "draft sla vendor=A&B", true)
	if rep.Error != nil {
		t.Fatal(rep.Error)
	}
	b, err := json.Marshal(slack.Render(rep).Blocks)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	collect(&texts, b)
	joined := strings.Join(texts, "\n")
	if !strings.Contains(joined, "A&amp;B provides technical support 7x24") || strings.Contains(joined, "A&B provides") {
		t.Errorf("Slack blocks do not carry the escaped draft:\n%s", joined)
	}
	card := feishu.RenderCard(rep)
	want := feishu.EscapeMD("A&B provides technical support 7x24")
	if want == "A&B provides technical support 7x24" {
		t.Fatalf("EscapeMD does not escape &: the test needs another character")
	}
	var cardTexts []string
	collect(&cardTexts, []byte(card))
	cardContent := strings.Join(cardTexts, "\n") + card
	if !strings.Contains(cardContent, want) {
		t.Errorf("Feishu card does not carry the escaped draft %q:\n%s", want, card)
	}
}

// collect gathers every "text" string in a JSON document.
func collect(out *[]string, b []byte) {
	var v any
	_ = json.Unmarshal(b, &v)
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if s, ok := e.(string); ok && k == "text" {
					*out = append(*out, s)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
}
