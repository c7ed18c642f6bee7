package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuadvisor/infra/dynamo/dynamotest"
	"gpuadvisor/internal/rie"
	"gpuadvisor/internal/testkit"
)

// TestMain stops a dynalite that dynamotest started for the reminder test.
func TestMain(m *testing.M) { os.Exit(dynamotest.Main(m)) }

// functions are the Lambdas under test; all are built by one go build.
var functions = []string{"slack", "feishu", "drafter", "reminder"}

// built is what the tests run: the emulator and every function's bootstrap,
// built once per test binary, the two builds side by side.
var built struct {
	once      sync.Once
	rie       string
	err       error
	rieTime   time.Duration
	buildTime time.Duration
}

func repoRoot() string {
	dir, _ := filepath.Abs("..")
	return dir
}

// binDir holds what the tests build; kept across runs of one checkout (the
// go build cache makes a rebuild a relink).
func binDir() string {
	d := filepath.Join(repoRoot(), ".cache", "e2e")
	os.MkdirAll(d, 0o755)
	return d
}

// prepare builds the emulator and the bootstraps, once; the first test to
// need them logs how long that took.
func prepare(t *testing.T) {
	t.Helper()
	built.once.Do(func() {
		var wg sync.WaitGroup
		var rieErr, fnErr error
		wg.Add(2)
		go func() {
			defer wg.Done()
			start := time.Now()
			built.rie, rieErr = buildRIE()
			built.rieTime = time.Since(start)
		}()
		go func() {
			defer wg.Done()
			start := time.Now()
			fnErr = buildFunctions()
			built.buildTime = time.Since(start)
		}()
		wg.Wait()
		built.err = errors.Join(rieErr, fnErr)
		if built.err == nil {
			t.Logf("built the emulator in %v and %d bootstraps in %v (side by side)",
				built.rieTime.Round(time.Millisecond), len(functions), built.buildTime.Round(time.Millisecond))
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
}

// buildRIE returns the emulator binary: RIE_BIN (scripts/test.sh builds
// it), or built here from the go tool dependency in go.mod (offline, from
// the module cache).
func buildRIE() (string, error) {
	if p := os.Getenv("RIE_BIN"); p != "" {
		return p, nil
	}
	path := filepath.Join(binDir(), "aws-lambda-rie")
	cmd := exec.Command("go", "build", "-o", path, "github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie")
	cmd.Dir = repoRoot()
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build the runtime interface emulator: %v\n%s", err, b)
	}
	return path, nil
}

// buildFunctions builds every ./functions/<name> as Lambda builds it
// (CGO_ENABLED=0, -tags lambda.norpc, stripped), for this machine's
// architecture so it can run here, into .cache/e2e/<name>/bootstrap. One go
// build shares the compile work between them.
func buildFunctions() error {
	out := filepath.Join(binDir(), "build")
	os.MkdirAll(out, 0o755)
	args := []string{"build", "-tags", "lambda.norpc", "-trimpath", "-ldflags=-s -w", "-o", out + string(filepath.Separator)}
	for _, f := range functions {
		args = append(args, "./functions/"+f)
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = repoRoot()
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+runtime.GOARCH)
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("build the functions: %v\n%s", err, b)
	}
	for _, f := range functions {
		dir := filepath.Join(binDir(), f)
		os.MkdirAll(dir, 0o755)
		if err := os.Rename(filepath.Join(out, f), filepath.Join(dir, "bootstrap")); err != nil {
			return fmt.Errorf("move the %s bootstrap: %w", f, err)
		}
	}
	return nil
}

// fn is one function running under the emulator. Invocations are serialised:
// the emulator crashes on concurrent invokes (docs/platforms.md#runtime-interface-emulator).
type fn struct {
	name    string
	url     string
	mu      sync.Mutex
	logs    *testkit.SyncBuffer
	listen  time.Duration // emulator start until it listened
	invoked int
}

// baseEnv is what every function gets besides its own configuration: a
// short timeout, dummy AWS credentials (the drafter invoke is signed with them),
// no secret store.
var baseEnv = []string{
	"AWS_LAMBDA_FUNCTION_TIMEOUT=10", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE=128",
	"AWS_REGION=us-east-1", "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test",
	"GPUADVISOR_SECRETS=",
}

// appPrefixes name the variables a function reads as configuration (and the
// AWS SDK's): the host's values are not passed on, so that a developer's
// OPENAI_API_KEY or AWS profile never reaches a test.
var appPrefixes = []string{"AWS_", "OPENAI_", "SLACK_", "FEISHU_", "GPUADVISOR_", "REMINDER_", "TABLE_NAME", "DYNAMO_ENDPOINT",
	"DRAFTER_FUNCTION", "LAMBDA_ENDPOINT", "LOG_LEVEL", "_LAMBDA_", "_X_AMZN"}

// hostEnv is this process's environment without the functions' configuration.
func hostEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		keep := true
		for _, p := range appPrefixes {
			if strings.HasPrefix(kv, p) {
				keep = false
			}
		}
		if keep {
			out = append(out, kv)
		}
	}
	return out
}

// start runs functions/<name> under the emulator with env added to the
// host's environment minus the functions' configuration (the emulator
// passes it to the bootstrap); it is
// stopped when the test ends. The function initialises lazily, on the first
// invoke, as on Lambda.
func start(t *testing.T, name string, env map[string]string) *fn {
	t.Helper()
	prepare(t)
	vars := append(append(hostEnv(), baseEnv...), "AWS_LAMBDA_FUNCTION_NAME=gpuadvisor-"+name)
	for k, v := range env {
		vars = append(vars, k+"="+v)
	}
	f := &fn{name: name, logs: &testkit.SyncBuffer{}}
	emu, err := rie.Start(context.Background(), built.rie, filepath.Join(binDir(), name, "bootstrap"), vars, f.logs, 10*time.Second,
		"--log-level", "error")
	if err != nil {
		t.Fatalf("emulator for %s: %v\n%s", name, err, f.logs.String())
	}
	t.Cleanup(func() {
		emu.Stop()
		if t.Failed() {
			t.Logf("%s logs:\n%s", name, f.logs.String())
		}
	})
	f.url, f.listen = emu.URL, emu.Listen
	return f
}

// invoke sends one event and returns the function's response; a Lambda
// error (the handler returned an error, panicked or timed out) fails the test.
func (f *fn) invoke(t *testing.T, event []byte) []byte {
	t.Helper()
	b, err := f.call(event)
	if err != nil {
		t.Fatal(err) // the function's logs follow, from start's cleanup
	}
	return b
}

// call is invoke for goroutines other than the test's: it returns what went
// wrong instead of failing the test. The first call logs the cold start.
func (f *fn) call(event []byte) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	sent := time.Now()
	resp, err := (&http.Client{Timeout: 20 * time.Second}).Post(f.url, "application/json", bytes.NewReader(event))
	if err != nil {
		return nil, fmt.Errorf("invoke %s: %w", f.name, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if f.invoked++; f.invoked == 1 {
		coldStarts.add(f.name, f.listen, time.Since(sent))
	}
	if resp.StatusCode != http.StatusOK {
		return b, fmt.Errorf("invoke %s: HTTP %d: %s", f.name, resp.StatusCode, b)
	}
	if bytes.Contains(b, []byte(`"errorMessage"`)) {
		return b, fmt.Errorf("%s returned a Lambda error: %s", f.name, b)
	}
	return b, nil
}

// coldStarts records, per function, the cold start: the emulator's start
// until it listens, plus the first invoke, which starts the bootstrap
// process (the emulator initialises lazily), runs its init and the handler
// and returns the reply; idle time between the two is left out. For the
// README.
var coldStarts = &coldLog{}

type coldLog struct {
	mu   sync.Mutex
	rows []string
}

func (c *coldLog) add(name string, listen, first time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.rows = append(c.rows, fmt.Sprintf("%-8s emulator start to first reply %6.1f ms (emulator listening %5.1f ms + first invoke with init %6.1f ms)",
		name, ms(listen+first), ms(listen), ms(first)))
}

// logColdStarts writes what was recorded so far in the test's log.
func logColdStarts(t *testing.T) {
	coldStarts.mu.Lock()
	defer coldStarts.mu.Unlock()
	for _, r := range coldStarts.rows {
		t.Logf("cold start: %s", r)
	}
	coldStarts.rows = nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// containsAll reports whether s holds every one of subs, naming the first
// missing one.
func containsAll(s string, subs ...string) (string, bool) {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return sub, false
		}
	}
	return "", true
}
