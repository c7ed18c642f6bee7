package feishuws

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// EndpointPath is where the connection URL is asked for.
const EndpointPath = "/callback/ws/endpoint"

// Handler answers one event (a schema 2.0 event JSON, card callbacks
// included). The returned bytes, if any, are the callback's response body
// (a card action's toast); nil for ordinary events.
type Handler func(ctx context.Context, event []byte) ([]byte, error)

// Client is a long-connection client. Set the fields, then call Run.
type Client struct {
	AppID     string
	AppSecret string
	// BaseURL is https://open.feishu.cn (Feishu) or https://open.larksuite.com (Lark).
	BaseURL string
	Handle  Handler
	Log     *slog.Logger
	// HTTPClient asks for the endpoint; nil means a client with a 10 s timeout.
	HTTPClient *http.Client

	mu        sync.Mutex // serialises writes
	conn      *websocket.Conn
	service   int32
	ping      time.Duration
	reconnect time.Duration
	parts     map[string]*pending
}

// pending is a payload split over several frames, kept until its last part
// arrives or partTTL passes (the SDK keeps parts 5 s).
type pending struct {
	parts [][]byte
	since time.Time
}

const partTTL = 10 * time.Second

type endpointResp struct {
	Code int    `json:"code"`
	Msg  string `json:"msg"`
	Data *struct {
		URL          string        `json:"URL"`
		ClientConfig *clientConfig `json:"ClientConfig"`
	} `json:"data"`
}

type clientConfig struct {
	ReconnectCount    int `json:"ReconnectCount"`
	ReconnectInterval int `json:"ReconnectInterval"`
	ReconnectNonce    int `json:"ReconnectNonce"`
	PingInterval      int `json:"PingInterval"`
}

// response is what the client writes back for each data frame.
type response struct {
	StatusCode int               `json:"code"`
	Headers    map[string]string `json:"headers"`
	Data       []byte            `json:"data"`
}

// ErrRejected is returned when the gateway refuses the app (wrong secret,
// forbidden, too many connections): reconnecting will not help.
var ErrRejected = errors.New("feishu long connection rejected")

// Run connects and serves until ctx ends, reconnecting after failures.
func (c *Client) Run(ctx context.Context) error {
	if c.Handle == nil || c.AppID == "" || c.AppSecret == "" {
		return errors.New("feishuws: AppID, AppSecret and Handle are required")
	}
	if c.Log == nil {
		c.Log = slog.Default()
	}
	c.ping, c.reconnect = 2*time.Minute, 10*time.Second
	for attempt := 0; ; attempt++ {
		err := c.session(ctx)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if errors.Is(err, ErrRejected) {
			return err
		}
		wait := c.reconnect + time.Duration(rand.IntN(3000))*time.Millisecond
		c.Log.Warn("feishu long connection lost; reconnecting", "err", err, "in", wait.Round(time.Second).String())
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

// session runs one connection until it fails or ctx ends.
func (c *Client) session(ctx context.Context) error {
	u, err := c.endpoint(ctx)
	if err != nil {
		return err
	}
	pu, err := url.Parse(u)
	if err != nil {
		return fmt.Errorf("feishuws: endpoint URL: %w", err)
	}
	svc, _ := strconv.ParseInt(pu.Query().Get("service_id"), 10, 32)
	conn, resp, err := websocket.DefaultDialer.DialContext(ctx, u, nil)
	if err != nil {
		if resp != nil {
			status := resp.Header.Get("Handshake-Status")
			msg := resp.Header.Get("Handshake-Msg")
			if status == "403" || status == "514" && resp.Header.Get("Handshake-Autherrcode") == "1000040350" {
				return fmt.Errorf("%w: %s %s", ErrRejected, status, msg)
			}
			return fmt.Errorf("feishuws: handshake %s %s: %w", status, msg, err)
		}
		return fmt.Errorf("feishuws: dial: %w", err)
	}
	c.mu.Lock()
	c.conn, c.service, c.parts = conn, int32(svc), map[string]*pending{}
	c.mu.Unlock()
	c.Log.Info("feishu long connection open")
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		<-ctx.Done()
		conn.Close()
	}()
	go c.pingLoop(ctx)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		// The gateway answers every ping with a pong: a connection silent
		// for silentPings pings is dead (a half-open TCP connection after a
		// NAT or load balancer dropped it writes without error and never
		// reads), and only a new one receives events again.
		conn.SetReadDeadline(time.Now().Add(c.silence()))
		mt, msg, err := conn.ReadMessage()
		if err != nil {
			return fmt.Errorf("feishuws: read: %w", err)
		}
		if mt != websocket.BinaryMessage {
			continue
		}
		var f Frame
		if err := f.Unmarshal(msg); err != nil {
			c.Log.Warn("feishu frame unreadable", "err", err)
			continue
		}
		switch f.Method {
		case methodControl:
			c.control(f)
		case methodData:
			wg.Go(func() {
				c.data(ctx, f)
			})
		}
	}
}

func (c *Client) endpoint(ctx context.Context) (string, error) {
	body, _ := json.Marshal(map[string]string{"AppID": c.AppID, "AppSecret": c.AppSecret})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(c.BaseURL, "/")+EndpointPath, bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("locale", "zh")
	hc := c.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	resp, err := hc.Do(req)
	if err != nil {
		return "", fmt.Errorf("feishuws: endpoint: %w", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	var er endpointResp
	if err := json.Unmarshal(b, &er); err != nil {
		return "", fmt.Errorf("feishuws: endpoint answered HTTP %d, not JSON", resp.StatusCode)
	}
	switch {
	case er.Code == 0 && er.Data != nil && er.Data.URL != "":
	case er.Code == 1 || er.Code == 1000040343 || resp.StatusCode >= 500:
		return "", fmt.Errorf("feishuws: endpoint busy: %d %s", er.Code, er.Msg)
	default:
		return "", fmt.Errorf("%w: endpoint code %d: %s", ErrRejected, er.Code, er.Msg)
	}
	c.configure(er.Data.ClientConfig)
	return er.Data.URL, nil
}

func (c *Client) configure(cc *clientConfig) {
	if cc == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if cc.PingInterval > 0 {
		c.ping = time.Duration(cc.PingInterval) * time.Second
	}
	if cc.ReconnectInterval > 0 {
		c.reconnect = time.Duration(cc.ReconnectInterval) * time.Second
	}
}

// silentPings is how many ping intervals without a frame from the gateway
// end a connection.
const silentPings = 3

// silence is how long the connection may stay silent.
func (c *Client) silence() time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return silentPings * c.ping
}

func (c *Client) pingLoop(ctx context.Context) {
	for {
		c.mu.Lock()
		every := c.ping
		c.mu.Unlock()
		if err := c.write(Frame{Method: methodControl, Service: c.service, Headers: []Header{{"type", "ping"}}}); err != nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(every):
		}
	}
}

func (c *Client) control(f Frame) {
	if f.Get("type") == "pong" && len(f.Payload) > 0 {
		var cc clientConfig
		if json.Unmarshal(f.Payload, &cc) == nil {
			c.configure(&cc)
		}
	}
}

// data handles one data frame: joins split payloads, calls Handle, answers.
func (c *Client) data(ctx context.Context, f Frame) {
	payload := f.Payload
	if sum, _ := strconv.Atoi(f.Get("sum")); sum > 1 {
		seq, _ := strconv.Atoi(f.Get("seq"))
		if payload = c.combine(f.Get("message_id"), sum, seq, payload); payload == nil {
			return
		}
	}
	kind := f.Get("type")
	if kind != "event" && kind != "card" {
		return
	}
	start := time.Now()
	hctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	out, err := c.handle(hctx, payload)
	cancel()
	resp := response{StatusCode: http.StatusOK, Data: out}
	if err != nil {
		c.Log.Error("feishu event failed", "err", err, "message_id", f.Get("message_id"))
		resp = response{StatusCode: http.StatusInternalServerError}
	}
	f.Payload, _ = json.Marshal(resp)
	f.Headers = append(f.Headers, Header{"biz_rt", strconv.FormatInt(time.Since(start).Milliseconds(), 10)})
	if err := c.write(f); err != nil {
		c.Log.Warn("feishu answer not written", "err", err)
	}
}

// handle calls Handle; a panic in it is that event's failure (answered 500,
// so Feishu delivers it again), logged with its stack, never the end of the
// connection and of serve.
func (c *Client) handle(ctx context.Context, payload []byte) (out []byte, err error) {
	defer func() {
		if v := recover(); v != nil {
			c.Log.Error("feishu event panicked; the connection goes on", "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			out, err = nil, fmt.Errorf("feishuws: handler panicked: %v", v)
		}
	}()
	return c.Handle(ctx, payload)
}

func (c *Client) combine(id string, sum, seq int, part []byte) []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	if seq < 0 || seq >= sum || sum > 1000 {
		return nil
	}
	now := time.Now()
	for k, p := range c.parts { // parts whose siblings never came
		if now.Sub(p.since) > partTTL {
			delete(c.parts, k)
		}
	}
	p := c.parts[id]
	if p == nil || len(p.parts) != sum {
		p = &pending{parts: make([][]byte, sum), since: now}
	}
	p.parts[seq] = part
	var all []byte
	for _, b := range p.parts {
		if b == nil {
			c.parts[id] = p
			return nil
		}
		all = append(all, b...)
	}
	delete(c.parts, id)
	return all
}

func (c *Client) write(f Frame) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conn == nil {
		return errors.New("feishuws: not connected")
	}
	c.conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return c.conn.WriteMessage(websocket.BinaryMessage, f.Marshal())
}
