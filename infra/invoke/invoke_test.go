package invoke

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"gpuadvisor/chat"
)

// fakeLambda is the Lambda Invoke API: POST
// /2015-03-31/functions/{name}/invocations, SigV4-signed.
type fakeLambda struct {
	mu     sync.Mutex
	calls  []call
	status int
}

type call struct {
	path, invocationType, auth string
	body                       []byte
}

func (f *fakeLambda) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.calls = append(f.calls, call{r.URL.Path, r.Header.Get("X-Amz-Invocation-Type"), r.Header.Get("Authorization"), b})
	status := f.status
	f.mu.Unlock()
	if status == 0 {
		status = http.StatusAccepted
	}
	w.Header().Set("Content-Type", "application/json")
	if status >= 400 {
		w.Header().Set("X-Amzn-ErrorType", "ServiceException")
		w.WriteHeader(status)
		io.WriteString(w, `{"Type":"Service","message":"boom"}`)
		return
	}
	w.WriteHeader(status)
}

func testConfig() aws.Config {
	return aws.Config{Region: "ap-east-1", Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")}
}

var job = chat.Job{ID: "T1.trig", Request: chat.Request{Text: "draft sla vendor=X", Platform: "slack", Sync: true},
	Target: chat.Target{ResponseURL: "https://hooks.slack.com/commands/1"}}

func TestDispatchIsAnAsyncInvoke(t *testing.T) {
	f := &fakeLambda{}
	srv := httptest.NewServer(f)
	defer srv.Close()
	d := New(testConfig(), "gpuadvisor-drafter", srv.URL)
	if err := d.Dispatch(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	if len(f.calls) != 1 {
		t.Fatalf("%d calls, want 1", len(f.calls))
	}
	c := f.calls[0]
	if c.path != "/2015-03-31/functions/gpuadvisor-drafter/invocations" {
		t.Errorf("path %q", c.path)
	}
	if c.invocationType != "Event" {
		t.Errorf("X-Amz-Invocation-Type %q, want Event", c.invocationType)
	}
	if !strings.HasPrefix(c.auth, "AWS4-HMAC-SHA256 Credential=AKIDTEST/") || !strings.Contains(c.auth, "/ap-east-1/lambda/aws4_request") {
		t.Errorf("authorization %q, want SigV4 for lambda in ap-east-1", c.auth)
	}
	var got chat.Job
	if err := json.Unmarshal(c.body, &got); err != nil || got.ID != job.ID || got.Request.Text != job.Request.Text || got.Target != job.Target || !got.Request.Sync {
		t.Errorf("payload %s does not round-trip the job (%v)", c.body, err)
	}
}

func TestDispatchErrors(t *testing.T) {
	f := &fakeLambda{status: 500}
	srv := httptest.NewServer(f)
	defer srv.Close()
	d := New(testConfig(), "gpuadvisor-drafter", srv.URL)
	if err := d.Dispatch(context.Background(), job); err == nil || !strings.Contains(err.Error(), "gpuadvisor-drafter") {
		t.Errorf("err = %v, want an error naming the function", err)
	}
	big := job
	big.Request.Text = strings.Repeat("x", MaxPayload)
	calls := len(f.calls)
	if err := d.Dispatch(context.Background(), big); err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("err = %v, want the payload limit", err)
	}
	if len(f.calls) != calls {
		t.Error("an oversized job must not be sent")
	}
}

// FromGetenv reads DRAFTER_FUNCTION and LAMBDA_ENDPOINT with the getenv it
// is given, never from the process environment.
func TestFromGetenv(t *testing.T) {
	f := &fakeLambda{}
	srv := httptest.NewServer(f)
	defer srv.Close()
	t.Setenv("DRAFTER_FUNCTION", "arn:aws:lambda:ap-east-1:123456789012:function:from-the-process")
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	if d, err := FromGetenv(context.Background(), getenv); d != nil || err != nil {
		t.Errorf("without DRAFTER_FUNCTION: %v, %v; want no dispatcher, no error", d, err)
	}
	env["DRAFTER_FUNCTION"] = "arn:aws:lambda:ap-east-1:123456789012:function:drafter"
	env["LAMBDA_ENDPOINT"] = srv.URL
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
	if len(f.calls) != 1 || !strings.Contains(f.calls[0].path, "function%3Adrafter") && !strings.Contains(f.calls[0].path, "function:drafter") {
		t.Errorf("calls %+v", f.calls)
	}
}
