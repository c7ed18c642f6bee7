package slack

import (
	"context"
	"regexp"
	"strings"

	"gpuadvisor/chat"
)

// answer runs text through the router. A deferred reply's job is handed to
// the dispatcher with id and target filled in; what comes back is the
// acknowledgement to show now (or why the work could not be handed over).
func (h *Handler) answer(ctx context.Context, tr *trace, req chat.Request, id string, target chat.Target) chat.Reply {
	rep, job := h.prepare(ctx, tr, req, id, target)
	if job == nil {
		return rep
	}
	return h.dispatch(ctx, tr, rep, *job)
}

// answerThen is answer for a reply that is posted, not returned: the
// acknowledgement is delivered before the job is dispatched, so a fast
// drafter's answer can never arrive ahead of "Working on it". A dispatch
// failure is delivered after it.
func (h *Handler) answerThen(ctx context.Context, tr *trace, req chat.Request, id string, target chat.Target, deliver func(chat.Reply) error) (chat.Reply, error) {
	rep, job := h.prepare(ctx, tr, req, id, target)
	if err := deliver(rep); err != nil || job == nil {
		return rep, err
	}
	if failed := h.dispatch(ctx, tr, rep, *job); failed.Error != nil {
		return failed, deliver(failed)
	}
	return rep, nil
}

// prepare runs the router; for a deferred reply it returns the job to
// dispatch (nil otherwise, or when no drafter is deployed: then the reply says
// the feature is coming).
func (h *Handler) prepare(ctx context.Context, tr *trace, req chat.Request, id string, target chat.Target) (chat.Reply, *chat.Job) {
	rep := h.router.Handle(ctx, req)
	tr.command = rep.Command
	if !rep.Deferred {
		tr.outcome = "answered"
		if rep.Error != nil {
			tr.outcome = "answered_error:" + rep.Error.Code
		}
		return rep, nil
	}
	if rep.Job == nil || h.dispatcher == nil {
		tr.outcome = "deferred_unavailable"
		return comingSoon(rep.Lang, rep.Command), nil
	}
	job := *rep.Job
	job.ID = id
	job.Target = target
	if job.Target.Key == "" {
		job.Target.Key = id
	}
	return rep, &job
}

// dispatch hands job to the drafter; on failure the user gets an error
// instead of the promise in rep.
func (h *Handler) dispatch(ctx context.Context, tr *trace, rep chat.Reply, job chat.Job) chat.Reply {
	if err := h.dispatcher.Dispatch(ctx, job); err != nil {
		h.log.Error("dispatch failed", "command", rep.Command, "job", job.ID, "err", err)
		tr.outcome = "dispatch_failed"
		return chat.Reply{
			Command: rep.Command, Lang: rep.Lang, Private: true,
			Title:   chat.T(rep.Lang, "I could not start that", "暂时无法开始处理"),
			Summary: chat.T(rep.Lang, "The drafting service did not accept the job. Please try again in a minute.", "起草服务暂时没有接受这个任务，请一分钟后再试。"),
			Error:   &chat.Error{Code: chat.CodeUnavailable, Message: "dispatch failed"},
		}
	}
	tr.outcome = "deferred"
	return rep
}

// comingSoon answers a capability that is not deployed yet: never an error.
func comingSoon(lang chat.Lang, command string) chat.Reply {
	return chat.Reply{
		Command: command, Lang: lang, Private: true,
		Title: chat.T(lang, "Coming soon", "即将上线"),
		Summary: chat.T(lang,
			"This feature is coming soon to gpuadvisor. Every advisor command works today; type /gpu help to see them.",
			"这个功能即将上线。所有顾问命令现在都可以使用，输入 /gpu help 查看。"),
	}
}

// mentionRE matches a user mention as Slack sends it: <@U123> or <@U123|name>.
var mentionRE = regexp.MustCompile(`<@[A-Z0-9]+(\|[^>]*)?>`)

// linkRE matches Slack's other angle-bracket forms: <https://x|label>,
// <#C123|general>, <!here>, <mailto:a@b|a@b>.
var linkRE = regexp.MustCompile(`<([^<>|]*)(\|([^<>]*))?>`)

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
	if loc := mentionRE.FindStringIndex(s); loc != nil && loc[0] == 0 {
		s = s[loc[1]:]
	}
	if strings.Contains(s, "<") {
		s = linkRE.ReplaceAllStringFunc(s, func(m string) string {
			sub := linkRE.FindStringSubmatch(m)
			if sub[3] != "" {
				return sub[3]
			}
			return strings.TrimPrefix(strings.TrimPrefix(sub[1], "@"), "!")
		})
	}
	return strings.TrimSpace(Unescape(s))
}
