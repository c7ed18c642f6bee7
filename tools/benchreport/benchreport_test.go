package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"gpuadvisor/commands"
	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/infra/slack"
)

func TestPercentileNearestRank(t *testing.T) {
	ms := func(v ...int) []time.Duration {
		out := make([]time.Duration, len(v))
		for i, x := range v {
			out[i] = time.Duration(x) * time.Millisecond
		}
		return out
	}
	rows := []struct {
		name string
		in   []time.Duration
		p    float64
		want time.Duration
	}{
		{"empty is zero", nil, 50, 0},
		{"one value is every percentile", ms(7), 99, 7 * time.Millisecond},
		{"median of five, unsorted", ms(5, 1, 4, 2, 3), 50, 3 * time.Millisecond},
		{"median of four is the lower middle", ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{"p99 of 100 is the 99th", ms(seq(100)...), 99, 99 * time.Millisecond},
		{"p99 of 2000 is the 1980th", ms(seq(2000)...), 99, 1980 * time.Millisecond},
		{"p100 is the max", ms(3, 9, 1), 100, 9 * time.Millisecond},
	}
	for _, r := range rows {
		if got := percentile(r.in, r.p); got != r.want {
			t.Errorf("%s: percentile(%d values, %v) = %v, want %v", r.name, len(r.in), r.p, got, r.want)
		}
	}
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

func TestParseVmHWM(t *testing.T) {
	rows := []struct {
		name, status string
		want         int64
		wantErr      bool
	}{
		{"real status excerpt", "Name:\tgpuadvisor\nVmPeak:\t 1262628 kB\nVmHWM:\t   22316 kB\nVmRSS:\t   21004 kB\n", 22316 << 10, false},
		{"no VmHWM line", "Name:\tx\nVmRSS:\t 1 kB\n", 0, true},
		{"not kB", "VmHWM:\t 5 MB\n", 0, true},
		{"not a number", "VmHWM:\t lots kB\n", 0, true},
	}
	for _, r := range rows {
		got, err := parseVmHWM([]byte(r.status))
		if (err != nil) != r.wantErr || got != r.want {
			t.Errorf("%s: got %d, %v; want %d, error %t", r.name, got, err, r.want, r.wantErr)
		}
	}
}

func TestFormatting(t *testing.T) {
	rows := []struct{ got, want string }{
		{thousands(2000), "2,000"},
		{thousands(999), "999"},
		{thousands(1234567), "1,234,567"},
		{mib(20 << 20), "20.0 MiB"},
		{mib(14483618), "13.8 MiB"},
		{ms(3870 * time.Microsecond), "3.87"},
		{ms(14700 * time.Microsecond), "14.7"},
	}
	for _, r := range rows {
		if r.got != r.want {
			t.Errorf("got %q, want %q", r.got, r.want)
		}
	}
	var b bytes.Buffer
	tb := &table{}
	tb.add("peak memory", "21.8 MiB (ok)", "< 64 MB")
	tb.add("缓存", "1", "")
	tb.print(&b)
	want := "| metric      | value         | target  |\n" +
		"| ----------- | ------------- | ------- |\n" +
		"| peak memory | 21.8 MiB (ok) | < 64 MB |\n" +
		"| 缓存          | 1             |         |\n"
	if b.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", b.String(), want)
	}
}

func TestLoopbackOnly(t *testing.T) {
	for u, ok := range map[string]bool{
		"http://127.0.0.1:8080": true, "http://[::1]:8080": true,
		"http://0.0.0.0:8080": false, "http://10.0.0.5:8080": false, "http://localhost:8080": false, "http://example.com": false,
	} {
		if err := loopbackOnly(u); (err == nil) != ok {
			t.Errorf("loopbackOnly(%s) = %v, want accepted %t", u, err, ok)
		}
	}
}

func TestConfigBounds(t *testing.T) {
	ok := config{n: 2000, clients: 8, warmup: 200, coldRuns: 5, timeout: time.Minute}
	if err := ok.check(); err != nil {
		t.Fatalf("defaults refused: %v", err)
	}
	bad := map[string]func(*config){
		"zero requests":    func(c *config) { c.n = 0 },
		"a million":        func(c *config) { c.n = 1_000_000 },
		"100 clients":      func(c *config) { c.clients = 100 },
		"no timeout":       func(c *config) { c.timeout = 0 },
		"rie without boot": func(c *config) { c.rie = "x" },
	}
	for name, f := range bad {
		c := ok
		f(&c)
		if err := c.check(); err == nil {
			t.Errorf("%s: accepted, want refused", name)
		}
	}
}

// The requests benchreport sends are the real wire format: the Slack
// handler verifies and answers them.
func TestRequestsAreSignedSlackRequests(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h, err := slack.New(slack.Deps{SigningSecret: benchSecret, Router: commands.New(commands.Deps{}), Poster: slack.NewPoster("xoxb", "http://127.0.0.1:9/", nil), Deduper: &memstore.Deduper{}, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	lat, errs := send(context.Background(), srv.Client(), srv.URL, "test", 12, 3)
	if errs != 0 || len(lat) != 12 {
		t.Fatalf("got %d answered, %d failed; want 12 answered with blocks", len(lat), errs)
	}

	ev, err := slackEvent("t-1", time.Now())
	if err != nil {
		t.Fatal(err)
	}
	var req httpbody.Request
	if err := json.Unmarshal(ev, &req); err != nil {
		t.Fatal(err)
	}
	res, err := h.HandleLambda(context.Background(), req)
	if err != nil || res.StatusCode != 200 || !strings.Contains(res.Body, `"blocks"`) {
		t.Fatalf("Function URL event: got %d %v %.200s, want 200 with blocks", res.StatusCode, err, res.Body)
	}
	body, _ := base64.StdEncoding.DecodeString(req.Body)
	if !strings.Contains(string(body), "trigger_id=t-1") || req.Headers["content-type"] != "application/x-www-form-urlencoded" {
		t.Errorf("event body %q / headers %v are not a slash command form", body, req.Headers)
	}
}

// TestTemplateGoEnv: the bench's second configuration is what the template
// deploys: every GO* variable of Globals, nothing else, and tagged values
// elsewhere in the template do not stop the read.
func TestTemplateGoEnv(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/template.yaml"
	tpl := "Parameters:\n  X:\n    Type: String\nGlobals:\n  Function:\n    MemorySize: 128\n    Environment:\n      Variables:\n" +
		"        TABLE_NAME: !Ref Table\n        GOMEMLIMIT: 100MiB\n        GOGC: '400'\n        LOG_LEVEL: info\n        GOMAXPROCS: '1'\n"
	if err := os.WriteFile(path, []byte(tpl), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := templateGoEnv(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "GOGC=400 GOMAXPROCS=1 GOMEMLIMIT=100MiB"; strings.Join(got, " ") != want {
		t.Errorf("templateGoEnv = %q, want %q", strings.Join(got, " "), want)
	}
	if err := os.WriteFile(path, []byte("Globals:\n  Function:\n    MemorySize: 128\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := templateGoEnv(path); err == nil {
		t.Error("a template without Globals variables gave no error")
	}
	// the repository's own template
	env, err := templateGoEnv("../../template.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(env, "GOMAXPROCS=1") || !slices.Contains(env, "GOGC=400") {
		t.Errorf("template.yaml Globals GO* = %q, want GOGC=400 and GOMAXPROCS=1 among them", env)
	}
}
