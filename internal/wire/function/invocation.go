package function

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-lambda-go/lambdacontext"

	"gpuadvisor/chat"
	"gpuadvisor/infra/emf"
	"gpuadvisor/infra/xray"
	"gpuadvisor/store"
)

// invocation is the Lambda invocation a function instance is handling: one
// at a time per execution environment, so every log line written during it
// (by any goroutine) belongs to it.
type invocation struct {
	requestID string
	cold      bool
}

// invocations tags log lines with the current invocation, and counts its
// answers and store errors as metrics (nil metrics: none).
type invocations struct {
	cur     atomic.Pointer[invocation]
	count   atomic.Int64
	metrics *emf.Emitter
	// tracer adds X-Ray subsegments (nil: tracing off).
	tracer *xray.Tracer
	// traced is http.DefaultTransport with a subsegment per call, put in
	// place when the first invocation starts (nil: tracing off).
	traced http.RoundTripper
}

// track wraps h so that each invocation is recorded before it runs: its
// request id, and whether it is the instance's first (a cold start).
func (iv *invocations) track(h lambda.Handler) lambda.Handler {
	return handlerFunc(func(ctx context.Context, payload []byte) ([]byte, error) {
		inv := &invocation{cold: iv.count.Add(1) == 1}
		if inv.cold && iv.traced != nil {
			http.DefaultTransport = iv.traced // lambda.Start has built its own client
		}
		if lc, ok := lambdacontext.FromContext(ctx); ok {
			inv.requestID = lc.AwsRequestID
		}
		iv.cur.Store(inv)
		if iv.metrics != nil {
			ctx = chat.WithObserver(ctx, func(_ context.Context, command string, o chat.Outcome, took time.Duration) {
				iv.metrics.Command(command, string(o), took)
			})
		}
		if iv.tracer != nil {
			ctx = chat.WithTracer(ctx, func(ctx context.Context, name string) (context.Context, func(error)) {
				ctx, sub := iv.tracer.Start(ctx, name, "")
				return ctx, sub.End
			})
		}
		return h.Invoke(ctx, payload)
	})
}

type handlerFunc func(ctx context.Context, payload []byte) ([]byte, error)

func (f handlerFunc) Invoke(ctx context.Context, payload []byte) ([]byte, error) {
	return f(ctx, payload)
}

// tagged is a slog.Handler that adds request_id and cold_start to every
// record written during an invocation.
type tagged struct {
	slog.Handler
	iv *invocations
}

func (t tagged) Handle(ctx context.Context, r slog.Record) error {
	if r.Level >= slog.LevelWarn && t.iv.metrics != nil {
		r.Attrs(func(a slog.Attr) bool {
			var fe *store.FaultError
			if err, ok := a.Value.Any().(error); ok && errors.As(err, &fe) {
				t.iv.metrics.StoreError(string(fe.Problem)) // a store call failed, whatever logged it
				return false
			}
			return true
		})
	}
	if inv := t.iv.cur.Load(); inv != nil {
		r = r.Clone()
		r.AddAttrs(slog.String("request_id", inv.requestID), slog.Bool("cold_start", inv.cold))
	}
	return t.Handler.Handle(ctx, r)
}

func (t tagged) WithAttrs(as []slog.Attr) slog.Handler { return tagged{t.Handler.WithAttrs(as), t.iv} }
func (t tagged) WithGroup(name string) slog.Handler    { return tagged{t.Handler.WithGroup(name), t.iv} }
