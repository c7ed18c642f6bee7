// Command slack is the Slack Lambda: the /gpu slash command, Block Kit
// buttons and @-mentions, behind a Function URL or an HTTP API (payload v2).
//
// Configuration comes from the environment: SLACK_SIGNING_SECRET,
// SLACK_BOT_TOKEN (in AWS filled at cold start from Secrets Manager or SSM
// Parameter Store by infra/secrets, see GPUADVISOR_SECRETS) and, for tests,
// SLACK_API_URL. Without them it logs one JSON line
// naming what is missing and exits 1.
//
// Build: GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -ldflags="-s -w" -o bootstrap ./functions/slack
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/bot"
	"gpuadvisor/chat"
	"gpuadvisor/infra/secrets"
	slackbot "gpuadvisor/infra/slack"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	// In AWS the secrets come from Secrets Manager or SSM (GPUADVISOR_SECRETS);
	// unset, this does nothing and the environment is used as it is.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	loaded, err := secrets.Load(ctx)
	cancel()
	if err != nil {
		log.Error("slack function cannot start", "err", err)
		os.Exit(1)
	}
	if len(loaded) > 0 {
		log.Info("secrets loaded", "names", loaded)
	}
	h, err := setup(os.Getenv, log)
	if err != nil {
		log.Error("slack function cannot start", "err", err)
		os.Exit(1)
	}
	lambda.Start(h.HandleLambda)
}

// setup wires the handler from the environment.
func setup(getenv func(string) string, log *slog.Logger) (*slackbot.Handler, error) {
	cfg, err := slackbot.ConfigFromEnv(getenv)
	if err != nil {
		return nil, err
	}
	dispatcher, err := newDispatcher(getenv)
	if err != nil {
		return nil, fmt.Errorf("drafter dispatcher: %w", err)
	}
	router := bot.New(bot.Deps{})
	router.Log = log
	h, err := slackbot.New(slackbot.Deps{
		SigningSecret: cfg.SigningSecret,
		Router:        router,
		Poster:        slackbot.NewPoster(cfg.BotToken, cfg.APIURL, nil),
		Dispatcher:    dispatcher,
		Log:           log,
	})
	if err != nil {
		return nil, err
	}
	log.Info("slack function ready", "config", cfg, "drafter", dispatcher != nil)
	return h, nil
}

// newDispatcher returns how slow work reaches the drafter (an async Lambda
// invoke, wired by the drafter's issue). Nil means not deployed yet: deferred
// commands answer that the feature is coming.
var newDispatcher = func(getenv func(string) string) (chat.Dispatcher, error) {
	return nil, nil
}
