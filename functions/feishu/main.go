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
// (debug, info, warn, error), GPUADVISOR_SECRETS (see infra/secrets).
//
// Without the required configuration it logs one JSON line naming what is
// missing and exits 1.
package main

import (
	"context"
	"fmt"
	"log/slog"

	"gpuadvisor/commands"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/invoke"
	"gpuadvisor/internal/wire"
)

func main() {
	wire.Main("feishu", func(ctx context.Context, getenv wire.Getenv, log *slog.Logger) (any, error) {
		h, err := setup(ctx, getenv, log)
		if err != nil {
			return nil, err
		}
		return h.HandleLambda, nil
	})
}

// setup reads the configuration and wires the handler.
func setup(ctx context.Context, getenv wire.Getenv, log *slog.Logger) (*feishu.Handler, error) {
	cfg, err := feishu.ConfigFromEnv(getenv)
	if err != nil {
		return nil, err
	}
	deps, dedupe, err := wire.Bot(ctx, getenv)
	if err != nil {
		return nil, err
	}
	dispatcher, err := invoke.FromGetenv(ctx, getenv)
	if err != nil {
		return nil, err
	}
	router := commands.New(deps)
	router.Log = log
	h, err := feishu.NewHandler(cfg, feishu.Deps{
		Router:     router,
		Client:     feishu.NewClient(cfg, log, nil),
		Deduper:    dedupe,
		Dispatcher: dispatcher,
		Log:        log,
	})
	if err != nil {
		return nil, fmt.Errorf("feishu handler: %w", err)
	}
	log.Info("feishu function ready", "base_url", cfg.BaseURL, "app_id", cfg.AppID, "table", getenv("TABLE_NAME"), "drafter", dispatcher != nil)
	return h, nil
}
