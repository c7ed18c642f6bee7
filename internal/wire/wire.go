// Package wire wires the bot's parts from the environment, the same way in
// every Lambda function and in `gpuadvisor serve`: the logger, the secrets,
// the store, the LLM, the posters and the drafter hand-off. Each function's
// main.go names its handler and calls Main; nothing else is repeated.
package wire

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/llm"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/infra/secrets"
	"gpuadvisor/infra/slack"
	"gpuadvisor/store"
)

// Getenv reads one environment variable; tests pass a map's lookup.
type Getenv func(string) string

// Setup builds a function's handler (for lambda.Start) from the environment.
type Setup func(ctx context.Context, getenv Getenv, log *slog.Logger) (handler any, err error)

// Main runs a Lambda function: a JSON logger at LOG_LEVEL, the secrets from
// GPUADVISOR_SECRETS, then setup. A setup error is one log line naming what is
// wrong and exit status 1, never a half-configured function.
func Main(name string, setup Setup) {
	log := Logger(os.Getenv)
	slog.SetDefault(log)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	h, err := Start(ctx, os.Getenv, log, setup)
	cancel()
	if err != nil {
		log.Error(name+" function cannot start", "err", err.Error())
		os.Exit(1)
	}
	lambda.Start(h)
}

// Start loads the secrets and runs setup: what Main does before lambda.Start.
func Start(ctx context.Context, getenv Getenv, log *slog.Logger, setup Setup) (any, error) {
	loaded, err := secrets.Load(ctx)
	if err != nil {
		return nil, err
	}
	if len(loaded) > 0 {
		log.Info("secrets loaded", "names", loaded)
	}
	return setup(ctx, getenv, log)
}

// Logger is the JSON logger of a function, at LOG_LEVEL (debug, info, warn, error).
func Logger(getenv Getenv) *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: Level(getenv("LOG_LEVEL"))}))
}

// Level reads a log level name; anything else is info.
func Level(s string) slog.Level {
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

// Table opens the DynamoDB table named by TABLE_NAME (DYNAMO_ENDPOINT points
// at a compatible server in tests). Nil without TABLE_NAME.
func Table(ctx context.Context, getenv Getenv) (*dynamo.Store, error) {
	table := strings.TrimSpace(getenv("TABLE_NAME"))
	if table == "" {
		return nil, nil
	}
	client, err := dynamo.NewClient(ctx, strings.TrimSpace(getenv("DYNAMO_ENDPOINT")))
	if err != nil {
		return nil, fmt.Errorf("dynamodb table %s: %w", table, err)
	}
	return dynamo.New(client, table, dynamo.Options{}), nil
}

// Bot builds the router's dependencies and the de-duplication store: the
// DynamoDB table when TABLE_NAME is set (shared by every instance), else
// memory; the LLM from OPENAI_* (nil: template drafts).
func Bot(ctx context.Context, getenv Getenv) (commands.Deps, store.Deduper, error) {
	deps := commands.Deps{LLM: llm.FromEnv(), Members: Members(Posters(getenv, slog.Default()))}
	st, err := Table(ctx, getenv)
	if err != nil {
		return deps, nil, err
	}
	if st == nil {
		return deps, &memstore.Deduper{}, nil
	}
	deps.Renewals = st
	deps.Prices = st
	deps.Settings = st
	return deps, st, nil
}

// Posters builds a chat.Poster per configured platform: Slack from
// SLACK_BOT_TOKEN (SLACK_API_URL for a fake), Feishu from FEISHU_APP_ID and
// FEISHU_APP_SECRET (FEISHU_BASE_URL for Lark). Posting needs no signing
// secret or encrypt key, so only these are read.
func Posters(getenv Getenv, log *slog.Logger) map[string]chat.Poster {
	m := map[string]chat.Poster{}
	if tok := strings.TrimSpace(getenv(slack.EnvBotToken)); tok != "" {
		m["slack"] = slack.NewPoster(tok, strings.TrimSpace(getenv(slack.EnvAPIURL)), nil)
	}
	id, secret := strings.TrimSpace(getenv("FEISHU_APP_ID")), strings.TrimSpace(getenv("FEISHU_APP_SECRET"))
	if id != "" && secret != "" {
		base := strings.TrimRight(strings.TrimSpace(getenv("FEISHU_BASE_URL")), "/")
		if base == "" {
			base = feishu.FeishuBaseURL
		}
		m[feishu.Platform] = feishu.NewClient(feishu.Config{AppID: id, AppSecret: secret, BaseURL: base}, log, nil)
	}
	return m
}

// Platforms lists the keys of a poster map, for a start-up log line.
func Platforms(posters map[string]chat.Poster) []string {
	var out []string
	for p := range posters {
		out = append(out, p)
	}
	return out
}
