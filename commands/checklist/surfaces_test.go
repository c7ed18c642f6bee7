package checklist

import (
	"context"
	"encoding/json"
	"html"
	"strings"
	"testing"

	cl "gpuadvisor/advisor/checklist"
	"gpuadvisor/chat"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/slack"
)

// onPlatform answers text as the platform does, before it is rendered.
func onPlatform(text, platform string) chat.Reply {
	return router().Handle(context.Background(), chat.Request{Text: text, Platform: platform})
}

// TestShortFormsAgree: the short reply of `checklist check` shows the same
// things in the terminal (after chat.Brief, as the CLI prints it), in Slack
// and in Feishu: the verdict's reasons, each risk, the top questions. It
// never says "unless they fix the risks below" with no risk below, and the
// terminal's next step never repeats a paste longer than 80 characters.
func TestShortFormsAgree(t *testing.T) {
	for _, f := range []string{"hedged_zh.txt", "hedged_en.txt", "traps_zh.txt", "traps_en.txt", "evasive_en.txt", "evasive_zh.txt", "mixed_zh.txt", "terms_zh.txt", "terms_en.txt"} {
		paste := fixture(t, f)
		text := "checklist check " + paste
		cli := chat.Brief(onPlatform(text, "cli"))
		term := chat.RenderText(cli)
		r := cl.Check(paste)
		lang := string(cli.Lang)
		var want []string
		for _, why := range r.Reasons {
			want = append(want, why.In(lang))
		}
		for _, fd := range r.Findings {
			if fd.Status == cl.Risk {
				want = append(want, fd.Item.Name.In(lang)+chat.T(cli.Lang, ": “", "：“")+chat.Truncate(fd.Evidence, 80))
			}
		}
		asks := r.AskNext()
		for _, fd := range asks[:min(3, len(asks))] {
			want = append(want, fd.Item.Question.In(lang))
		}
		sl, err := json.Marshal(slack.Render(onPlatform(text, "slack")))
		if err != nil {
			t.Fatal(err)
		}
		card := html.UnescapeString(feishu.RenderCard(onPlatform(text, "feishu"))) // lark_md escapes ( ) [ ] . _ as &#NN;
		for _, w := range want {
			if !strings.Contains(term, w) {
				t.Errorf("%s: the terminal's short reply lacks %q:\n%s", f, w, term)
			}
			if !strings.Contains(string(sl), jsonText(w)) {
				t.Errorf("%s: Slack's short reply lacks %q", f, w)
			}
			if !strings.Contains(card, jsonText(w)) {
				t.Errorf("%s: Feishu's short reply lacks %q", f, w)
			}
		}
		if r.Counts.Risk == 0 && (strings.Contains(term, "fix the risks") || strings.Contains(term, "解决下面的风险")) {
			t.Errorf("%s: no risk, yet the reply asks to fix the risks below:\n%s", f, term)
		}
		if r.Verdict == cl.Avoid && r.Counts.Risk == 0 && !strings.Contains(term, chat.T(cli.Lang, "severe red flag", "严重红旗")) {
			t.Errorf("%s: avoid without a risk must show its severe red flag:\n%s", f, term)
		}
		for _, line := range strings.Split(term, "\n") {
			if (strings.HasPrefix(line, "Next:") || strings.HasPrefix(line, "下一步：") || strings.HasPrefix(line, "  - ")) && len(paste) > 80 && strings.Contains(line, paste[:80]) {
				t.Errorf("%s: a next step repeats the paste: %.120q", f, line)
			}
		}
	}
}

// jsonText is s as encoding/json writes it inside a string.
func jsonText(s string) string {
	b, _ := json.Marshal(s)
	return string(b[1 : len(b)-1])
}
