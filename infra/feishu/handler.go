package feishu

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/chat/form"
	"gpuadvisor/store"
)

// DedupeTTL is how long an answered message or card event is remembered. Feishu redelivers an
// unanswered event after 15 s, 5 min, 1 h and 6 h (about 7.1 h in all).
const DedupeTTL = 9 * time.Hour

// cardBudget bounds the work for a button press: Feishu waits 3 s for the
// toast.
const cardBudget = 2500 * time.Millisecond

// Event types the handler acts on.
const (
	EventMessage    = "im.message.receive_v1"
	EventCardAction = "card.action.trigger"
)

// Deps are what the handler needs besides the configuration.
type Deps struct {
	// Router answers commands (bot.New).
	Router *chat.Router
	// Client sends replies (NewClient).
	Client *Client
	// Deduper holds the leases on message and card event ids (required).
	Deduper store.Deduper
	// Dispatcher hands slow commands to the drafter; nil makes them answer
	// that drafting is unavailable.
	Dispatcher chat.Dispatcher
	// Log receives one line per request; nil means slog.Default().
	Log *slog.Logger
	// Now is the clock for the timestamp check; nil means time.Now.
	Now func() time.Time
}

// Handler answers Feishu event and card callbacks. It is safe for concurrent
// use, and does all its work before it returns: nothing runs after.
type Handler struct {
	v     *Verifier
	d     Deps
	appID string
	pipe  *chat.Pipeline
	names form.KeyNames // the forms' keys as each language spells them
}

// NewHandler checks the configuration and the dependencies.
func NewHandler(cfg Config, d Deps) (*Handler, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	v, err := NewVerifier(cfg.EncryptKey, cfg.VerificationToken)
	if err != nil {
		return nil, err
	}
	if d.Router == nil || d.Client == nil || d.Deduper == nil {
		return nil, errors.New("feishu: a Router, a Client and a Deduper are required")
	}
	if d.Log == nil {
		d.Log = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	pipe := &chat.Pipeline{Router: d.Router, Deduper: d.Deduper, Dispatcher: d.Dispatcher, Keep: DedupeTTL, Log: d.Log}
	return &Handler{v: v, d: d, appID: cfg.AppID, pipe: pipe, names: form.Names(d.Router)}, nil
}

// result is what one request came to: the HTTP answer and a word for the log.
type result struct {
	status    int
	body      []byte
	outcome   string
	eventType string
	eventID   string
	err       error
}

var (
	msgOK           = []byte(`{"msg":"ok"}`)
	msgUnauthorized = []byte(`{"msg":"unauthorized"}`)
	msgBadRequest   = []byte(`{"msg":"bad request"}`)
	msgError        = []byte(`{"msg":"error"}`)
)

func ok(outcome string) result { return result{status: http.StatusOK, body: msgOK, outcome: outcome} }

func reject(err error) result {
	return result{status: http.StatusUnauthorized, body: msgUnauthorized, outcome: "rejected", err: err}
}

// Serve verifies and answers one request: hdr are its headers (canonical
// names), body its raw bytes (already base64-decoded). It returns the HTTP
// status and the JSON body to send back.
func (h *Handler) Serve(ctx context.Context, hdr http.Header, body []byte) (int, []byte) {
	start := time.Now()
	r := h.serve(ctx, hdr, body)
	h.logResult(ctx, "webhook", start, r)
	return r.status, r.body
}

// logResult writes the one line per request: outcome, status, event type and
// id, duration, and the error if any. Never a body.
func (h *Handler) logResult(ctx context.Context, transport string, start time.Time, r result) {
	attrs := []any{"transport", transport, "outcome", r.outcome, "status", r.status, "event_type", r.eventType, "event_id", r.eventID,
		"ms", float64(time.Since(start).Microseconds()) / 1000}
	switch {
	case r.err != nil && r.status >= 500:
		h.d.Log.ErrorContext(ctx, "feishu request", append(attrs, "err", errText(r.err))...)
	case r.err != nil:
		h.d.Log.WarnContext(ctx, "feishu request", append(attrs, "err", errText(r.err))...)
	default:
		h.d.Log.InfoContext(ctx, "feishu request", attrs...)
	}
}

// envelope is a decrypted callback: schema 2.0 events and callbacks carry a
// header; the URL challenge and schema 1.0 events carry type and token.
type envelope struct {
	Schema    string          `json:"schema"`
	Header    *eventHeader    `json:"header"`
	Event     json.RawMessage `json:"event"`
	Type      string          `json:"type"`
	Token     string          `json:"token"`
	Challenge string          `json:"challenge"`
	Encrypt   string          `json:"encrypt"`
}

type eventHeader struct {
	EventID    string `json:"event_id"`
	EventType  string `json:"event_type"`
	AppID      string `json:"app_id"`
	TenantKey  string `json:"tenant_key"`
	CreateTime string `json:"create_time"`
	Token      string `json:"token"`
}

func (e envelope) token() string {
	if e.Header != nil {
		return e.Header.Token
	}
	return e.Token
}

func (h *Handler) serve(ctx context.Context, hdr http.Header, body []byte) result {
	signed := HasSignature(hdr)
	if signed {
		if err := h.v.VerifySignature(hdr, body, h.d.Now()); err != nil {
			if errors.Is(err, ErrBadSignature) && h.v.IsLegacyCard(hdr, body) {
				err = ErrLegacyCard
			}
			return reject(err)
		}
	}
	var outer struct {
		Encrypt *string `json:"encrypt"`
	}
	if err := json.Unmarshal(body, &outer); err != nil {
		return reject(fmt.Errorf("body is not JSON: %w", err))
	}
	plain, encrypted := body, outer.Encrypt != nil
	if encrypted {
		pt, err := h.v.Decrypt(*outer.Encrypt)
		if err != nil {
			return reject(err)
		}
		plain = pt
	}
	var env envelope
	if err := json.Unmarshal(plain, &env); err != nil {
		return reject(fmt.Errorf("decrypted body is not JSON: %w", err))
	}
	if env.Encrypt != "" {
		return reject(errors.New("nested encryption"))
	}
	if err := h.v.CheckToken(env.token()); err != nil {
		return reject(err)
	}
	if env.Type == "url_verification" {
		// Feishu does not sign the challenge: decrypting with our key and
		// carrying our token is what proves it.
		if !encrypted {
			h.d.Log.WarnContext(ctx, "feishu: plain url_verification; set the same Encrypt Key in the console (事件与回调 > 加密策略), or every event will be rejected")
		}
		b, _ := json.Marshal(map[string]string{"challenge": env.Challenge})
		return result{status: http.StatusOK, body: b, outcome: "challenge", eventType: "url_verification"}
	}
	if !signed {
		return reject(ErrMissingHeaders)
	}
	if !encrypted {
		return reject(errors.New("event is not encrypted"))
	}
	if err := h.checkApp(env); err != nil {
		return reject(err)
	}
	return h.route(ctx, env)
}

// checkApp refuses a verified event addressed to another app: the Encrypt
// Key and token were copied between apps, or FEISHU_APP_ID names another
// one, and a reply would go out under the wrong identity. An event without
// app_id, or a handler configured without one (serve), is not checked.
func (h *Handler) checkApp(env envelope) error {
	if env.Header == nil || env.Header.AppID == "" || h.appID == "" || env.Header.AppID == h.appID {
		return nil
	}
	return fmt.Errorf("%w: the event is for app %s, FEISHU_APP_ID is %s", ErrOtherApp, chat.Truncate(env.Header.AppID, 40), h.appID)
}

// route answers a verified, decrypted event.
func (h *Handler) route(ctx context.Context, env envelope) result {
	if env.Header == nil {
		r := ok("ignored schema 1.0 event")
		r.eventType = env.Type
		return r
	}
	var r result
	switch env.Header.EventType {
	case EventMessage:
		r = h.onMessage(ctx, env)
	case EventCardAction:
		r = h.onCardAction(ctx, env)
	case EventBotMenu:
		r = h.onMenu(ctx, env)
	default:
		r = ok("ignored")
	}
	r.eventType, r.eventID = env.Header.EventType, env.Header.EventID
	return r
}

// HandleEvent answers one plaintext schema 2.0 event from a transport that
// authenticates itself: Feishu's long connection, where the app secret opened
// the connection and no signature, encryption or token is sent. It must not
// be exposed over HTTP (use Serve, HandleLambda or ServeHTTP there). It
// returns the body of a card callback's answer (the toast), nil for other
// events, and an error when Feishu should deliver the event again.
func (h *Handler) HandleEvent(ctx context.Context, event []byte) ([]byte, error) {
	start := time.Now()
	var env envelope
	var r result
	if err := json.Unmarshal(event, &env); err != nil || env.Header == nil {
		r = result{status: http.StatusBadRequest, body: msgBadRequest, outcome: "bad event", err: fmt.Errorf("not a schema 2.0 event: %v", err)}
	} else {
		r = h.route(ctx, env)
	}
	h.logResult(ctx, "long connection", start, r)
	switch {
	case r.status >= 500:
		return nil, fmt.Errorf("feishu %s: %s: %w", r.eventType, r.outcome, r.err)
	case r.status >= 400:
		return nil, fmt.Errorf("feishu: %s: %v", r.outcome, r.err)
	case env.Header != nil && env.Header.EventType == EventCardAction:
		return r.body, nil
	}
	return nil, nil
}

// errText is an error for the log: our own errors are whole sentences (at
// most 300 bytes); an API's text inside them was clipped where it came in.
func errText(err error) string { return clip(err.Error(), 300) }
