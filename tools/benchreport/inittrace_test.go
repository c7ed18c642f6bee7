package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseInitTrace(t *testing.T) {
	sample := strings.Join([]string{
		"init internal/bytealg @0.008 ms, 0 ms clock, 0 bytes, 0 allocs",
		"init github.com/aws/aws-sdk-go-v2/service/dynamodb @2.1 ms, 0.61 ms clock, 300000 bytes, 900 allocs",
		"init gpuadvisor/chat @3.8 ms, 0.068 ms clock, 18448 bytes, 132 allocs",
		"init gpuadvisor/prompts @4.5 ms, 0.10 ms clock, 37792 bytes, 134 allocs",
		`{"level":"ERROR","msg":"slack function not configured"}`,
	}, "\n")
	rows := []struct {
		name    string
		out     string
		want    initCost
		wantErr string
	}{
		{"sums our packages only", sample, initCost{packages: 2, ms: 0.168, bytes: 56240, allocs: 266}, ""},
		{"no package of ours", "init runtime @0.01 ms, 0.002 ms clock, 128 bytes, 2 allocs", initCost{}, ""},
		{"trace not switched on", `{"msg":"not configured"}`, initCost{}, "no init lines"},
		{"unreadable line", "init gpuadvisor/chat @3.8 ms, lots of clock", initCost{}, "unreadable line"},
		{"unreadable number", "init gpuadvisor/chat @3.8 ms, 0.1 ms clock, many bytes, 2 allocs", initCost{}, "unreadable numbers"},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			got, err := parseInitTrace([]byte(r.out), ownPrefix)
			if r.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), r.wantErr) {
					t.Fatalf("err %v, want one saying %q", err, r.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.packages != r.want.packages || got.bytes != r.want.bytes || got.allocs != r.want.allocs || got.ms < r.want.ms-1e-9 || got.ms > r.want.ms+1e-9 {
				t.Errorf("got %+v, want %+v", got, r.want)
			}
		})
	}
}

// initGuardBytes bounds what our packages may allocate in package init, per
// Lambda bootstrap: the tables are static data or built on first use
// (sync.OnceValue), so what is left is a few small values. A package-level
// map, regexp or key index built at start adds hundreds of bytes to
// kilobytes and fails this test: make it lazy or static (docs/architecture.md).
const initGuardBytes = 8 << 10

// TestOwnPackageInitIsSmall builds the Slack and Feishu bootstraps for this
// machine as make bench does and starts each with GODEBUG=inittrace=1 and no
// configuration (main exits at once, after every package init). Bytes, not
// time, are bounded: they are the same on every run.
func TestOwnPackageInitIsSmall(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build the bootstraps: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	dir := t.TempDir()
	for _, fn := range []string{"slack", "feishu"} {
		t.Run(fn, func(t *testing.T) {
			bin := filepath.Join(dir, fn)
			build := exec.CommandContext(ctx, goTool, "build", "-tags", "lambda.norpc", "-trimpath", "-ldflags=-s -w", "-o", bin, "gpuadvisor/functions/"+fn)
			build.Env = append(os.Environ(), "CGO_ENABLED=0")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build ./functions/%s: %v\n%s", fn, err, out)
			}
			c, err := traceInit(ctx, bin)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("functions/%s: %d packages of ours do init work: %d bytes, %d allocs, %.3f ms", fn, c.packages, c.bytes, c.allocs, c.ms)
			if c.bytes > initGuardBytes {
				t.Errorf("functions/%s: our packages allocate %d bytes in package init, want at most %d: run the bootstrap with GODEBUG=inittrace=1 to see which package, and build its tables on first use or as static data",
					fn, c.bytes, initGuardBytes)
			}
		})
	}
}
