package feishu

import (
	"log/slog"
	"strings"

	"gpuadvisor/chat"
)

// PostersFromGetenv is the Feishu client from FEISHU_APP_ID and
// FEISHU_APP_SECRET (FEISHU_BASE_URL for Lark or a fake), keyed by Platform;
// empty unless both are set. Posting needs no verification token or encrypt
// key, so they are not read. The Feishu function wires only this, so that it
// does not link slack-go; package internal/wire/platforms adds Slack's for
// the functions and commands that post to both.
func PostersFromGetenv(getenv func(string) string, log *slog.Logger) map[string]chat.Poster {
	m := map[string]chat.Poster{}
	id, secret := strings.TrimSpace(getenv("FEISHU_APP_ID")), strings.TrimSpace(getenv("FEISHU_APP_SECRET"))
	if id != "" && secret != "" {
		base := strings.TrimRight(strings.TrimSpace(getenv("FEISHU_BASE_URL")), "/")
		if base == "" {
			base = FeishuBaseURL
		}
		m[Platform] = NewClient(Config{AppID: id, AppSecret: secret, BaseURL: base}, log, nil)
	}
	return m
}
