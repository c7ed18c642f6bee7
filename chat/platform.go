package chat

import (
	"regexp"
	"strings"

	"gpuadvisor/advisor"
)

// PlatformText undoes what a chat platform writes into message text when
// it reaches the router unchanged (a copy pasted from Slack into the
// terminal or a form, a path that did not clean it): Slack's links and
// mentions (<http://x|label> is label, <mailto:a@b|a@b> is a@b, <http://x>
// is http://x, <@U123|ann> is @ann) and its escapes &amp; &lt; &gt;. Text
// without them is returned as it is. infra/slack cleans what Slack sends
// before the router sees it; this makes every other path read the same.
func PlatformText(s string) string {
	s = unfence(s)
	if !strings.ContainsAny(s, "<&") {
		return s
	}
	if strings.Contains(s, "<") {
		s = slackLink.Get().ReplaceAllStringFunc(s, func(m string) string {
			inner := m[1 : len(m)-1]
			target, label, labelled := strings.Cut(inner, "|")
			switch {
			case labelled && label != "":
				if strings.HasPrefix(target, "@") {
					return "@" + label
				}
				return label
			case strings.HasPrefix(target, "mailto:"):
				return strings.TrimPrefix(target, "mailto:")
			case strings.HasPrefix(target, "tel:"):
				return strings.TrimPrefix(target, "tel:")
			case strings.HasPrefix(target, "!"):
				return "@" + strings.TrimPrefix(target, "!")
			}
			return target
		})
	}
	if strings.Contains(s, "&") {
		s = slackEscapes.Get().Replace(s)
	}
	return s
}

// unfence is a command line copied with the code marks around it
// (`billing …` or ```billing …```, as replies show commands) without them;
// other text as it is.
func unfence(s string) string {
	t := strings.TrimSpace(s)
	for _, fence := range []string{"```", "`"} {
		if len(t) > 2*len(fence) && strings.HasPrefix(t, fence) && strings.HasSuffix(t, fence) {
			inner := t[len(fence) : len(t)-len(fence)]
			if !strings.Contains(inner, "`") {
				return strings.TrimSpace(inner)
			}
		}
	}
	return s
}

// slackLink is one of Slack's angle-bracket forms: a link, an e-mail or
// phone link, a user or channel mention, or a special mention (<!here>).
var slackLink = advisor.Lazy[*regexp.Regexp]{New: func() *regexp.Regexp {
	return regexp.MustCompile(`<(?:https?://|mailto:|tel:|@[UW][A-Z0-9]+|#C[A-Z0-9]+|![a-z]+)[^<>\s]*>`)
}}

var slackEscapes = advisor.Lazy[*strings.Replacer]{New: func() *strings.Replacer {
	return strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">")
}}

// feishuMention reports whether a word is Feishu's placeholder for a
// mention (@_user_1, @_all), which stands for no text wherever it is.
func feishuMention(w string) bool {
	if w == "@_all" {
		return true
	}
	n, ok := strings.CutPrefix(w, "@_user_")
	return ok && n != "" && strings.Trim(n, "0123456789") == ""
}

// mention reports whether a word is a mention a platform puts before the
// command (Feishu's @_user_1 and @_all, Slack's <@U123> after PlatformText,
// any @name): the command word follows it.
func mention(w string) bool {
	return len(w) > 1 && w[0] == '@'
}
