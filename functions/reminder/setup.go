package main

import (
	"context"
	"errors"
	"log/slog"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/internal/wire"
	"gpuadvisor/internal/wire/function"
	"gpuadvisor/internal/wire/platforms"
)

// setup wires the store, the posters and the engine.
func setup(ctx context.Context, getenv wire.Getenv, log *slog.Logger) (*handler, error) {
	st, err := function.Table(ctx, getenv)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return nil, errors.New("TABLE_NAME is not set: the reminder reads renewals from the DynamoDB table")
	}
	loc, err := rules.LocationFrom(getenv)
	if err != nil {
		return nil, err
	}
	posters := platforms.Posters(getenv, log)
	if len(posters) == 0 {
		return nil, errors.New("no platform to post to: set SLACK_BOT_TOKEN, or FEISHU_APP_ID and FEISHU_APP_SECRET")
	}
	log.Info("reminder ready", "table", getenv("TABLE_NAME"), "zone", loc.String(), "platforms", wire.Platforms(posters))
	return &handler{store: st, posters: posters, loc: loc, now: time.Now, log: log}, nil
}
