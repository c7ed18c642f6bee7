package testkit

import (
	"fmt"
	"log/slog"
	"time"

	"gpuadvisor/chat"
)

// RouterAt is Router with its clock stopped at now, so dates in replies
// are stable.
func RouterAt(now time.Time, cmds ...*chat.Command) *chat.Router {
	r := Router(cmds...)
	r.Now = func() time.Time { return now }
	return r
}

// SeqIDs makes the ids prefix1, prefix2, ... in order, so stored ids in
// replies are stable.
func SeqIDs(prefix string) func() string {
	n := 0
	return func() string { n++; return fmt.Sprintf("%s%d", prefix, n) }
}

// Quiet is a logger that drops everything: a test of a failure path logs
// on purpose.
func Quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }
