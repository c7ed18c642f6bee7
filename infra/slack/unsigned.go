package slack

import (
	"context"
	"log/slog"
	"strconv"
	"time"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
)

// Unsigned answers requests that Slack's signature does not cover because
// their connection is authenticated instead: Socket Mode, opened with the
// app-level token (package infra/slack/socket, which `gpuadvisor serve`
// links and the Lambda function does not). Each request gets the answer and
// the request log line of its HTTP twin. Never give it a request that came
// from a public URL: ServeHTTP and HandleLambda verify those.
type Unsigned struct{ h *Handler }

// Unsigned returns the handler's entry point for authenticated connections.
func (h *Handler) Unsigned() Unsigned { return Unsigned{h} }

// Answer is what a request is answered, as its HTTP response would be: the
// status and the body (JSON, or empty).
type Answer struct {
	Status int
	Body   []byte
}

// Slash answers a slash command; retry is Slack's retry attempt (0 for the
// first delivery). The reply is returned too, to post to the command's
// response_url when the answer cannot be given in place.
func (u Unsigned) Slash(ctx context.Context, cmd slackapi.SlashCommand, retry int) (chat.Reply, Answer) {
	var rep chat.Reply
	a := u.serve("command", retry, func(tr *trace) response {
		var res response
		rep, res = u.h.slash(ctx, tr, cmd)
		return res
	})
	return rep, a
}

// Interaction answers an interaction payload (a button press, a form's
// submission, a select's options).
func (u Unsigned) Interaction(ctx context.Context, payload []byte, retry int) Answer {
	return u.serve("interaction", retry, func(tr *trace) response { return u.h.interaction(ctx, tr, string(payload)) })
}

// Event answers an Events API callback.
func (u Unsigned) Event(ctx context.Context, payload []byte, retry int) Answer {
	return u.serve("event", retry, func(tr *trace) response { return u.h.event(ctx, tr, payload) })
}

// Log is the handler's logger.
func (u Unsigned) Log() *slog.Logger { return u.h.log }

// Poster is the handler's poster.
func (u Unsigned) Poster() *Poster { return u.h.poster }

// serve answers one request with the request log line its HTTP twin gets.
func (u Unsigned) serve(kind string, retry int, answer func(*trace) response) Answer {
	start := time.Now()
	tr := &trace{kind: kind}
	if retry > 0 {
		tr.retry = strconv.Itoa(retry)
	}
	res := u.h.finish(start, tr, answer(tr))
	return Answer{Status: res.status, Body: res.body}
}
