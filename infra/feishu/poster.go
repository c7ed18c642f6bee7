package feishu

import (
	"context"
	"errors"
	"strings"

	"gpuadvisor/chat"
)

var _ chat.Poster = (*Client)(nil)

// Post implements chat.Poster for the drafter and the reminder: a reply to
// Target.MessageID when there is one (it lands in that message's thread if it
// has one), otherwise a new message in chat Target.Channel. Target.Key is the
// idempotency key, so a job run twice posts once (within Feishu's one-hour
// uuid window). With Target.Replace the card of that message (the "working
// on it" acknowledgement) is updated in place instead; an ephemeral one
// (chat.ReplaceEphemeral) cannot be, so it is deleted once the answer is
// posted. A private answer with Target.User goes to that user only, in a
// direct message.
func (c *Client) Post(ctx context.Context, t chat.Target, rep chat.Reply) error {
	card := RenderCard(rep)
	if eph, ok := strings.CutPrefix(t.Replace, chat.ReplaceEphemeral); ok {
		t.Replace = ""
		if err := c.Post(ctx, t, rep); err != nil {
			return err
		}
		if err := c.DeleteEphemeral(ctx, eph); err != nil {
			// the answer is shown; a stale "working on it" is all that is left
			c.log.WarnContext(ctx, "feishu: the ephemeral acknowledgement was not deleted", "err", errText(err))
		}
		return nil
	}
	key := uuidOf(t.Key)
	switch {
	case t.Replace != "":
		// the "working on it" card becomes the answer; if it cannot be
		// updated (deleted, too old), the answer comes as a new message
		err := c.UpdateCard(ctx, t.Replace, card)
		if err == nil || t.MessageID == "" && t.Channel == "" && t.User == "" {
			return err
		}
		t.Replace = ""
		return c.Post(ctx, t, rep)
	case rep.Private && t.User != "":
		// a direct message, not an ephemeral card: Feishu shows those only
		// on clients online when they are sent, and a draft is kept
		_, err := c.DirectCard(ctx, t.User, card, key)
		return err
	case t.MessageID != "":
		_, err := c.ReplyCard(ctx, t.MessageID, card, false, key)
		return err
	case t.Channel != "":
		_, err := c.CreateCard(ctx, t.Channel, card, key)
		return err
	}
	return errors.New("feishu post: target has neither a message id nor a chat id")
}

// privateCard shows card to the user openID only: an ephemeral card in the
// group chatID, or a direct message where that is not possible (chatID ""
// for a topic group, which has no ephemeral cards; a refusal). It returns
// the message's id, chat.ReplaceEphemeral-prefixed for an ephemeral card.
func (c *Client) privateCard(ctx context.Context, chatID, openID, card, key string) (string, error) {
	if chatID != "" {
		id, err := c.EphemeralCard(ctx, chatID, openID, card)
		if err == nil {
			return chat.ReplaceEphemeral + id, nil
		}
		c.log.WarnContext(ctx, "feishu: ephemeral card failed; sending a direct message", "err", errText(err))
	}
	return c.DirectCard(ctx, openID, card, key)
}
