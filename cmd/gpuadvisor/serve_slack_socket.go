package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"

	slackapi "github.com/slack-go/slack"
	"github.com/slack-go/slack/socketmode"

	"gpuadvisor/infra/slack"
)

// socketAckBudget bounds the work before a slash command is acknowledged
// (Slack shows an error after 3 s).
const socketAckBudget = 2500 * time.Millisecond

// runSlackSocket receives Slack over Socket Mode until ctx ends. Each
// envelope becomes the HTTP request Slack would have sent, signed with
// serve's secret (the socket itself is authenticated by the app-level
// token), and goes through the same handler as /slack/*: one router, one
// de-duplication, one set of answers.
func (s *server) runSlackSocket(ctx context.Context) {
	c := s.cfg.Slack
	opts := []slackapi.Option{
		slackapi.OptionAppLevelToken(c.AppToken),
		slackapi.OptionHTTPClient(slack.DefaultHTTPClient()),
	}
	if c.APIURL != "" {
		u := c.APIURL
		if u[len(u)-1] != '/' {
			u += "/"
		}
		opts = append(opts, slackapi.OptionAPIURL(u))
	}
	api := slackapi.New(c.BotToken, opts...)
	client := socketmode.New(api, socketmode.OptionLog(slog.NewLogLogger(s.log.Handler(), slog.LevelDebug)))
	sock := &slackSocket{client: client, handler: s.slack, secret: c.SigningSecret, log: s.log}

	runErr := make(chan error, 1)
	go func() { runErr <- client.RunContext(ctx) }()
	defer sock.wg.Wait()
	for {
		select {
		case <-ctx.Done():
			return
		case err := <-runErr:
			if ctx.Err() == nil {
				s.fail(fmt.Errorf("slack socket mode stopped: %w (check SLACK_APP_TOKEN: an app-level token with connections:write, and Socket Mode enabled for the app)", err))
			}
			return
		case evt := <-client.Events:
			sock.event(ctx, evt)
		}
	}
}

// slackSocket turns Socket Mode envelopes into handler requests.
type slackSocket struct {
	client  *socketmode.Client
	handler http.Handler
	secret  string
	log     *slog.Logger
	wg      sync.WaitGroup
}

func (k *slackSocket) event(ctx context.Context, evt socketmode.Event) {
	switch evt.Type {
	case socketmode.EventTypeConnecting:
		k.log.Info("slack socket mode connecting")
	case socketmode.EventTypeConnected:
		k.log.Info("slack socket mode connected")
	case socketmode.EventTypeConnectionError:
		k.log.Warn("slack socket mode connection failed; retrying")
	case socketmode.EventTypeInvalidAuth:
		k.log.Error("slack socket mode: invalid SLACK_APP_TOKEN")
	case socketmode.EventTypeDisconnect:
		k.log.Info("slack socket mode: Slack asked to reconnect")
	case socketmode.EventTypeSlashCommand:
		cmd, ok := evt.Data.(slackapi.SlashCommand)
		if !ok || evt.Request == nil {
			return
		}
		k.spawn(func() { k.slashCommand(ctx, *evt.Request, cmd) })
	case socketmode.EventTypeInteractive:
		if evt.Request == nil {
			return
		}
		req := *evt.Request
		k.ack(ctx, req, nil) // the answer goes to the response_url
		k.spawn(func() {
			form := url.Values{"payload": {string(req.Payload)}}
			k.forward(ctx, "application/x-www-form-urlencoded", []byte(form.Encode()), req)
		})
	case socketmode.EventTypeEventsAPI:
		if evt.Request == nil {
			return
		}
		req := *evt.Request
		k.ack(ctx, req, nil) // the answer is posted in the thread
		k.spawn(func() { k.forward(ctx, "application/json", req.Payload, req) })
	}
}

// spawn runs fn in a goroutine that runSlackSocket waits for.
func (k *slackSocket) spawn(fn func()) {
	k.wg.Add(1)
	go func() {
		defer k.wg.Done()
		fn()
	}()
}

// slashCommand answers a slash command in its acknowledgement, as Slack
// shows the HTTP response of one. An answer too big for the socket (20 KB)
// is acknowledged empty and posted to the response_url instead.
func (k *slackSocket) slashCommand(ctx context.Context, req socketmode.Request, cmd slackapi.SlashCommand) {
	ctx, cancel := context.WithTimeout(ctx, socketAckBudget)
	defer cancel()
	status, body := k.forward(ctx, "application/x-www-form-urlencoded", []byte(slashForm(cmd).Encode()), req)
	var payload json.RawMessage
	if status == http.StatusOK && len(bytes.TrimSpace(body)) > 0 && json.Valid(body) {
		payload = body
	}
	if payload == nil {
		k.ack(ctx, req, nil)
		return
	}
	if err := k.client.AckCtx(ctx, req.EnvelopeID, payload); err != nil {
		k.log.Warn("slack socket mode: answer too big to acknowledge; posting it to the response_url", "err", err)
		k.ack(ctx, req, nil)
		if err := postResponseURL(context.WithoutCancel(ctx), cmd.ResponseURL, body); err != nil {
			k.log.Error("slack socket mode: posting the answer to the response_url failed", "err", err)
		}
	}
}

// postResponseURL posts a rendered message (the JSON a slash command's HTTP
// answer would have been) to Slack's response_url.
func postResponseURL(ctx context.Context, responseURL string, msg []byte) error {
	if responseURL == "" {
		return errors.New("no response_url")
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, responseURL, bytes.NewReader(msg))
	if err != nil {
		return slack.HideURL(err)
	}
	r.Header.Set("Content-Type", "application/json; charset=utf-8")
	resp, err := slack.DefaultHTTPClient().Do(r)
	if err != nil {
		return slack.HideURL(err) // the URL is a credential: never in the log
	}
	resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("response_url answered HTTP %d", resp.StatusCode)
	}
	return nil
}

// ack acknowledges an envelope (Slack redelivers an unacknowledged one).
func (k *slackSocket) ack(ctx context.Context, req socketmode.Request, payload any) {
	if err := k.client.AckCtx(ctx, req.EnvelopeID, payload); err != nil {
		k.log.Warn("slack socket mode: acknowledgement not sent", "err", err)
	}
}

// forward runs body through the Slack handler as a signed HTTP request and
// returns the status and body of its answer.
func (k *slackSocket) forward(ctx context.Context, contentType string, body []byte, env socketmode.Request) (int, []byte) {
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, "/slack/socket", bytes.NewReader(body))
	if err != nil {
		k.log.Error("slack socket mode: building the request", "err", err)
		return http.StatusInternalServerError, nil
	}
	r.Header.Set("Content-Type", contentType)
	if env.RetryAttempt > 0 {
		r.Header.Set(slack.HeaderRetryNum, strconv.Itoa(env.RetryAttempt))
		r.Header.Set(slack.HeaderRetryReason, env.RetryReason)
	}
	signSlack(r.Header, k.secret, body, time.Now())
	w := &memoryResponse{header: http.Header{}}
	k.handler.ServeHTTP(w, r)
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.status, w.body.Bytes()
}

// slashForm is the form Slack would have posted for cmd.
func slashForm(c slackapi.SlashCommand) url.Values {
	v := url.Values{}
	set := func(k, val string) {
		if val != "" {
			v.Set(k, val)
		}
	}
	set("token", c.Token)
	set("team_id", c.TeamID)
	set("team_domain", c.TeamDomain)
	set("enterprise_id", c.EnterpriseID)
	set("enterprise_name", c.EnterpriseName)
	set("channel_id", c.ChannelID)
	set("channel_name", c.ChannelName)
	set("user_id", c.UserID)
	set("user_name", c.UserName)
	set("command", c.Command)
	v.Set("text", c.Text)
	set("response_url", c.ResponseURL)
	set("trigger_id", c.TriggerID)
	set("api_app_id", c.APIAppID)
	if c.IsEnterpriseInstall {
		v.Set("is_enterprise_install", "true")
	}
	if v.Get("command") == "" {
		v.Set("command", "/gpu")
	}
	return v
}

// memoryResponse is an http.ResponseWriter that keeps the answer.
type memoryResponse struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (m *memoryResponse) Header() http.Header { return m.header }

func (m *memoryResponse) WriteHeader(status int) {
	if m.status == 0 {
		m.status = status
	}
}

func (m *memoryResponse) Write(b []byte) (int, error) {
	if m.status == 0 {
		m.status = http.StatusOK
	}
	if m.body.Len()+len(b) > maxRequestBody {
		return 0, errors.New("answer too large")
	}
	return m.body.Write(b)
}
