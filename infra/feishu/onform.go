package feishu

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/larksuite/oapi-sdk-go/v3/event/dispatcher/callback"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
)

// onForm answers the form buttons of a card: "Open as a form" (under an
// answer, on the home card) sends the form card, prefilled from the
// command line the button carries, under the card; a form card's Run
// builds the command line from form_value, runs it through the router and
// replies under the form card with the answer and that command line. A
// value the command refuses comes back as the same form, filled in as it
// was, with the chat error's message and example in red under its field,
// and a toast; nothing is answered in the chat. ok is false for any other
// button.
func (h *Handler) onForm(ctx context.Context, env envelope, ev *callback.CardActionTriggerRequest, lang chat.Lang) (result, bool) {
	action, value := valueString(ev.Action.Value, "action"), valueString(ev.Action.Value, "value")
	if action != form.ActionOpen && action != form.ActionSubmit {
		return result{}, false
	}
	var chatID, messageID, user string
	if ev.Context != nil {
		chatID, messageID = ev.Context.OpenChatID, ev.Context.OpenMessageID
	}
	if ev.Operator != nil {
		user = ev.Operator.OpenID
	}
	eventID := env.Header.EventID
	if eventID == "" {
		eventID = "card:" + messageID + ":" + ev.Token
	}
	if action == form.ActionOpen {
		f, l, asked, ok := form.ParseOpenValue(value)
		if !ok || !h.names.Has(f) {
			return toast("info", chat.T(lang, "This button does nothing here.", "这个按钮在这里没有操作。")), true
		}
		if l != "" {
			lang = l
		}
		card := FormCard(f, lang, form.Prefill(h.d.Router, f, asked), nil)
		if err := h.sendForm(ctx, card, messageID, user, IdempotencyKey("form:"+eventID)); err != nil {
			r := toast("error", chat.T(lang, "The form could not be sent; please try again.", "表单发送失败，请重试。"))
			r.err = err
			return r, true
		}
		return toast("success", chat.T(lang, "The form is below the card.", "表单已发在卡片下方。")), true
	}
	f, ok := form.Lookup(value)
	if !ok || !h.names.Has(f) {
		return toast("info", chat.T(lang, "This form is not available.", "这个表单暂不可用。")), true
	}
	v := formValues(ev.Action.FormValue)
	refuse := func(errs []form.FieldError) result {
		m := map[string]string{}
		first := ""
		for _, e := range errs {
			if _, dup := m[e.ID]; !dup {
				m[e.ID] = e.Message
			}
			if first == "" {
				first = e.Message
			}
		}
		var data any
		json.Unmarshal([]byte(FormCard(f, lang, v, m)), &data)
		b, _ := json.Marshal(callback.CardActionTriggerResponse{
			Toast: &callback.Toast{Type: "warning", Content: chat.Truncate(first, 200)},
			Card:  &callback.Card{Type: "raw", Data: data},
		})
		return result{status: http.StatusOK, body: b, outcome: "form refused"}
	}
	if miss := f.Missing(lang, v); len(miss) > 0 {
		return refuse(miss), true
	}
	text, ferr := f.Text(h.names, lang, v)
	if ferr != nil {
		return refuse([]form.FieldError{*ferr}), true
	}
	ctx, cancel := context.WithTimeout(ctx, cardBudget)
	defer cancel()
	var refused *chat.Error
	req := chat.Request{Text: text, Lang: lang, Platform: Platform, Tenant: Platform + ":" + env.Header.TenantKey, Channel: chatID, User: user}
	res := h.pipe.Answer(ctx, chat.Delivery{
		Key: "feishu:card:" + eventID, Request: req, JobID: Platform + ":" + eventID,
		Target: chat.Target{Channel: chatID, MessageID: messageID, Key: IdempotencyKey("job:" + eventID)},
		Deliver: func(ctx context.Context, rep chat.Reply, o chat.Outcome) error {
			if rep.Error != nil && o == chat.Answered {
				refused = rep.Error
				return nil
			}
			rep = form.WithCommandLine(rep, lang, text)
			return h.send(ctx, rep, answer{chatID: chatID, messageID: messageID, user: user, key: IdempotencyKey("form:" + eventID)})
		},
	})
	switch {
	case refused != nil:
		return refuse([]form.FieldError{f.Field(lang, v, refused)}), true
	case res.Outcome == chat.Duplicate || res.Outcome == chat.InProgress:
		return toast("info", chat.T(lang, "Already on it.", "已在处理。")), true
	case res.Outcome == chat.DedupeFailed:
		return result{status: http.StatusServiceUnavailable, body: msgError, outcome: "dedupe unavailable", err: res.Err}, true
	case res.Outcome == chat.PostFailed:
		r := toast("error", chat.T(lang, "The answer could not be posted; please try again.", "回复发送失败，请重试。"))
		r.err = res.Err
		return r, true
	}
	return toast("success", chat.T(lang, "Answered below the form.", "已在表单下方回复。")), true
}

// sendForm sends a form card under the card pressed (its message), else to
// the user one-to-one.
func (h *Handler) sendForm(ctx context.Context, card, messageID, user, key string) error {
	if messageID != "" {
		_, err := h.d.Client.ReplyCard(ctx, messageID, card, false, key)
		return err
	}
	_, err := h.d.Client.DirectCard(ctx, user, card, key)
	return err
}

// withForms adds the form buttons to a reply: "Open as a form" under the
// answer of a command that has a form, and a button per form on the home
// card.
func (h *Handler) withForms(rep chat.Reply) chat.Reply {
	if rep.Command == "home" && rep.Error == nil {
		rep.Buttons = append(rep.Buttons, form.MenuButtons(rep.Lang, h.names)...)
		return rep
	}
	return form.Offer(rep, h.names)
}

// MenuFormPrefix starts the event_key of a bot menu item that opens a form
// (form_tier, form_billing, form_quote, form_renewal_add; with "_en" for
// the English form).
const MenuFormPrefix = "form_"

// menuForm answers a bot menu item that opens a form: the form card, sent
// to the person who tapped, once per event id. ok is false for any other
// key.
func (h *Handler) menuForm(ctx context.Context, env envelope, user, key string) (result, bool) {
	id, isForm := cutPrefixFold(key, MenuFormPrefix)
	if !isForm {
		return result{}, false
	}
	lang := chat.ZH
	if base, en := cutSuffixFold(id, "_en"); en {
		id, lang = base, chat.EN
	}
	f, found := form.Lookup(id)
	if !found || !h.names.Has(f) {
		h.d.Log.WarnContext(ctx, "feishu: bot menu names an unknown form (see infra/feishu-app.md)", "event_key", chat.Truncate(key, 40))
		return result{}, false // answered with the home page
	}
	if _, err := h.d.Client.DirectCard(ctx, user, FormCard(f, lang, form.Values{}, nil), IdempotencyKey("menu:"+env.Header.EventID)); err != nil {
		return result{status: http.StatusBadGateway, body: msgError, outcome: "menu form not sent", err: err}, true
	}
	return ok("menu: form " + f.ID), true
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return strings.ToLower(strings.TrimSpace(s[len(prefix):])), true
	}
	return s, false
}

func cutSuffixFold(s, suffix string) (string, bool) {
	if len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix) {
		return s[:len(s)-len(suffix)], true
	}
	return s, false
}
