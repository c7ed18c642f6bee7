package slack

import (
	"context"
	"errors"
	"fmt"

	slackapi "github.com/slack-go/slack"
)

// OpenView opens a modal with the trigger_id of a shortcut or button
// (views.open). The trigger expires 3 seconds after the user's action.
func (p *Poster) OpenView(ctx context.Context, triggerID string, view slackapi.ModalViewRequest) error {
	if _, err := p.api.OpenViewContext(ctx, triggerID, view); err != nil {
		return fmt.Errorf("views.open %s: %w", view.CallbackID, err)
	}
	return nil
}

// UpdateView replaces the open modal viewID with view (views.update).
func (p *Poster) UpdateView(ctx context.Context, viewID, hash string, view slackapi.ModalViewRequest) error {
	if _, err := p.api.UpdateViewContext(ctx, view, "", hash, viewID); err != nil {
		return fmt.Errorf("views.update %s: %w", view.CallbackID, err)
	}
	return nil
}

// errNoMessage is a message a shortcut named that history no longer has.
var errNoMessage = errors.New("the message is no longer there")

// Message reads one message again by its ts: from the channel's history,
// or from its thread when it is a reply (conversations.history and
// conversations.replies; channels:history, groups:history, im:history and
// mpim:history).
func (p *Poster) Message(ctx context.Context, channel, ts, thread string) (slackapi.Message, error) {
	if thread != "" && thread != ts {
		msgs, _, _, err := p.api.GetConversationRepliesContext(ctx, &slackapi.GetConversationRepliesParameters{
			ChannelID: channel, Timestamp: thread, Latest: ts, Oldest: ts, Inclusive: true, Limit: 2})
		if err != nil {
			return slackapi.Message{}, fmt.Errorf("conversations.replies %s: %w", channel, err)
		}
		for _, m := range msgs {
			if m.Timestamp == ts {
				return m, nil
			}
		}
		return slackapi.Message{}, errNoMessage
	}
	h, err := p.api.GetConversationHistoryContext(ctx, &slackapi.GetConversationHistoryParameters{
		ChannelID: channel, Latest: ts, Oldest: ts, Inclusive: true, Limit: 1})
	if err != nil {
		return slackapi.Message{}, fmt.Errorf("conversations.history %s: %w", channel, err)
	}
	for _, m := range h.Messages {
		if m.Timestamp == ts {
			return m, nil
		}
	}
	return slackapi.Message{}, errNoMessage
}
