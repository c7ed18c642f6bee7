package slack

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	slackapi "github.com/slack-go/slack"
	"github.com/slack-go/slack/slackevents"

	"gpuadvisor/chat"
)

// event answers an Events API callback: url_verification with the challenge;
// app_mention (and direct messages, message.im) with the answer in the
// thread. Each event_id is answered once: a retry of an answered event is
// acknowledged and does nothing; a retry while the first delivery is still
// answering, or after it failed to post, gets a 500 so that Slack delivers
// it again (by then the first is done, or its lease ran out).
func (h *Handler) event(ctx context.Context, tr *trace, body []byte) response {
	ev, err := slackevents.ParseEvent(json.RawMessage(body), slackevents.OptionNoVerifyToken())
	if err != nil {
		tr.outcome = "bad event"
		return noRetry(plainResponse(http.StatusBadRequest, "bad request"))
	}
	switch ev.Type {
	case slackevents.URLVerification:
		tr.kind, tr.outcome = "url_verification", "ok"
		ch, ok := ev.Data.(*slackevents.EventsAPIURLVerificationEvent)
		if !ok {
			return noRetry(plainResponse(http.StatusBadRequest, "bad request"))
		}
		return plainResponse(http.StatusOK, ch.Challenge)
	case slackevents.CallbackEvent:
	default:
		tr.outcome = "ignored:" + ev.Type
		return response{status: http.StatusOK}
	}
	cb, ok := ev.Data.(*slackevents.EventsAPICallbackEvent)
	if !ok {
		return noRetry(plainResponse(http.StatusBadRequest, "bad request"))
	}
	tr.team = cb.TeamID
	if e, ok := ev.InnerEvent.Data.(*slackevents.AppHomeOpenedEvent); ok {
		return h.home(ctx, tr, cb, e)
	}
	msg, ok := incoming(ev.InnerEvent.Data)
	if !ok {
		tr.outcome = "ignored:" + ev.InnerEvent.Type
		return response{status: http.StatusOK}
	}
	key := ""
	if cb.EventID != "" {
		key = "slack:event:" + cb.EventID
	}
	if msg.edited {
		// answered once, and only when the message first got an error
		var answer bool
		if key, answer = h.editKey(ctx, msg); !answer {
			tr.outcome = "ignored:edit"
			return response{status: http.StatusOK}
		}
	}
	switch h.reply(ctx, tr, cb, msg, key).Outcome {
	case chat.DedupeFailed, chat.InProgress, chat.PostFailed:
		// Nothing was answered, or another delivery is still answering:
		// Slack delivers again later (after a crash the lease has run out
		// by then, and that delivery answers).
		return response{status: http.StatusInternalServerError}
	}
	return response{status: http.StatusOK}
}

// message is the part of an app_mention or message.im event we answer.
type message struct {
	user, channel, text, threadTS string
	ts                            string // the message's own ts
	direct                        bool
	edited                        bool            // a message_changed: the new text
	files                         []slackapi.File // attached files (subtype file_share)
	shared                        string          // the messages forwarded with it (sharedText)
}

// incoming picks the events we answer: mentions of the bot, and direct
// messages from people: plain, carrying files, or a thread reply also sent
// to the conversation (never bot messages, deletions or other subtypes, so
// the bot cannot answer itself; an edit only as editKey allows).
func incoming(data any) (message, bool) {
	switch e := data.(type) {
	case *slackevents.AppMentionEvent:
		if e.BotID != "" {
			return message{}, false
		}
		thread := e.ThreadTimeStamp
		if thread == "" {
			thread = e.TimeStamp
		}
		return message{user: e.User, channel: e.Channel, text: e.Text, threadTS: thread, ts: e.TimeStamp, files: e.Files,
			shared: sharedText(e.Attachments)}, true
	case *slackevents.MessageEvent:
		if e.ChannelType != "im" || e.BotID != "" {
			return message{}, false
		}
		switch e.SubType {
		case "", "file_share", "thread_broadcast": // a message, one carrying files, a thread reply also sent to the DM
			if e.User == "" {
				return message{}, false
			}
			m := message{user: e.User, channel: e.Channel, text: e.Text, threadTS: e.ThreadTimeStamp, ts: e.TimeStamp, direct: true}
			if e.Message != nil {
				m.files, m.shared = e.Message.Files, sharedText(e.Message.Attachments)
			}
			return m, true
		case "message_changed": // an edit: the new message is in e.Message
			n := e.Message
			if n == nil || n.User == "" || n.BotID != "" || n.SubType != "" && n.SubType != "file_share" {
				return message{}, false
			}
			if p := e.PreviousMessage; p != nil && p.Text == n.Text {
				return message{}, false // not an edit of the words (a link preview added, a file removed)
			}
			return message{user: n.User, channel: e.Channel, text: n.Text, threadTS: n.ThreadTimestamp, ts: n.Timestamp,
				direct: true, edited: true, files: n.Files, shared: sharedText(n.Attachments)}, true
		}
	}
	return message{}, false
}

// reply answers a mention in its thread (or a direct message in the DM).
// Private answers (help, errors, --private) are shown only to the asker
// with chat.postEphemeral; a deferred draft asked privately is delivered to
// the asker's DM. The "working on it" of any other draft is a message in the
// thread, which the draft then replaces (chat.update).
func (h *Handler) reply(ctx context.Context, tr *trace, cb *slackevents.EventsAPICallbackEvent, m message, key string) chat.Result {
	text := commandText(dropMention(m.text, botUser(cb)))
	if text != "" && m.shared != "" {
		// "@gpuadvisor checklist check" typed over a forwarded vendor answer:
		// the command reads the answer
		text += "\n" + m.shared
	}
	req := chat.Request{Text: text, Platform: "slack", Tenant: "slack:" + cb.TeamID, Channel: m.channel, User: m.user}
	route := h.attach(ctx, &req, m)
	target := chat.Target{Channel: m.channel, ThreadTS: m.threadTS}
	private := !m.direct && h.private(req)
	if private {
		target = chat.Target{Channel: m.user} // the app's DM with the asker
	}
	refused := false
	ack := "" // the ts of the "working on it" posted as a message: the draft updates it
	res := h.answer(ctx, tr, chat.Delivery{Key: key, Request: req, JobID: cb.EventID, Target: target,
		Acked: func() string { return ack }, Route: route,
		Deliver: func(ctx context.Context, rep chat.Reply, o chat.Outcome) error {
			if rep.Error != nil && o == chat.Answered {
				h.markErred(ctx, m) // an edit of it is answered
			}
			rep = h.offerForm(rep)
			var err error
			if rep.Private && !m.direct && (private || o != chat.Deferred) {
				err = h.poster.PostEphemeral(ctx, m.channel, m.user, m.threadTS, rep)
			} else {
				var ts string
				ts, err = h.poster.post(ctx, chat.Target{Channel: m.channel, ThreadTS: m.threadTS}, rep)
				if o == chat.Deferred {
					ack = ts
				}
			}
			if err != nil && !retryable(err) {
				// Slack refused the message itself (an archived channel, a
				// revoked token): a redelivery would be refused too.
				h.log.Error("posting mention reply failed; not retried", "command", rep.Command, "err", err)
				refused = true
				return nil
			}
			if err != nil {
				h.log.Error("posting mention reply failed; Slack will deliver the event again", "command", rep.Command, "err", err)
			}
			return err
		}})
	if refused {
		tr.outcome = string(chat.PostFailed)
	}
	return res
}

// retryable reports a failure to post that a later attempt may not meet: a
// network error, an HTTP error status, a rate limit, or Slack's own
// internal errors. Any other answer of Slack's (ok:false) is final.
func retryable(err error) bool {
	var se slackapi.SlackErrorResponse
	if !errors.As(err, &se) {
		return true
	}
	switch se.Err {
	case "fatal_error", "internal_error", "service_unavailable", "request_timeout", "ratelimited":
		return true
	}
	return false
}

// botUser is the app's bot user in the event's workspace: the bot among the
// event's authorizations ("" when Slack lists none).
func botUser(cb *slackevents.EventsAPICallbackEvent) string {
	for _, a := range cb.Authorizations {
		if a.IsBot {
			return a.UserID
		}
	}
	return ""
}

// noRetry tells Slack not to retry a delivery that can never succeed.
func noRetry(r response) response {
	r.header = map[string]string{HeaderNoRetry: "1"}
	return r
}
