// Command slack is the Slack Lambda: the /gpu slash command, Block Kit
// buttons and @-mentions, behind a Function URL or an HTTP API (payload v2).
//
// Environment:
//
//	SLACK_SIGNING_SECRET  required; verifies every request
//	SLACK_BOT_TOKEN       required; chat.postMessage for mentions
//	SLACK_API_URL         optional; a fake Slack Web API for tests
//	GPUADVISOR_SECRETS    optional; fills the two secrets at cold start from
//	                      Secrets Manager or SSM (see infra/secrets)
//	TABLE_NAME            optional; the DynamoDB table for renewals and for
//	                      de-duplicating Slack's retries across instances
//	                      (in memory, per instance, without it)
//	DYNAMO_ENDPOINT       optional; a DynamoDB-compatible server (tests)
//	LOG_LEVEL             debug, info (default), warn, error
//
// Without the required configuration it logs one JSON line naming what is
// missing and exits 1.
//
// Build: GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -ldflags="-s -w" -o bootstrap ./functions/slack
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
	"gpuadvisor/infra/secrets"
	slackbot "gpuadvisor/infra/slack"
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
		log.Error("slack function cannot start", "err", err.Error())
		os.Exit(1)
	}
	lambda.Start(h.HandleLambda)
}

// setup loads the secrets, reads the configuration and wires the handler.
func setup(ctx context.Context, getenv func(string) string, log *slog.Logger) (*slackbot.Handler, error) {
	// Unset GPUADVISOR_SECRETS makes this a no-op: the environment is used as is.
	loaded, err := secrets.Load(ctx)
	if err != nil {
		return nil, err
	}
	if len(loaded) > 0 {
		log.Info("secrets loaded", "names", loaded)
	}
	cfg, err := slackbot.ConfigFromEnv(getenv)
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
	h, err := slackbot.New(slackbot.Deps{
		SigningSecret: cfg.SigningSecret,
		Router:        router,
		Poster:        slackbot.NewPoster(cfg.BotToken, cfg.APIURL, nil),
		Dispatcher:    dispatcher,
		Deduper:       dedupe,
		Log:           log,
	})
	if err != nil {
		return nil, err
	}
	log.Info("slack function ready", "config", cfg, "table", getenv("TABLE_NAME"), "drafter", dispatcher != nil)
	return h, nil
}

// newDispatcher returns how slow work reaches the drafter: an async Lambda
// invoke of DRAFTER_FUNCTION, wired by the drafter's issue. Nil means not
// deployed yet, and deferred commands answer that the feature is coming.
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
