// Package socket receives Slack over Socket Mode, for `gpuadvisor serve
// --slack-socket`: a WebSocket the bot dials with the app-level token, so no
// public URL is needed. Each envelope gets the answer its HTTP twin gets from
// the slack.Handler (slack.Unsigned). It is apart from package infra/slack so
// that the Slack Lambda function, which only answers HTTP, does not link
// slack-go's socketmode package.
package socket

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	slackapi "github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	"gpuadvisor/chat"
	"gpuadvisor/infra/slack"
)

// ackBudget bounds the work before a slash command is acknowledged (Slack
// shows an error after 3 s).
const ackBudget = 2500 * time.Millisecond

// Config is what a Socket Mode connection needs.
type Config struct {
	// AppToken is the app-level token (xapp-...) with connections:write.
	AppToken string
	// BotToken is the bot token (xoxb-...).
	BotToken string
	// APIURL overrides https://slack.com/api/ (tests point it at a fake).
	APIURL string
}

// Run receives Slack over Socket Mode for h until ctx ends, and returns
// when every envelope it took is answered. The connection is authenticated
// by the app-level token, so there is no signature to check: each envelope
// goes straight to the answer its HTTP twin gets (the slash command's answer
// is the envelope's acknowledgement; events and button presses are
// acknowledged at once and answered by posting). It returns an error when
// the connection stops for good (a revoked or wrong token) before ctx ends.
func Run(ctx context.Context, h *slack.Handler, c Config) error {
	opts := []slackapi.Option{
		slackapi.OptionAppLevelToken(c.AppToken),
		slackapi.OptionHTTPClient(slack.DefaultHTTPClient()),
	}
	if u := c.APIURL; u != "" {
		if u[len(u)-1] != '/' {
			u += "/"
		}
		opts = append(opts, slackapi.OptionAPIURL(u))
	}
	api := slackapi.New(c.BotToken, opts...)
	u := h.Unsigned()
	client := socketmode.New(api, socketmode.OptionLog(slog.NewLogLogger(u.Log().Handler(), slog.LevelDebug)))
	sock := &socket{h: u, log: u.Log(), client: client}

	runErr := make(chan error, 1)
	go func() { runErr <- client.RunContext(ctx) }()
	defer sock.wg.Wait()
	for {
		select {
		case <-ctx.Done():
			return nil
		case err := <-runErr:
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("slack socket mode stopped: %w (check SLACK_APP_TOKEN: an app-level token with connections:write, and Socket Mode enabled for the app)", err)
		case evt := <-client.Events:
			sock.event(ctx, evt)
		}
	}
}

// socket answers Socket Mode envelopes.
type socket struct {
	h      slack.Unsigned
	log    *slog.Logger
	client *socketmode.Client
	wg     sync.WaitGroup
}

func (k *socket) event(ctx context.Context, evt socketmode.Event) {
	log := k.log
	switch evt.Type {
	case socketmode.EventTypeConnecting:
		log.Info("slack socket mode connecting")
	case socketmode.EventTypeConnected:
		log.Info("slack socket mode connected")
	case socketmode.EventTypeConnectionError:
		log.Warn("slack socket mode connection failed; retrying")
	case socketmode.EventTypeInvalidAuth:
		log.Error("slack socket mode: invalid SLACK_APP_TOKEN")
	case socketmode.EventTypeDisconnect:
		log.Info("slack socket mode: Slack asked to reconnect")
	case socketmode.EventTypeSlashCommand:
		cmd, ok := evt.Data.(slackapi.SlashCommand)
		if !ok || evt.Request == nil {
			return
		}
		req := *evt.Request
		k.spawn(func() { k.slashCommand(ctx, req, cmd) })
	case socketmode.EventTypeInteractive:
		if evt.Request == nil {
			return
		}
		req := *evt.Request
		if answeredInAck(req.Payload) {
			// a form's field errors and a select's options ride in the
			// acknowledgement, as in the HTTP response
			k.spawn(func() {
				ctx, cancel := context.WithTimeout(ctx, ackBudget)
				defer cancel()
				res := k.h.Interaction(ctx, req.Payload, req.RetryAttempt)
				var body any
				if res.Status == http.StatusOK && len(res.Body) > 0 {
					body = json.RawMessage(res.Body)
				}
				k.ack(ctx, req, body)
			})
			return
		}
		k.ack(ctx, req, nil) // the answer goes to the response_url
		k.spawn(func() { k.h.Interaction(ctx, req.Payload, req.RetryAttempt) })
	case socketmode.EventTypeEventsAPI:
		if evt.Request == nil {
			return
		}
		req := *evt.Request
		k.ack(ctx, req, nil) // the answer is posted in the thread
		k.spawn(func() { k.h.Event(ctx, req.Payload, req.RetryAttempt) })
	}
}

// spawn runs fn in a goroutine that Run waits for. A panic in it ends that
// request only, logged with its stack, as net/http ends a request's over
// HTTP: never the whole of serve and every other conversation with it.
func (k *socket) spawn(fn func()) {
	k.wg.Go(func() {
		defer func() {
			if v := recover(); v != nil {
				k.log.Error("slack socket mode: a request panicked; the others go on", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			}
		}()
		fn()
	})
}

// slashCommand answers a slash command in its acknowledgement, as Slack
// shows the HTTP response of one. An answer too big for the socket (20 KB)
// is acknowledged empty and posted to the response_url instead.
func (k *socket) slashCommand(ctx context.Context, req socketmode.Request, cmd slackapi.SlashCommand) {
	ctx, cancel := context.WithTimeout(ctx, ackBudget)
	defer cancel()
	rep, res := k.h.Slash(ctx, cmd, req.RetryAttempt)
	if res.Status != http.StatusOK || len(res.Body) == 0 {
		k.ack(ctx, req, nil)
		return
	}
	if err := k.client.AckCtx(ctx, req.EnvelopeID, json.RawMessage(res.Body)); err != nil {
		k.log.Warn("slack socket mode: answer too big to acknowledge; posting it to the response_url", "err", err)
		k.ack(ctx, req, nil)
		if err := k.h.Poster().Post(context.WithoutCancel(ctx), chat.Target{ResponseURL: cmd.ResponseURL}, rep); err != nil {
			k.log.Error("slack socket mode: posting the answer to the response_url failed", "err", err)
		}
	}
}

// ack acknowledges an envelope (Slack redelivers an unacknowledged one).
func (k *socket) ack(ctx context.Context, req socketmode.Request, payload any) {
	if err := k.client.AckCtx(ctx, req.EnvelopeID, payload); err != nil {
		k.log.Warn("slack socket mode: acknowledgement not sent", "err", err)
	}
}

// answeredInAck reports an interaction whose answer is the acknowledgement
// itself: a view submission (errors on its fields, or an empty answer that
// closes it) and an external select's options.
func answeredInAck(payload []byte) bool {
	var p struct {
		Type slackapi.InteractionType `json:"type"`
	}
	if json.Unmarshal(payload, &p) != nil {
		return false
	}
	return p.Type == slackapi.InteractionTypeViewSubmission || p.Type == slackapi.InteractionTypeBlockSuggestion
}
