// Package platforms builds the poster of every chat platform the
// environment configures, for what posts to both (the drafter and reminder
// functions, the CLI's remind). It is apart from package wire, which the
// Slack and Feishu functions link through wire/function: each of those wires
// its own platform's poster only (slack.PostersFromGetenv,
// feishu.PostersFromGetenv), so that it links one chat SDK.
package platforms

import (
	"log/slog"
	"maps"

	"gpuadvisor/chat"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/slack"
)

// Posters builds a chat.Poster per configured platform, by platform name:
// Slack from SLACK_BOT_TOKEN (SLACK_API_URL for a fake), Feishu from
// FEISHU_APP_ID and FEISHU_APP_SECRET (FEISHU_BASE_URL for Lark). Posting
// needs no signing secret or encrypt key, so only these are read.
func Posters(getenv func(string) string, log *slog.Logger) map[string]chat.Poster {
	m := slack.PostersFromGetenv(getenv, log)
	maps.Copy(m, feishu.PostersFromGetenv(getenv, log))
	return m
}
