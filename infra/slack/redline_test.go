package slack

import (
	"encoding/json"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

var testRedline = &chat.Redline{Changes: []chat.RedlineChange{
	{Clause: "2", Spans: []chat.RedlineSpan{{Op: ' ', Text: "2. A failed GPU "}, {Op: '-', Text: "is"}, {Op: '+', Text: "should be"}, {Op: ' ', Text: " replaced <now> & *fast*"}}},
	{Clause: "line 3", Spans: []chat.RedlineSpan{{Op: ' ', Text: "酷算云"}, {Op: '-', Text: "须"}, {Op: '+', Text: "可"}, {Op: ' ', Text: "在4小时内"}}},
}}

// TestRedlineBlocks: a redline in Slack is ~removed~ and *added* in the
// clause's words, the draft's text escaped and unable to close a mark.
func TestRedlineBlocks(t *testing.T) {
	rows := []struct {
		name string
		r    *chat.Redline
		lang chat.Lang
		want []string
	}{
		{"changes", testRedline, chat.EN, []string{"*Changes against the template*", "*clause 2* 2. A failed GPU " + zwsp + "~is~" + zwsp + zwsp + "*should be*" + zwsp + " replaced &lt;now&gt; &amp; ∗fast∗",
			"*line 3* 酷算云" + zwsp + "~须~" + zwsp + zwsp + "*可*" + zwsp + "在4小时内"}},
		{"identical", &chat.Redline{}, chat.ZH, []string{"*与模板相比的改动*", "LLM 的措辞与模板完全相同。"}},
	}
	for _, r := range rows {
		msg := Render(chat.Reply{Command: "draft", Lang: r.lang, Title: "t", Summary: "s", Redline: r.r})
		b, _ := json.Marshal(msg.Blocks)
		var all string
		for _, txt := range redlineTexts(r.lang, r.r) {
			all += txt + "\n"
		}
		for _, w := range r.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: redline %q lacks %q", r.name, all, w)
			}
			js, _ := json.Marshal(w)
			if !strings.Contains(string(b), strings.Trim(string(js), `"`)) {
				t.Errorf("%s: the message's blocks lack %q", r.name, w)
			}
		}
	}
}
