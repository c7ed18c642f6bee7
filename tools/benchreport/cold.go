package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"gpuadvisor/internal/rie"
	"gpuadvisor/internal/testkit"
)

// coldResult is what the emulator runs measured.
type coldResult struct {
	runs        int
	median, max time.Duration
	// warm is the median of a second invocation of the same process.
	warm time.Duration
}

// coldStarts starts a fresh emulator runs times. The emulator starts the
// bootstrap lazily, on the first invocation, so the first invocation's
// round trip is the function's cold start: process start, init (config, AWS
// SDK clients for DynamoDB and the drafter invoke, router), and the reply to
// a signed Slack slash command, including its de-duplication write. A second
// invocation of the same process is timed too, for comparison. Invocations
// are sent one at a time: the emulator crashes on concurrent ones.
//
// The function is configured as deployed (TABLE_NAME, DRAFTER_FUNCTION),
// with DynamoDB replaced by a local stub that accepts every write: the
// numbers exclude the network to DynamoDB, not the SDK's work.
func coldStarts(ctx context.Context, emu, bootstrap string, runs int) (coldResult, error) {
	dyn, err := newDynamoStub()
	if err != nil {
		return coldResult{}, err
	}
	defer dyn.Close()
	var cold, warm []time.Duration
	for i := range runs {
		before := dyn.puts.Load()
		c, w, err := coldStart(ctx, emu, bootstrap, dyn.URL, i)
		if err != nil {
			return coldResult{}, fmt.Errorf("run %d: %w", i+1, err)
		}
		if got := dyn.puts.Load() - before; got < 2 {
			return coldResult{}, fmt.Errorf("run %d: %d de-duplication writes reached the DynamoDB stub, want one per invocation", i+1, got)
		}
		cold, warm = append(cold, c), append(warm, w)
	}
	res := coldResult{runs: runs, median: percentile(cold, 50), warm: percentile(warm, 50)}
	res.max = cold[len(cold)-1] // sorted by percentile
	return res, nil
}

func coldStart(ctx context.Context, emu, bootstrap, dynamoURL string, run int) (time.Duration, time.Duration, error) {
	env := []string{
		"PATH=" + os.Getenv("PATH"), "AWS_LAMBDA_FUNCTION_TIMEOUT=10", "AWS_LAMBDA_FUNCTION_NAME=slack",
		"AWS_LAMBDA_FUNCTION_MEMORY_SIZE=128", "AWS_REGION=ap-southeast-1", "LOG_LEVEL=warn",
		"SLACK_SIGNING_SECRET=" + benchSecret, "SLACK_BOT_TOKEN=xoxb-bench", "SLACK_API_URL=http://127.0.0.1:9/api/",
		"TABLE_NAME=gpuadvisor-bench", "DYNAMO_ENDPOINT=" + dynamoURL,
		"DRAFTER_FUNCTION=gpuadvisor-bench-drafter", "LAMBDA_ENDPOINT=http://127.0.0.1:9",
		"AWS_ACCESS_KEY_ID=AKIDBENCH", "AWS_SECRET_ACCESS_KEY=bench", "AWS_SESSION_TOKEN=bench",
	}
	var logs testkit.SyncBuffer // the emulator writes while a failure reads
	f, err := rie.Start(ctx, emu, bootstrap, env, &logs, 10*time.Second)
	if err != nil {
		return 0, 0, fmt.Errorf("%w\n%s", err, logs.String())
	}
	defer f.Stop()
	client := &http.Client{Timeout: 15 * time.Second}
	cold, err := invoke(ctx, client, f.URL, fmt.Sprintf("cold-%d", run))
	if err != nil {
		return 0, 0, fmt.Errorf("%w\n%s", err, logs.String())
	}
	warm, err := invoke(ctx, client, f.URL, fmt.Sprintf("warm-%d", run))
	if err != nil {
		return 0, 0, fmt.Errorf("%w\n%s", err, logs.String())
	}
	return cold, warm, nil
}

// invoke sends one Function URL (payload v2) event carrying a signed slash
// command, base64-encoded as the platform sends form bodies, and times the
// round trip until a 200 with Block Kit comes back.
func invoke(ctx context.Context, client *http.Client, invokeURL, trigger string) (time.Duration, error) {
	ev, err := slackEvent(trigger, time.Now())
	if err != nil {
		return 0, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, invokeURL, bytes.NewReader(ev))
	if err != nil {
		return 0, err
	}
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 0, fmt.Errorf("invoke: %w", err)
	}
	out, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	d := time.Since(start)
	var res events.APIGatewayV2HTTPResponse
	if resp.StatusCode != 200 || json.Unmarshal(out, &res) != nil || res.StatusCode != 200 || !strings.Contains(res.Body, `"blocks"`) {
		return 0, fmt.Errorf("invoke answered HTTP %d: %.300s", resp.StatusCode, out)
	}
	return d, nil
}

// slackEvent is a Function URL event with a signed /gpu billing command.
func slackEvent(trigger string, now time.Time) ([]byte, error) {
	body, ts, sig := slashCommand("billing ondemand=35 monthly=15000 hours=300", trigger, now)
	ev := events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "$default", RawPath: "/slack/commands",
		Headers: map[string]string{
			"content-type":              "application/x-www-form-urlencoded",
			"user-agent":                "Slackbot 1.0 (+https://api.slack.com/robots)",
			"x-slack-request-timestamp": ts,
			"x-slack-signature":         sig,
		},
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RouteKey: "$default", Stage: "$default", RequestID: trigger, TimeEpoch: now.UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "POST", Path: "/slack/commands", Protocol: "HTTP/1.1", SourceIP: "44.192.1.1"},
		},
		Body:            base64.StdEncoding.EncodeToString(body),
		IsBase64Encoded: true,
	}
	return json.Marshal(ev)
}

// dynamoStub answers every DynamoDB call with an empty success, counting
// PutItem calls.
type dynamoStub struct {
	*http.Server
	URL  string
	puts atomic.Int64
	ln   net.Listener
}

func newDynamoStub() (*dynamoStub, error) {
	d := &dynamoStub{}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("DynamoDB stub: %w", err)
	}
	d.ln, d.URL = ln, "http://"+ln.Addr().String()
	d.Server = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		if strings.HasSuffix(r.Header.Get("X-Amz-Target"), ".PutItem") {
			d.puts.Add(1)
		}
		w.Header().Set("Content-Type", "application/x-amz-json-1.0")
		w.Write([]byte("{}"))
	})}
	go d.Serve(ln)
	return d, nil
}
