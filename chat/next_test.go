package chat

import (
	"strings"
	"testing"
)

// The text's Details line repeats a short command with --full, and says to
// add --full to a long one (a pasted answer, several vendors) rather than
// printing it again.
func TestNextLineNeverRepeatsALongCommand(t *testing.T) {
	short := "quote hours=300 cards=8 A: price=35; B: price=29"
	long := "quote hours=300 cards=8 storage_gb=2000 egress_gb=3000 run_tokens=2b A: price=35 storage_price=0.3 tokens_s=21000; B: price=29 egress_price=0.8 tokens_s=14000"
	for _, tc := range []struct {
		lang   Lang
		asked  string
		want   string
		reject string
	}{
		{EN, short, "Next: gpuadvisor '" + short + " --full'", ""},
		{EN, long, "Next: run the same command with --full", "storage_price"},
		{ZH, long, "下一步：在同一命令中加上 --full 再运行一次", "storage_price"},
	} {
		out := RenderText(Reply{Lang: tc.lang, Title: "t", Buttons: []Button{{Action: ActionDetails, Label: "Details", Value: tc.asked}}})
		if !strings.Contains(out, tc.want) {
			t.Errorf("%s %q: text lacks %q:\n%s", tc.lang, tc.asked[:20], tc.want, out)
		}
		if tc.reject != "" && strings.Contains(out, tc.reject) {
			t.Errorf("%s: the long command is repeated:\n%s", tc.lang, out)
		}
	}
}
