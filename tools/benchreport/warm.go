package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"gpuadvisor/cmd/gpuadvisor/serve"
	"gpuadvisor/infra/slack"
)

// benchSecret signs the requests; serve gets it as SLACK_SIGNING_SECRET.
const benchSecret = "bench-signing-secret-0123456789"

// slashCommands are the slash commands sent in turn: English and Chinese, the
// advisor's main answers, and a store read.
var slashCommands = []string{
	"billing ondemand=35 monthly=15000 hours=300",
	"计费 按需=35元/时 包月=¥15,000 时长=300",
	"tier model=qwen2.5-14b mode=lora seq=4096",
	"选卡 模型=qwen2.5-7b 模式=推理 上下文=32k",
	"renewal list",
	"help",
}

// warmResult is what the serve run measured.
type warmResult struct {
	n, clients, errors int
	p50, p99           time.Duration
	rps                float64
	hwm                int64
}

// warmLatency starts serve on 127.0.0.1 with a fresh store, sends warmup
// then n signed slash commands from clients at once, and reads serve's peak
// memory before stopping it.
func warmLatency(ctx context.Context, bin string, n, clients, warmup int) (warmResult, error) {
	dir, err := os.MkdirTemp("", "benchreport")
	if err != nil {
		return warmResult{}, err
	}
	defer os.RemoveAll(dir)
	srv, err := startServe(ctx, bin, dir)
	if err != nil {
		return warmResult{}, err
	}
	defer srv.stop()

	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: clients}}
	if _, errs := send(ctx, client, srv.url, "warmup", warmup, clients); errs > 0 {
		return warmResult{}, fmt.Errorf("%d of %d warm-up requests failed; serve log: %s", errs, warmup, srv.logPath)
	}
	start := time.Now()
	lat, errs := send(ctx, client, srv.url, "timed", n, clients)
	took := time.Since(start)
	if len(lat) == 0 {
		return warmResult{}, fmt.Errorf("no request succeeded (%d errors); serve log: %s", errs, srv.logPath)
	}
	hwm, err := peakRSS(srv.cmd.Process.Pid)
	if err != nil {
		return warmResult{}, err
	}
	if err := ctx.Err(); err != nil {
		return warmResult{}, fmt.Errorf("stopped after %d of %d requests: %w", len(lat)+errs, n, err)
	}
	return warmResult{
		n: len(lat) + errs, clients: clients, errors: errs,
		p50: percentile(lat, 50), p99: percentile(lat, 99),
		rps: float64(len(lat)) / took.Seconds(), hwm: hwm,
	}, nil
}

// send posts n slash commands from clients goroutines and returns the
// latency of each one answered 200 with blocks, and the number of failures.
func send(ctx context.Context, client *http.Client, base, phase string, n, clients int) ([]time.Duration, int) {
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range n {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	var mu sync.Mutex
	var lat []time.Duration
	errs := 0
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for i := range next {
				d, err := one(ctx, client, base, fmt.Sprintf("%s-%d", phase, i), slashCommands[i%len(slashCommands)])
				mu.Lock()
				if err != nil {
					errs++
				} else {
					lat = append(lat, d)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return lat, errs
}

// one sends a signed slash command and times it until the whole answer is read.
func one(ctx context.Context, client *http.Client, base, trigger, text string) (time.Duration, error) {
	body, ts, sig := slashCommand(text, trigger, time.Now())
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/slack/commands", bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Slack-Request-Timestamp", ts)
	req.Header.Set("X-Slack-Signature", sig)
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	out, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	d := time.Since(start)
	if err != nil {
		return 0, err
	}
	if resp.StatusCode != http.StatusOK || !bytes.Contains(out, []byte(`"blocks"`)) {
		return 0, fmt.Errorf("HTTP %d: %.200s", resp.StatusCode, out)
	}
	return d, nil
}

// slashCommand is a signed /gpu slash command as Slack posts it at now: the
// form body, its timestamp and signature headers.
func slashCommand(text, trigger string, now time.Time) (body []byte, ts, sig string) {
	form := url.Values{
		"token": {"bench"}, "team_id": {"TBENCH"}, "team_domain": {"bench"}, "channel_id": {"CBENCH"}, "channel_name": {"bench"},
		"user_id": {"UBENCH"}, "user_name": {"bench"}, "command": {"/gpu"}, "text": {text},
		"response_url": {"https://hooks.slack.com/commands/TBENCH/1/x"}, "trigger_id": {trigger}, "api_app_id": {"ABENCH"},
	}
	body = []byte(form.Encode())
	ts = strconv.FormatInt(now.Unix(), 10)
	return body, ts, slack.Sign(benchSecret, ts, body)
}

// serveProc is a serve child process.
type serveProc struct {
	cmd     *exec.Cmd
	url     string
	logPath string
}

// startServe runs `gpuadvisor --db DIR/bench.db serve --addr 127.0.0.1:0`
// and waits for the address it prints. Only a loopback address is accepted.
func startServe(ctx context.Context, bin, dir string) (*serveProc, error) {
	logPath := filepath.Join(dir, "serve.log")
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	cmd := exec.Command(bin, "--db", filepath.Join(dir, "bench.db"), "serve", "--addr", "127.0.0.1:0", "--remind-every", "0")
	cmd.Env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + dir,
		"SLACK_SIGNING_SECRET=" + benchSecret, "SLACK_BOT_TOKEN=xoxb-bench",
		"SLACK_API_URL=http://127.0.0.1:9/api/", // never called by slash commands
	}
	cmd.Stderr = logf
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start serve: %w", err)
	}
	p := &serveProc{cmd: cmd, logPath: logPath}
	found := serve.Listening(stdout)
	select {
	case u := <-found:
		if err := loopbackOnly(u); err != nil {
			p.stop()
			return nil, err
		}
		p.url = u
		return p, nil
	case <-time.After(15 * time.Second):
	case <-ctx.Done():
	}
	p.stop()
	b, _ := os.ReadFile(logPath)
	return nil, fmt.Errorf("serve did not start within 15 s:\n%s", b)
}

// stop sends SIGTERM (serve shuts down gracefully), then SIGKILL after 10 s.
func (p *serveProc) stop() {
	p.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		p.cmd.Process.Kill()
		<-done
	}
}

// loopbackOnly refuses any URL whose host is not a loopback IP address.
func loopbackOnly(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	ip := net.ParseIP(u.Hostname())
	if ip == nil || !ip.IsLoopback() {
		return errors.New("refusing to load " + raw + ": only 127.0.0.1 / ::1 are measured")
	}
	return nil
}
