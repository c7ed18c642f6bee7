package feishu

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"unicode/utf8"

	larkcore "github.com/larksuite/oapi-sdk-go/v3/core"
	larkim "github.com/larksuite/oapi-sdk-go/v3/service/im/v1"

	"gpuadvisor/store"
)

// APIError is a business error of the Open API: HTTP worked, but the answer
// has a non-zero code (230001 bad message id, 230025 content too long, ...).
type APIError struct {
	Op    string
	Code  int
	Msg   string
	LogID string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("feishu %s: code %d: %s (log id %s)", e.Op, e.Code, e.Msg, e.LogID)
}

// Client sends messages through the Open API. It is built from larkcore and
// larkim only; the tenant access token is fetched once and cached (the SDK's
// cache is process-wide, keyed by app id).
type Client struct {
	im   *larkim.V1
	core *larkcore.Config
	log  *slog.Logger

	botMu sync.Mutex
	botID string
}

// NewClient builds the client. hc may be nil (HTTPClient's, with the
// request timeout); tests pass one that talks to a fake server. The SDK logs
// at Warn and above through log, and never logs request or response bodies.
func NewClient(cfg Config, log *slog.Logger, hc larkcore.HttpClient) *Client {
	if log == nil {
		log = slog.Default()
	}
	if hc == nil {
		hc = HTTPClient(cfg.reqTimeout())
	}
	core := &larkcore.Config{
		BaseUrl:          cfg.BaseURL,
		AppId:            cfg.AppID,
		AppSecret:        cfg.AppSecret,
		EnableTokenCache: true,
		AppType:          larkcore.AppTypeSelfBuilt,
		ReqTimeout:       cfg.reqTimeout(),
		LogLevel:         larkcore.LogLevelWarn,
		LogReqAtDebug:    false,
		Logger:           sdkLogger{log},
		HttpClient:       hc,
	}
	larkcore.NewLogger(core)
	larkcore.NewCache(core)
	larkcore.NewSerialization(core)
	larkcore.NewHttpClient(core)
	return &Client{im: larkim.New(core), core: core, log: log, botID: cfg.BotOpenID}
}

// IdempotencyKey turns any string into a valid "uuid" for a send: at most 50
// characters, the same input always giving the same key. Feishu sends at most
// one message per uuid within an hour.
func IdempotencyKey(s string) string {
	if s == "" {
		return ""
	}
	return store.Digest("gpa-", []byte(s), 16)
}

// ReplyCard replies to messageID with an interactive card. inThread answers in
// a thread (a message already in a thread is answered there anyway). uuid is
// the idempotency key; it returns the new message's id.
func (c *Client) ReplyCard(ctx context.Context, messageID, card string, inThread bool, uuid string) (string, error) {
	body := sendBody{MsgType: larkim.MsgTypeInteractive, Content: card, ReplyInThread: &inThread, UUID: uuid}
	return c.send(ctx, &larkcore.ApiReq{
		HttpMethod: http.MethodPost, ApiPath: "/open-apis/im/v1/messages/:message_id/reply",
		PathParams: larkcore.PathParams{"message_id": messageID}, Body: body,
	}, "reply", " to "+messageID)
}

// UpdateCard replaces the card of a message the bot sent (PATCH
// /open-apis/im/v1/messages/:message_id): cards are sent with
// config.update_multi, so everyone in the chat sees the new card.
func (c *Client) UpdateCard(ctx context.Context, messageID, card string) error {
	req := larkim.NewPatchMessageReqBuilder().MessageId(messageID).
		Body(larkim.NewPatchMessageReqBodyBuilder().Content(card).Build()).Build()
	resp, err := c.im.Message.Patch(ctx, req)
	for try := 1; err == nil && !resp.Success() && c.again(ctx, "update", resp.Code, resp.ApiResp, try); try++ {
		resp, err = c.im.Message.Patch(ctx, req)
	}
	if err != nil {
		return fmt.Errorf("feishu update %s: %w", messageID, err)
	}
	if !resp.Success() {
		return c.apiError(ctx, "update", resp.Code, resp.Msg, resp.RequestId())
	}
	return nil
}

// CreateCard posts an interactive card into chatID (receive_id_type chat_id).
func (c *Client) CreateCard(ctx context.Context, chatID, card, uuid string) (string, error) {
	return c.create(ctx, larkim.CreateMessageV1ReceiveIDTypeChatId, chatID, card, uuid, "create message", " in "+chatID)
}

// DirectCard sends an interactive card to one user's chat with the bot
// (receive_id_type open_id).
func (c *Client) DirectCard(ctx context.Context, openID, card, uuid string) (string, error) {
	return c.create(ctx, larkim.CreateMessageV1ReceiveIDTypeOpenId, openID, card, uuid, "direct message", "")
}

// create sends card to id (a chat or a user, by idType) with the send's
// uuid, and returns the new message's id; op (and where, in a failed
// request's error) name the call.
func (c *Client) create(ctx context.Context, idType, id, card, uuid, op, where string) (string, error) {
	body := sendBody{ReceiveID: id, MsgType: larkim.MsgTypeInteractive, Content: card, UUID: uuid}
	return c.send(ctx, &larkcore.ApiReq{
		HttpMethod: http.MethodPost, ApiPath: "/open-apis/im/v1/messages",
		QueryParams: larkcore.QueryParams{"receive_id_type": []string{idType}}, Body: body,
	}, op, where)
}

// sendBody is the body of a message create (POST /open-apis/im/v1/messages)
// or reply (POST /open-apis/im/v1/messages/:message_id/reply): the fields
// larkim's request builders write, nothing else.
type sendBody struct {
	ReceiveID     string `json:"receive_id,omitempty"`
	MsgType       string `json:"msg_type"`
	Content       string `json:"content"`
	ReplyInThread *bool  `json:"reply_in_thread,omitempty"`
	UUID          string `json:"uuid,omitempty"`
}

// send makes a create or reply call through larkcore (the tenant token,
// headers and error handling are the SDK's), retrying as again decides, and
// returns the new message's id. The answer is read into the two fields used,
// not into larkim's whole Message type: decoding that type's tree by
// reflection was a cold start's largest JSON cost.
func (c *Client) send(ctx context.Context, req *larkcore.ApiReq, op, where string) (string, error) {
	req.SupportedAccessTokenTypes = []larkcore.AccessTokenType{larkcore.AccessTokenTypeTenant}
	for try := 1; ; try++ {
		resp, err := larkcore.Request(ctx, req, c.core)
		if err != nil {
			return "", fmt.Errorf("feishu %s%s: %w", op, where, err)
		}
		var out struct {
			larkcore.CodeError
			Data struct {
				MessageID string `json:"message_id"`
			} `json:"data"`
		}
		if err := resp.JSONUnmarshalBody(&out, c.core); err != nil {
			return "", fmt.Errorf("feishu %s%s: %w", op, where, err)
		}
		if out.Code != 0 && c.again(ctx, op, out.Code, resp, try) {
			continue
		}
		if out.Code != 0 {
			return "", c.apiError(ctx, op, out.Code, out.Msg, resp.RequestId())
		}
		return out.Data.MessageID, nil
	}
}

// EphemeralCard shows a card in a group chat to one user only ("仅对你可见",
// POST /open-apis/ephemeral/v1/send; normal groups only, not topic groups)
// and returns its message id. The endpoint takes no idempotency key.
func (c *Client) EphemeralCard(ctx context.Context, chatID, openID, card string) (string, error) {
	var out struct {
		larkcore.CodeError
		Data struct {
			MessageID string `json:"message_id"`
		} `json:"data"`
	}
	err := c.ephemeral(ctx, "send", map[string]any{
		"chat_id": chatID, "open_id": openID, "msg_type": larkim.MsgTypeInteractive,
		"card": json.RawMessage(card),
	}, &out.CodeError, &out)
	return out.Data.MessageID, err
}

// DeleteEphemeral removes an ephemeral card (POST
// /open-apis/ephemeral/v1/delete): the "working on it" once the answer is
// shown.
func (c *Client) DeleteEphemeral(ctx context.Context, messageID string) error {
	var out larkcore.CodeError
	return c.ephemeral(ctx, "delete", map[string]any{"message_id": messageID}, &out, &out)
}

// ephemeral calls /open-apis/ephemeral/v1/<op> with body, reading the
// answer into out (whose code is code).
func (c *Client) ephemeral(ctx context.Context, op string, body any, code *larkcore.CodeError, out any) error {
	for try := 1; ; try++ {
		resp, err := larkcore.Request(ctx, &larkcore.ApiReq{
			HttpMethod:                http.MethodPost,
			ApiPath:                   "/open-apis/ephemeral/v1/" + op,
			Body:                      body,
			SupportedAccessTokenTypes: []larkcore.AccessTokenType{larkcore.AccessTokenTypeTenant},
		}, c.core)
		if err != nil {
			return fmt.Errorf("feishu ephemeral card %s: %w", op, err)
		}
		if err := resp.JSONUnmarshalBody(out, c.core); err != nil {
			return fmt.Errorf("feishu ephemeral card %s: %w", op, err)
		}
		if code.Code != 0 && c.again(ctx, "ephemeral card "+op, code.Code, resp, try) {
			continue
		}
		return c.ephemeralDone(ctx, op, code, resp)
	}
}

// ephemeralDone is the outcome of an ephemeral call that is not retried.
func (c *Client) ephemeralDone(ctx context.Context, op string, code *larkcore.CodeError, resp *larkcore.ApiResp) error {
	if code.Code != 0 {
		return c.apiError(ctx, "ephemeral card "+op, code.Code, code.Msg, resp.RequestId())
	}
	return nil
}

func (c *Client) apiError(ctx context.Context, op string, code int, msg, logID string) error {
	msg = clip(msg, maxLogText) // the API's text, never more than a line of it
	e := &APIError{Op: op, Code: code, Msg: msg, LogID: logID}
	c.log.ErrorContext(ctx, "feishu api error", "op", op, "code", code, "msg", msg, "log_id", logID)
	return e
}

// BotOpenID returns the bot's open_id, from the configuration or asked once
// from /open-apis/bot/v3/info (a failure is not cached, so it is asked again).
func (c *Client) BotOpenID(ctx context.Context) (string, error) {
	c.botMu.Lock()
	defer c.botMu.Unlock()
	if c.botID != "" {
		return c.botID, nil
	}
	resp, err := larkcore.Request(ctx, &larkcore.ApiReq{
		HttpMethod:                http.MethodGet,
		ApiPath:                   "/open-apis/bot/v3/info",
		SupportedAccessTokenTypes: []larkcore.AccessTokenType{larkcore.AccessTokenTypeTenant},
	}, c.core)
	if err != nil {
		return "", fmt.Errorf("feishu bot info: %w", err)
	}
	var info struct {
		larkcore.CodeError
		Bot struct {
			OpenID  string `json:"open_id"`
			AppName string `json:"app_name"`
		} `json:"bot"`
	}
	if err := resp.JSONUnmarshalBody(&info, c.core); err != nil {
		return "", fmt.Errorf("feishu bot info: %w", err)
	}
	if info.Code != 0 {
		return "", c.apiError(ctx, "bot info", info.Code, info.Msg, resp.RequestId())
	}
	if info.Bot.OpenID == "" {
		return "", errors.New("feishu bot info: no open_id in the answer")
	}
	c.botID = info.Bot.OpenID
	return c.botID, nil
}

// sdkLogger sends the SDK's own log lines to slog, cut short: the SDK may put
// a whole response (a message's text, a card) into an error line, and
// bodies never go to the log.
type sdkLogger struct{ log *slog.Logger }

// maxLogText is how much of an SDK line or an API's own error text is
// logged: enough for a code, a message and a log id, too little for a
// message body.
const maxLogText = 120

func (l sdkLogger) line(args []any) string { return clip(fmt.Sprint(args...), maxLogText) }

// clip cuts s to n bytes on a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func (l sdkLogger) Debug(ctx context.Context, args ...any) {
	l.log.DebugContext(ctx, "lark sdk", "msg", l.line(args))
}
func (l sdkLogger) Info(ctx context.Context, args ...any) {
	l.log.InfoContext(ctx, "lark sdk", "msg", l.line(args))
}
func (l sdkLogger) Warn(ctx context.Context, args ...any) {
	l.log.WarnContext(ctx, "lark sdk", "msg", l.line(args))
}
func (l sdkLogger) Error(ctx context.Context, args ...any) {
	l.log.ErrorContext(ctx, "lark sdk", "msg", l.line(args))
}
