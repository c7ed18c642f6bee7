// Package xray adds X-Ray subsegments to the segment Lambda records for an
// invocation when the function's tracing is Active: one around the router
// and one around each outbound HTTP call (Slack, Feishu, the LLM). It is a
// small emitter, not the X-Ray SDK: a subsegment is one JSON document sent
// over UDP to the daemon Lambda runs (AWS_XRAY_DAEMON_ADDRESS), after the
// header {"format": "json", "version": 1} ("Sending trace data to AWS
// X-Ray" and "AWS X-Ray segment documents", AWS X-Ray Developer Guide,
// https://docs.aws.amazon.com/xray/latest/devguide/xray-api-sendingdata.html).
// Nothing happens at init, and nothing at all when the invocation is not
// sampled or there is no daemon.
package xray

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// EnvDaemon is the variable Lambda sets to the daemon's UDP address.
const EnvDaemon = "AWS_XRAY_DAEMON_ADDRESS"

// traceKey is where aws-lambda-go puts the invocation's trace header
// (Lambda-Runtime-Trace-Id) in the handler's context.
const traceKey = "x-amzn-trace-id"

// Header is a parsed X-Amzn-Trace-Id: Root=...;Parent=...;Sampled=1.
type Header struct {
	Root, Parent string
	Sampled      bool
}

// ParseHeader reads a trace header; ok is false without a root and parent.
func ParseHeader(s string) (h Header, ok bool) {
	for _, part := range strings.Split(s, ";") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "Root":
			h.Root = v
		case "Parent":
			h.Parent = v
		case "Sampled":
			h.Sampled = v == "1"
		}
	}
	return h, h.Root != "" && h.Parent != ""
}

// Tracer sends subsegments to a daemon. A nil Tracer traces nothing.
type Tracer struct {
	// Send delivers one UDP datagram (header and document); tests record it.
	Send func([]byte) error
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// FromGetenv returns a tracer for the daemon at AWS_XRAY_DAEMON_ADDRESS, or
// nil when it is unset (tracing off, or not in Lambda). The socket is opened
// on the first subsegment, not here.
func FromGetenv(getenv func(string) string) *Tracer {
	addr := strings.TrimSpace(getenv(EnvDaemon))
	if addr == "" {
		return nil
	}
	if i := strings.IndexByte(addr, ' '); i > 0 {
		addr = addr[:i] // "tcp:... udp:..." form: the first is enough here
	}
	addr = strings.TrimPrefix(addr, "udp:")
	var (
		once sync.Once
		conn net.Conn
		err  error
	)
	return &Tracer{Send: func(b []byte) error {
		once.Do(func() { conn, err = net.Dial("udp", addr) })
		if err != nil {
			return err
		}
		_, werr := conn.Write(b)
		return werr
	}}
}

type parentKey struct{}

// active is the subsegment new ones nest under.
type active struct {
	root, id string
}

// Sub is one subsegment being timed.
type Sub struct {
	t      *Tracer
	doc    map[string]any
	start  time.Time
	closed bool
}

// Start opens a subsegment named name under the invocation's segment (or
// the subsegment ctx already carries). It returns ctx carrying it and the
// subsegment; both are usable, and do nothing, when the invocation is not
// traced. namespace is "remote" for a call out of the function, else "".
func (t *Tracer) Start(ctx context.Context, name, namespace string) (context.Context, *Sub) {
	if t == nil {
		return ctx, nil
	}
	parent, ok := ctx.Value(parentKey{}).(active)
	if !ok {
		s, _ := ctx.Value(traceKey).(string)
		h, ok := ParseHeader(s)
		if !ok || !h.Sampled {
			return ctx, nil
		}
		parent = active{root: h.Root, id: h.Parent}
	}
	id := newID()
	now := t.now()
	doc := map[string]any{
		"type": "subsegment", "name": name, "id": id, "trace_id": parent.root, "parent_id": parent.id,
		"start_time": seconds(now),
	}
	if namespace != "" {
		doc["namespace"] = namespace
	}
	return context.WithValue(ctx, parentKey{}, active{root: parent.root, id: id}), &Sub{t: t, doc: doc, start: now}
}

// End closes the subsegment and sends it; err marks it as a fault.
func (s *Sub) End(err error) {
	if s == nil || s.closed {
		return
	}
	s.closed = true
	s.doc["end_time"] = seconds(s.t.now())
	if err != nil {
		s.doc["fault"] = true
		s.doc["cause"] = map[string]any{"exceptions": []map[string]any{{"message": err.Error()}}}
	}
	body, _ := json.Marshal(s.doc)
	s.t.Send(append([]byte("{\"format\": \"json\", \"version\": 1}\n"), body...)) // a lost trace never fails a request
}

// HTTP records an outbound call's method, URL (without query) and status.
func (s *Sub) HTTP(method, url string, status int) {
	if s == nil {
		return
	}
	resp := map[string]any{}
	if status > 0 {
		resp["status"] = status
		if status == http.StatusTooManyRequests {
			s.doc["throttle"] = true
		}
		if status >= 400 && status < 500 {
			s.doc["error"] = true
		} else if status >= 500 {
			s.doc["fault"] = true
		}
	}
	s.doc["http"] = map[string]any{"request": map[string]any{"method": method, "url": url}, "response": resp}
}

// Transport wraps next (nil: http.DefaultTransport) so that each request
// made under a traced invocation is a remote subsegment named by its host.
func (t *Tracer) Transport(next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return roundTripper{t: t, next: next}
}

type roundTripper struct {
	t    *Tracer
	next http.RoundTripper
}

func (rt roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	_, sub := rt.t.Start(req.Context(), req.URL.Hostname(), "remote")
	if sub == nil {
		return rt.next.RoundTrip(req)
	}
	resp, err := rt.next.RoundTrip(req)
	status := 0
	if resp != nil {
		status = resp.StatusCode
	}
	u := *req.URL
	u.RawQuery, u.User = "", nil // a query or credentials never leave in a trace
	path := u.Path
	if strings.HasPrefix(path, "/hooks/") || strings.Contains(u.Host, "hooks.slack.com") {
		u.Path = "/hooks/…" // a response_url is a credential
	}
	sub.HTTP(req.Method, u.String(), status)
	sub.End(err)
	return resp, err
}

func (t *Tracer) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

func seconds(t time.Time) float64 { return float64(t.UnixMicro()) / 1e6 }

// newID is a subsegment id: 16 hex digits.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Doer is an HTTP client as the AWS SDK takes it (dynamodb.HTTPClient).
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// AWS wraps an AWS SDK client's HTTP client so that each call is a
// subsegment named service ("DynamoDB") in the aws namespace, with the
// operation (the X-Amz-Target header's part after the dot) and the status.
func (t *Tracer) AWS(service string, next Doer) Doer {
	if t == nil {
		return next
	}
	return awsDoer{t: t, service: service, next: next}
}

type awsDoer struct {
	t       *Tracer
	service string
	next    Doer
}

func (d awsDoer) Do(req *http.Request) (*http.Response, error) {
	_, sub := d.t.Start(req.Context(), d.service, "aws")
	if sub == nil {
		return d.next.Do(req)
	}
	resp, err := d.next.Do(req)
	status := 0
	if resp != nil {
		status = resp.StatusCode
	}
	op := req.Header.Get("X-Amz-Target")
	if i := strings.LastIndexByte(op, '.'); i >= 0 {
		op = op[i+1:]
	}
	sub.doc["aws"] = map[string]any{"operation": op}
	sub.HTTP(req.Method, req.URL.Scheme+"://"+req.URL.Host+"/", status)
	sub.End(err)
	return resp, err
}
