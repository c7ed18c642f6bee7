package deploy

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"gpuadvisor/cmd/gpuadvisor/serve"
)

// dockerfile reads the repository's Dockerfile.
func dockerfile(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The image runs as a user who is not root, keeps the store on a volume,
// stops on SIGTERM (serve drains on it) and starts serve.
func TestDockerfileShape(t *testing.T) {
	d := dockerfile(t)
	for _, want := range []string{
		"FROM gcr.io/distroless/static-debian12:nonroot", "USER nonroot:nonroot", `VOLUME ["/data"]`,
		"ENV GPUADVISOR_DB=/data/gpuadvisor.db", "STOPSIGNAL SIGTERM", `ENTRYPOINT ["/usr/local/bin/gpuadvisor"]`, `CMD ["serve"`,
	} {
		if !strings.Contains(d, want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
	if regexp.MustCompile(`(?m)^USER\s+(root|0)\b`).MatchString(d) {
		t.Error("Dockerfile runs as root")
	}
}

// buildLine is the Dockerfile's go build command: its environment and
// arguments, as the shell of the build stage would split them.
func buildLine(t *testing.T) (env []string, args []string) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(dockerfile(t)))
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "RUN ")
		if !ok || !strings.Contains(line, "go build") {
			continue
		}
		for _, f := range shellWords(line) {
			switch {
			case len(args) == 0 && strings.Contains(f, "=") && f != "go":
				env = append(env, f)
			default:
				args = append(args, f)
			}
		}
		return env, args
	}
	t.Fatal("the Dockerfile has no RUN … go build line")
	return nil, nil
}

// The binary built the way the Dockerfile builds it (static, stripped)
// starts serve with the image's environment and answers /healthz.
func TestContainerBinaryServes(t *testing.T) {
	env, args := buildLine(t)
	if args[0] != "go" || args[1] != "build" {
		t.Fatalf("build line %v does not start with go build", args)
	}
	out := filepath.Join(t.TempDir(), "gpuadvisor")
	for i, a := range args {
		if a == "-o" && i+1 < len(args) {
			args[i+1] = out
		}
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = ".."
	cmd.Env = append(os.Environ(), env...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, b)
	}
	data := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	run := exec.CommandContext(ctx, out, "serve", "--addr", "127.0.0.1:0", "--remind-every", "0")
	run.Env = []string{"GPUADVISOR_DB=" + filepath.Join(data, "gpuadvisor.db"), "HOME=" + data,
		"SLACK_SIGNING_SECRET=8f742231b10e8888abcd9900aa11bb22", "SLACK_BOT_TOKEN=xoxb-1-2-container"}
	stdout, err := run.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := run.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		run.Process.Signal(os.Interrupt)
		run.Wait()
	}()
	var base string
	select {
	case base = <-serve.Listening(stdout):
	case <-time.After(time.Minute):
		t.Fatal("the container's binary did not start serve within a minute")
	}
	res, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var h struct {
		OK     bool   `json:"ok"`
		Status string `json:"status"`
	}
	json.NewDecoder(res.Body).Decode(&h)
	if res.StatusCode != http.StatusOK || !h.OK && h.Status != "ok" {
		t.Errorf("/healthz: %d %+v, want 200 and ok", res.StatusCode, h)
	}
	if _, err := os.Stat(filepath.Join(data, "gpuadvisor.db")); err != nil {
		t.Errorf("the store is not on the volume GPUADVISOR_DB names: %v", err)
	}
}

// shellWords splits a command line as a POSIX shell does for the plain
// words and double quotes a Dockerfile's RUN line uses: -ldflags="-s -w"
// is one word, -ldflags=-s -w.
func shellWords(line string) []string {
	var words []string
	var w strings.Builder
	in, quoted := false, false
	for _, r := range line {
		switch {
		case r == '"':
			quoted, in = !quoted, true
		case (r == ' ' || r == '\t') && !quoted:
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteRune(r)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words
}
