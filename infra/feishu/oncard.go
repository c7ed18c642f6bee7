package feishu

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/larksuite/oapi-sdk-go/v3/event/dispatcher/callback"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

// Toast is the answer to a card callback: a short message over the card.
type Toast struct {
	// Type is info, success, warning or error.
	Type    string `json:"type"`
	Content string `json:"content"`
}

func toast(typ, content string) result {
	b, _ := json.Marshal(struct {
		Toast Toast `json:"toast"`
	}{Toast{Type: typ, Content: chat.Truncate(content, 200)}})
	return result{status: http.StatusOK, body: b, outcome: "toast " + typ}
}

// buttonNames names the buttons for the "coming soon" toast.
var buttonNames = advisor.Lazy[map[string][2]string]{New: func() map[string][2]string {
	return map[string][2]string{
		chat.ActionDraftQuestions: {"Draft vendor questions", "起草供应商问题"},
		chat.ActionDraftSLA:       {"Draft SLA clauses", "起草SLA条款"},
		chat.ActionRemindRenewal:  {"Renewal reminders", "续约提醒"},
		chat.ActionDraftRenewal:   {"Renewal e-mail", "续约谈判邮件"},
	}
}}

// onCardAction answers a card.action.trigger within Feishu's 3 s: the button's
// value {"action","value","lang"} becomes chat.ButtonCommand(action, value),
// run through the router; a finished answer is replied under the card, a
// deferred one handed to the drafter, and a command that has not landed yet
// says the feature is coming.
func (h *Handler) onCardAction(ctx context.Context, env envelope) result {
	var ev callback.CardActionTriggerRequest
	if err := json.Unmarshal(env.Event, &ev); err != nil || ev.Action == nil {
		return result{status: http.StatusBadRequest, body: msgBadRequest, outcome: "bad card action", err: fmt.Errorf("card action: %v", err)}
	}
	action, value := valueString(ev.Action.Value, "action"), valueString(ev.Action.Value, "value")
	lang, okLang := chat.ParseLang(valueString(ev.Action.Value, "lang"))
	if !okLang {
		lang = chat.ZH
	}
	if r, ok := h.onForm(ctx, env, &ev, lang); ok {
		return r
	}
	text := chat.ButtonCommand(action, value)
	if text == "help" { // ButtonCommand's answer to an action it does not know
		return toast("info", chat.T(lang, "This button does nothing here.", "这个按钮在这里没有操作。"))
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
	ctx, cancel := context.WithTimeout(ctx, cardBudget)
	defer cancel()
	var answered result // the toast
	req := chat.Request{
		Text:     text,
		Lang:     lang,
		Platform: Platform,
		Tenant:   Platform + ":" + env.Header.TenantKey,
		Channel:  chatID,
		User:     user,
	}
	// A draft goes under the card (the acknowledgement is the toast); a
	// private one (the Details of a draft) to the one who pressed only.
	target := chat.Target{Channel: chatID, MessageID: messageID, Key: IdempotencyKey("job:" + eventID)}
	if h.private(req) {
		target.User = user
	}
	res := h.pipe.Answer(ctx, chat.Delivery{
		Key:     "feishu:card:" + eventID,
		Request: req,
		JobID:   Platform + ":" + eventID,
		Target:  target,
		Deliver: func(ctx context.Context, rep chat.Reply, o chat.Outcome) error {
			switch {
			case unknownCommand(rep):
				n, ok := buttonNames.Get()[action]
				if !ok {
					n = [2]string{action, action}
				}
				answered = toast("info", chat.T(lang, fmt.Sprintf("“%s” is coming soon.", n[0]), fmt.Sprintf("「%s」功能即将上线，敬请期待。", n[1])))
			case o == chat.DispatchFailed:
				answered = toast("error", rep.Error.Message)
			case rep.Error != nil:
				answered = toast("warning", rep.Error.Message)
			case o == chat.Deferred || o == chat.NotDeployed:
				answered = toast("info", rep.Summary)
			default:
				// Details answer in the card's thread, not as one more message in the chat
				if err := h.send(ctx, rep, answer{chatID: chatID, messageID: messageID, user: user, key: IdempotencyKey("card:" + eventID),
					inThread: action == chat.ActionDetails}); err != nil {
					return err
				}
				answered = toast("success", chat.T(lang, "Answered below the card.", "已在卡片下方回复。"))
			}
			return nil
		},
	})
	switch res.Outcome {
	case chat.DedupeFailed:
		return result{status: http.StatusServiceUnavailable, body: msgError, outcome: "dedupe unavailable", err: res.Err}
	case chat.Duplicate, chat.InProgress:
		return toast("info", chat.T(lang, "Already on it.", "已在处理。"))
	case chat.PostFailed:
		r := toast("error", chat.T(lang, "The answer could not be posted; please try again.", "回复发送失败，请重试。"))
		r.err = res.Err
		return r
	}
	return answered
}

// unknownCommand reports the router's "unknown command" error: the button's
// capability has not been registered yet.
func unknownCommand(r chat.Reply) bool {
	return r.Error != nil && r.Command == "" && r.Error.Code == chat.CodeInvalid && r.Error.Key == "command"
}

func valueString(m map[string]any, k string) string {
	s, _ := m[k].(string)
	return s
}
