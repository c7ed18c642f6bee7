package feishu

import (
	"context"
	"errors"

	"gpuadvisor/chat"
)

var _ chat.Poster = (*Client)(nil)

// Post implements chat.Poster for the drafter and the reminder: a reply to
// Target.MessageID when there is one (it lands in that message's thread if it
// has one), otherwise a new message in chat Target.Channel. Target.Key is the
// idempotency key, so a job run twice posts once (within Feishu's one-hour
// uuid window). With Target.Replace the card of that message (the "working
// on it" acknowledgement) is updated in place instead.
func (c *Client) Post(ctx context.Context, t chat.Target, rep chat.Reply) error {
	card := RenderCard(rep)
	key := uuidOf(t.Key)
	switch {
	case t.Replace != "":
		// the "working on it" card becomes the answer; if it cannot be
		// updated (deleted, too old), the answer comes as a reply
		if err := c.UpdateCard(ctx, t.Replace, card); err == nil {
			return nil
		} else if t.MessageID == "" && t.Channel == "" {
			return err
		}
		return c.Post(ctx, chat.Target{Channel: t.Channel, MessageID: t.MessageID, Key: t.Key}, rep)
	case t.MessageID != "":
		_, err := c.ReplyCard(ctx, t.MessageID, card, false, key)
		return err
	case t.Channel != "":
		_, err := c.CreateCard(ctx, t.Channel, card, key)
		return err
	}
	return errors.New("feishu post: target has neither a message id nor a chat id")
}
