package invoke

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

func testConfig() aws.Config {
	return aws.Config{Region: "ap-east-1", Credentials: credentials.NewStaticCredentialsProvider("AKIDTEST", "secret", "")}
}

var job = chat.Job{ID: "T1.trig", Request: chat.Request{Text: "draft sla vendor=X", Platform: "slack", Sync: true},
	Target: chat.Target{ResponseURL: "https://hooks.slack.com/commands/1"}}

func TestDispatchIsAnAsyncInvoke(t *testing.T) {
	f := testkit.NewLambda(t, "gpuadvisor-drafter")
	f.Route(func([]byte) error { return nil })
	d := New(testConfig(), "gpuadvisor-drafter", f.URL)
	if err := d.Dispatch(context.Background(), job); err != nil {
		t.Fatal(err)
	}
	// The fake checks the path, the async invocation type and SigV4.
	if _, problems := f.Wait(); len(problems) > 0 {
		t.Errorf("the invoke: %v", problems)
	}
	calls := f.Calls()
	if len(calls) != 1 {
		t.Fatalf("%d calls, want 1", len(calls))
	}
	c := calls[0]
	if !strings.HasPrefix(c.Authorization, "AWS4-HMAC-SHA256 Credential=AKIDTEST/") || !strings.Contains(c.Authorization, "/ap-east-1/lambda/aws4_request") {
		t.Errorf("authorization %q, want SigV4 for lambda in ap-east-1", c.Authorization)
	}
	var got chat.Job
	if err := json.Unmarshal(c.Body, &got); err != nil || got.ID != job.ID || got.Request.Text != job.Request.Text || got.Target != job.Target || !got.Request.Sync {
		t.Errorf("payload %s does not round-trip the job (%v)", c.Body, err)
	}
}

func TestDispatchErrors(t *testing.T) {
	f := testkit.NewLambda(t, "")
	f.Fail(500)
	d := New(testConfig(), "gpuadvisor-drafter", f.URL)
	if err := d.Dispatch(context.Background(), job); err == nil || !strings.Contains(err.Error(), "gpuadvisor-drafter") {
		t.Errorf("err = %v, want an error naming the function", err)
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

// FromGetenv reads DRAFTER_FUNCTION and LAMBDA_ENDPOINT with the getenv it
// is given, never from the process environment.
func TestFromGetenv(t *testing.T) {
	f := testkit.NewLambda(t, "") // the function is named by its ARN
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
	calls := f.Calls()
	if len(calls) != 1 || !strings.Contains(calls[0].Path, "function%3Adrafter") && !strings.Contains(calls[0].Path, "function:drafter") {
		t.Errorf("calls %+v", calls)
	}
}
