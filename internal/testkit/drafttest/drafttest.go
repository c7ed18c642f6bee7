// Package drafttest runs slow work in tests the way the drafter does: a
// router whose draft command defers, and the real drafter.Runner posting
// with the poster under test.
package drafttest

import (
	"context"
	"log/slog"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/drafter"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

// Mark is in the draft Router's command writes, and in nothing else it
// says: a test counts the messages that carry the draft by it.
const Mark = "Questions for AcmeGPU sales"

// Router has one command, draft (起草), standing for the slow drafts: it
// acknowledges and defers (chat.Ack) unless the request is Sync, as the
// drafter runs it, and then writes a draft holding Mark.
func Router() *chat.Router {
	return testkit.Router(&chat.Command{
		Name: "draft", Aliases: []string{"起草"}, Examples: []string{"draft questions"},
		Summary: map[chat.Lang]string{chat.EN: "draft", chat.ZH: "起草"},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			if !c.Req.Sync {
				return chat.Ack(c, "Drafting; the draft will appear here.", "正在起草，稍后发到这里。"), nil
			}
			return chat.Reply{Command: "draft", Title: Mark, Summary: "1. Is NVLink included?"}, nil
		},
	})
}

// Run runs job once, as the drafter does (lease, work, post, mark done),
// answering with h and posting with p, and fails t unless the reply was
// posted.
func Run(t testing.TB, h drafter.Handler, p chat.Poster, job chat.Job) {
	t.Helper()
	r := &drafter.Runner{Handler: h, Posters: map[string]chat.Poster{job.Request.Platform: p},
		Dedupe: &memstore.Deduper{}, Log: slog.New(slog.DiscardHandler)}
	if err := r.Run(context.Background(), job); err != nil {
		t.Fatal(err)
	}
}
