// Package serve is `gpuadvisor serve`: the whole bot in one process. Slack
// and Feishu over HTTP, Socket Mode or the long connection, the drafter
// in-process, the reminder on a timer and the embedded bbolt store.
package serve

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"gpuadvisor/internal/wire"
)

// Defaults of serve's flags.
const (
	defaultServeAddr   = "127.0.0.1:8080"
	defaultRemindEvery = time.Hour
	// defaultGrace bounds the shutdown: in-flight requests and drafts get this
	// long to finish before they are cancelled.
	defaultGrace = 20 * time.Second
)

// serveOptions are serve's flags (the store file comes from the global --db).
type serveOptions struct {
	Addr        string
	DB          string
	SlackSocket bool
	FeishuWS    bool
	InsecureDev bool
	RemindEvery time.Duration
	Grace       time.Duration
	// MaxConnsPerClient caps the connections of one client address (0: no
	// cap); see defaultMaxConnsPerClient.
	MaxConnsPerClient int
	// Store is where the shared state lives: "bolt" (the embedded file) or
	// "dynamo" (the DynamoDB table TABLE_NAME names, shared by several hosts).
	Store string
	// writeFault is the store's bolt.Options.WriteFault (tests only).
	writeFault func() error
}

// serveUsage is printed for --help and after a flag error.
const serveUsage = `usage: gpuadvisor [--db FILE] serve [--addr 127.0.0.1:8080] [--slack-socket] [--feishu-ws]
                  [--insecure-dev] [--remind-every 1h] [--grace 20s] [--max-conns-per-client 32]

Runs the whole bot on this machine: Slack (POST /slack/commands, /slack/interactions,
/slack/events), Feishu (POST /feishu/events, /feishu/card), GET /healthz, the drafter
in-process, the reminder on a timer, and the embedded store (--db, GPUADVISOR_DB).

Configuration comes from the same environment variables as the functions:
  SLACK_SIGNING_SECRET SLACK_BOT_TOKEN SLACK_APP_TOKEN (xapp-, for --slack-socket) SLACK_API_URL
  FEISHU_APP_ID FEISHU_APP_SECRET FEISHU_VERIFICATION_TOKEN FEISHU_ENCRYPT_KEY FEISHU_BASE_URL
  OPENAI_API_KEY OPENAI_BASE_URL OPENAI_MODEL
A platform with no configuration at all is off. An enabled platform without its
signing secrets refuses to start unless --insecure-dev is given.

Flags:
`

// errFlagReported is a flag error the flag package already printed.
var errFlagReported = errors.New("bad flag")

// parseServeFlags reads serve's own flags (those after the word "serve").
func parseServeFlags(args []string, stderr io.Writer) (serveOptions, error) {
	o := serveOptions{}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.Addr, "addr", defaultServeAddr, "address to listen on; only loopback unless you name another interface (0.0.0.0:8080)")
	fs.BoolVar(&o.SlackSocket, "slack-socket", false, "receive Slack over Socket Mode (SLACK_APP_TOKEN=xapp-...): no public URL needed")
	fs.BoolVar(&o.FeishuWS, "feishu-ws", false, "receive Feishu over its long connection (FEISHU_APP_ID, FEISHU_APP_SECRET): no public URL needed")
	fs.BoolVar(&o.InsecureDev, "insecure-dev", false, "start without signing secrets (requests are NOT verified; loopback only; warns on every request)")
	fs.DurationVar(&o.RemindEvery, "remind-every", defaultRemindEvery, "how often the reminder runs (0 turns it off)")
	fs.DurationVar(&o.Grace, "grace", defaultGrace, "how long shutdown waits for in-flight requests and drafts")
	fs.StringVar(&o.Store, "store", "bolt", "where renewals, prices, settings, checks, reminder marks and de-duplication live: bolt (the embedded file) or dynamo (the DynamoDB table TABLE_NAME, shared by several hosts; drafts in progress stay in the local file)")
	fs.IntVar(&o.MaxConnsPerClient, "max-conns-per-client", defaultMaxConnsPerClient,
		"connections one client address may hold open; more are closed at once (raise it behind a reverse proxy; 0: no limit)")
	fs.Usage = func() {
		fmt.Fprint(stderr, serveUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return o, err
		}
		return o, errFlagReported // the flag package said what and showed the usage
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("serve takes flags only, not %q; see gpuadvisor serve --help", strings.Join(fs.Args(), " "))
	}
	if o.RemindEvery < 0 {
		return o, fmt.Errorf("--remind-every %s is negative; give a duration such as 1h, or 0 to turn the reminder off", o.RemindEvery)
	}
	if o.RemindEvery > 0 && o.RemindEvery < time.Second {
		return o, fmt.Errorf("--remind-every %s is too short; give at least 1s, for example 1h", o.RemindEvery)
	}
	if o.MaxConnsPerClient < 0 {
		return o, fmt.Errorf("--max-conns-per-client %d is negative; give a count such as 32, or 0 for no limit", o.MaxConnsPerClient)
	}
	if o.Store != "bolt" && o.Store != "dynamo" {
		return o, fmt.Errorf("--store %q is not bolt or dynamo; for example --store dynamo (with TABLE_NAME)", o.Store)
	}
	if o.Grace <= 0 {
		return o, fmt.Errorf("--grace %s must be positive, for example 20s", o.Grace)
	}
	return o, nil
}

// Main is the `serve` subcommand: args are the flags after the word serve,
// db the global --db (empty: GPUADVISOR_DB, then the user's data directory).
// It runs until SIGINT or SIGTERM, then shuts down gracefully, and returns
// the exit status: 2 for a bad flag, 1 when it cannot start or stops on an
// error.
func Main(args []string, db string, stdout, stderr io.Writer, getenv func(string) string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return Run(ctx, args, db, stdout, stderr, getenv)
}

// Run is Main until ctx is done instead of until a signal: a test or
// another program (gpuadvisor doctor's test) runs the whole bot in-process
// and stops it by cancelling ctx.
func Run(ctx context.Context, args []string, db string, stdout, stderr io.Writer, getenv func(string) string) int {
	opts, err := parseServeFlags(args, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errFlagReported):
		return 2
	case err != nil:
		fmt.Fprintln(stderr, "gpuadvisor serve:", err)
		return 2
	}
	opts.DB = db
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: wire.Level(getenv("LOG_LEVEL"))}))
	srv, err := newServer(ctx, opts, getenv, log)
	if err != nil {
		fmt.Fprintln(stderr, "gpuadvisor serve:", err)
		return 1
	}
	fmt.Fprintf(stdout, "%shttp://%s (Ctrl-C to stop)\n", listeningLine, srv.Addr())
	if err := srv.Run(ctx); err != nil {
		fmt.Fprintln(stderr, "gpuadvisor serve:", err)
		return 1
	}
	return 0
}

// listeningLine starts the line Main prints on standard output once it
// listens, before the URL it listens on.
const listeningLine = "gpuadvisor serve: listening on "

// Listening reads a serve process's standard output, as its parent sees it
// (a test, tools/benchreport), and sends the URL serve listens on once it
// says so. The rest of out is read and dropped, so that serve never blocks
// on a full pipe.
func Listening(out io.Reader) <-chan string {
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), listeningLine); ok {
				select {
				case found <- strings.Fields(u)[0]:
				default:
				}
			}
		}
		io.Copy(io.Discard, out)
	}()
	return found
}
