package testkit

import (
	"context"
	"time"

	"gpuadvisor/chat"
)

// DraftMark is in the draft DraftRouter's command writes, and in nothing
// else it says: a test counts the messages that carry the draft by it.
const DraftMark = "Questions for AcmeGPU sales"

// DraftRouter has one command, draft (起草), standing for the slow drafts:
// it acknowledges and defers (chat.Ack) unless the request is Sync, as the
// drafter runs it, and then writes a draft holding DraftMark. now is the
// router's clock.
func DraftRouter(now func() time.Time) *chat.Router {
	r := Router(&chat.Command{
		Name: "draft", Aliases: []string{"起草"}, Examples: []string{"draft questions"},
		Summary: map[chat.Lang]string{chat.EN: "draft", chat.ZH: "起草"},
		Run: func(ctx context.Context, c *chat.Call) (chat.Reply, error) {
			if !c.Req.Sync {
				return chat.Ack(c, "Drafting; the draft will appear here.", "正在起草，稍后发到这里。"), nil
			}
			return chat.Reply{Command: "draft", Title: DraftMark, Summary: "1. Is NVLink included?"}, nil
		},
	})
	r.Now = now
	return r
}
