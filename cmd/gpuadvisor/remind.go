package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/internal/wire"
	"gpuadvisor/internal/wire/platforms"
	"gpuadvisor/remind"
)

const remindUsage = `usage: gpuadvisor [--db FILE] remind [--now 2027-01-01] [--dry-run] [--json]

Runs the reminder engine once on the embedded store: every reminder due on
--now (default: now, Asia/Shanghai; REMINDER_TZ sets another zone) is
posted once: renewals added here print to this terminal, Slack ones go through
SLACK_BOT_TOKEN, Feishu ones through FEISHU_APP_ID and FEISHU_APP_SECRET.
--dry-run lists what is due and sends nothing, marks nothing.`

// cliPoster prints reminders for renewals added from the terminal.
type cliPoster struct {
	w    io.Writer
	json bool
}

func (p cliPoster) Post(_ context.Context, _ chat.Target, rep chat.Reply) error {
	if p.json {
		return nil // the run's JSON carries what was sent
	}
	_, err := fmt.Fprintf(p.w, "%s\n", chat.RenderText(rep))
	return err
}

// runRemind is the `remind` subcommand. Its posters are the terminal (for
// renewals added here) and those the environment configures (platforms.Posters).
func runRemind(g globals, stdout, stderr io.Writer, getenv func(string) string) int {
	fail := func(code, key, example string, err error, exit int) int {
		return cliFail(g.JSON, stdout, stderr, "remind", chat.Error{Code: code, Key: key, Message: err.Error(), Example: example}, exit)
	}
	if len(g.Rest) > 1 {
		if !g.JSON {
			defer fmt.Fprintln(stderr, remindUsage)
		}
		return fail(chat.CodeInvalid, "remind", "gpuadvisor remind --now 2027-01-01 --dry-run",
			fmt.Errorf("unexpected %q: remind takes --now, --dry-run and --json only", strings.Join(g.Rest[1:], " ")), 2)
	}
	loc, err := rules.LocationFrom(getenv)
	if err != nil {
		return fail(chat.CodeInvalid, "REMINDER_TZ", "REMINDER_TZ=Asia/Shanghai", err, 2)
	}
	now := time.Now()
	if g.Now != "" {
		if now, err = parseNow(g.Now, loc); err != nil {
			return fail(chat.CodeInvalid, "--now", "--now 2027-01-01", err, 2)
		}
	}
	path, err := wire.StorePath(g.DB, getenv)
	if err != nil {
		return fail(chat.CodeUnavailable, "--db", "--db ./gpuadvisor.db", err, 1)
	}
	st, err := bolt.Open(path, bolt.Options{})
	if err != nil {
		return cliFail(g.JSON, stdout, stderr, "remind", storeError(g.Lang, path, err), 1)
	}
	defer st.Close()
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	posters := platforms.Posters(getenv, log)
	posters["cli"] = cliPoster{w: stdout, json: g.JSON}
	eng := &remind.Engine{
		Store: st, Posters: posters,
		Now: func() time.Time { return now }, Loc: loc, DryRun: g.DryRun, Log: log,
	}
	res, err := eng.Run(context.Background())
	if err != nil {
		return cliFail(g.JSON, stdout, stderr, "remind", storeError(g.Lang, path, err), 1)
	}
	if !g.DryRun {
		if _, err := st.Sweep(time.Now()); err != nil {
			log.Warn("sweep expired keys", "err", err)
		}
	}
	if g.JSON {
		writeJSON(stdout, res)
	} else {
		fmt.Fprint(stdout, remindText(res, loc, path))
	}
	if len(res.Failed) > 0 || len(res.Unreadable) > 0 {
		return 1 // not every due reminder went out: say so to cron
	}
	return 0
}

// remindText is the run's summary for a terminal.
func remindText(res remind.Result, loc *time.Location, path string) string {
	var b strings.Builder
	verb := "sent"
	if res.DryRun {
		verb = "due (dry run: nothing sent, nothing marked)"
	}
	fmt.Fprintf(&b, "Reminders on %s (%s), store %s\n", res.Today, loc, path)
	t := chat.Table{Header: []string{"renewal", "days before deadline", "tenant", "channel", "vendor", "renews", "deadline", "due"}}
	for _, s := range res.Sent {
		due := s.DueDate.String()
		if s.Late {
			due += " (caught up)"
		}
		t.Rows = append(t.Rows, []string{s.RenewalID, fmt.Sprint(s.OffsetDays), s.Tenant, s.Channel, s.Vendor, s.Renews.String(), s.Deadline.String(), due})
	}
	for _, f := range res.Failed {
		t.Rows = append(t.Rows, []string{f.RenewalID, fmt.Sprint(f.OffsetDays), f.Tenant, f.Channel, f.Vendor, f.Renews.String(), f.Deadline.String(), "FAILED: " + f.Error})
	}
	if len(t.Rows) > 0 {
		b.WriteString(chat.RenderText(chat.Reply{Tables: []chat.Table{t}}))
	}
	fmt.Fprintf(&b, "\n%d %s, %d failed (retried next run), %d already sent or held, %d unreadable; %d renewal(s) checked.\n",
		len(res.Sent), verb, len(res.Failed), res.Skipped, len(res.Unreadable), res.Checked)
	for _, u := range res.Unreadable {
		fmt.Fprintf(&b, "NOT SENT: stored %s %s could not be read (%s); the others were sent. Run `gpuadvisor --db %s store check`.\n",
			u.Bucket, u.Key, u.Error, path)
	}
	return b.String()
}
