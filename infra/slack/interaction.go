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
// response, so the answer is posted (to the interaction's response_url, or
// with the bot token) and the request is answered 200 with no body.
//
// A draft's "working on it" is posted with chat.postMessage where the
// button is (its thread, or the DM of a Home tab button), so that the
// drafter replaces it with chat.update: the response_url cannot do that,
// since its replace_original replaces the message the button is on.
// Only a private request keeps its acknowledgement ephemeral (an
// ephemeral message cannot be updated, so its draft comes as a second
// ephemeral message), and so does a channel the bot may not post in.
func (h *Handler) interaction(ctx context.Context, tr *trace, payload string) response {
	var ic slackapi.InteractionCallback
	if err := json.Unmarshal([]byte(payload), &ic); err != nil {
		tr.outcome = "bad payload"
		return plainResponse(http.StatusBadRequest, "bad request")
	}
	tr.team = ic.Team.ID
	switch ic.Type {
	case slackapi.InteractionTypeMessageAction:
		return h.messageAction(ctx, tr, ic)
	case slackapi.InteractionTypeShortcut:
		return h.globalShortcut(ctx, tr, ic)
	case slackapi.InteractionTypeViewSubmission:
		return h.viewSubmission(ctx, tr, ic)
	case slackapi.InteractionTypeViewClosed:
		return h.viewClosed(ctx, tr, ic)
	case slackapi.InteractionTypeBlockSuggestion:
		return h.blockSuggestion(tr, ic)
	}
	if ic.Type != slackapi.InteractionTypeBlockActions || len(ic.ActionCallback.BlockActions) == 0 {
		tr.outcome = "ignored:" + string(ic.Type)
		return response{status: http.StatusOK}
	}
	act := ic.ActionCallback.BlockActions[0]
	switch buttonAction(strings.SplitN(act.ActionID, "#", 2)[0]) {
	case ActionOpenForm:
		return h.openForm(ctx, tr, ic, act)
	case ActionShare:
		return h.shareCheck(ctx, tr, ic, act)
	}
	channel := ic.Channel.ID
	if channel == "" {
		channel = ic.Container.ChannelID
	}
	onHome := false
	if channel == "" {
		channel, onHome = homeChannel(ic) // a button on the Home tab: answered in the DM
	}
	thread := ic.Container.ThreadTs
	text := chat.ButtonCommand(buttonAction(act.ActionID), act.Value)
	req := chat.Request{Text: text, Platform: "slack", Tenant: "slack:" + ic.Team.ID, Channel: channel, User: ic.User.ID}
	word, _, _ := strings.Cut(text, " ")
	soon := ""
	ack := "" // the ts of the "working on it" posted as a message: the draft updates it
	deliver := func(ctx context.Context, rep chat.Reply, o chat.Outcome) error {
		// A button for a command that has not landed yet is coming soon.
		if e := rep.Error; e != nil && e.Code == chat.CodeInvalid && e.Key == "command" {
			if h.known(word) {
				rep = comingSoon(rep.Lang, rep.Command)
			} else {
				rep = comingSoon(textLang(text), word)
			}
			soon = rep.Command
		}
		switch {
		case o == chat.Deferred && (onHome || !h.private(req)):
			ts, err := h.poster.post(ctx, chat.Target{Channel: channel, ThreadTS: thread}, rep)
			if err == nil || onHome {
				ack = ts
				return err
			}
			// not_in_channel and the like: acknowledged on the response_url,
			// and the draft comes as a new message there
			h.log.Warn("button acknowledgement not posted as a message; answering on the response_url", "command", rep.Command, "err", err)
		case o == chat.DispatchFailed && ack != "":
			// the "working on it" says that it could not start instead
			_, err := h.poster.post(ctx, chat.Target{Channel: channel, ThreadTS: thread, Replace: ack}, rep)
			return err
		case onHome:
			return h.poster.Post(ctx, chat.Target{Channel: channel}, rep)
		}
		return h.deliver(ctx, ic, channel, rep)
	}
	res := h.answer(ctx, tr, chat.Delivery{
		Key: triggerKey(ic.TriggerID), Request: req, Deliver: deliver,
		JobID: ic.TriggerID, Target: chat.Target{ResponseURL: ic.ResponseURL, Channel: channel, ThreadTS: thread},
		Acked: func() string { return ack },
	})
	switch {
	case res.Outcome == chat.DedupeFailed:
		return response{status: http.StatusInternalServerError}
	case res.Outcome == chat.PostFailed:
		h.log.Error("posting button reply failed", "command", res.Reply.Command, "err", res.Err)
	case soon != "":
		tr.command, tr.outcome = soon, "coming_soon"
	}
	return response{status: http.StatusOK}
}

// private reports whether req asks for a private answer (--private, 私密).
func (h *Handler) private(req chat.Request) bool {
	_, args, _, err := h.router.Parse(req)
	return err == nil && args.Private
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
