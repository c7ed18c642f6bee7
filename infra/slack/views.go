package slack

import (
	"context"
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
