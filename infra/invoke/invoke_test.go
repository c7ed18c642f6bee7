package invoke

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

func testConfig() aws.Config {
	return aws.Config{Region: "ap-east-1", Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "session-token")}
}

var job = chat.Job{ID: "T1.trig", Request: chat.Request{Text: "draft sla vendor=X", Platform: "slack", Sync: true},
	Target: chat.Target{ResponseURL: "https://hooks.slack.com/commands/1"}}

// TestDispatchIsAnAsyncInvoke: the fake Lambda API checks the path, the
// asynchronous invocation type and recomputes the SigV4 signature with the
// secret key; the event is the job.
func TestDispatchIsAnAsyncInvoke(t *testing.T) {
	for _, tc := range []struct{ name, function, path string }{
		{"by name", "gpuadvisor-drafter", "/2015-03-31/functions/gpuadvisor-drafter/invocations"},
		{"by ARN", "arn:aws:lambda:ap-east-1:123456789012:function:gpuadvisor-drafter",
			"/2015-03-31/functions/arn:aws:lambda:ap-east-1:123456789012:function:gpuadvisor-drafter/invocations"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := testkit.NewLambda(t, tc.function)
			f.Secret = "secret"
			f.Route(func([]byte) error { return nil })
			d := New(testConfig(), tc.function, f.URL)
			if err := d.Dispatch(context.Background(), job); err != nil {
				t.Fatal(err)
			}
			if _, problems := f.Wait(); len(problems) > 0 {
				t.Errorf("the invoke: %v", problems)
			}
			calls := f.Calls()
			if len(calls) != 1 {
				t.Fatalf("%d calls, want 1", len(calls))
			}
			c := calls[0]
			if c.Path != tc.path {
				t.Errorf("path %q, want %q", c.Path, tc.path)
			}
			if !strings.HasPrefix(c.Authorization, "AWS4-HMAC-SHA256 Credential=AKIDTEST/") || !strings.Contains(c.Authorization, "/ap-east-1/lambda/aws4_request") {
				t.Errorf("authorization %q, want SigV4 for lambda in ap-east-1", c.Authorization)
			}
			var got chat.Job
			if err := json.Unmarshal(c.Body, &got); err != nil || got.ID != job.ID || got.Request.Text != job.Request.Text || got.Target != job.Target || !got.Request.Sync {
				t.Errorf("payload %s does not round-trip the job (%v)", c.Body, err)
			}
		})
	}
}

// TestSignatureCheckCanFail: the fake refuses a call signed with another
// secret, so the test above would see a wrong signature.
func TestSignatureCheckCanFail(t *testing.T) {
	f := testkit.NewLambda(t, "gpuadvisor-drafter")
	f.Secret = "not-the-secret"
	f.Route(func([]byte) error { return nil })
	err := New(testConfig(), "gpuadvisor-drafter", f.URL).Dispatch(context.Background(), job)
	_, problems := f.Wait()
	if err == nil || len(problems) != 1 || !strings.Contains(problems[0], "signature") {
		t.Errorf("got err %v, problems %v; want the call refused for its signature", err, problems)
	}
}

// lambdaAnswers is a Lambda API that answers each call with the next of
// answers (status, X-Amzn-ErrorType, body), the last one again after.
func lambdaAnswers(t *testing.T, answers ...[3]string) (*httptest.Server, *atomic.Int32) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		a := answers[min(int(calls.Add(1))-1, len(answers)-1)]
		if a[1] != "" {
			w.Header().Set("X-Amzn-ErrorType", a[1])
		}
		w.Header().Set("X-Amzn-RequestId", "req-1")
		code := map[string]int{"202": 202, "200": 200, "400": 400, "403": 403, "404": 404, "429": 429, "500": 500, "503": 503}[a[0]]
		w.WriteHeader(code)
		io.WriteString(w, a[2])
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

// TestDispatchRetries: what the SDK's client retries (5xx, throttling) is
// tried once more; what it does not (a missing function, no permission) is
// not; the error names the function, the job, Lambda's code and message.
func TestDispatchRetries(t *testing.T) {
	for _, tc := range []struct {
		name      string
		answers   [][3]string
		wantCalls int32
		wantErr   string // "" for success
	}{
		{"accepted at once", [][3]string{{"202", "", ""}}, 1, ""},
		{"a service error, then accepted", [][3]string{{"500", "ServiceException", `{"Type":"Service","message":"boom"}`}, {"202", "", ""}}, 2, ""},
		{"throttled, then accepted", [][3]string{{"429", "TooManyRequestsException", `{"Type":"User","message":"Rate exceeded","Reason":"ReservedFunctionConcurrentInvocationLimitExceeded"}`}, {"202", "", ""}}, 2, ""},
		{"service errors twice", [][3]string{{"503", "ServiceException:http://internal.amazon.com/coral/com.amazonaws.lambda/", `{"message":"down"}`}}, 2,
			"Lambda answered HTTP 503 ServiceException: down (request id req-1)"},
		{"no such function", [][3]string{{"404", "ResourceNotFoundException", `{"Type":"User","Message":"Function not found: arn:aws:lambda:ap-east-1:1:function:gpuadvisor-drafter"}`}}, 1,
			"Lambda answered HTTP 404 ResourceNotFoundException: Function not found"},
		{"no permission", [][3]string{{"403", "AccessDeniedException", `{"Message":"not authorized to perform: lambda:InvokeFunction"}`}}, 1,
			"HTTP 403 AccessDeniedException: not authorized to perform: lambda:InvokeFunction"},
		{"answered synchronously", [][3]string{{"200", "", `{}`}}, 1, "HTTP 200 (a synchronous answer; want 202"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, calls := lambdaAnswers(t, tc.answers...)
			err := New(testConfig(), "gpuadvisor-drafter", srv.URL).Dispatch(context.Background(), job)
			if got := calls.Load(); got != tc.wantCalls {
				t.Errorf("got %d calls, want %d", got, tc.wantCalls)
			}
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("got error %v, want none", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), "drafter gpuadvisor-drafter, job T1.trig")):
				t.Errorf("got error %v, want one naming the drafter, the job and %q", err, tc.wantErr)
			}
			var apiErr *APIError
			if tc.wantErr != "" && err != nil && !errors.As(err, &apiErr) {
				t.Errorf("error %v does not carry the *APIError", err)
			}
		})
	}
}

// TestDispatchTimeout: a Lambda API that does not answer costs at most the
// dispatch's timeout, and says so.
func TestDispatchTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	d := New(testConfig(), "gpuadvisor-drafter", srv.URL)
	d.Timeout = 150 * time.Millisecond
	start := time.Now()
	err := d.Dispatch(context.Background(), job)
	if took := time.Since(start); err == nil || took > 2*time.Second || !strings.Contains(err.Error(), "deadline") {
		t.Errorf("got %v after %v, want a deadline error within the timeout", err, took)
	}
}

func TestDispatchErrors(t *testing.T) {
	f := testkit.NewLambda(t, "")
	f.Fail(500)
	d := New(testConfig(), "gpuadvisor-drafter", f.URL)
	if err := d.Dispatch(context.Background(), job); err == nil || !strings.Contains(err.Error(), "gpuadvisor-drafter") || !strings.Contains(err.Error(), "ServiceException: boom") {
		t.Errorf("err = %v, want an error naming the function and Lambda's answer", err)
	}
	big := job
	big.Request.Text = strings.Repeat("x", MaxPayload)
	calls := len(f.Calls())
	if err := d.Dispatch(context.Background(), big); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("err = %v, want the payload limit", err)
	}
	if len(f.Calls()) != calls {
		t.Error("an oversized job must not be sent")
	}
}

func TestEndpoint(t *testing.T) {
	for _, tc := range []struct{ region, want string }{
		{"us-east-1", "https://lambda.us-east-1.amazonaws.com"},
		{"cn-northwest-1", "https://lambda.cn-northwest-1.amazonaws.com.cn"},
	} {
		if got := Endpoint(tc.region); got != tc.want {
			t.Errorf("Endpoint(%q) = %q, want %q", tc.region, got, tc.want)
		}
	}
}

// FromGetenv reads DRAFTER_FUNCTION and LAMBDA_ENDPOINT with the getenv it
// is given, never from the process environment.
func TestFromGetenv(t *testing.T) {
	f := testkit.NewLambda(t, "") // the function is named by its ARN
	f.Secret = "secret"
	f.Route(func([]byte) error { return nil })
	t.Setenv("DRAFTER_FUNCTION", "arn:aws:lambda:ap-east-1:123456789012:function:from-the-process")
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	if d, err := FromGetenv(context.Background(), getenv); d != nil || err != nil {
		t.Errorf("without DRAFTER_FUNCTION: %v, %v; want no dispatcher, no error", d, err)
	}
	env["DRAFTER_FUNCTION"] = "arn:aws:lambda:ap-east-1:123456789012:function:drafter"
	env["LAMBDA_ENDPOINT"] = f.URL
	t.Setenv("AWS_REGION", "ap-east-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "AKIDENV")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "secret")
	t.Setenv("AWS_CONFIG_FILE", "/nonexistent")
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent")
	d, err := FromGetenv(context.Background(), getenv)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Dispatch(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	if _, problems := f.Wait(); len(problems) > 0 {
		t.Errorf("the invoke: %v", problems)
	}
	calls := f.Calls()
	if len(calls) != 1 || calls[0].Path != "/2015-03-31/functions/arn:aws:lambda:ap-east-1:123456789012:function:drafter/invocations" ||
		!strings.Contains(calls[0].Authorization, "Credential=AKIDENV/") {
		t.Errorf("calls %+v, want one invoke of the ARN from getenv signed with the environment's key", calls)
	}
}
