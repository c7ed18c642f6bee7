// Package wire wires the bot's parts from the environment, the same way in
// every Lambda function, the CLI and `gpuadvisor serve`: the logger, the
// store file, the LLM and the member checks. The functions' own parts
// (secrets, the DynamoDB table, the drafter hand-off, lambda.Start) are in
// wire/function, so that the CLI does not link the AWS SDK. It links no chat
// SDK: the posters are built per platform (slack.PostersFromGetenv,
// feishu.PostersFromGetenv, both in wire/platforms), so that the Slack and
// Feishu functions each link their own platform's SDK only.
package wire

import (
	"log/slog"
	"maps"
	"os"
	"slices"
	"strings"

	"gpuadvisor/chat"
	"gpuadvisor/infra/llm"
	"gpuadvisor/prompts"
)

// Getenv reads one environment variable; tests pass a map's lookup.
type Getenv func(string) string

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

// LLMState says which LLM the configuration gives, for a start-up line.
func LLMState(getenv Getenv) string {
	switch v := llm.FromGetenv(getenv).(type) {
	case nil:
		return "none: template drafts"
	case prompts.Unconfigured:
		return "misconfigured: " + v.Why
	case prompts.Modeler:
		return v.Model()
	}
	return "configured"
}

// Platforms lists the keys of a poster map, for a start-up log line.
func Platforms(posters map[string]chat.Poster) []string {
	return slices.Sorted(maps.Keys(posters))
}
