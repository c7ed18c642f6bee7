package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"
)

// sizeFlag collects -size name=path.
type sizeFlag []sizeArg

type sizeArg struct{ name, path string }

func (s *sizeFlag) String() string { return fmt.Sprint(*s) }

func (s *sizeFlag) Set(v string) error {
	name, path, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("-size wants name=path, for example slack=.cache/bench/arm64/slack/bootstrap; got %q", v)
	}
	*s = append(*s, sizeArg{name, path})
	return nil
}

// config is the command line.
type config struct {
	sizes     sizeFlag
	serve     string
	rie       string
	bootstrap string
	feishu    string
	dynamo    string
	template  string
	n         int
	clients   int
	warmup    int
	coldRuns  int
	timeout   time.Duration
	samples   string
	busy      bool
}

func main() {
	if os.Getenv(spinEnv) == "1" {
		spin()
		return
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	var c config
	fs := flag.NewFlagSet("benchreport", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Var(&c.sizes, "size", "name=path of a stripped linux/arm64 bootstrap (repeat)")
	fs.StringVar(&c.serve, "serve", "", "gpuadvisor binary for this machine (warm latency, peak memory)")
	fs.StringVar(&c.rie, "rie", "", "aws-lambda-rie binary (cold start)")
	fs.StringVar(&c.bootstrap, "bootstrap", "", "functions/slack bootstrap built for this machine (cold start)")
	fs.StringVar(&c.feishu, "feishu-bootstrap", "", "functions/feishu bootstrap built for this machine (cold start)")
	fs.StringVar(&c.template, "template", "", "SAM template whose Globals GO* variables (GOGC, GOMEMLIMIT, GOMAXPROCS) are measured as a second configuration")
	fs.StringVar(&c.dynamo, "dynamo", "", "dynalite endpoint (http://127.0.0.1:PORT) holding the de-duplication claims; without it an empty-success stub")
	fs.IntVar(&c.n, "n", 2000, "signed slash commands to time (at most 100000)")
	fs.IntVar(&c.clients, "c", 8, "concurrent clients")
	fs.IntVar(&c.warmup, "warmup", 200, "requests sent first and not timed")
	fs.IntVar(&c.coldRuns, "cold-runs", 5, "cold starts, each in a fresh emulator, one invocation at a time")
	fs.BoolVar(&c.busy, "busy", false, "measure the template's settings once more with a SCHED_IDLE busy loop on every core (a busy host; needs -template)")
	fs.StringVar(&c.samples, "samples", "", "file to append one line per cold start to (function, settings, wall ms, CPU ms), for A/B comparisons")
	fs.DurationVar(&c.timeout, "timeout", 3*time.Minute, "bound on the whole run")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := c.check(); err != nil {
		fmt.Fprintln(stderr, "benchreport:", err)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	t := &table{}
	t.add("host", fmt.Sprintf("%s/%s, %d CPUs, %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version()), "")
	failed := false
	for _, s := range c.sizes {
		fi, err := os.Stat(s.path)
		if err != nil {
			t.add("binary size functions/"+s.name+" (linux/arm64, stripped)", "not built: "+err.Error(), "< 20 MB")
			failed = true
			continue
		}
		t.add("binary size functions/"+s.name+" (linux/arm64, stripped)", mib(fi.Size())+verdict(fi.Size() < 20<<20), "< 20 MB")
	}
	if !initRow(ctx, c, t) {
		failed = true
	}
	if c.rie != "" {
		if !coldRows(ctx, c, t, stderr) {
			failed = true
		}
	}
	if c.serve != "" {
		w, err := warmLatency(ctx, c.serve, c.n, c.clients, c.warmup)
		if err != nil {
			fmt.Fprintln(stderr, "benchreport: serve:", err)
			t.add("warm reply latency, serve", "failed: "+err.Error(), "")
			failed = true
		} else {
			t.add(fmt.Sprintf("warm reply latency, %s signed slash commands to serve over loopback (p50 / p99)", thousands(w.n)),
				fmt.Sprintf("%s ms / %s ms (%d clients, %s req/s, %d errors)", ms(w.p50), ms(w.p99), w.clients, thousands(int(w.rps)), w.errors), "under 3 s (Slack)")
			t.add("peak memory of serve (VmHWM)", mib(w.hwm)+verdict(w.hwm < 64<<20), "< 64 MB")
			if w.errors > 0 {
				failed = true
			}
		}
	}
	t.print(stdout)
	if failed {
		return 1
	}
	return 0
}

func (c config) check() error {
	switch {
	case c.n < 1 || c.n > 100000:
		return fmt.Errorf("-n %d: give 1 to 100000 requests", c.n)
	case c.clients < 1 || c.clients > 64:
		return fmt.Errorf("-c %d: give 1 to 64 clients", c.clients)
	case c.warmup < 0 || c.warmup > 10000:
		return fmt.Errorf("-warmup %d: give 0 to 10000", c.warmup)
	case c.coldRuns < 1 || c.coldRuns > 50:
		return fmt.Errorf("-cold-runs %d: give 1 to 50", c.coldRuns)
	case c.rie != "" && c.bootstrap == "":
		return fmt.Errorf("-rie needs -bootstrap")
	case c.timeout <= 0 || c.timeout > 30*time.Minute:
		return fmt.Errorf("-timeout %s: give up to 30m", c.timeout)
	}
	return nil
}

func verdict(ok bool) string {
	if ok {
		return " (ok)"
	}
	return " (OVER TARGET)"
}
