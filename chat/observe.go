package chat

import (
	"context"
	"time"
)

// Observer is told of every request a Pipeline answered: the command (its
// name, "" when nothing was routed), the outcome and how long the answer
// took. The Lambda functions turn it into CloudWatch metrics.
type Observer func(ctx context.Context, command string, outcome Outcome, took time.Duration)

type observerKey struct{}

// WithObserver returns ctx carrying o for the pipelines that answer under it.
func WithObserver(ctx context.Context, o Observer) context.Context {
	return context.WithValue(ctx, observerKey{}, o)
}

// observe tells ctx's observer, if any, of one answer.
func observe(ctx context.Context, start time.Time, res *Result) {
	if o, _ := ctx.Value(observerKey{}).(Observer); o != nil {
		o(ctx, res.Reply.Command, res.Outcome, time.Since(start))
	}
}

// Tracer starts a timed part of an answer (an X-Ray subsegment in the Lambda
// functions) and returns ctx carrying it and the function that ends it.
type Tracer func(ctx context.Context, name string) (context.Context, func(error))

type tracerKey struct{}

// WithTracer returns ctx carrying t for the pipelines that answer under it.
func WithTracer(ctx context.Context, t Tracer) context.Context {
	return context.WithValue(ctx, tracerKey{}, t)
}

// span starts name under ctx's tracer; without one it does nothing.
func span(ctx context.Context, name string) (context.Context, func(error)) {
	if t, _ := ctx.Value(tracerKey{}).(Tracer); t != nil {
		return t(ctx, name)
	}
	return ctx, func(error) {}
}
