package invoke

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/lambda"
	"github.com/aws/aws-sdk-go-v2/service/lambda/types"

	"gpuadvisor/chat"
	"gpuadvisor/infra/awstrust"
)

var _ chat.Dispatcher = (*Dispatcher)(nil)

// MaxPayload is the largest job sent: Lambda's limit for an asynchronous
// invocation's event (256 KB).
const MaxPayload = 256 * 1024

// DefaultTimeout bounds one dispatch, so the caller still acknowledges the
// platform in time when the Lambda API is slow.
const DefaultTimeout = 2 * time.Second

// Invoker is the part of the Lambda client used here.
type Invoker interface {
	Invoke(ctx context.Context, in *lambda.InvokeInput, opts ...func(*lambda.Options)) (*lambda.InvokeOutput, error)
}

// Dispatcher invokes the drafter function asynchronously with each job.
type Dispatcher struct {
	// Client invokes; *lambda.Client.
	Client Invoker
	// Function is the drafter's name or ARN.
	Function string
	// Timeout bounds one dispatch; zero means DefaultTimeout.
	Timeout time.Duration
}

// FromGetenv builds a dispatcher from DRAFTER_FUNCTION and LAMBDA_ENDPOINT
// (tests only), read with getenv and nothing else, with the default AWS
// credential chain. Without DRAFTER_FUNCTION it returns nil (no error): the
// drafter is not deployed, and deferred commands say so.
func FromGetenv(ctx context.Context, getenv func(string) string) (chat.Dispatcher, error) {
	fn := strings.TrimSpace(getenv("DRAFTER_FUNCTION"))
	if fn == "" {
		return nil, nil
	}
	d, err := build(ctx, fn, strings.TrimSpace(getenv("LAMBDA_ENDPOINT")))
	if err != nil {
		return nil, fmt.Errorf("drafter dispatcher: %w", err)
	}
	return d, nil
}

func build(ctx context.Context, fn, endpoint string) (*Dispatcher, error) {
	cfg, err := awstrust.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("invoke: aws config: %w", err)
	}
	return New(cfg, fn, endpoint), nil
}

// New builds a dispatcher for function; endpoint, when not empty, replaces
// the Lambda API endpoint (a fake in tests).
func New(cfg aws.Config, function, endpoint string) *Dispatcher {
	client := lambda.NewFromConfig(cfg, func(o *lambda.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
		o.RetryMaxAttempts = 2
	})
	return &Dispatcher{Client: client, Function: function}
}

// Dispatch implements chat.Dispatcher: one asynchronous invoke carrying the
// job as JSON. Lambda answers 202 when the event is queued.
func (d *Dispatcher) Dispatch(ctx context.Context, job chat.Job) error {
	payload, err := json.Marshal(job)
	if err != nil {
		return fmt.Errorf("invoke: encode job %s: %w", job.ID, err)
	}
	if len(payload) > MaxPayload {
		return fmt.Errorf("invoke: job %s is %d bytes, over the %d-byte limit of an asynchronous invoke", job.ID, len(payload), MaxPayload)
	}
	timeout := d.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	out, err := d.Client.Invoke(ctx, &lambda.InvokeInput{
		FunctionName:   aws.String(d.Function),
		InvocationType: types.InvocationTypeEvent,
		Payload:        payload,
	})
	if err != nil {
		return fmt.Errorf("invoke: drafter %s, job %s: %w", d.Function, job.ID, err)
	}
	if out.StatusCode != 202 {
		return fmt.Errorf("invoke: drafter %s, job %s: status %d, want 202", d.Function, job.ID, out.StatusCode)
	}
	return nil
}
