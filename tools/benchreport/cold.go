package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"gpuadvisor/internal/rie"
	"gpuadvisor/internal/testkit"
)

// coldResult is what the emulator runs of one configuration measured.
type coldResult struct {
	runs        int
	median, max time.Duration
	// cpu is the median CPU time the bootstrap used from its start to the
	// end of its first reply (cgroup accounting); cpuNote says why it is
	// missing when it is.
	cpu, cpuMax time.Duration
	cpuNote     string
	// warm is the median of a second invocation of the same process.
	warm time.Duration
}

// coldConfig is one measured configuration: a bootstrap and the extra
// environment (the GC settings) it runs with.
type coldConfig struct {
	fn, bootstrap, label string
	env                  []string
}

// The share of a core Lambda gives a 128 MB function (1,769 MB get one
// vCPU): 7,200 µs of CPU every 100,000 µs.
const (
	quotaMicros  = 7200
	periodMicros = 100000
)

// coldBench is what every cold start shares: the TLS front (Secrets
// Manager, DynamoDB, Feishu) and the table in dynalite.
type coldBench struct {
	emu, dir, table string
	front           *front
	// samples, when set, gets a line per cold start (function, settings,
	// wall ms, CPU ms): for comparing two builds alternated in the same
	// minutes over more starts than one table's median.
	samples io.Writer
}

// coldStarts starts a fresh emulator runs times for the configuration. The
// emulator starts the bootstrap lazily, on the first invocation, so the
// first invocation's round trip is the function's cold start: process start,
// init (secrets from the Secrets Manager stand-in over TLS by a signed call,
// the DynamoDB client, the drafter hand-off, router), and the reply,
// including its de-duplication claim in DynamoDB over TLS (one write for the
// slash command). The bootstrap runs in a cgroup
// limited to the CPU share of a 128 MB Lambda, and the group's CPU
// accounting after the first reply is the bootstrap's CPU time. A second
// invocation of the same process is timed too, for comparison. Invocations
// are sent one at a time: the emulator crashes on concurrent ones.
func (b *coldBench) coldStarts(ctx context.Context, c coldConfig, runs int) (coldResult, error) {
	var cold, warm, cpus []time.Duration
	note := ""
	for i := range runs {
		before := b.front.puts.Load()
		r, err := b.coldStart(ctx, c, i)
		if err != nil {
			return coldResult{}, fmt.Errorf("%s run %d: %w", c.fn, i+1, err)
		}
		// Each invocation claims its request: the slash command, which
		// only reads and is answered in its response, in exactly one write
		// (the claim as done), anything else in at least one.
		got := b.front.puts.Load() - before
		if c.fn == "slack" && got != 2 || got < 2 {
			return coldResult{}, fmt.Errorf("%s run %d: %d de-duplication writes reached DynamoDB over two invocations, want one per invocation for slack, at least one for others", c.fn, i+1, got)
		}
		cold, warm = append(cold, r.cold), append(warm, r.warm)
		if b.samples != nil {
			fmt.Fprintf(b.samples, "%s\t%s\t%.2f\t%.3f\n", c.fn, c.label, r.cold.Seconds()*1e3, r.cpu.Seconds()*1e3)
		}
		if r.cpuNote != "" {
			note = r.cpuNote
		} else {
			cpus = append(cpus, r.cpu)
		}
	}
	res := coldResult{runs: runs, median: percentile(cold, 50), warm: percentile(warm, 50), cpuNote: note}
	res.max = cold[len(cold)-1] // sorted by percentile
	if note == "" {
		res.cpu = percentile(cpus, 50)
		res.cpuMax = cpus[len(cpus)-1]
	}
	return res, nil
}

type oneStart struct {
	cold, warm, cpu time.Duration
	cpuNote         string
}

func (b *coldBench) coldStart(ctx context.Context, c coldConfig, run int) (oneStart, error) {
	var r oneStart
	env := append([]string{
		"PATH=" + os.Getenv("PATH"), "AWS_LAMBDA_FUNCTION_TIMEOUT=10", "AWS_LAMBDA_FUNCTION_NAME=" + c.fn,
		"AWS_LAMBDA_FUNCTION_MEMORY_SIZE=128", "AWS_REGION=ap-southeast-1", "LOG_LEVEL=warn",
		// Slack, Feishu and the LLM trust the system bundle (plus the bench
		// CA); the AWS clients trust the Amazon roots (infra/awstrust), to
		// which AWS_CA_BUNDLE adds the bench CA: production-sized pools.
		"SSL_CERT_FILE=" + b.front.trust, "AWS_CA_BUNDLE=" + b.front.ca,
		"GPUADVISOR_SECRETS=secretsmanager:gpuadvisor/" + c.fn, "GPUADVISOR_SECRETS_ENDPOINT=" + b.front.URL,
		"TABLE_NAME=" + b.table, "DYNAMO_ENDPOINT=" + b.front.URL,
		"DRAFTER_FUNCTION=gpuadvisor-bench-drafter", "LAMBDA_ENDPOINT=http://127.0.0.1:9",
		"AWS_ACCESS_KEY_ID=AKIDBENCH", "AWS_SECRET_ACCESS_KEY=bench", "AWS_SESSION_TOKEN=bench",
	}, c.env...)
	var invokeOnce func(*http.Client, string, string) (time.Duration, error)
	switch c.fn {
	case "slack":
		env = append(env, "SLACK_API_URL="+b.front.URL+"/api/")
		invokeOnce = func(cl *http.Client, u, trigger string) (time.Duration, error) { return invoke(ctx, cl, u, trigger) }
	case "feishu":
		env = append(env, "FEISHU_BASE_URL="+b.front.URL)
		invokeOnce = func(cl *http.Client, u, trigger string) (time.Duration, error) {
			return b.invokeFeishu(ctx, cl, u, trigger)
		}
	default:
		return r, fmt.Errorf("no cold start for function %q", c.fn)
	}
	bin := c.bootstrap
	g, err := newCPUGroup(fmt.Sprintf("gpuadvisor-bench-%d-%s-%d", os.Getpid(), c.fn, run), quotaMicros, periodMicros)
	if err != nil {
		r.cpuNote = "no cgroup (" + err.Error() + "): unthrottled, CPU not measured"
	} else {
		defer g.remove()
		dir, err := os.MkdirTemp(b.dir, "wrap")
		if err != nil {
			return r, err
		}
		if bin, err = g.wrap(dir, c.bootstrap); err != nil {
			return r, err
		}
	}
	var logs testkit.SyncBuffer // the emulator writes while a failure reads
	f, err := rie.Start(ctx, b.emu, bin, env, &logs, 10*time.Second)
	if err != nil {
		return r, fmt.Errorf("%w\n%s", err, logs.String())
	}
	defer f.Stop()
	client := &http.Client{Timeout: 15 * time.Second}
	if r.cold, err = invokeOnce(client, f.URL, fmt.Sprintf("cold-%s-%d-%d", c.fn, run, time.Now().UnixNano())); err != nil {
		return r, fmt.Errorf("%w\n%s", err, logs.String())
	}
	if g != nil {
		if r.cpu, err = g.usage(); err != nil {
			return r, fmt.Errorf("read the bootstrap's CPU time: %w", err)
		}
	}
	if r.warm, err = invokeOnce(client, f.URL, fmt.Sprintf("warm-%s-%d-%d", c.fn, run, time.Now().UnixNano())); err != nil {
		return r, fmt.Errorf("%w\n%s", err, logs.String())
	}
	return r, nil
}

// invoke sends one Function URL (payload v2) event carrying a signed slash
// command, base64-encoded as the platform sends form bodies, and times the
// round trip until a 200 with Block Kit comes back.
func invoke(ctx context.Context, client *http.Client, invokeURL, trigger string) (time.Duration, error) {
	ev, err := slackEvent(trigger, time.Now())
	if err != nil {
		return 0, err
	}
	d, body, err := postEvent(ctx, client, invokeURL, ev)
	if err != nil {
		return 0, err
	}
	if !strings.Contains(body, `"blocks"`) {
		return 0, fmt.Errorf("invoke answered without Block Kit: %.300s", body)
	}
	return d, nil
}

// postEvent sends one Function URL event to the emulator's invoke URL and
// times the round trip; it returns the function's response body once both
// the emulator and the function answered 200.
func postEvent(ctx context.Context, client *http.Client, invokeURL string, ev []byte) (time.Duration, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, invokeURL, bytes.NewReader(ev))
	if err != nil {
		return 0, "", err
	}
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", fmt.Errorf("invoke: %w", err)
	}
	out, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	d := time.Since(start)
	var res events.APIGatewayV2HTTPResponse
	if resp.StatusCode != 200 || json.Unmarshal(out, &res) != nil || res.StatusCode != 200 {
		return 0, "", fmt.Errorf("invoke answered HTTP %d: %.300s", resp.StatusCode, out)
	}
	return d, res.Body, nil
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
