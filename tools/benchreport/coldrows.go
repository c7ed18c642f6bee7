package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"gpuadvisor/infra/dynamo"
)

// runtimeConfig is one set of Go runtime settings a cold start is measured
// with.
type runtimeConfig struct {
	label string
	env   []string
	// busy: measured with a busy loop on every core (busyHost).
	busy bool
}

// runtimeConfigs are the settings measured: Go's defaults, and the
// template's GO* variables (docs/deploy.md says why each is set), read from
// the template when one is given, and with busy those once more on a busy
// host.
func runtimeConfigs(template string, busy bool) ([]runtimeConfig, error) {
	cs := []runtimeConfig{{"Go's defaults", nil, false}}
	if template == "" {
		return cs, nil
	}
	env, err := templateGoEnv(template)
	if err != nil {
		return nil, err
	}
	t := strings.Join(env, " ") + " (template)"
	cs = append(cs, runtimeConfig{t, env, false})
	if busy {
		cs = append(cs, runtimeConfig{t + ", busy host", env, true})
	}
	return cs, nil
}

// coldRows measures every configuration and adds a row for each; false
// when one failed.
func coldRows(ctx context.Context, c config, t *table, stderr io.Writer) bool {
	dir, err := os.MkdirTemp("", "benchreport-cold")
	if err != nil {
		fmt.Fprintln(stderr, "benchreport: cold start:", err)
		return false
	}
	defer os.RemoveAll(dir)
	b := &coldBench{emu: c.rie, dir: dir, table: "gpuadvisor-bench"}
	if c.samples != "" {
		f, err := os.OpenFile(c.samples, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			fmt.Fprintln(stderr, "benchreport: -samples:", err)
			return false
		}
		defer f.Close()
		b.samples = f
	}
	claim := "DynamoDB stub"
	if c.dynamo != "" {
		b.table = fmt.Sprintf("gpuadvisor-bench-%d", time.Now().UnixNano())
		if err := createTable(ctx, c.dynamo, b.table); err != nil {
			fmt.Fprintln(stderr, "benchreport: cold start:", err)
			t.add("cold start", "failed: "+err.Error(), "")
			return false
		}
		claim = "dynalite"
	}
	if b.front, err = newFront(dir, c.dynamo, benchSecrets); err != nil {
		fmt.Fprintln(stderr, "benchreport: cold start:", err)
		t.add("cold start", "failed: "+err.Error(), "")
		return false
	}
	defer b.front.Close()
	configs, err := runtimeConfigs(c.template, c.busy)
	if err != nil {
		fmt.Fprintln(stderr, "benchreport: cold start:", err)
		t.add("cold start", "failed: "+err.Error(), "")
		return false
	}
	ok := true
	for _, fn := range []struct{ name, bin string }{{"slack", c.bootstrap}, {"feishu", c.feishu}} {
		if fn.bin == "" {
			continue
		}
		for _, gc := range configs {
			metric := fmt.Sprintf("cold start functions/%s, %s, claim in %s over TLS, production roots (RIE, 7.2%% CPU)", fn.name, gc.label, claim)
			res, err := b.coldStartsOn(ctx, coldConfig{fn: fn.name, bootstrap: fn.bin, label: gc.label, env: gc.env}, c.coldRuns, gc.busy)
			if err != nil {
				fmt.Fprintln(stderr, "benchreport: cold start:", err)
				t.add(metric, "failed: "+err.Error(), "")
				ok = false
				continue
			}
			cpu := res.cpuNote
			if cpu == "" {
				cpu = fmt.Sprintf("%s ms CPU median, %s max%s", ms(res.cpu), ms(res.cpuMax), verdict(res.cpu <= 15*time.Millisecond))
			}
			t.add(metric, fmt.Sprintf("%s ms wall median%s, %s max; %s; next invocation %s ms (%d fresh starts)",
				ms(res.median), verdict(res.median < 250*time.Millisecond), ms(res.max), cpu, ms(res.warm), res.runs), "< 250 ms wall, <= 15 ms CPU")
		}
	}
	return ok
}

// coldStartsOn is coldStarts, with busy loops on every core while it runs
// when busy.
func (b *coldBench) coldStartsOn(ctx context.Context, c coldConfig, runs int, busy bool) (coldResult, error) {
	if busy {
		stop, err := busyHost()
		if err != nil {
			return coldResult{}, err
		}
		defer stop()
	}
	return b.coldStarts(ctx, c, runs)
}

// createTable makes the bench's table in dynalite.
func createTable(ctx context.Context, endpoint, name string) error {
	client := dynamodb.New(dynamodb.Options{Region: "ap-southeast-1", BaseEndpoint: aws.String(endpoint),
		Credentials: credentials.NewStaticCredentialsProvider("AKIDBENCH", "bench", "")})
	if err := dynamo.CreateTable(ctx, client, name); err != nil {
		return fmt.Errorf("dynalite at %s: %w", endpoint, err)
	}
	return nil
}
