package feishu

import (
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// TestRedlineCard: a redline in a Feishu card is ~~removed~~ and **added**
// in the clause's words, the draft's text escaped.
func TestRedlineCard(t *testing.T) {
	r := &chat.Redline{Changes: []chat.RedlineChange{
		{Clause: "2", Spans: []chat.RedlineSpan{{Op: ' ', Text: "2. 酷算云"}, {Op: '-', Text: "须"}, {Op: '+', Text: "可"}, {Op: ' ', Text: "在4小时内 <b>"}}},
	}}
	card := RenderCard(chat.Reply{Command: "draft", Lang: chat.ZH, Title: "t", Summary: "s", Redline: r})
	for _, w := range []string{"与模板相比的改动", "第 2 条", "~~须~~**可**", "在4小时内 &#60;b&#62;"} {
		if !strings.Contains(card, w) {
			t.Errorf("card lacks %q:\n%s", w, card)
		}
	}
	same := RenderCard(chat.Reply{Command: "draft", Lang: chat.EN, Title: "t", Summary: "s", Redline: &chat.Redline{}})
	if !strings.Contains(same, "identical to the template") {
		t.Errorf("an unchanged draft must say so:\n%s", same)
	}
}
