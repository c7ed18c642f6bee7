package feishu

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

// EventBotMenu is a click on the bot's custom menu (机器人自定义菜单), sent
// with the menu item's event_key.
const EventBotMenu = "application.bot.menu_v6"

// MenuKeys are the event_key values the bot menu may send (infra/feishu-app.md
// lists them for the console), each the command line it runs. The answer is
// in Chinese; the same key with "_en" (billing_en) answers in English.
var MenuKeys = advisor.Lazy[map[string][2]string]{New: func() map[string][2]string {
	return map[string][2]string{ // key -> {English, Chinese} command line
		"home":      {"home", "主页"},
		"tier":      {"help tier", "帮助 选卡"},
		"billing":   {"help billing", "帮助 计费"},
		"quote":     {"help quote", "帮助 报价"},
		"checklist": {"help checklist", "帮助 清单"},
		"trial":     {"trial", "试用"},
		"renewal":   {"renewal list", "续约 列表"},
		"price":     {"price list", "价格 列表"},
		"vendor":    {"vendor list", "供应商 列表"},
		"help":      {"help", "帮助"},
	}
}}

// menuCommand is the command line and language of a menu item's event_key;
// ok is false for a key the bot does not know.
func menuCommand(key string) (string, chat.Lang, bool) {
	k := strings.ToLower(strings.TrimSpace(key))
	lang := chat.ZH
	if base, found := strings.CutSuffix(k, "_en"); found {
		k, lang = base, chat.EN
	}
	c, ok := MenuKeys.Get()[k]
	if !ok {
		return "", lang, false
	}
	return chat.T(lang, c[0], c[1]), lang, true
}

// menuEvent is the part of application.bot.menu_v6 the bot reads.
type menuEvent struct {
	Operator struct {
		OperatorID struct {
			OpenID string `json:"open_id"`
		} `json:"operator_id"`
	} `json:"operator"`
	EventKey string `json:"event_key"`
}

// onMenu answers a verified click on the bot menu: the item's command runs
// through the answer pipeline (once per event id) and its answer is sent
// to the person who clicked, in their one-to-one chat with the bot. The
// event names no chat, so the command's scope is the team's: team-wide
// renewals and prices (those of a chat are listed by typing in that chat).
// An unknown key is answered with the home page, so a menu item set up
// with a typo still does something useful.
func (h *Handler) onMenu(ctx context.Context, env envelope) result {
	var ev menuEvent
	if err := json.Unmarshal(env.Event, &ev); err != nil || ev.Operator.OperatorID.OpenID == "" {
		r := ok("ignored menu event")
		r.err = err
		return r
	}
	user := ev.Operator.OperatorID.OpenID
	if r, ok := h.menuForm(ctx, env, user, ev.EventKey); ok {
		return r
	}
	text, lang, known := menuCommand(ev.EventKey)
	if !known {
		h.d.Log.WarnContext(ctx, "feishu: unknown bot menu event_key; answering with the home page (see infra/feishu-app.md)", "event_key", chat.Truncate(ev.EventKey, 40))
		text = chat.T(lang, "home", "主页")
	}
	id := "menu:" + env.Header.EventID
	res := h.pipe.Answer(ctx, chat.Delivery{
		Key:     "feishu:" + id,
		Request: chat.Request{Text: text, Lang: lang, Platform: Platform, Tenant: Platform + ":" + env.Header.TenantKey, User: user},
		JobID:   Platform + ":" + id,
		Target:  chat.Target{Channel: user, Key: IdempotencyKey("job:" + id)},
		Deliver: func(ctx context.Context, rep chat.Reply, o chat.Outcome) error {
			_, err := h.d.Client.DirectCard(ctx, user, RenderCard(h.withForms(rep)), IdempotencyKey(string(o)+":"+id))
			return err
		},
	})
	switch res.Outcome {
	case chat.DedupeFailed, chat.InProgress:
		return result{status: http.StatusServiceUnavailable, body: msgError, outcome: "menu: " + string(res.Outcome), err: res.Err}
	case chat.PostFailed:
		return result{status: http.StatusBadGateway, body: msgError, outcome: "menu reply failed", err: res.Err}
	case chat.Duplicate:
		return ok("duplicate")
	}
	return ok("menu: " + string(res.Outcome))
}
