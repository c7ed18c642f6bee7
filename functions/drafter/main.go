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
//	GPUADVISOR_SECRETS    fills the secrets at cold start (see infra/secrets);
//	                      the template gives it the Slack, Feishu and LLM secrets
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
	"log/slog"
	"os"

	"gpuadvisor/chat"

	"gpuadvisor/drafter"
	"gpuadvisor/infra/emf"
	"gpuadvisor/internal/wire"
	"gpuadvisor/internal/wire/function"
	"gpuadvisor/internal/wire/platforms"
)

func main() {
	function.Main("drafter", function.Entry(setup, func(r *drafter.Runner) any { return r.Run }))
}

// setup wires the runner: the same router as the chat functions, and a
// poster per configured platform.
func setup(ctx context.Context, getenv wire.Getenv, log *slog.Logger) (*drafter.Runner, error) {
	p, err := function.Lambda(ctx, getenv, log, platforms.Posters, nil)
	if err != nil {
		return nil, err
	}
	if len(p.Posters) == 0 {
		return nil, errors.New("no platform to post to: set SLACK_BOT_TOKEN, or FEISHU_APP_ID and FEISHU_APP_SECRET (with GPUADVISOR_SECRETS they come from the secret store)")
	}
	log.Info("drafter function ready", "platforms", wire.Platforms(p.Posters), "llm", wire.LLMState(getenv), "table", p.Table)
	return &drafter.Runner{Handler: p.Router, Posters: countDrafts(p.Posters, emf.New(os.Stdout, "drafter")), Dedupe: p.Deduper, Log: log}, nil
}

// countDrafts wraps each poster so that every draft it posts is counted:
// written by the LLM (the reply carries its redline against the template)
// or the template itself (no LLM, or the LLM failed and the template was
// the fallback).
func countDrafts(posters map[string]chat.Poster, m *emf.Emitter) map[string]chat.Poster {
	out := make(map[string]chat.Poster, len(posters))
	for k, p := range posters {
		out[k] = draftCounter{Poster: p, m: m}
	}
	return out
}

type draftCounter struct {
	chat.Poster
	m *emf.Emitter
}

func (d draftCounter) Post(ctx context.Context, target chat.Target, rep chat.Reply) error {
	err := d.Poster.Post(ctx, target, rep)
	if err == nil && rep.Command == "draft" && !rep.Deferred && rep.Error == nil {
		d.m.Draft(rep.Redline != nil)
	}
	return err
}
