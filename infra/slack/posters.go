package slack

import (
	"log/slog"
	"strings"

	"gpuadvisor/chat"
)

// Platform is the chat.Request platform name, and the Slack poster's key in
// a poster map.
const Platform = "slack"

// PostersFromGetenv is the Slack poster from SLACK_BOT_TOKEN (SLACK_API_URL
// for a fake Web API), keyed by Platform; empty without a token. Posting
// needs no signing secret, so it is not read. The Slack function wires only
// this, so that it does not link the Feishu SDK; package
// internal/wire/platforms adds Feishu's for the functions and commands that
// post to both.
func PostersFromGetenv(getenv func(string) string, _ *slog.Logger) map[string]chat.Poster {
	m := map[string]chat.Poster{}
	if tok := strings.TrimSpace(getenv(EnvBotToken)); tok != "" {
		m[Platform] = NewPoster(tok, strings.TrimSpace(getenv(EnvAPIURL)), nil)
	}
	return m
}
