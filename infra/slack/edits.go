package slack

import (
	"context"
	"strings"

	"gpuadvisor/chat"
	"gpuadvisor/store"
)

// erredKey marks a message the bot answered with an error: an edit of it
// (message_changed) is answered.
func erredKey(m message) string { return "slack:erred:" + m.channel + ":" + m.ts }

// markErred remembers that m got an error reply, for DedupeTTL.
func (h *Handler) markErred(ctx context.Context, m message) {
	if m.ts == "" || m.edited {
		return
	}
	if err := h.pipe.Deduper.Done(ctx, erredKey(m), DedupeTTL); err != nil {
		h.log.Warn("marking an error reply failed; an edit of the message will not be answered", "err", err)
	}
}

// editKey decides on an edited message: answered (once: the key is the
// message's, not the event's) only when the message first got an error
// reply.
func (h *Handler) editKey(ctx context.Context, m message) (string, bool) {
	if m.ts == "" {
		return "", false
	}
	c, err := h.pipe.Deduper.Lease(ctx, erredKey(m), chat.DefaultLease)
	if err != nil {
		h.log.Warn("checking an edited message failed; not answered", "err", err)
		return "", false
	}
	if c != store.Sent {
		if c == store.Claimed {
			h.pipe.Deduper.Release(ctx, erredKey(m)) // it had no error reply: leave no mark
		}
		return "", false
	}
	return "slack:edit:" + m.channel + ":" + m.ts, true
}

// attach reads m's text files into req (the pasted text commands read, up
// to their own limits). A message that is only files is answered by what
// they hold: a command line in a file runs, other text gets how to check
// it, no text says what is read. The returned route (nil for a message
// with words) answers the last two.
func (h *Handler) attach(ctx context.Context, req *chat.Request, m message) func(context.Context) chat.Reply {
	if len(m.files) == 0 {
		return nil
	}
	ft, problems := h.fileText(ctx, m.files)
	if strings.TrimSpace(req.Text) != "" {
		req.Attachment = ft
		return nil
	}
	text, refusal := filesOnly(ft, problems)
	if refusal != nil {
		r := *refusal
		return func(context.Context) chat.Reply { return r }
	}
	word, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	if _, known := h.router.Lookup(strings.TrimPrefix(word, "/gpu")); known {
		req.Text = commandText(text) // the file holds a command line
		return nil
	}
	name := m.files[0].Name
	return func(context.Context) chat.Reply { return fileHint(name, text) }
}
