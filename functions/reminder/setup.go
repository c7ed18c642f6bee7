package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/secrets"
	slackbot "gpuadvisor/infra/slack"
)

// setup loads the secrets and wires the store, the posters and the engine.
func setup(ctx context.Context, getenv func(string) string, log *slog.Logger) (*handler, error) {
	loaded, err := secrets.Load(ctx)
	if err != nil {
		return nil, err
	}
	if len(loaded) > 0 {
		log.Info("secrets loaded", "names", loaded)
	}
	table := strings.TrimSpace(getenv("TABLE_NAME"))
	if table == "" {
		return nil, errors.New("TABLE_NAME is not set: the reminder reads renewals from the DynamoDB table")
	}
	// REMINDER_TZ is the template's name; REMINDER_TIMEZONE is serve's.
	zone := strings.TrimSpace(getenv("REMINDER_TZ"))
	if zone == "" {
		zone = strings.TrimSpace(getenv("REMINDER_TIMEZONE"))
	}
	loc, err := rules.Location(zone)
	if err != nil {
		return nil, fmt.Errorf("REMINDER_TZ: %w", err)
	}
	posters := postersFromEnv(getenv, log)
	if len(posters) == 0 {
		return nil, errors.New("no platform to post to: set SLACK_BOT_TOKEN, or FEISHU_APP_ID and FEISHU_APP_SECRET")
	}
	client, err := dynamo.NewClient(ctx, strings.TrimSpace(getenv("DYNAMO_ENDPOINT")))
	if err != nil {
		return nil, fmt.Errorf("dynamodb table %s: %w", table, err)
	}
	var platforms []string
	for p := range posters {
		platforms = append(platforms, p)
	}
	log.Info("reminder ready", "table", table, "zone", loc.String(), "platforms", platforms)
	return &handler{store: dynamo.New(client, table, dynamo.Options{}), posters: posters, loc: loc, now: time.Now, log: log}, nil
}

// postersFromEnv builds a chat.Poster per configured platform: Slack from
// SLACK_BOT_TOKEN, Feishu from FEISHU_APP_ID and FEISHU_APP_SECRET. Posting
// needs no signing secret or encrypt key, so only these are read.
func postersFromEnv(getenv func(string) string, log *slog.Logger) map[string]chat.Poster {
	m := map[string]chat.Poster{}
	if tok := strings.TrimSpace(getenv(slackbot.EnvBotToken)); tok != "" {
		m["slack"] = slackbot.NewPoster(tok, strings.TrimSpace(getenv(slackbot.EnvAPIURL)), nil)
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
