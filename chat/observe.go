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
