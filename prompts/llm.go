package prompts

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// LLM completes one chat prompt. Implementations must honour ctx's deadline
// and wrap their errors with the sentinels below (ErrRateLimited, ErrQuota,
// ErrTimeout, ErrUnavailable, ErrEmpty, ErrNotConfigured) so the service can
// tell the user which path was taken. infra/llm is the go-openai adapter.
type LLM interface {
	Complete(ctx context.Context, p Prompt) (string, error)
}

// Modeler is implemented by an LLM that can name its model for replies.
type Modeler interface {
	Model() string
}

// Prompt is one request to the LLM.
type Prompt struct {
	// System holds the instructions.
	System string
	// User holds the task, the facts and, last, any quoted vendor data.
	User string
	// JSON asks for a JSON object (the response_format json_object mode).
	JSON bool
	// MaxTokens bounds the answer.
	MaxTokens int
}

// Errors an LLM adapter wraps so that the reason reaches the user.
var (
	// ErrNotConfigured: no endpoint, key or model is set.
	ErrNotConfigured = errors.New("llm not configured")
	// ErrRateLimited: HTTP 429 other than an exhausted quota; worth one retry.
	ErrRateLimited = errors.New("llm rate limited")
	// ErrQuota: HTTP 429 insufficient_quota (or 402): do not retry.
	ErrQuota = errors.New("llm quota exhausted")
	// ErrTimeout: the deadline passed before an answer came.
	ErrTimeout = errors.New("llm timed out")
	// ErrUnavailable: HTTP 5xx or the endpoint could not be reached.
	ErrUnavailable = errors.New("llm unavailable")
	// ErrEmpty: the answer had no content (blank, or only reasoning).
	ErrEmpty = errors.New("llm returned no content")
	// ErrRejected: HTTP 4xx other than 429 (bad model name, bad key).
	ErrRejected = errors.New("llm rejected the request")
)

// Unconfigured is an LLM that explains why none is configured (for example
// "OPENAI_MODEL is not set"). Every call fails with ErrNotConfigured.
type Unconfigured struct {
	// Why says what is missing, without any secret.
	Why string
}

// Complete implements LLM: it always fails with ErrNotConfigured.
func (u Unconfigured) Complete(context.Context, Prompt) (string, error) {
	return "", fmt.Errorf("%w: %s", ErrNotConfigured, u.Why)
}

// RetryAfterError is an LLM error that says how long to wait before the
// next try (an HTTP Retry-After header, already bounded by the adapter).
// It wraps one of the sentinels above.
type RetryAfterError struct {
	Err   error
	After time.Duration
}

func (e *RetryAfterError) Error() string { return fmt.Sprintf("%v (retry after %v)", e.Err, e.After) }

// Unwrap returns the wrapped error.
func (e *RetryAfterError) Unwrap() error { return e.Err }
