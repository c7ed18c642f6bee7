package slack

import (
	"context"
	"regexp"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

// answer runs a verified request through the pipeline and notes its outcome
// for the request log.
func (h *Handler) answer(ctx context.Context, tr *trace, d chat.Delivery) chat.Result {
	res := h.pipe.Answer(ctx, d)
	tr.command, tr.outcome = res.Reply.Command, string(res.Outcome)
	if res.Outcome == chat.Answered && res.Reply.Error != nil {
		tr.outcome = "answered_error:" + res.Reply.Error.Code
	}
	return res
}

// comingSoon answers a capability that is not deployed yet: never an error.
func comingSoon(lang chat.Lang, command string) chat.Reply {
	return chat.NotDeployedReply(lang, command)
}

// mentionRE matches a user mention as Slack sends it: <@U123> or <@U123|name>.
var mentionRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`<@[A-Z0-9]+(\|[^>]*)?>`)
}}

// linkRE matches Slack's other angle-bracket forms: <https://x|label>,
// <#C123|general>, <!here>, <mailto:a@b|a@b>.
var linkRE = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`<([^<>|]*)(\|([^<>]*))?>`)
}}

// dropMention removes every mention of user id (<@U123> or <@U123|name>),
// with the blanks around it, from message text; lines stay lines. id ""
// changes nothing.
func dropMention(s, id string) string {
	if id == "" || !strings.Contains(s, "<@"+id) {
		return s
	}
	re := regexp.MustCompile(`[ \t]*<@` + regexp.QuoteMeta(id) + `(\|[^>]*)?>[ \t]*`)
	return re.ReplaceAllString(s, " ")
}

// commandText turns message text as Slack sends it into a command line: the
// leading bot mention is dropped, other mentions and links become their
// plain text, and Slack's &amp; &lt; &gt; are undone last.
func commandText(s string) string {
	s = strings.TrimSpace(s)
	if loc := mentionRE.Get().FindStringIndex(s); loc != nil && loc[0] == 0 {
		s = s[loc[1]:]
	}
	if strings.Contains(s, "<") {
		s = linkRE.Get().ReplaceAllStringFunc(s, func(m string) string {
			sub := linkRE.Get().FindStringSubmatch(m)
			if sub[3] != "" {
				return sub[3]
			}
			return strings.TrimPrefix(strings.TrimPrefix(sub[1], "@"), "!")
		})
	}
	return strings.TrimSpace(Unescape(s))
}
