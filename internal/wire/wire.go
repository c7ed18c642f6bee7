// Package wire wires the bot's parts from the environment, the same way in
// every Lambda function and in `gpuadvisor serve`: the logger, the secrets,
// the store, the LLM, the posters and the drafter hand-off. Each function's
// main.go names its handler and calls Main; nothing else is repeated.
package wire

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
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
	"gpuadvisor/prompts"
	"gpuadvisor/store"
)

// Getenv reads one environment variable; tests pass a map's lookup.
type Getenv func(string) string

// Setup builds a function's handler (for lambda.Start) from the environment:
// getenv reads the process environment with the secret store's values under
// it.
type Setup func(ctx context.Context, getenv Getenv, log *slog.Logger) (handler any, err error)

// Entry is Setup for a function whose setup returns its handler type H, and
// entry the method Lambda invokes (h.HandleLambda, r.Run).
func Entry[H any](setup func(context.Context, Getenv, *slog.Logger) (H, error), entry func(H) any) Setup {
	return func(ctx context.Context, getenv Getenv, log *slog.Logger) (any, error) {
		h, err := setup(ctx, getenv, log)
		if err != nil {
			return nil, err
		}
		return entry(h), nil
	}
}

// Main runs a Lambda function: a JSON logger at LOG_LEVEL, then Start. A
// setup error is one log line naming what is wrong and exit status 1, never
// a half-configured function.
//
// Every log line written while an invocation runs carries its request_id
// and cold_start (true on the instance's first invocation).
func Main(name string, setup Setup) {
	iv := &invocations{}
	log := slog.New(tagged{Logger(os.Getenv).Handler(), iv})
	slog.SetDefault(log)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	h, err := Start(ctx, os.Getenv, log, setup)
	cancel()
	if err != nil {
		log.Error(name+" function cannot start", "err", err.Error())
		os.Exit(1)
	}
	lambda.Start(iv.track(h))
}

// Start builds the function's handler. Without GPUADVISOR_SECRETS it is
// setup's handler. With it, the handler is built from the secrets and built
// again whenever they change: they are read again after secrets.DefaultTTL,
// and, at most once a minute, when a request is refused with 401 (a
// signature or token that does not match): then that request is answered
// again by the new handler. A secret filled in or rotated after a cold start
// is so picked up within minutes, without a redeploy.
func Start(ctx context.Context, getenv Getenv, log *slog.Logger, setup Setup) (lambda.Handler, error) {
	src, err := secrets.FromGetenv(ctx, getenv)
	if err != nil {
		return nil, err
	}
	if src == nil {
		h, err := setup(ctx, getenv, log)
		if err != nil {
			return nil, err
		}
		return lambda.NewHandler(h), nil
	}
	r := &reloader{cache: &secrets.Cache{Source: src}, getenv: getenv, log: log, setup: setup}
	if _, err := r.current(ctx); err != nil {
		return nil, err
	}
	return r, nil
}

// reloader is a lambda.Handler built from the current secrets.
type reloader struct {
	cache  *secrets.Cache
	getenv Getenv
	log    *slog.Logger
	setup  Setup

	mu      sync.Mutex
	version int // of the secrets h was built from
	h       lambda.Handler
}

// current returns the handler for the current secrets, building it when they
// changed. When a rebuild fails the previous handler stays (the error is
// logged); there is an error only when there is no handler at all.
func (r *reloader) current(ctx context.Context) (lambda.Handler, error) {
	vals, version, err := r.cache.Values(ctx)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.h != nil && version == r.version {
		return r.h, nil
	}
	h, err := r.setup(ctx, Getenv(secrets.Overlay(r.getenv, vals)), r.log)
	if err != nil {
		if r.h == nil {
			return nil, err
		}
		r.log.Error("the changed secrets do not make a working function; keeping the previous ones", "err", err.Error())
		r.version = version
		return r.h, nil
	}
	r.h, r.version = lambda.NewHandler(h), version
	r.log.Info("secrets loaded", "names", secrets.Names(vals), "version", version)
	return r.h, nil
}

// Invoke implements lambda.Handler.
func (r *reloader) Invoke(ctx context.Context, payload []byte) ([]byte, error) {
	h, err := r.current(ctx)
	if err != nil {
		return nil, err
	}
	out, err := h.Invoke(ctx, payload)
	if err != nil || !refused(out) {
		return out, err
	}
	changed, ferr := r.cache.Force(ctx)
	if ferr != nil {
		r.log.Warn("secrets not read again after a refused request", "err", ferr.Error())
	}
	if !changed {
		return out, nil
	}
	if h, err = r.current(ctx); err != nil {
		return out, nil
	}
	r.log.Info("the secrets changed; answering the refused request again")
	return h.Invoke(ctx, payload)
}

// refused reports an HTTP answer of 401: the request's signature or token
// did not match the secrets.
func refused(out []byte) bool {
	var res struct {
		StatusCode int `json:"statusCode"`
	}
	return json.Unmarshal(out, &res) == nil && res.StatusCode == http.StatusUnauthorized
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

// Parts are what a function is made of, wired from its environment.
type Parts struct {
	// Router answers the commands: the LLM from OPENAI_* (nil: template
	// drafts), renewals in the table.
	Router *chat.Router
	// Store is the DynamoDB table named by TABLE_NAME; nil without it.
	Store *dynamo.Store
	// Deduper is the table (shared by every instance), or memory (this
	// instance only) without one.
	Deduper store.Deduper
	// Posters has one chat.Poster per platform configured for posting.
	Posters map[string]chat.Poster
	// Dispatcher hands slow jobs to the drafter function
	// (DRAFTER_FUNCTION); nil when there is none.
	Dispatcher chat.Dispatcher
}

// NewDispatcher builds the drafter hand-off from the environment
// (invoke.FromGetenv); it is passed in, so that a function that hands off
// nothing does not link the Lambda client, nor need the right to invoke.
type NewDispatcher func(ctx context.Context, getenv func(string) string) (chat.Dispatcher, error)

// Lambda wires the parts of a function from getenv; dispatcher nil means the
// function hands no jobs to the drafter.
func Lambda(ctx context.Context, getenv Getenv, log *slog.Logger, dispatcher NewDispatcher) (*Parts, error) {
	st, err := Table(ctx, getenv)
	if err != nil {
		return nil, err
	}
	p := &Parts{Store: st, Deduper: &memstore.Deduper{}, Posters: Posters(getenv, log)}
	if dispatcher != nil {
		if p.Dispatcher, err = dispatcher(ctx, getenv); err != nil {
			return nil, err
		}
	}
	lm, err := llm.Load(getenv)
	if err != nil {
		return nil, err
	}
	deps := commands.Deps{LLM: lm, Members: Members(p.Posters)}
	if st != nil {
		deps.Renewals, deps.Prices, deps.Settings, deps.Checks, p.Deduper = st, st, st, st, st
	}
	p.Router = commands.New(deps)
	p.Router.Log = log
	return p, nil
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
	return slices.Sorted(maps.Keys(posters))
}
