package e2e

import (
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	buildOnce sync.Map // dir -> *built
	rieOnce   sync.Once
	riePath   string
	rieErr    error
)

type built struct {
	once sync.Once
	path string
	err  error
}

func repoRoot() string {
	dir, _ := filepath.Abs("..")
	return dir
}

// binDir holds what the tests build; kept across runs of one checkout.
func binDir() string {
	d := filepath.Join(repoRoot(), ".cache", "e2e")
	os.MkdirAll(d, 0o755)
	return d
}

// rie returns the emulator binary: RIE_BIN, or built from the go tool dependency.
func rie(t *testing.T) string {
	t.Helper()
	rieOnce.Do(func() {
		if p := os.Getenv("RIE_BIN"); p != "" {
			riePath = p
			return
		}
		riePath = filepath.Join(binDir(), "aws-lambda-rie")
		cmd := exec.Command("go", "build", "-o", riePath, "github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie")
		cmd.Dir = repoRoot()
		if b, err := cmd.CombinedOutput(); err != nil {
			rieErr = fmt.Errorf("build the runtime interface emulator: %v\n%s", err, b)
		}
	})
	if rieErr != nil {
		t.Fatal(rieErr)
	}
	return riePath
}

// bootstrap builds ./functions/<name> as Lambda builds it (for this machine's
// architecture, so it can run here).
func bootstrap(t *testing.T, name string) string {
	t.Helper()
	v, _ := buildOnce.LoadOrStore(name, &built{})
	b := v.(*built)
	b.once.Do(func() {
		b.path = filepath.Join(binDir(), name, "bootstrap")
		cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-trimpath", "-ldflags=-s -w", "-o", b.path, "./functions/"+name)
		cmd.Dir = repoRoot()
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+runtime.GOARCH)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("build functions/%s: %v\n%s", name, err, out)
		}
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// fn is one function running under the emulator. Invocations are serialised:
// the emulator crashes on concurrent invokes (PLATFORM.md §1.6).
type fn struct {
	name string
	url  string
	mu   sync.Mutex
	logs *syncBuffer
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// start runs functions/<name> under the emulator with env added to this
// process's environment; it is stopped when the test ends.
func start(t *testing.T, name string, env map[string]string) *fn {
	t.Helper()
	bin := bootstrap(t, name)
	emu := rie(t)
	port, apiPort := freePort(t), freePort(t)
	cmd := exec.Command(emu,
		"--runtime-interface-emulator-address", fmt.Sprintf("127.0.0.1:%d", port),
		"--runtime-api-address", fmt.Sprintf("127.0.0.1:%d", apiPort),
		bin)
	cmd.Env = append(os.Environ(), "AWS_LAMBDA_FUNCTION_TIMEOUT=10", "AWS_LAMBDA_FUNCTION_NAME="+name,
		"AWS_REGION=us-east-1", "AWS_ACCESS_KEY_ID=test", "AWS_SECRET_ACCESS_KEY=test", "LOG_LEVEL=error")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	f := &fn{name: name, url: fmt.Sprintf("http://127.0.0.1:%d/2015-03-31/functions/function/invocations", port), logs: &syncBuffer{}}
	cmd.Stdout, cmd.Stderr = f.logs, f.logs
	if err := cmd.Start(); err != nil {
		t.Fatalf("start emulator: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("%s logs:\n%s", name, f.logs.String())
		}
	})
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), 100*time.Millisecond)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("emulator for %s did not listen: %v\n%s", name, err, f.logs.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	return f
}

// invoke sends one event and returns the function's raw response.
func (f *fn) invoke(t *testing.T, event []byte) []byte {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	resp, err := (&http.Client{Timeout: 20 * time.Second}).Post(f.url, "application/json", bytes.NewReader(event))
	if err != nil {
		t.Fatalf("invoke %s: %v\n%s", f.name, err, f.logs.String())
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("invoke %s: HTTP %d: %s", f.name, resp.StatusCode, b)
	}
	if strings.Contains(string(b), `"errorMessage"`) {
		t.Fatalf("%s returned a Lambda error: %s\n%s", f.name, b, f.logs.String())
	}
	return b
}
