package slack

import (
	"context"
	"errors"
	"fmt"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

// ReminderEventType is the event_type of the message metadata every
// reminder carries; its event_payload holds the reminder's key (what a
// reminder is, for whoever reads the channel; the engine itself finds a
// reminder already posted by the ts it recorded in the store).
const ReminderEventType = "gpuadvisor_reminder"

// cannotPostCodes are Slack errors that inviting the bot (or choosing
// another channel) fixes and retrying does not.
var cannotPostCodes = advisor.Lazy[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"not_in_channel": true, "channel_not_found": true, "is_archived": true,
		"restricted_action": true, "ekm_access_denied": true, "cannot_dm_bot": true,
	}
}}

// PostError is a failed chat.postMessage. CannotPost tells the reminder
// engine the bot is not allowed in the conversation.
type PostError struct {
	Op      string
	Channel string
	Code    string // Slack's error code, "" when the request did not get an answer
	Err     error
}

func (e *PostError) Error() string { return fmt.Sprintf("%s to %s: %v", e.Op, e.Channel, e.Err) }
func (e *PostError) Unwrap() error { return e.Err }

// CannotPost reports whether Slack refused because the bot may not post
// there (not_in_channel, channel_not_found, is_archived, ...).
func (e *PostError) CannotPost() bool { return cannotPostCodes.Get()[e.Code] }

func postError(op, channel string, err error) error {
	pe := &PostError{Op: op, Channel: channel, Err: err}
	var se slackapi.SlackErrorResponse
	if errors.As(err, &se) {
		pe.Code = se.Err
	}
	return pe
}

func reminderMetadata(key string) slackapi.MsgOption {
	return slackapi.MsgOptionMetadata(slackapi.SlackMetadata{EventType: ReminderEventType, EventPayload: map[string]any{"reminder": key}})
}

// PostReminder posts a reminder into channel with chat.postMessage, tagged
// with message metadata {event_type: gpuadvisor_reminder, event_payload:
// {reminder: key}}, and returns the message's ts (the reminder engine
// records it). With chat:write.public it reaches public channels the bot has
// not joined; private channels and DMs need the bot as a member.
func (p *Poster) PostReminder(ctx context.Context, channel, key string, rep chat.Reply) (string, error) {
	msg := Render(rep)
	msg.Blocks = freshBlockIDs(msg.Blocks)
	_, ts, err := p.api.PostMessageContext(ctx, channel, slackapi.MsgOptionText(msg.Text, false),
		slackapi.MsgOptionBlocks(msg.Blocks...), reminderMetadata(key))
	if err != nil {
		return "", postError("chat.postMessage reminder", channel, err)
	}
	return ts, nil
}

// PostDirect sends rep to user in the app's direct messages (chat.postMessage
// with the user id as channel), tagged like a reminder with key.
func (p *Poster) PostDirect(ctx context.Context, user, key string, rep chat.Reply) error {
	_, err := p.PostReminder(ctx, user, key, rep)
	return err
}

// CanPost reports whether the bot can post in channel: it is a member, or
// the channel is public (chat:write.public). conversations.info needs
// channels:read, groups:read, im:read and mpim:read; a private channel or DM
// the bot is not in answers channel_not_found, which means no.
func (p *Poster) CanPost(ctx context.Context, channel string) (bool, error) {
	ch, err := p.api.GetConversationInfoContext(ctx, &slackapi.GetConversationInfoInput{ChannelID: channel})
	if err != nil {
		if pe := postError("conversations.info", channel, err).(*PostError); pe.CannotPost() {
			return false, nil
		} else {
			return false, pe
		}
	}
	if ch.IsArchived {
		return false, nil
	}
	if ch.IsMember {
		return true, nil
	}
	return !ch.IsPrivate && !ch.IsIM && !ch.IsMpIM, nil
}
