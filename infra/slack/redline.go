package slack

import (
	"strings"

	"gpuadvisor/chat"
)

// zwsp (U+200B) lets Slack read a ~strike~ or *bold* that touches letters,
// as in Chinese text, where no space separates the words.
const zwsp = "\u200b"

// redlineTexts renders a draft's redline as mrkdwn sections: the title,
// then each changed clause with ~removed~ and *added* in its words. Text
// from the draft is escaped, and its own * and ~ are shown as look-alikes
// so that they cannot open or close the marks.
func redlineTexts(lang chat.Lang, r *chat.Redline) []string {
	p := &packer{max: MaxSectionText}
	p.addEscaped("*" + Escape(chat.RedlineTitle(lang)) + "*")
	if len(r.Changes) == 0 {
		p.addRaw("", chat.RedlineIdentical(lang))
		return p.texts()
	}
	for _, c := range r.Changes {
		head := "*" + Escape(c.ClauseLabel(lang)) + "* "
		line := head + marked(c.Spans, true)
		if slackLen(line) > MaxSectionText { // only the changes, without the words around them
			line = head + marked(c.Spans, false)
		}
		if slackLen(line) > MaxSectionText {
			line, _ = fit(c.ClauseLabel(lang)+": "+chat.RedlineTooLong(lang), MaxSectionText)
		}
		p.addEscaped(line)
	}
	return p.texts()
}

// marked writes spans in mrkdwn; context false leaves out the kept words.
func marked(spans []chat.RedlineSpan, context bool) string {
	var b strings.Builder
	for _, s := range spans {
		t := strings.NewReplacer("*", "∗", "~", "∼", "\n", " ").Replace(Escape(s.Text))
		// a mark opens and closes on a word, never on a space
		body := strings.TrimSpace(t)
		lead, trail := t[:strings.Index(t, body)], t[strings.Index(t, body)+len(body):]
		switch {
		case s.Op != ' ' && body == "":
			b.WriteString(t)
		case s.Op == '-':
			b.WriteString(lead + zwsp + "~" + body + "~" + zwsp + trail)
		case s.Op == '+':
			b.WriteString(lead + zwsp + "*" + body + "*" + zwsp + trail)
		default:
			if context {
				b.WriteString(t)
			} else {
				b.WriteString(" … ")
			}
		}
	}
	return b.String()
}
