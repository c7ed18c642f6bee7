package invoke

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"

	"gpuadvisor/chat"
	"gpuadvisor/infra/awstrust"
)

var _ chat.Dispatcher = (*Dispatcher)(nil)

// MaxPayload is the largest job sent: Lambda's limit for an asynchronous
// invocation's event (256 KB).
const MaxPayload = 256 * 1024

// DefaultTimeout bounds one dispatch, retries included, so the caller still
// acknowledges the platform in time when the Lambda API is slow.
const DefaultTimeout = 2 * time.Second

// Attempts is how many times one dispatch is tried: the first call and one
// retry, on the SDK's standard rules (a connection error, HTTP 5xx, a
// throttling error).
const Attempts = 2

// Dispatcher invokes the drafter function asynchronously with each job.
type Dispatcher struct {
	// Function is the drafter's name or ARN.
	Function string
	// Region is the Lambda API's region (the signature's too).
	Region string
	// Endpoint is the Lambda API's base URL: the region's when empty.
	Endpoint string
	// Credentials sign each call.
	Credentials aws.CredentialsProvider
	// HTTPClient sends the calls; nil means http.DefaultClient.
	HTTPClient aws.HTTPClient
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
	cfg, err := awstrust.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("drafter dispatcher: %w", err)
	}
	if cfg.Region == "" {
		return nil, fmt.Errorf("drafter dispatcher for %s: no AWS region (AWS_REGION)", fn)
	}
	return New(cfg, fn, strings.TrimSpace(getenv("LAMBDA_ENDPOINT"))), nil
}

// New builds a dispatcher for function with cfg's region, credentials and
// HTTP client; endpoint, when not empty, replaces the Lambda API endpoint (a
// fake in tests).
func New(cfg aws.Config, function, endpoint string) *Dispatcher {
	return &Dispatcher{Function: function, Region: cfg.Region, Endpoint: endpoint, Credentials: cfg.Credentials, HTTPClient: cfg.HTTPClient}
}

// Endpoint is the regional endpoint of the Lambda API.
func Endpoint(region string) string {
	suffix := "amazonaws.com"
	if strings.HasPrefix(region, "cn-") {
		suffix = "amazonaws.com.cn"
	}
	return "https://lambda." + region + "." + suffix
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
	if err := d.invoke(ctx, payload); err != nil {
		return fmt.Errorf("invoke: drafter %s, job %s: %w", d.Function, job.ID, err)
	}
	return nil
}

// invoke sends the event, retrying what the SDK's standard retryer retries.
func (d *Dispatcher) invoke(ctx context.Context, payload []byte) error {
	rules := retry.NewStandard(func(o *retry.StandardOptions) { o.MaxAttempts = Attempts })
	sum := sha256.Sum256(payload)
	hash := hex.EncodeToString(sum[:])
	var err error
	for attempt := 1; ; attempt++ {
		if err = d.call(ctx, payload, hash); err == nil {
			return nil
		}
		if attempt >= Attempts || ctx.Err() != nil || !rules.IsErrorRetryable(err) {
			return err
		}
		delay, derr := rules.RetryDelay(attempt, err)
		if derr != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (no time left to retry: %v)", err, ctx.Err())
		case <-time.After(delay):
		}
	}
}

// call makes one signed invoke.
func (d *Dispatcher) call(ctx context.Context, payload []byte, hash string) error {
	if d.Credentials == nil {
		return fmt.Errorf("no AWS credentials")
	}
	creds, err := d.Credentials.Retrieve(ctx)
	if err != nil {
		return fmt.Errorf("AWS credentials: %w", err)
	}
	base := d.Endpoint
	if base == "" {
		base = Endpoint(d.Region)
	}
	escaped := escapeSegment(d.Function)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(base, "/")+"/2015-03-31/functions/"+escaped+"/invocations", bytes.NewReader(payload))
	if err != nil {
		return fmt.Errorf("the Lambda endpoint %q: %w", base, err)
	}
	req.Header.Set("Content-Type", "application/octet-stream")
	req.Header.Set("X-Amz-Invocation-Type", "Event")
	if err := v4.NewSigner().SignHTTP(ctx, creds, req, hash, "lambda", d.Region, time.Now()); err != nil {
		return fmt.Errorf("sign: %w", err)
	}
	client := d.HTTPClient
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode == http.StatusAccepted {
		return nil
	}
	return apiError(resp, body)
}

// escapeSegment percent-encodes every byte of a path segment but the
// unreserved characters (RFC 3986), as the SDK encodes a function's name or
// ARN in the path (its colons as %3A).
func escapeSegment(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' {
			b.WriteByte(c)
			continue
		}
		fmt.Fprintf(&b, "%%%02X", c)
	}
	return b.String()
}
