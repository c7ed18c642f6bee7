package function

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/lambdacontext"

	"gpuadvisor/internal/testkit"
)

func TestLogLinesCarryTheInvocation(t *testing.T) {
	iv := &invocations{}
	buf := &testkit.SyncBuffer{}
	log := slog.New(tagged{slog.NewJSONHandler(buf, nil), iv}).With("function", "slack")
	log.Info("function ready") // before any invocation: no request id
	h := iv.track(handlerFunc(func(ctx context.Context, payload []byte) ([]byte, error) {
		log.InfoContext(ctx, "slack request", "status", 200)
		done := make(chan struct{})
		go func() { log.Warn("from a goroutine of the invocation"); close(done) }()
		<-done
		return payload, nil
	}))
	for _, id := range []string{"req-1", "req-2"} {
		ctx := lambdacontext.NewContext(context.Background(), &lambdacontext.LambdaContext{AwsRequestID: id})
		if _, err := h.Invoke(ctx, []byte(`{}`)); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		if m["function"] != "slack" {
			t.Errorf("line lost the logger's attributes: %s", line)
		}
		got = append(got, strings.TrimSpace(strings.Join([]string{str(m["request_id"]), str(m["cold_start"])}, " ")))
	}
	want := []string{"", "req-1 true", "req-1 true", "req-2 false", "req-2 false"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("request_id and cold_start per line = %q, want %q", got, want)
	}
}

func str(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		if x {
			return "true"
		}
		return "false"
	}
	return ""
}
