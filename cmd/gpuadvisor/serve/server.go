package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/drafter"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/llm"
	"gpuadvisor/infra/slack"
	"gpuadvisor/infra/slack/socket"
	"gpuadvisor/internal/wire"
	storepkg "gpuadvisor/store"
)

// server is the whole bot in one process: the HTTP endpoints, the Socket
// Mode and long-connection clients, the in-process drafter, the reminder
// timer and the embedded store. Build it with newServer, then Run it.
type server struct {
	opts serveOptions
	cfg  serveConfig
	log  *slog.Logger

	ln    net.Listener
	lim   *limitListener // ln, which the http.Server tells of its connections' states
	http  *http.Server
	store *bolt.Store
	// shared holds what several hosts may share: the embedded store, or the
	// DynamoDB table with --store dynamo (drafts in progress stay in store).
	shared sharedStore
	// deduper de-duplicates deliveries: leases, or the table with --store
	// dynamo.
	deduper storepkg.Deduper
	// leases de-duplicates the platforms' deliveries: leases in memory,
	// done marks written to the store behind the requests (bolt.Leases).
	leases *bolt.Leases
	router *chat.Router
	jobs   *drafter.Queue
	// remindLoc is the reminder's time zone (REMINDER_TZ, default
	// Asia/Shanghai).
	remindLoc *time.Location

	slack        *slack.Handler
	slackPoster  *slack.Poster
	feishu       *feishu.Handler
	feishuClient *feishu.Client

	// background holds the Socket Mode, long-connection, reminder and
	// sweeper loops.
	background sync.WaitGroup
	// fatal receives an error that must stop serve (a rejected Socket Mode
	// or long-connection token).
	fatal chan error
}

// newServer checks the configuration, opens the store and listens. Nothing
// is served until Run. ctx bounds only the start.
func newServer(ctx context.Context, o serveOptions, getenv func(string) string, log *slog.Logger) (*server, error) {
	if o.Addr == "" {
		o.Addr = defaultServeAddr
	}
	if o.Grace <= 0 {
		o.Grace = defaultGrace
	}
	if err := checkListenAddr(o.Addr); err != nil {
		return nil, err
	}
	cfg, err := loadServeConfig(o, getenv)
	if err != nil {
		return nil, err
	}
	s := &server{opts: o, cfg: cfg, log: log, fatal: make(chan error, 2)}
	if err := s.listen(ctx); err != nil {
		return nil, err
	}
	if err := s.build(getenv); err != nil {
		s.ln.Close()
		s.closeStore(ctx)
		return nil, err
	}
	s.announce()
	return s, nil
}

// listen binds the address. A loopback address is the default; any other
// is said loudly, and refused with --insecure-dev.
func (s *server) listen(ctx context.Context) error {
	ln, err := (&net.ListenConfig{}).Listen(ctx, "tcp", s.opts.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", s.opts.Addr, err)
	}
	tcp, _ := ln.Addr().(*net.TCPAddr)
	if tcp == nil || !tcp.IP.IsLoopback() {
		if s.opts.InsecureDev {
			ln.Close()
			return fmt.Errorf("--insecure-dev only listens on loopback (127.0.0.1 or ::1), not %s: unverified requests must not come from the network", ln.Addr())
		}
		s.log.Warn("listening BEYOND LOOPBACK, as --addr asked: anyone who can reach this address can send requests (each one is still verified)", "addr", ln.Addr().String())
	}
	s.lim = limitConns(ln, maxConns, s.opts.MaxConnsPerClient, s.log)
	s.ln = s.lim
	return nil
}

// sharedStore is what the commands and the reminder read and write, and
// the texts the Slack shortcuts keep.
type sharedStore interface {
	storepkg.Renewals
	storepkg.Prices
	storepkg.Settings
	storepkg.Checks
	storepkg.Trials
	storepkg.Reminders
	storepkg.Texts
}

// build opens the store and wires the router, the platforms and the drafter.
func (s *server) build(getenv func(string) string) error {
	path, err := wire.StorePath(s.opts.DB, getenv)
	if err != nil {
		return err
	}
	st, err := bolt.Open(path, bolt.Options{WriteFault: s.opts.writeFault})
	if errors.Is(err, bolt.ErrLocked) {
		return fmt.Errorf("open the store (--db or %s): %w (is another gpuadvisor serve or remind using it?)", wire.EnvDB, err)
	}
	if err != nil {
		return fmt.Errorf("open the store (--db or %s): %w", wire.EnvDB, err)
	}
	s.store = st
	s.leases = st.Leases(bolt.LeaseOptions{Log: s.log})
	s.shared, s.deduper = st, s.leases
	if s.opts.Store == "dynamo" {
		if strings.TrimSpace(getenv("TABLE_NAME")) == "" {
			return fmt.Errorf("--store dynamo needs TABLE_NAME, the DynamoDB table (the template's TableName output); for example TABLE_NAME=gpuadvisor-Table-ABC123")
		}
		sh, dd, err := openDynamo(getenv)
		if err != nil {
			return fmt.Errorf("--store dynamo: %w", err)
		}
		s.shared, s.deduper = sh, dd
	}
	s.remindLoc, err = rules.LocationFrom(getenv)
	if err != nil {
		return err
	}
	// Without an LLM (OPENAI_*) drafts come from templates and say so; a
	// half-done LLM configuration refuses to start.
	lm, err := llm.Load(getenv)
	if err != nil {
		return err
	}
	sh := s.shared
	s.router = commands.New(commands.Deps{Renewals: sh, Prices: sh, Settings: sh, Checks: sh, Trials: sh, LLM: lm, Members: s.members()})
	s.router.Log = s.log
	// Accepted drafts are kept in the store file until posted: a restart
	// resumes them, a shutdown leaves the unfinished ones stored.
	runner := &drafter.Runner{Handler: s.router, Dedupe: s.deduper, Timeout: jobTimeout, Log: s.log}
	s.jobs = &drafter.Queue{Runner: runner, Store: st, Workers: jobWorkers, Timeout: jobTimeout, MaxQueued: jobQueue}

	if c := s.cfg.Slack; c.On {
		s.slackPoster = slack.NewPoster(c.BotToken, c.APIURL, nil)
		s.slackPoster.Log = s.log
		h, err := slack.New(slack.Deps{
			SigningSecret: c.SigningSecret,
			Router:        s.router,
			Poster:        s.slackPoster,
			Dispatcher:    s.jobs,
			Deduper:       s.deduper,
			Texts:         s.shared,
			Log:           s.log,
		})
		if err != nil {
			return fmt.Errorf("slack: %w", err)
		}
		s.slack = h
	}
	if c := s.cfg.Feishu; c.On {
		s.feishuClient = feishu.NewClient(c.Config, s.log, nil)
		h, err := feishu.NewHandler(c.Config, feishu.Deps{
			Router:     s.router,
			Client:     s.feishuClient,
			Deduper:    s.deduper,
			Dispatcher: s.jobs,
			Log:        s.log,
		})
		if err != nil {
			return fmt.Errorf("feishu: %w", err)
		}
		s.feishu = h
	}
	runner.Posters = s.posters()
	s.http = &http.Server{
		Handler:           bodyDeadline(s.routes()),
		ConnState:         s.lim.ConnState,
		ConnContext:       connContext,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	return nil
}

// Addr is the address serve listens on (the port chosen for :0).
func (s *server) Addr() string { return s.ln.Addr().String() }

// Run serves until ctx ends (SIGINT, SIGTERM) or a background client fails
// for good, then shuts down: it stops accepting, lets in-flight requests and
// drafts finish within the grace period, and closes the store.
func (s *server) Run(ctx context.Context) error {
	bg, stopBG := context.WithCancel(context.WithoutCancel(ctx))
	n, err := s.jobs.Start(bg)
	if err != nil {
		return errors.Join(fmt.Errorf("resume stored drafts: %w", err), s.shutdown(stopBG))
	}
	if n > 0 {
		s.log.Info("drafts resumed", "jobs", n)
	}
	s.startBackground(bg)
	httpErr := make(chan error, 1)
	go func() { httpErr <- s.http.Serve(s.ln) }()

	var runErr error
	select {
	case <-ctx.Done():
		s.log.Info("shutting down", "grace", s.opts.Grace.String())
	case err := <-httpErr:
		runErr = fmt.Errorf("http server: %w", err)
	case err := <-s.fatal:
		runErr = err
	}
	return errors.Join(runErr, s.shutdown(stopBG))
}

// shutdown stops everything in order, each step bounded by the grace period.
func (s *server) shutdown(stopBG context.CancelFunc) error {
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), s.opts.Grace)
	defer cancel()
	var errs []error
	// 1. Stop accepting; wait for in-flight requests.
	if err := s.http.Shutdown(ctx); err != nil {
		errs = append(errs, fmt.Errorf("in-flight requests did not finish within %s: %w", s.opts.Grace, err))
		s.http.Close()
	}
	// 2. Close the socket clients and stop the reminder timer (a run in
	//    progress is cancelled; its claims are released or expire).
	stopBG()
	done := make(chan struct{})
	go func() { s.background.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		errs = append(errs, errors.New("background clients did not stop in time"))
	}
	// 3. Drafts: accept no more, let running ones finish within the grace;
	//    the rest stay stored and run at the next start.
	if n, err := s.jobs.Shutdown(ctx); err != nil {
		errs = append(errs, fmt.Errorf("drafts at shutdown: %w", err))
	} else if n > 0 {
		s.log.Info("drafts left for the next start", "jobs", n)
	}
	// 4. Close the store: every write before this was a committed
	//    transaction; the pending done marks are written first, tried
	//    again until the grace period ends (a full disk may free up).
	if err := s.closeStore(ctx); err != nil {
		errs = append(errs, err)
	}
	s.log.Info("stopped", "took_ms", time.Since(start).Milliseconds(), "clean", len(errs) == 0)
	return errors.Join(errs...)
}

// closeStore writes the pending de-duplication marks and closes the store.
func (s *server) closeStore(ctx context.Context) error {
	var errs []error
	if s.leases != nil {
		if err := s.leases.Close(ctx); err != nil {
			errs = append(errs, fmt.Errorf("write the de-duplication marks: %w", err))
		}
	}
	if s.store != nil {
		if err := s.store.Close(); err != nil {
			errs = append(errs, fmt.Errorf("close the store: %w", err))
		}
	}
	return errors.Join(errs...)
}

// announce says at start what is on, where, and anything unsafe.
func (s *server) announce() {
	attrs := append([]slog.Attr{
		slog.String("addr", s.Addr()),
		slog.String("store", s.store.Path()),
		slog.String("reminder", remindDescribe(s.opts.RemindEvery)),
	}, s.cfg.summary()...)
	s.log.LogAttrs(context.Background(), slog.LevelInfo, "gpuadvisor serve started", attrs...)
	for _, w := range s.cfg.Warnings {
		s.log.Warn(w)
	}
	if s.opts.InsecureDev {
		s.log.Warn(insecureBanner, "slack_verified", s.cfg.Slack.Verified, "feishu_verified", s.cfg.Feishu.Verified)
	}
}

// startBackground starts the Socket Mode and long-connection clients, the
// reminder timer and the store sweeper; each stops when ctx ends.
func (s *server) startBackground(ctx context.Context) {
	s.goBackground(func() { s.runSweeper(ctx) })
	if s.cfg.Slack.On && s.cfg.Slack.Socket {
		s.goBackground(func() {
			c := s.cfg.Slack
			if err := socket.Run(ctx, s.slack, socket.Config{AppToken: c.AppToken, BotToken: c.BotToken, APIURL: c.APIURL}); err != nil {
				s.fail(err)
			}
		})
	}
	if s.cfg.Feishu.On && s.cfg.Feishu.WS {
		s.goBackground(func() { s.runFeishuWS(ctx) })
	}
	if s.opts.RemindEvery > 0 {
		s.goBackground(func() { s.runReminder(ctx) })
	}
}

func (s *server) goBackground(fn func()) {
	s.background.Go(func() {
		defer func() { // no background task takes serve down
			if v := recover(); v != nil {
				s.log.Error("background task panicked; serve carries on without it", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			}
		}()
		fn()
	})
}

// fail stops serve with err (once; later failures are only logged).
func (s *server) fail(err error) {
	select {
	case s.fatal <- err:
	default:
		s.log.Error("background failure", "err", err)
	}
}
