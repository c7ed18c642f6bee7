package slack

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
)

var _ chat.Poster = (*Poster)(nil)

// Poster sends rendered replies to Slack: to a response_url (slash commands
// and buttons, up to 5 times in 30 minutes per Slack) or with the bot token to
// a channel and thread (mentions, drafts, reminders). It implements
// chat.Poster for the drafter and the reminder.
//
// A call Slack rate-limits (HTTP 429) is tried again after its Retry-After,
// at most MaxRateRetries times and within the call's deadline, with a log
// line on Log each time (rateLimited).
type Poster struct {
	api *slackapi.Client
	hc  *http.Client
	// Log receives the rate-limit waits; nil means slog.Default().
	Log *slog.Logger
}

// DefaultHTTPClient bounds every call to Slack; the request context (the
// Lambda deadline) bounds it further.
func DefaultHTTPClient() *http.Client { return &http.Client{Timeout: 10 * time.Second} }

// NewPoster returns a poster using token for the Web API. apiURL overrides
// https://slack.com/api/ (tests point it at a fake); hc nil means
// DefaultHTTPClient.
func NewPoster(token, apiURL string, hc *http.Client) *Poster {
	if hc == nil {
		hc = DefaultHTTPClient()
	}
	opts := []slackapi.Option{slackapi.OptionHTTPClient(hc)}
	if apiURL != "" {
		if apiURL[len(apiURL)-1] != '/' {
			apiURL += "/" // slack-go appends the method name to it
		}
		opts = append(opts, slackapi.OptionAPIURL(apiURL))
	}
	return &Poster{api: slackapi.New(token, opts...), hc: hc}
}

// Post implements chat.Poster. With target.Replace set to the ts of the
// bot's "working on it" in target.Channel, that message becomes the answer
// (chat.update); if it cannot be updated (deleted, too old), the answer is
// posted as a new message as below. With target.ResponseURL the reply goes
// there, in the channel or (rep.Private) only to the user who asked; with
// target.Replace == chat.ReplaceOriginal it replaces the message the
// response_url belongs to (the slash command's "working on it") instead of
// adding one. Otherwise it is posted with chat.postMessage to
// target.Channel, in target.ThreadTS when set; the caller chooses a private
// channel (the user's DM) for a private reply, since chat.postMessage cannot
// be ephemeral.
func (p *Poster) Post(ctx context.Context, target chat.Target, rep chat.Reply) error {
	_, err := p.post(ctx, target, rep)
	return err
}

// post is Post, returning the ts of the message posted or updated with the
// bot token ("" for a response_url post).
func (p *Poster) post(ctx context.Context, target chat.Target, rep chat.Reply) (string, error) {
	msg := Render(rep)
	msg.Blocks = freshBlockIDs(msg.Blocks) // an update, above all, needs new ones
	opts := []slackapi.MsgOption{slackapi.MsgOptionText(msg.Text, false), slackapi.MsgOptionBlocks(msg.Blocks...)}
	if ts := target.Replace; ts != "" && ts != chat.ReplaceOriginal && target.Channel != "" {
		err := rateLimited(ctx, p.Log, "chat.update", func() error {
			_, _, _, err := p.api.UpdateMessageContext(ctx, target.Channel, ts, opts...)
			return err
		})
		var rl *slackapi.RateLimitedError
		switch {
		case err == nil:
			return ts, nil
		case errors.As(err, &rl):
			// still rate-limited: a new message would be refused too, and
			// would leave the "working on it" behind
			return "", fmt.Errorf("chat.update %s reply in %s: %w", rep.Command, target.Channel, err)
		}
		target.Replace = "" // not there any more: the answer comes as a new message
	}
	if target.ResponseURL != "" {
		wm := &slackapi.WebhookMessage{
			Text:            msg.Text,
			Blocks:          &slackapi.Blocks{BlockSet: msg.Blocks},
			ResponseType:    msg.ResponseType,
			ReplaceOriginal: target.Replace == chat.ReplaceOriginal, // the "working on it" this answers
		}
		err := rateLimited(ctx, p.Log, "response_url", func() error {
			return slackapi.PostWebhookCustomHTTPContext(ctx, target.ResponseURL, p.hc, wm)
		})
		if err != nil {
			return "", fmt.Errorf("post %s reply to response_url: %w", rep.Command, HideURL(err))
		}
		return "", nil
	}
	if target.Channel == "" {
		return "", errors.New("post reply: target has neither a response_url nor a channel")
	}
	if target.ThreadTS != "" {
		opts = append(opts, slackapi.MsgOptionTS(target.ThreadTS))
	}
	var ts string
	err := rateLimited(ctx, p.Log, "chat.postMessage", func() (err error) {
		_, ts, err = p.api.PostMessageContext(ctx, target.Channel, opts...)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("chat.postMessage %s reply to %s: %w", rep.Command, target.Channel, err)
	}
	return ts, nil
}

// PostEphemeral shows rep only to user in channel (in thread threadTS when
// set), with chat.postEphemeral: help, errors and private answers to a
// mention.
func (p *Poster) PostEphemeral(ctx context.Context, channel, user, threadTS string, rep chat.Reply) error {
	msg := Render(rep)
	msg.Blocks = freshBlockIDs(msg.Blocks)
	opts := []slackapi.MsgOption{slackapi.MsgOptionText(msg.Text, false), slackapi.MsgOptionBlocks(msg.Blocks...)}
	if threadTS != "" {
		opts = append(opts, slackapi.MsgOptionTS(threadTS))
	}
	err := rateLimited(ctx, p.Log, "chat.postEphemeral", func() error {
		_, err := p.api.PostEphemeralContext(ctx, channel, user, opts...)
		return err
	})
	if err != nil {
		return fmt.Errorf("chat.postEphemeral %s reply to %s in %s: %w", rep.Command, user, channel, err)
	}
	return nil
}

// HideURL keeps a URL out of err's message: net/http names the URL it could
// not reach ("Post \"https://hooks.slack.com/...\": dial tcp ..."), and a
// response_url is a credential (whoever holds it can post into the channel),
// so only its scheme and host remain. The cause stays wrapped for errors.Is.
func HideURL(err error) error {
	var ue *url.Error
	if !errors.As(err, &ue) {
		return err
	}
	where := "URL"
	if u, perr := url.Parse(ue.URL); perr == nil && u.Host != "" {
		where = u.Scheme + "://" + u.Host + "/…"
	}
	return fmt.Errorf("%s %s: %w", ue.Op, where, ue.Err)
}
