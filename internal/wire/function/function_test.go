package function

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"gpuadvisor/infra/secrets"
	"gpuadvisor/internal/wire"
)

// The Slack function cold-started with the placeholder the operator first put
// in the secret; the real signing secret arrives later. A request signed
// with it is refused once by the old handler, the secrets are read again (at
// most once a minute), and the same request is answered by a handler built
// from the new ones. Before, it answered 401 until Lambda recycled the
// instance.
func TestSecretsReadAgainOnARefusedRequest(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	secret := map[string]string{"SLACK_SIGNING_SECRET": "placeholder"}
	reads, builds := 0, 0
	cache := &secrets.Cache{Now: func() time.Time { return now }, Source: func(context.Context) (map[string]string, error) {
		reads++
		return maps.Clone(secret), nil
	}}
	env := map[string]string{"TABLE_NAME": "t"}
	// The handler accepts a request whose body names the signing secret it
	// was built with, as a signature check would.
	setup := func(_ context.Context, getenv wire.Getenv, _ *slog.Logger) (any, error) {
		builds++
		if getenv("TABLE_NAME") != "t" {
			t.Errorf("the environment does not reach setup")
		}
		want := getenv("SLACK_SIGNING_SECRET")
		return func(_ context.Context, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
			if ev.Body != want {
				return events.APIGatewayV2HTTPResponse{StatusCode: 401, Body: "unauthorized"}, nil
			}
			return events.APIGatewayV2HTTPResponse{StatusCode: 200, Body: "ok"}, nil
		}, nil
	}
	r := &reloader{cache: cache, getenv: func(k string) string { return env[k] }, log: slog.New(slog.NewTextHandler(io.Discard, nil)), setup: setup}
	ctx := context.Background()
	call := func(body string) string {
		t.Helper()
		out, err := r.Invoke(ctx, []byte(`{"body":"`+body+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	if out := call("placeholder"); !strings.Contains(out, `"statusCode":200`) || reads != 1 || builds != 1 {
		t.Fatalf("cold start: %s after %d reads, %d builds", out, reads, builds)
	}
	secret["SLACK_SIGNING_SECRET"] = "real" // the operator fills in the secret
	now = now.Add(time.Minute)
	if out := call("real"); !strings.Contains(out, `"statusCode":200`) || reads != 2 || builds != 2 {
		t.Errorf("first request with the real secret: %s after %d reads, %d builds; want 200 after 2 and 2", out, reads, builds)
	}
	// Forged requests: refused; within a minute of the last forced read they
	// read nothing, after it one of them reads once.
	forged := func(n, wantReads int) {
		t.Helper()
		for range n {
			if out := call("forged"); !strings.Contains(out, `"statusCode":401`) {
				t.Errorf("forged request: %s", out)
			}
		}
		if reads != wantReads || builds != 2 {
			t.Errorf("after forged requests: %d reads, %d builds; want %d and 2", reads, builds, wantReads)
		}
	}
	forged(3, 2)
	now = now.Add(61 * time.Second)
	forged(3, 3)
	// Rotation with no failed request: the TTL picks it up.
	secret["SLACK_SIGNING_SECRET"] = "rotated"
	now = now.Add(secrets.DefaultTTL)
	if out := call("rotated"); !strings.Contains(out, `"statusCode":200`) || builds != 3 {
		t.Errorf("after the TTL: %s with %d builds; want 200 and 3", out, builds)
	}
}

// Secrets that do not make a working function keep the previous handler.
func TestBrokenSecretsKeepTheHandler(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	secret := map[string]string{"SLACK_SIGNING_SECRET": "good"}
	cache := &secrets.Cache{Now: func() time.Time { return now }, Source: func(context.Context) (map[string]string, error) { return maps.Clone(secret), nil }}
	setup := func(_ context.Context, getenv wire.Getenv, _ *slog.Logger) (any, error) {
		if getenv("SLACK_SIGNING_SECRET") == "" {
			return nil, errors.New("SLACK_SIGNING_SECRET is not set")
		}
		return func(context.Context, struct{}) (string, error) { return "served", nil }, nil
	}
	r := &reloader{cache: cache, getenv: func(string) string { return "" }, log: slog.New(slog.NewTextHandler(io.Discard, nil)), setup: setup}
	if out, err := r.Invoke(context.Background(), []byte(`{}`)); err != nil || string(out) != `"served"` {
		t.Fatalf("first: %s, %v", out, err)
	}
	delete(secret, "SLACK_SIGNING_SECRET")
	now = now.Add(secrets.DefaultTTL)
	if out, err := r.Invoke(context.Background(), []byte(`{}`)); err != nil || string(out) != `"served"` {
		t.Errorf("after a broken rotation: %s, %v; want the previous handler's answer", out, err)
	}
}
