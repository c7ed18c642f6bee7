package slack

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
	"gpuadvisor/store"
)

// A message shortcut on a message too long for its modal (private_metadata
// and a plain_text_input hold 3,000 characters) keeps the message's text in
// the store (store.Texts) instead of reading the channel's history again on
// submission, which would need channels:history, groups:history and
// mpim:history: the right to read every message where the bot is. The
// modal carries only the kept text's id; the key adds the team and the
// user, so only that user in that workspace reads it. The text is kept
// before the modal opens, so a failure is told at once; it is dropped when
// the form is cancelled (view_closed), or answered: then it is replaced by
// the command line the answer's Share button runs again, and dropped when
// that is pressed. store.TextTTL bounds all of it.

// keepBudget bounds the store write before views.open (the trigger
// expires 3 seconds after the user's action).
const keepBudget = 700 * time.Millisecond

// NoticeCallbackID is the modal that tells the user why a form did not
// open; it has no submit.
const NoticeCallbackID = "gpuadvisor_notice"

// newTextID is a fresh id for a kept text: 96 random bits.
func newTextID() string {
	b := make([]byte, 12)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// textKey is the store key of kept text id of user in team.
func textKey(team, user, id string) string {
	return "slack:" + team + ":" + user + ":" + id
}

// keepText stores text under id for the interaction's user and team,
// within keepBudget, for store.TextTTL.
func (h *Handler) keepText(ctx context.Context, ic slackapi.InteractionCallback, id, text string) error {
	ctx, cancel := context.WithTimeout(ctx, keepBudget)
	defer cancel()
	if err := h.texts.KeepText(ctx, textKey(ic.Team.ID, ic.User.ID, id), text, store.TextTTL); err != nil {
		return fmt.Errorf("keeping a message's text for its form: %w", err)
	}
	return nil
}

// keptText reads kept text id of the interaction's user and team.
func (h *Handler) keptText(ctx context.Context, ic slackapi.InteractionCallback, id string) (string, error) {
	return h.texts.KeptText(ctx, textKey(ic.Team.ID, ic.User.ID, id))
}

// dropText forgets kept text id; a failure is logged (the TTL forgets it).
func (h *Handler) dropText(ctx context.Context, ic slackapi.InteractionCallback, id string) {
	if id == "" {
		return
	}
	if err := h.texts.DropText(context.WithoutCancel(ctx), textKey(ic.Team.ID, ic.User.ID, id)); err != nil {
		h.log.Warn("dropping a kept text failed; its TTL forgets it", "err", err)
	}
}

// keptTextError is the message a form shows when the text it was opened on
// cannot be read back: gone (cancelled elsewhere, or past store.TextTTL) or
// the store failing.
func keptTextError(lang chat.Lang, err error) string {
	if errors.Is(err, store.ErrNotFound) {
		return chat.T(lang,
			"The message's text is no longer kept (a form keeps it for 24 hours). Close this form and use the shortcut on the message again.",
			"消息原文已不再保留（表单最多保留 24 小时）。请关闭此表单，在消息上重新使用快捷方式。")
	}
	return chat.T(lang,
		"The message's text could not be read back just now (the store failed). Press Run again in a moment.",
		"暂时无法读回消息原文（存储出错）。请稍后再点「运行」。")
}

// noticeView is a modal that only tells the user something: a title, one
// section, a close button.
func noticeView(lang chat.Lang, title, text string) slackapi.ModalViewRequest {
	return slackapi.ModalViewRequest{
		Type:       slackapi.VTModal,
		CallbackID: NoticeCallbackID,
		Title:      plain(cut(title, MaxModalTitle)),
		Close:      plain(chat.T(lang, "Close", "关闭")),
		Blocks: slackapi.Blocks{BlockSet: []slackapi.Block{
			slackapi.NewSectionBlock(mrkdwn(Escape(text)), nil, nil),
		}},
	}
}

// notKeptNotice is what a message shortcut shows at once when the
// message's text is too long for its form and could not be kept: the
// form would fail on submission.
func notKeptNotice(lang chat.Lang, f *form.Form, chars int, err error) slackapi.ModalViewRequest {
	cmd := f.Command
	if lang == chat.ZH {
		cmd = f.ZH
	}
	var text string
	if errors.Is(err, errTooLong) {
		text = fmt.Sprintf(chat.T(lang,
			"This message is %d characters: more than a check reads (%d KB). Paste the part that answers the questions with /gpu %s.",
			"这条消息有 %d 个字符，超过检查能读取的上限（%d KB）。请用 /gpu %s 粘贴回答问题的那部分。"), chars, store.MaxText>>10, cmd)
	} else {
		text = fmt.Sprintf(chat.T(lang,
			"This message is %d characters, too long to carry in a form, and I could not keep its text just now (the store failed). Try the shortcut again in a moment, or paste the text with /gpu %s.",
			"这条消息有 %d 个字符，表单放不下，而且暂时无法保存原文（存储出错）。请稍后重试快捷方式，或用 /gpu %s 粘贴原文。"), chars, cmd)
	}
	return noticeView(lang, f.Title(lang), text)
}

// errTooLong is a message's text longer than a kept text holds.
var errTooLong = errors.New("the text is longer than a kept text holds")

// viewClosed answers a form cancelled by the user (view_closed, sent
// because the modal asked for it with notify_on_close): the text kept for
// it is dropped.
func (h *Handler) viewClosed(ctx context.Context, tr *trace, ic slackapi.InteractionCallback) response {
	tr.kind = "view_closed"
	if !strings.HasPrefix(ic.View.CallbackID, form.CallbackPrefix) {
		tr.outcome = "ignored:view_" + ic.View.CallbackID
		return response{status: http.StatusOK}
	}
	o := decodeOrigin(ic.View.PrivateMetadata)
	if o.Kept == "" {
		tr.outcome = "closed"
		return response{status: http.StatusOK}
	}
	h.dropText(ctx, ic, o.Kept)
	tr.outcome = "closed:text_dropped"
	return response{status: http.StatusOK}
}
