// Command slack is the Slack Lambda: the /gpu slash command, Block Kit
// buttons and @-mentions, behind a Function URL or an HTTP API (payload v2).
//
// Environment:
//
//	SLACK_SIGNING_SECRET  required; verifies every request
//	SLACK_BOT_TOKEN       required; chat.postMessage for mentions
//	SLACK_API_URL         optional; a fake Slack Web API for tests
//	GPUADVISOR_SECRETS    optional; fills the two secrets at cold start from
//	                      Secrets Manager or SSM (see infra/secrets); the
//	                      template gives it the Slack secret only
//	DRAFTER_LLM           optional; set when the drafter has an LLM: drafts
//	                      and ask are handed to it without this function
//	                      reading the LLM key
//	TABLE_NAME            optional; the DynamoDB table for renewals, for
//	                      de-duplicating Slack's retries across instances and
//	                      for the long message texts a shortcut keeps for its
//	                      form (in memory, per instance, without it)
//	DYNAMO_ENDPOINT       optional; a DynamoDB-compatible server (tests)
//	LOG_LEVEL             debug, info (default), warn, error
//
// Without the required configuration it logs one JSON line naming what is
// missing and exits 1.
//
// Build: GOOS=linux GOARCH=arm64 CGO_ENABLED=0 go build -tags lambda.norpc -ldflags="-s -w" -o bootstrap ./functions/slack
package main

import (
	"log/slog"

	"gpuadvisor/infra/invoke"
	"gpuadvisor/infra/slack"
	"gpuadvisor/internal/wire/function"
)

func main() {
	function.Main("slack", function.Entry(setup, func(h *slack.Handler) any { return h.HandleLambda }))
}

// setup reads the configuration and wires the handler.
var setup = function.Chat(slack.ConfigFromEnv, slack.PostersFromGetenv, invoke.FromGetenv, func(cfg slack.Config, p *function.Parts, log *slog.Logger) (*slack.Handler, error) {
	log.Info("slack function ready", "config", cfg, "table", p.Table, "drafter", p.Dispatcher != nil)
	return slack.New(slack.Deps{SigningSecret: cfg.SigningSecret, Router: p.Router, Poster: slack.NewPoster(cfg.BotToken, cfg.APIURL, nil),
		Dispatcher: p.Dispatcher, Deduper: p.Deduper, Texts: p.Texts, Log: log})
})
