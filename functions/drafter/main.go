// Command drafter is the drafter Lambda: it receives a chat.Job by an
// asynchronous invoke from the slack or feishu function, runs it (LLM drafts,
// ask) and posts the reply where the job says (Slack response_url or channel,
// Feishu chat or message). See package drafter.
//
// Environment:
//
//	OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL, OPENAI_TIMEOUT
//	                      the LLM (see infra/llm); none set means template drafts
//	SLACK_BOT_TOKEN       posts Slack jobs (and SLACK_API_URL, a fake API in tests)
//	FEISHU_APP_ID, FEISHU_APP_SECRET, FEISHU_VERIFICATION_TOKEN,
//	FEISHU_ENCRYPT_KEY, FEISHU_BASE_URL
//	                      posts Feishu jobs
//	TABLE_NAME            the DynamoDB table: job ids are claimed there, so a
//	                      redelivered job is done once across instances (in
//	                      memory, per instance, without it), and stored
//	                      renewals are read for `draft renewal <id>`
//	DYNAMO_ENDPOINT       a DynamoDB-compatible server (tests)
//	GPUADVISOR_SECRETS    fills the secrets at cold start (see infra/secrets)
//	LOG_LEVEL             debug, info (default), warn, error
//
// At least one platform must be configured; otherwise it logs one JSON line
// naming what is missing and exits 1.
//
// Build: GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -ldflags="-s -w" -o bootstrap ./functions/drafter
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/bot"
	"gpuadvisor/chat"
	"gpuadvisor/drafter"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/llm"
	"gpuadvisor/infra/secrets"
	slackbot "gpuadvisor/infra/slack"
	"gpuadvisor/prompts"
	"gpuadvisor/store"
	"gpuadvisor/store/inprocess"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: logLevel(os.Getenv("LOG_LEVEL"))}))
	slog.SetDefault(log)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	r, err := setup(ctx, os.Getenv, log)
	cancel()
	if err != nil {
		log.Error("drafter function cannot start", "err", err.Error())
		os.Exit(1)
	}
	lambda.Start(r.Run)
}

// setup loads the secrets, reads the configuration and wires the runner.
func setup(ctx context.Context, getenv func(string) string, log *slog.Logger) (*drafter.Runner, error) {
	loaded, err := secrets.Load(ctx)
	if err != nil {
		return nil, err
	}
	if len(loaded) > 0 {
		log.Info("secrets loaded", "names", loaded)
	}
	posters := map[string]chat.Poster{}
	if token := strings.TrimSpace(getenv("SLACK_BOT_TOKEN")); token != "" {
		posters["slack"] = slackbot.NewPoster(token, getenv("SLACK_API_URL"), nil)
	}
	if strings.TrimSpace(getenv("FEISHU_APP_ID")) != "" {
		cfg, err := feishu.ConfigFromEnv(getenv)
		if err != nil {
			return nil, err
		}
		posters["feishu"] = feishu.NewClient(cfg, log, nil)
	}
	if len(posters) == 0 {
		return nil, errors.New("no platform to post to: set SLACK_BOT_TOKEN, or FEISHU_APP_ID and FEISHU_APP_SECRET (with GPUADVISOR_SECRETS they come from the secret store)")
	}
	deps := bot.Deps{LLM: llm.FromEnv()}
	var dedupe store.Deduper = &inprocess.Deduper{}
	if table := strings.TrimSpace(getenv("TABLE_NAME")); table != "" {
		client, err := dynamo.NewClient(ctx, getenv("DYNAMO_ENDPOINT"))
		if err != nil {
			return nil, fmt.Errorf("dynamodb table %s: %w", table, err)
		}
		st := dynamo.New(client, table, dynamo.Options{})
		deps.Renewals, dedupe = st, st
	}
	router := bot.New(deps)
	router.Log = log
	var platforms []string
	for p := range posters {
		platforms = append(platforms, p)
	}
	log.Info("drafter function ready", "platforms", platforms, "llm", llmState(deps.LLM), "table", getenv("TABLE_NAME"))
	return &drafter.Runner{Handler: router, Posters: posters, Dedupe: dedupe, Log: log}, nil
}

// llmState says how drafts will be written, for the start-up log line
// (the model name, never the key).
func llmState(l prompts.LLM) string {
	switch v := l.(type) {
	case nil:
		return "none: template drafts"
	case prompts.Unconfigured:
		return "misconfigured: " + v.Why
	case prompts.Modeler:
		return v.Model()
	}
	return "configured"
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
