// Package function wires a Lambda function from its environment: the
// secrets (GPUADVISOR_SECRETS, read again when they change), the DynamoDB
// table, the router, the posters and the drafter hand-off, then lambda.Start.
// It is apart from package wire so that the CLI and `gpuadvisor serve`, which
// use wire, do not link the AWS SDK (binary size, start time, memory).
package function

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/dynamo"
	"gpuadvisor/infra/emf"
	"gpuadvisor/infra/llm"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/infra/secrets"
	"gpuadvisor/infra/xray"
	"gpuadvisor/internal/wire"
	"gpuadvisor/store"
)

// Setup builds a function's handler (for lambda.Start) from the environment:
// getenv reads the process environment with the secret store's values under
// it.
type Setup func(ctx context.Context, getenv wire.Getenv, log *slog.Logger) (handler any, err error)

// Entry is Setup for a function whose setup returns its handler type H, and
// entry the method Lambda invokes (h.HandleLambda, r.Run).
func Entry[H any](setup func(context.Context, wire.Getenv, *slog.Logger) (H, error), entry func(H) any) Setup {
	return func(ctx context.Context, getenv wire.Getenv, log *slog.Logger) (any, error) {
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
// and cold_start (true on the instance's first invocation). Every answer of
// a chat pipeline and every logged store failure is a CloudWatch metric
// (package emf, EMF lines on stdout). With X-Ray tracing Active, the router,
// each store call and each outbound HTTP call are subsegments of the
// invocation (package xray).
func Main(name string, setup Setup) {
	iv := &invocations{metrics: emf.New(os.Stdout, name), tracer: xray.FromGetenv(os.Getenv)}
	plain := http.DefaultTransport
	if iv.tracer != nil {
		// every client built on the default transport (Slack, Feishu, the
		// LLM) gets a subsegment per call
		iv.traced = iv.tracer.Transport(plain)
		http.DefaultTransport = iv.traced
	}
	log := slog.New(tagged{wire.Logger(os.Getenv).Handler(), iv})
	slog.SetDefault(log)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	h, err := Start(ctx, os.Getenv, log, setup)
	cancel()
	if err != nil {
		log.Error(name+" function cannot start", "err", err.Error())
		os.Exit(1)
	}
	// aws-lambda-go builds its Runtime API client from a clone of
	// http.DefaultTransport, which it asserts is an *http.Transport: the
	// traced one comes back before the first invocation (track).
	http.DefaultTransport = plain
	lambda.Start(iv.track(h))
}

// Start builds the function's handler. Without GPUADVISOR_SECRETS it is
// setup's handler. With it, the handler is built from the secrets and built
// again whenever they change: they are read again after secrets.DefaultTTL,
// and, at most once a minute, when a request is refused with 401 (a
// signature or token that does not match): then that request is answered
// again by the new handler. A secret filled in or rotated after a cold start
// is so picked up within minutes, without a redeploy.
func Start(ctx context.Context, getenv wire.Getenv, log *slog.Logger, setup Setup) (lambda.Handler, error) {
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
	getenv wire.Getenv
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
	h, err := r.setup(ctx, wire.Getenv(secrets.Overlay(r.getenv, vals)), r.log)
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

// Table opens the DynamoDB table named by TABLE_NAME (DYNAMO_ENDPOINT points
// at a compatible server in tests). Nil without TABLE_NAME.
func Table(ctx context.Context, getenv wire.Getenv) (*dynamo.Store, error) {
	table := strings.TrimSpace(getenv("TABLE_NAME"))
	if table == "" {
		return nil, nil
	}
	client, err := dynamo.NewClient(ctx, strings.TrimSpace(getenv("DYNAMO_ENDPOINT")))
	if err != nil {
		return nil, fmt.Errorf("dynamodb table %s: %w", table, err)
	}
	if tr := xray.FromGetenv(getenv); tr != nil {
		// each store call a "DynamoDB" subsegment of the invocation
		o := client.Options()
		o.HTTPClient = tr.AWS("DynamoDB", o.HTTPClient)
		client = dynamodb.New(o)
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
	// Table is TABLE_NAME, for the start-up line.
	Table string
	// Deduper is the table (shared by every instance), or memory (this
	// instance only) without one.
	Deduper store.Deduper
	// Texts is the table, for the texts a Slack shortcut keeps; nil
	// without one (the handler keeps them in memory).
	Texts store.Texts
	// Posters has one chat.Poster per platform configured for posting, of
	// the platforms the function posts to (NewPosters).
	Posters map[string]chat.Poster
	// Dispatcher hands slow jobs to the drafter function
	// (DRAFTER_FUNCTION); nil when there is none.
	Dispatcher chat.Dispatcher
}

// NewDispatcher builds the drafter hand-off from the environment
// (invoke.FromGetenv); it is passed in, so that a function that hands off
// nothing does not link the hand-off, nor need the right to invoke.
type NewDispatcher func(ctx context.Context, getenv func(string) string) (chat.Dispatcher, error)

// NewPosters builds the posters of the platforms a function posts to, by
// platform, from the environment: platforms.Posters for every configured
// platform (the drafter), slack.PostersFromGetenv or
// feishu.PostersFromGetenv for a chat function, whose requests (and so
// `renewal add`'s member check) are of its own platform only. It is passed
// in, so that the Slack function does not link the Feishu SDK, nor the
// Feishu function slack-go.
type NewPosters func(getenv func(string) string, log *slog.Logger) map[string]chat.Poster

// Lambda wires the parts of a function from getenv, with the posters of
// posters; dispatcher nil means the function hands no jobs to the drafter.
func Lambda(ctx context.Context, getenv wire.Getenv, log *slog.Logger, posters NewPosters, dispatcher NewDispatcher) (*Parts, error) {
	st, err := Table(ctx, getenv)
	if err != nil {
		return nil, err
	}
	p := &Parts{Store: st, Table: strings.TrimSpace(getenv("TABLE_NAME")), Deduper: &memstore.Deduper{}, Posters: posters(getenv, log)}
	if dispatcher != nil {
		if p.Dispatcher, err = dispatcher(ctx, getenv); err != nil {
			return nil, err
		}
	}
	lm, err := llm.Load(getenv)
	if err != nil {
		return nil, err
	}
	if r := remoteLLM(getenv, p.Dispatcher != nil, lm); r != nil {
		lm = r // the drafter holds the key (DRAFTER_LLM)
	}
	deps := commands.Deps{LLM: lm, Members: wire.Members(p.Posters)}
	if st != nil {
		deps.Renewals, deps.Prices, deps.Settings, deps.Checks, deps.Trials, p.Deduper = st, st, st, st, st, st
		p.Texts = st
	}
	p.Router = commands.New(deps)
	p.Router.Log = log
	return p, nil
}

// Chat is the setup of a chat platform's function: its configuration read
// from getenv (config: an error names what is missing), the parts wired with
// posters and dispatcher, then its handler built from both (build).
func Chat[C, H any](config func(func(string) string) (C, error), posters NewPosters, dispatcher NewDispatcher,
	build func(C, *Parts, *slog.Logger) (H, error)) func(context.Context, wire.Getenv, *slog.Logger) (H, error) {
	return func(ctx context.Context, getenv wire.Getenv, log *slog.Logger) (H, error) {
		var none H
		cfg, err := config(getenv)
		if err != nil {
			return none, err
		}
		p, err := Lambda(ctx, getenv, log, posters, dispatcher)
		if err != nil {
			return none, err
		}
		return build(cfg, p, log)
	}
}
