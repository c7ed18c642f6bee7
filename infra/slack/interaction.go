package slack

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
)

// interaction answers a button press (block_actions). The button's action_id
// and value become a command line (chat.ButtonCommand) run through the same
// router as typed text. Slack ignores the HTTP body of a block_actions
// response, so the answer is posted to the interaction's response_url and the
// request is answered 200 with no body.
func (h *Handler) interaction(ctx context.Context, tr *trace, payload string) response {
	var ic slackapi.InteractionCallback
	if err := json.Unmarshal([]byte(payload), &ic); err != nil {
		tr.outcome = "bad payload"
		return plainResponse(http.StatusBadRequest, "bad request")
	}
	tr.team = ic.Team.ID
	if ic.Type != slackapi.InteractionTypeBlockActions || len(ic.ActionCallback.BlockActions) == 0 {
		tr.outcome = "ignored:" + string(ic.Type)
		return response{status: http.StatusOK}
	}
	fresh, err := h.claim(ctx, triggerKey(ic.TriggerID))
	if err != nil {
		h.log.Error("dedupe claim failed", "kind", "interaction", "err", err)
		tr.outcome = "dedupe_error"
		return response{status: http.StatusInternalServerError}
	}
	if !fresh {
		tr.outcome = "duplicate"
		return response{status: http.StatusOK}
	}
	act := ic.ActionCallback.BlockActions[0]
	channel := ic.Channel.ID
	if channel == "" {
		channel = ic.Container.ChannelID
	}
	text := chat.ButtonCommand(buttonAction(act.ActionID), act.Value)
	req := chat.Request{Text: text, Platform: "slack", Tenant: "slack:" + ic.Team.ID, Channel: channel, User: ic.User.ID}
	deliver := func(rep chat.Reply) error { return h.deliver(ctx, ic, channel, rep) }
	var rep chat.Reply
	if word, _, _ := strings.Cut(text, " "); !h.known(word) {
		rep = comingSoon(textLang(text), word)
		tr.command, tr.outcome = word, "coming_soon"
		err = deliver(rep)
	} else {
		target := chat.Target{ResponseURL: ic.ResponseURL, Channel: channel, ThreadTS: ic.Container.ThreadTs}
		rep, err = h.answerThen(ctx, tr, req, ic.TriggerID, target, func(rep chat.Reply) error {
			if e := rep.Error; e != nil && e.Code == chat.CodeInvalid && e.Key == "command" {
				rep = comingSoon(rep.Lang, rep.Command)
				tr.outcome = "coming_soon"
			}
			return deliver(rep)
		})
	}
	if err != nil {
		h.log.Error("posting button reply failed", "command", rep.Command, "err", err)
		tr.outcome = "post_failed"
	}
	return response{status: http.StatusOK}
}

// deliver posts a button's answer: to the response_url when Slack gave one,
// else to the channel (or only to the user, for a private answer).
func (h *Handler) deliver(ctx context.Context, ic slackapi.InteractionCallback, channel string, rep chat.Reply) error {
	switch {
	case ic.ResponseURL != "":
		return h.poster.Post(ctx, chat.Target{ResponseURL: ic.ResponseURL}, rep)
	case rep.Private:
		return h.poster.PostEphemeral(ctx, channel, ic.User.ID, ic.Container.ThreadTs, rep)
	default:
		return h.poster.Post(ctx, chat.Target{Channel: channel, ThreadTS: ic.Container.ThreadTs}, rep)
	}
}

// known reports whether word is a registered command word.
func (h *Handler) known(word string) bool {
	_, ok := h.router.Lookup(word)
	return ok
}

func textLang(s string) chat.Lang {
	if chat.HasHan(s) {
		return chat.ZH
	}
	return chat.EN
}
