// Command feishu is the Lambda behind the Feishu (飞书) / Lark Function URL:
// event subscription (url_verification, im.message.receive_v1) and card
// callbacks (card.action.trigger), answered with interactive cards.
//
// Environment: FEISHU_APP_ID, FEISHU_APP_SECRET, FEISHU_VERIFICATION_TOKEN,
// FEISHU_ENCRYPT_KEY (all required; it refuses to start without them),
// FEISHU_BASE_URL (https://open.feishu.cn by default, https://open.larksuite.com
// for Lark), FEISHU_BOT_OPEN_ID (optional), LOG_LEVEL (debug, info, warn,
// error), GPUADVISOR_SECRETS (see infra/secrets).
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/bot"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/secrets"
	"gpuadvisor/store/inprocess"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: logLevel(os.Getenv("LOG_LEVEL"))}))
	slog.SetDefault(log)
	h, err := setup(context.Background(), os.Getenv, log)
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
	h, err := feishu.NewHandler(cfg, feishu.Deps{
		Router: bot.New(bot.Deps{}),
		Client: feishu.NewClient(cfg, log, nil),
		// In memory until the DynamoDB store lands; a warm Lambda still
		// drops Feishu's quick redeliveries, and the send's uuid covers an hour.
		Dedupe: &inprocess.Deduper{},
		// No drafter yet: deferred commands answer that drafting is unavailable.
		Dispatcher: nil,
		Log:        log,
	})
	if err != nil {
		return nil, fmt.Errorf("feishu handler: %w", err)
	}
	return h, nil
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
