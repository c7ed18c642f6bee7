package feishu

import (
	"context"
	"errors"
	"net/http"

	"gpuadvisor/chat"
)

// Platform is the chat.Request platform name.
const Platform = "feishu"

// errNoDrafter is the dispatch error when no Dispatcher is wired.
var errNoDrafter = errors.New("feishu: no dispatcher configured for deferred commands")

// onMessage answers a verified im.message.receive_v1: text and post messages
// from people, in one-to-one chats or when the bot is mentioned; once per
// event id; by a card replying to the message.
func (h *Handler) onMessage(ctx context.Context, env envelope) result {
	in, err := ParseMessage(env.Event)
	// An image, file or sticker sent one-to-one is answered with what the bot
	// reads; in a group it was not addressed to the bot (it has no mention).
	notText := errors.Is(err, ErrNotText) && in.FromUser && in.ChatType == "p2p"
	if err != nil && !notText {
		// Answered 200 so Feishu does not redeliver what we will never read
		// (a malformed event, a non-text message in a group).
		r := ok("ignored message")
		r.err = err
		return r
	}
	if !in.FromUser {
		return ok("ignored: not from a user")
	}
	bot := ""
	if in.ChatType != "p2p" {
		if bot, err = h.d.Client.BotOpenID(ctx); err != nil {
			h.d.Log.WarnContext(ctx, "feishu: bot open_id unknown; any mention counts", "err", errText(err))
		}
	}
	if !in.addressed(bot) {
		return ok("ignored: bot not mentioned")
	}
	eventID := env.Header.EventID
	if eventID == "" {
		eventID = "message:" + in.MessageID
	}
	claimed, err := h.d.Dedupe.Claim(ctx, "feishu:event:"+eventID, DedupeTTL)
	if err != nil {
		// Nothing is known: answer non-2xx so Feishu delivers it again.
		return result{status: http.StatusServiceUnavailable, body: msgError, outcome: "dedupe unavailable", err: err}
	}
	if !claimed {
		return ok("duplicate")
	}
	var rep chat.Reply
	if notText {
		rep = textOnly()
	} else {
		rep = h.d.Router.Handle(ctx, chat.Request{
			Text:     in.Text,
			Platform: Platform,
			Tenant:   Platform + ":" + env.Header.TenantKey,
			Channel:  in.ChatID,
			User:     in.SenderID,
		})
		rep = h.dispatch(ctx, rep, eventID, chat.Target{Channel: in.ChatID, MessageID: in.MessageID})
	}
	// Only thread_id marks a message in a thread (话题); root_id alone is a
	// quote reply, answered as a reply, not by starting a thread.
	to := answer{chatID: in.ChatID, chatType: in.ChatType, messageID: in.MessageID, user: in.SenderID,
		inThread: in.ThreadID != "", key: IdempotencyKey("reply:" + eventID)}
	if err := h.send(ctx, rep, to); err != nil {
		// Forget the event id so that Feishu's redelivery tries again; the
		// send's uuid (from the event id) keeps a retry from posting twice
		// if this send did arrive after all.
		if rerr := h.d.Dedupe.Release(ctx, "feishu:event:"+eventID); rerr != nil {
			h.d.Log.WarnContext(ctx, "feishu: event id not released after a failed reply", "err", errText(rerr))
		}
		return result{status: http.StatusBadGateway, body: msgError, outcome: "reply failed", err: err}
	}
	if rep.Deferred {
		return ok("acknowledged; job dispatched")
	}
	return ok("replied")
}

// textOnly answers a message the bot cannot read (an image, a file, a
// sticker). It has no words to tell the user's language by, so it says it
// in both.
func textOnly() chat.Reply {
	msg := "我只能读取文字消息：请把报价或工具输出粘贴成文字发送，或输入 help 查看命令。\n" +
		"I read text messages only: paste the quote or the tool output as text, or type help to see the commands."
	return chat.Reply{
		Lang:    chat.ZH,
		Title:   "只能读取文字 / Text only",
		Summary: msg,
		Error:   &chat.Error{Code: chat.CodeInvalid, Key: "message_type", Message: msg, Example: "help"},
	}
}

// dispatch hands a deferred reply's job to the drafter, to answer at t. The
// job id and the send's idempotency key come from the event id, so a
// redelivered event or a retried job never posts twice. If the hand-off
// fails, the user gets an error card instead of a promise.
func (h *Handler) dispatch(ctx context.Context, rep chat.Reply, eventID string, t chat.Target) chat.Reply {
	if !rep.Deferred || rep.Job == nil {
		return rep
	}
	job := *rep.Job
	job.ID = Platform + ":" + eventID
	t.Key = IdempotencyKey("job:" + eventID)
	job.Target = t
	err := errNoDrafter
	if h.d.Dispatcher != nil {
		err = h.d.Dispatcher.Dispatch(ctx, job)
	}
	if err == nil {
		return rep
	}
	h.d.Log.ErrorContext(ctx, "feishu: dispatch failed", "job", job.ID, "err", errText(err))
	lang := rep.Lang
	msg := chat.T(lang, "The drafting service could not be reached; please try again in a minute.",
		"起草服务暂时无法连接，请稍后再试。")
	return chat.Reply{
		Command: rep.Command,
		Lang:    lang,
		Title:   chat.T(lang, "I could not start that", "无法开始处理"),
		Summary: msg,
		Error:   &chat.Error{Code: chat.CodeUnavailable, Message: msg},
		Private: true,
	}
}

// answer says where a reply goes.
type answer struct {
	chatID, chatType, messageID, user string
	inThread                          bool
	key                               string // the send's idempotency key
}

// send posts rep. A private reply (help, errors, --private) outside a
// one-to-one chat is shown to the asker only: an ephemeral card in a group,
// a direct message where that is not possible. Anything else replies to the
// message, in its thread when it has one.
func (h *Handler) send(ctx context.Context, rep chat.Reply, a answer) error {
	card := RenderCard(rep)
	if rep.Private && a.chatType != "p2p" && a.user != "" {
		if a.chatType != "topic_group" && a.chatID != "" {
			err := h.d.Client.EphemeralCard(ctx, a.chatID, a.user, card)
			if err == nil {
				return nil
			}
			h.d.Log.WarnContext(ctx, "feishu: ephemeral card failed; sending a direct message", "err", errText(err))
		}
		_, err := h.d.Client.DirectCard(ctx, a.user, card, a.key)
		return err
	}
	if a.messageID == "" {
		return errors.New("feishu: no message to reply to")
	}
	_, err := h.d.Client.ReplyCard(ctx, a.messageID, card, a.inThread, a.key)
	return err
}
