package function

import (
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"gpuadvisor/infra/dynamo/dynamotest"
)

// With X-Ray's daemon address set, each call to the table is a "DynamoDB"
// subsegment of a sampled invocation, naming the operation (dynalite as
// DynamoDB, a UDP socket as the daemon).
func TestTableCallsAreSubsegments(t *testing.T) {
	daemon, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer daemon.Close()
	t.Setenv("AWS_REGION", "us-east-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	endpoint := dynamotest.Endpoint(t)
	table := dynamotest.NewTable(t, dynamotest.Client(t))
	env := map[string]string{"TABLE_NAME": table, "DYNAMO_ENDPOINT": endpoint, "AWS_XRAY_DAEMON_ADDRESS": daemon.LocalAddr().String()}
	st, err := Table(context.Background(), func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	//lint:ignore SA1029 the string key is aws-lambda-go's
	ctx := context.WithValue(context.Background(), "x-amzn-trace-id", "Root=1-abc-def;Parent=0123456789abcdef;Sampled=1")
	if _, err := st.Lease(ctx, "slack:T1:Ev1", time.Minute); err != nil {
		t.Fatal(err)
	}
	daemon.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 64<<10)
	n, _, err := daemon.ReadFrom(buf)
	if err != nil {
		t.Fatalf("no subsegment reached the daemon: %v", err)
	}
	got := string(buf[:n])
	for _, want := range []string{`"name":"DynamoDB"`, `"namespace":"aws"`, `"parent_id":"0123456789abcdef"`, `"operation":"`, `"status":200`} {
		if !strings.Contains(got, want) {
			t.Errorf("subsegment %s lacks %s", got, want)
		}
	}
}
