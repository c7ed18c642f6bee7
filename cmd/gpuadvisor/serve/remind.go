package serve

import (
	"context"
	"time"

	"gpuadvisor/remind"
)

// remindFirstDelay is how long after start the first reminder run waits, so
// that a restart catches up at once without racing the start itself.
const remindFirstDelay = 5 * time.Second

// runReminder runs the reminder engine against the embedded store every
// --remind-every until ctx ends: once shortly after start (catching up what
// was missed while serve was down), then on the timer. The engine sends each
// reminder once however often it runs, so the interval only bounds how late
// a reminder can be.
func (s *server) runReminder(ctx context.Context) {
	eng := &remind.Engine{Store: s.shared, Posters: s.posters(), Loc: s.remindLoc, Log: s.log}
	wait := remindFirstDelay
	if s.opts.RemindEvery < wait {
		wait = s.opts.RemindEvery
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		}
		res, err := eng.Run(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			s.log.Error("reminder run failed; retrying on the next tick", "err", err, "next_in", s.opts.RemindEvery.String())
		case len(res.Failed) > 0 || len(res.Unreadable) > 0:
			s.log.Warn("some reminders were not sent; they stay due for the next run (the others were sent)",
				"failed", len(res.Failed), "unreadable", len(res.Unreadable), "sent", len(res.Sent), "next_in", s.opts.RemindEvery.String())
		}
		timer.Reset(s.opts.RemindEvery)
	}
}

// remindDescribe says how the reminder runs, for the start line.
func remindDescribe(every time.Duration) string {
	if every <= 0 {
		return "off (--remind-every 0)"
	}
	return "every " + every.String()
}
