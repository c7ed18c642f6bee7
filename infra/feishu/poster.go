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
// uuid window).
func (c *Client) Post(ctx context.Context, t chat.Target, rep chat.Reply) error {
	card := RenderCard(rep)
	key := uuidOf(t.Key)
	switch {
	case t.MessageID != "":
		_, err := c.ReplyCard(ctx, t.MessageID, card, false, key)
		return err
	case t.Channel != "":
		_, err := c.CreateCard(ctx, t.Channel, card, key)
		return err
	}
	return errors.New("feishu post: target has neither a message id nor a chat id")
}
