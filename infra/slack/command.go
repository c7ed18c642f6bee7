package slack

import (
	"context"
	"net/http"
	"net/url"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
)

// command answers a slash command (/gpu ...) posted over HTTP.
func (h *Handler) command(ctx context.Context, tr *trace, form url.Values) response {
	sc, err := slackapi.SlashCommandParse(&http.Request{Method: http.MethodPost, PostForm: form})
	if err != nil {
		tr.outcome = "bad form"
		return plainResponse(http.StatusBadRequest, "bad request")
	}
	_, res := h.slash(ctx, tr, sc)
	return res
}

// slash answers a verified slash command. The answer is the response itself:
// in the channel for results, ephemeral for help, errors, --private and
// acknowledgements of deferred work. rep is what the response shows (zero
// when it is empty).
func (h *Handler) slash(ctx context.Context, tr *trace, sc slackapi.SlashCommand) (rep chat.Reply, res response) {
	tr.team = sc.TeamID
	req := chat.Request{
		Text:     commandText(sc.Text),
		Platform: "slack",
		Tenant:   "slack:" + sc.TeamID,
		Channel:  sc.ChannelID,
		User:     sc.UserID,
	}
	// Delivering the answer is keeping it for the response (a failed
	// hand-off to the drafter replaces the acknowledgement).
	keep := func(_ context.Context, r chat.Reply, _ chat.Outcome) error { rep = h.offerForm(r); return nil }
	out := h.answer(ctx, tr, chat.Delivery{
		Key: triggerKey(sc.TriggerID), Request: req, Deliver: keep, InResponse: true,
		JobID: sc.TriggerID, Target: chat.Target{ResponseURL: sc.ResponseURL, Channel: sc.ChannelID},
		// the acknowledgement is the command's response, the response_url's
		// original message: the draft replaces it
		Acked: func() string { return chat.ReplaceOriginal },
	})
	switch out.Outcome {
	case chat.DedupeFailed:
		rep = unavailable(chat.Request{Text: sc.Text})
	case chat.Duplicate, chat.InProgress:
		return chat.Reply{}, response{status: http.StatusOK}
	}
	return rep, jsonResponse(Render(rep))
}

// unavailable is the answer when the de-duplication store cannot be reached:
// nothing is known, so nothing is done.
func unavailable(req chat.Request) chat.Reply {
	lang := textLang(req.Text)
	return chat.Reply{
		Lang: lang, Private: true,
		Title:   chat.T(lang, "Temporarily unavailable", "暂时不可用"),
		Summary: chat.T(lang, "I could not check for a duplicate request, so I did nothing. Please try again in a minute.", "无法确认是否为重复请求，所以没有执行。请一分钟后再试。"),
		Error:   &chat.Error{Code: chat.CodeUnavailable, Message: "dedupe store unavailable"},
	}
}

// triggerKey is the de-duplication key of a slash command or interaction;
// "" (no de-duplication) when Slack sent no trigger_id.
func triggerKey(id string) string {
	if id == "" {
		return ""
	}
	return "slack:trigger:" + id
}
