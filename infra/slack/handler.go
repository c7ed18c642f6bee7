package slack

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// DedupeTTL is how long answered event ids and trigger ids are remembered.
// Slack retries an event three times within about five minutes; two hours
// is ample.
const DedupeTTL = 2 * time.Hour

// maxBody bounds what ServeHTTP reads (Lambda itself caps events at 6 MB).
const maxBody = 1 << 20

// Deps are what a Handler needs.
type Deps struct {
	// SigningSecret verifies every request (required).
	SigningSecret string
	// Router answers the commands (required; bot.New builds it).
	Router *chat.Router
	// Poster posts to response_url and chat.postMessage (required).
	Poster *Poster
	// Dispatcher hands slow work (LLM drafts) to the drafter. Nil means the
	// drafter is not deployed yet: deferred commands answer that the
	// feature is coming.
	Dispatcher chat.Dispatcher
	// Deduper holds the leases on event and trigger ids (required;
	// infra/memstore's is per process: a shared store such as DynamoDB is
	// needed across Lambda instances).
	Deduper store.Deduper
	// Texts keeps a long message's text for the form a shortcut opens on
	// it, and for the Share button of its answer (store.Texts; see
	// kept.go). Nil means memory, this process only: with more than one
	// instance (Lambda) a shared store such as DynamoDB is needed.
	Texts store.Texts
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Log receives one line per request; nil means slog.Default().
	Log *slog.Logger
}

// Handler serves Slack's slash commands, interactions and Events API
// callbacks. HandleLambda serves Function URL and API Gateway (HTTP API, REST API)
// events; ServeHTTP serves the same requests over net/http (any path: it
// routes by content). It is safe for concurrent use.
type Handler struct {
	verifier Verifier
	router   *chat.Router
	poster   *Poster
	pipe     *chat.Pipeline
	names    form.KeyNames // the forms' keys as each language spells them
	texts    store.Texts
	now      func() time.Time
	log      *slog.Logger
}

// New checks the dependencies and returns a handler.
func New(d Deps) (*Handler, error) {
	switch {
	case d.SigningSecret == "":
		return nil, errors.New("slack handler: no signing secret")
	case d.Router == nil:
		return nil, errors.New("slack handler: no router")
	case d.Poster == nil:
		return nil, errors.New("slack handler: no poster")
	case d.Deduper == nil:
		return nil, errors.New("slack handler: no deduper")
	}
	h := &Handler{router: d.Router, poster: d.Poster, texts: d.Texts, now: d.Now, log: d.Log}
	if h.texts == nil {
		h.texts = &memstore.TextShelf{Now: d.Now}
	}
	if h.now == nil {
		h.now = time.Now
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	h.pipe = &chat.Pipeline{Router: d.Router, Deduper: d.Deduper, Dispatcher: d.Dispatcher, Keep: DedupeTTL, Log: h.log}
	h.verifier = Verifier{Secret: d.SigningSecret, Now: h.now}
	h.names = form.Names(d.Router)
	return h, nil
}

// response is what any request gets back.
type response struct {
	status      int
	contentType string
	body        []byte
	header      map[string]string
}

// trace collects what the request log line says; never a body or a secret.
type trace struct {
	kind    string // command, interaction, event, url_verification, ssl_check
	outcome string
	command string
	team    string
	retry   string
}

// HandleLambda serves a Function URL or API Gateway event: HTTP API
// payload 2.0, or a REST API's proxy payload 1.0 (httpbody.Request). The
// body is base64-decoded when the event says so and the header names
// canonicalised before anything is verified. It never returns an error:
// every failure is an HTTP status, so Slack sees 401/400/500 rather than API
// Gateway's 502.
func (h *Handler) HandleLambda(ctx context.Context, ev httpbody.Request) (httpbody.Response, error) {
	// The rules ServeHTTP applies: Slack only POSTs, and never a megabyte.
	body, ref := ev.Decoded(maxBody)
	if ref != nil {
		res, outcome := plainResponse(ref.Status, ref.Reason), "bad_base64"
		switch ref.Status {
		case http.StatusMethodNotAllowed:
			res.header, outcome = map[string]string{"Allow": http.MethodPost}, "method_not_allowed"
		case http.StatusRequestEntityTooLarge:
			outcome = "body_too_large"
		}
		return lambdaResponse(h.finish(time.Now(), &trace{kind: "unknown", outcome: outcome}, res)), nil
	}
	return lambdaResponse(h.serve(ctx, ev.Header(), body)), nil
}

func lambdaResponse(r response) httpbody.Response {
	hdr := map[string]string{}
	for k, v := range r.header {
		hdr[k] = v
	}
	if r.contentType != "" {
		hdr["Content-Type"] = r.contentType
	}
	return httpbody.Response{StatusCode: r.status, Headers: hdr, Body: string(r.body)}
}

// ServeHTTP serves the same requests over net/http, for `serve`.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	body, ref := httpbody.Read(w, r, maxBody, h.log)
	if ref != nil {
		http.Error(w, ref.Reason, ref.Status)
		return
	}
	res := h.serve(r.Context(), r.Header, body)
	for k, v := range res.header {
		w.Header().Set(k, v)
	}
	if res.contentType != "" {
		w.Header().Set("Content-Type", res.contentType)
	}
	w.WriteHeader(res.status)
	w.Write(res.body)
}

// serve verifies, routes by content and answers one request.
func (h *Handler) serve(ctx context.Context, hdr http.Header, body []byte) response {
	start := time.Now() // durations use the real clock; h.now is for verification
	tr := &trace{kind: "unknown", retry: hdr.Get(HeaderRetryNum)}
	form, isForm := parseForm(hdr, body)
	if isForm && form.Get("ssl_check") == "1" && form.Get("command") == "" && form.Get("payload") == "" {
		// Slack's certificate check: answer 200 and do nothing (as Bolt does,
		// before verification; Slack does not promise to sign it).
		tr.kind, tr.outcome = "ssl_check", "ok"
		return h.finish(start, tr, response{status: http.StatusOK})
	}
	if err := h.verifier.Verify(hdr, body); err != nil {
		tr.outcome = "unauthorized: " + err.Error()
		return h.finish(start, tr, plainResponse(http.StatusUnauthorized, "unauthorized"))
	}
	var res response
	switch {
	case isForm && form.Has("payload"):
		tr.kind = "interaction"
		res = h.interaction(ctx, tr, form.Get("payload"))
	case isForm && form.Has("command"):
		tr.kind = "command"
		res = h.command(ctx, tr, form)
	case !isForm && json.Valid(body):
		tr.kind = "event"
		res = h.event(ctx, tr, body)
	default:
		tr.outcome = "unrecognized body"
		res = plainResponse(http.StatusBadRequest, "bad request")
	}
	return h.finish(start, tr, res)
}

// finish logs the request's one line and returns its response.
func (h *Handler) finish(start time.Time, tr *trace, res response) response {
	level := slog.LevelInfo
	if res.status >= 500 {
		level = slog.LevelError
	} else if res.status >= 400 {
		level = slog.LevelWarn
	}
	attrs := []slog.Attr{
		slog.String("kind", tr.kind),
		slog.String("outcome", tr.outcome),
		slog.Int("status", res.status),
		slog.Float64("duration_ms", float64(time.Since(start).Microseconds())/1000),
	}
	if tr.command != "" {
		attrs = append(attrs, slog.String("command", tr.command))
	}
	if tr.team != "" {
		attrs = append(attrs, slog.String("team", tr.team))
	}
	if tr.retry != "" {
		attrs = append(attrs, slog.String("retry_num", tr.retry))
	}
	h.log.LogAttrs(context.Background(), level, "slack request", attrs...)
	return res
}

// parseForm reads a form body. A body is a form when its content type says so
// or, with no usable content type, when it does not look like JSON.
func parseForm(hdr http.Header, body []byte) (url.Values, bool) {
	ct, _, _ := mime.ParseMediaType(hdr.Get("Content-Type"))
	switch ct {
	case "application/json":
		return nil, false
	case "application/x-www-form-urlencoded":
	default:
		if t := bytes.TrimSpace(body); len(t) > 0 && t[0] == '{' {
			return nil, false
		}
	}
	v, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, false
	}
	return v, true
}

func plainResponse(status int, text string) response {
	return response{status: status, contentType: "text/plain; charset=utf-8", body: []byte(text)}
}

// jsonResponse answers 200 with msg as JSON (HTML characters not escaped:
// the text is already escaped for Slack).
func jsonResponse(msg any) response {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(msg); err != nil {
		return plainResponse(http.StatusInternalServerError, "internal error")
	}
	return response{status: http.StatusOK, contentType: "application/json; charset=utf-8", body: bytes.TrimRight(b.Bytes(), "\n")}
}
