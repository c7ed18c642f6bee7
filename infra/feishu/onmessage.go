package feishu

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"gpuadvisor/chat"
)

// Platform is the chat.Request platform name.
const Platform = "feishu"

// errInProgress is the error of a delivery whose message another delivery
// is answering.
var errInProgress = errors.New("feishu: another delivery of this message is being answered")

// onMessage answers a verified im.message.receive_v1: text and post messages
// from people, in one-to-one chats or when the bot is mentioned; once per
// message id (whatever event ids carry it); by a card replying to the
// message.
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
	// The same message can arrive under several event ids: the message id
	// is the key, and every id the reply derives (the job, the sends'
	// idempotency keys) comes from it.
	id := in.MessageID
	if id == "" {
		id = "event:" + env.Header.EventID
	}
	req := chat.Request{
		Text:     in.Text,
		Platform: Platform,
		Tenant:   Platform + ":" + env.Header.TenantKey,
		Channel:  in.ChatID,
		User:     in.SenderID,
	}
	target := chat.Target{Channel: in.ChatID, MessageID: in.MessageID, Key: IdempotencyKey("job:" + id)}
	group := in.ChatType != "p2p"
	if group && h.private(req) {
		target.User = in.SenderID // a private draft is shown to the asker only
	}
	a := answer{chatID: in.ChatID, chatType: in.ChatType, messageID: in.MessageID, user: in.SenderID, inThread: in.ThreadID != ""}
	var ack string // the "working on it" card's message id
	d := chat.Delivery{
		Key:     "feishu:message:" + id,
		Request: req,
		JobID:   Platform + ":" + id,
		Target:  target,
		Deliver: func(ctx context.Context, rep chat.Reply, o chat.Outcome) error {
			// Only thread_id marks a message in a thread (话题); root_id alone
			// is a quote reply, answered as a reply, not by starting a thread.
			// The send's uuid keeps a retry from posting twice if a send that
			// seemed to fail did arrive.
			a.key = IdempotencyKey(string(o) + ":" + id)
			rep = h.withForms(rep)
			if o == chat.DispatchFailed && ack != "" {
				// the "working on it" says that it could not start instead
				return h.d.Client.Post(ctx, chat.Target{Channel: in.ChatID, MessageID: in.MessageID, User: target.User, Replace: ack, Key: a.key}, rep)
			}
			if o == chat.Deferred && group && target.User == "" {
				// a reply the draft can update, not an ephemeral card: the
				// request is not private
				rep.Private = false
			}
			sent, err := h.sendID(ctx, rep, a)
			if o == chat.Deferred {
				ack = sent
			}
			return err
		},
		// The draft updates the "working on it" card in place (or, an
		// ephemeral one, deletes it once the draft is shown).
		Acked: func() string { return ack },
	}
	// A reply sent with a uuid is shown once per uuid within an hour, so a
	// message that came in less than uuidWindow ago is claimed in one write
	// after its reply (chat.Delivery.Idempotent); an ephemeral card (no
	// uuid) and a late redelivery (Feishu's last comes hours on) keep the
	// lease, whose done mark they check first.
	fresh := h.fresh(env.Header)
	d.Idempotent = func(rep chat.Reply) bool { return fresh && !a.ephemeral(rep) }
	if notText {
		d.Route = func(context.Context) chat.Reply { return textOnly() }
	}
	if route := h.readInput(in, req); route != nil {
		d.Route = route
	}
	res := h.pipe.Answer(ctx, d)
	switch res.Outcome {
	case chat.DedupeFailed:
		// Nothing is known: answer non-2xx so Feishu delivers it again.
		return result{status: http.StatusServiceUnavailable, body: msgError, outcome: "dedupe unavailable", err: res.Err}
	case chat.InProgress:
		// Another delivery is answering: if it dies, its lease runs out
		// before Feishu's next delivery, which then answers.
		return result{status: http.StatusServiceUnavailable, body: msgError, outcome: "in progress", err: errInProgress}
	case chat.Duplicate:
		return ok("duplicate")
	case chat.PostFailed:
		// The key was released: Feishu's redelivery tries again.
		return result{status: http.StatusBadGateway, body: msgError, outcome: "reply failed", err: res.Err}
	case chat.Deferred:
		return ok("acknowledged; job dispatched")
	case chat.DispatchFailed:
		return ok("dispatch failed")
	case chat.NotDeployed:
		return ok("replied; no drafter")
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
	_, err := h.sendID(ctx, rep, a)
	return err
}

// sendID is send, returning the id of the message sent: one the bot may
// update later (a reply or a direct message), or an ephemeral card's
// (chat.ReplaceEphemeral-prefixed), which it can only delete.
func (h *Handler) sendID(ctx context.Context, rep chat.Reply, a answer) (string, error) {
	card := RenderCard(rep)
	if a.privateInGroup(rep) {
		chatID := "" // a direct message: no ephemeral cards in a topic group
		if a.ephemeral(rep) {
			chatID = a.chatID
		}
		return h.d.Client.privateCard(ctx, chatID, a.user, card, a.key)
	}
	if a.messageID == "" {
		return "", errors.New("feishu: no message to reply to")
	}
	return h.d.Client.ReplyCard(ctx, a.messageID, card, a.inThread, a.key)
}

// uuidWindow is how long after a message came in its reply's uuid is
// still trusted to drop a repeated send: Feishu keeps a uuid for an hour
// (im/v1 message create and reply, "uuid"); ten minutes are left for the
// clocks and the reply's own time.
const uuidWindow = 50 * time.Minute

// fresh reports whether the event was created less than uuidWindow ago by
// its header's create_time (milliseconds); false when it cannot tell.
func (h *Handler) fresh(hd *eventHeader) bool {
	if hd == nil {
		return false
	}
	ms, err := strconv.ParseInt(hd.CreateTime, 10, 64)
	if err != nil || ms <= 0 {
		return false
	}
	age := h.d.Now().Sub(time.UnixMilli(ms))
	return age > -10*time.Minute && age < uuidWindow // clocks may differ by minutes
}

// privateInGroup reports whether rep is shown to the asker alone in a group
// (sendID): an ephemeral card, or a direct message in a topic group.
func (a answer) privateInGroup(rep chat.Reply) bool {
	return rep.Private && a.chatType != "p2p" && a.user != ""
}

// ephemeral reports whether rep goes out as an ephemeral card, which takes
// no uuid: a private answer in a group other than a topic group.
func (a answer) ephemeral(rep chat.Reply) bool {
	return a.privateInGroup(rep) && a.chatType != "topic_group"
}

// private reports whether req asks for a private answer (--private, 私密).
func (h *Handler) private(req chat.Request) bool {
	_, args, _, err := h.d.Router.Parse(req)
	return err == nil && args.Private
}
