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
	"os"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/bot"
	"gpuadvisor/chat"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/secrets"
	"gpuadvisor/store"
	"gpuadvisor/store/inprocess"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: logLevel(os.Getenv("LOG_LEVEL"))}))
	slog.SetDefault(log)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	h, err := setup(ctx, os.Getenv, log)
	cancel()
	if err != nil {
		log.Error("feishu: refusing to start", "err", err.Error())
		os.Exit(1)
	}
	lambda.Start(h.HandleLambda)
}

// setup loads the secrets, reads the configuration and wires the handler.
func setup(ctx context.Context, getenv func(string) string, log *slog.Logger) (*feishu.Handler, error) {
	set, err := secrets.Load(ctx)
	if err != nil {
		return nil, err
	}
	if len(set) > 0 {
		log.Info("secrets loaded", "names", set)
	}
	cfg, err := feishu.ConfigFromEnv(getenv)
	if err != nil {
		return nil, err
	}
	deps := bot.Deps{}
	var dedupe store.Deduper = &inprocess.Deduper{}
	if table := strings.TrimSpace(getenv("TABLE_NAME")); table != "" {
		client, err := dynamo.NewClient(ctx, getenv("DYNAMO_ENDPOINT"))
		if err != nil {
			return nil, fmt.Errorf("dynamodb table %s: %w", table, err)
		}
		st := dynamo.New(client, table, dynamo.Options{})
		deps.Renewals, dedupe = st, st
	}
	dispatcher, err := newDispatcher(ctx, getenv)
	if err != nil {
		return nil, fmt.Errorf("drafter dispatcher: %w", err)
	}
	router := bot.New(deps)
	router.Log = log
	h, err := feishu.NewHandler(cfg, feishu.Deps{
		Router:     router,
		Client:     feishu.NewClient(cfg, log, nil),
		Dedupe:     dedupe,
		Dispatcher: dispatcher,
		Log:        log,
	})
	if err != nil {
		return nil, fmt.Errorf("feishu handler: %w", err)
	}
	log.Info("feishu function ready", "base_url", cfg.BaseURL, "app_id", cfg.AppID, "table", getenv("TABLE_NAME"), "drafter", dispatcher != nil)
	return h, nil
}

// newDispatcher returns how slow work reaches the drafter: an async Lambda
// invoke of DRAFTER_FUNCTION, wired by the drafter's issue. Nil means not
// deployed yet, and deferred commands answer that drafting is unavailable.
var newDispatcher = func(ctx context.Context, getenv func(string) string) (chat.Dispatcher, error) {
	return nil, nil
}

func logLevel(s string) slog.Level {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "debug":
		return slog.LevelDebug
	case "warn", "warning":
		return slog.LevelWarn
	case "error":
		return slog.LevelError
	}
	return slog.LevelInfo
}
