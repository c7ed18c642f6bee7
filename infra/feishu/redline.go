package feishu

import (
	"strings"

	"gpuadvisor/chat"
)

// redlinePart renders a draft's redline as card markdown: each changed
// clause with ~~removed~~ and **added** in its words, the draft's text
// escaped (EscapeMD).
func (rr *renderer) redlinePart(lang chat.Lang, r *chat.Redline) part {
	if len(r.Changes) == 0 {
		return rr.linesPart(chat.RedlineTitle(lang), EscapeMD(chat.RedlineIdentical(lang)), 0, nil)
	}
	return rr.linesPart(chat.RedlineTitle(lang), "", len(r.Changes), func(i int) string {
		c := r.Changes[i]
		head := bold(c.ClauseLabel(lang)) + " "
		n := 0
		for _, s := range c.Spans {
			n += len(s.Text)
		}
		context := n <= maxLine/2 // a long line: only the changes
		var b strings.Builder
		for _, s := range c.Spans {
			t := EscapeMD(strings.ReplaceAll(rr.clip(s.Text, maxLine/4), "\n", " "))
			switch s.Op {
			case '-':
				b.WriteString("~~" + t + "~~")
			case '+':
				b.WriteString("**" + t + "**")
			default:
				if context {
					b.WriteString(t)
				} else {
					b.WriteString(" … ")
				}
			}
		}
		return head + b.String()
	})
}
