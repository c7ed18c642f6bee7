// Command feishu is the Lambda behind the Feishu (飞书) / Lark Function URL:
// event subscription (url_verification, im.message.receive_v1) and card
// callbacks (card.action.trigger), answered with interactive cards.
//
// Environment: FEISHU_APP_ID, FEISHU_APP_SECRET, FEISHU_VERIFICATION_TOKEN,
// FEISHU_ENCRYPT_KEY (all required; it refuses to start without them),
// FEISHU_BASE_URL (https://open.feishu.cn by default, https://open.larksuite.com
// for Lark), FEISHU_BOT_OPEN_ID (optional), TABLE_NAME (optional: the
// DynamoDB table for renewals and for remembering event ids across instances;
// in memory, per instance, without it), DYNAMO_ENDPOINT (tests),
// DRAFTER_FUNCTION (the drafter Lambda slow commands are handed to, see
// drafter.go; without it they answer that drafting is unavailable),
// LAMBDA_ENDPOINT (tests), LOG_LEVEL
// (debug, info, warn, error), GPUADVISOR_SECRETS (see infra/secrets; the
// template gives it the Feishu secret only), DRAFTER_LLM (set when the
// drafter has an LLM: drafts and ask are handed to it without this function
// reading the LLM key).
//
// Without the required configuration it logs one JSON line naming what is
// missing and exits 1.
package main

import (
	"log/slog"

	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/invoke"
	"gpuadvisor/internal/wire/function"
)

func main() {
	function.Main("feishu", function.Entry(setup, func(h *feishu.Handler) any { return h.HandleLambda }))
}

// setup reads the configuration and wires the handler.
var setup = function.Chat(feishu.ConfigFromEnv, feishu.PostersFromGetenv, invoke.FromGetenv, func(cfg feishu.Config, p *function.Parts, log *slog.Logger) (*feishu.Handler, error) {
	log.Info("feishu function ready", "base_url", cfg.BaseURL, "app_id", cfg.AppID, "table", p.Table, "drafter", p.Dispatcher != nil)
	return feishu.NewHandler(cfg, feishu.Deps{Router: p.Router, Client: feishu.NewClient(cfg, log, nil),
		Deduper: p.Deduper, Dispatcher: p.Dispatcher, Log: log})
})
