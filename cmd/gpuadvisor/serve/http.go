package serve

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/slack"
	"gpuadvisor/store"
)

// insecureBanner is said at start and on every request with --insecure-dev.
const insecureBanner = "INSECURE DEV MODE (--insecure-dev): requests from a platform without its signing secrets are NOT verified; anyone who can reach this port can act as any user. Never use this beyond your own machine."

// maxRequestBody bounds what serve reads from a request.
const maxRequestBody = 1 << 20

// routes mounts the endpoints of the platforms that are on.
func (s *server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	if s.slack != nil && s.cfg.Slack.HTTP {
		var h http.Handler = s.slack
		if !s.cfg.Slack.Verified {
			h = selfSigned(s.slack, s.cfg.Slack.SigningSecret, s.log)
		}
		for _, p := range []string{"/slack/commands", "/slack/interactions", "/slack/events"} {
			mux.Handle("POST "+p, h)
		}
	}
	if s.feishu != nil && s.cfg.Feishu.HTTP {
		var h http.Handler = s.feishu
		if !s.cfg.Feishu.Verified {
			h = http.HandlerFunc(s.feishuPlaintext)
		}
		for _, p := range []string{"/feishu/events", "/feishu/card"} {
			mux.Handle("POST "+p, h)
		}
	}
	if s.opts.InsecureDev {
		return s.warnEveryRequest(mux)
	}
	return mux
}

// healthz answers the state of serve as JSON: "status" is "ok", or
// "degraded" with a "reason" (the store file damaged, writes failing on a
// full or read-only disk, de-duplication marks waiting in memory). A
// degraded serve still answers (200); one whose store cannot be read at all
// answers 503.
func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	out := map[string]any{"status": "ok", "ok": true, "slack": s.cfg.Slack.On, "feishu": s.cfg.Feishu.On, "drafts": s.jobs.Queued()}
	var reasons []string
	if _, err := s.shared.ListRenewals(r.Context(), store.Scope{Tenant: "serve:healthz"}); err != nil {
		s.log.Error("health check: store unreadable", "err", err)
		out["ok"], out["store"] = false, "unreadable"
		reasons = append(reasons, "the store cannot be read: "+err.Error())
	}
	if why := s.store.Health(); why != "" {
		reasons = append(reasons, why)
	}
	if why := s.leases.Health(); why != "" {
		reasons = append(reasons, why)
	}
	if len(reasons) > 0 {
		out["status"], out["reason"] = "degraded", strings.Join(reasons, "; ")
	}
	b, _ := json.Marshal(out)
	if out["ok"] == false {
		w.WriteHeader(http.StatusServiceUnavailable)
	}
	w.Write(b)
}

// warnEveryRequest logs the insecure banner on every request.
func (s *server) warnEveryRequest(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.log.Warn(insecureBanner, "method", r.Method, "path", r.URL.Path, "remote", r.RemoteAddr)
		next.ServeHTTP(w, r)
	})
}

// selfSigned signs each request with serve's own per-process secret before
// the Slack handler verifies it: only with --insecure-dev and no
// SLACK_SIGNING_SECRET, so that an unsigned request (curl) takes exactly the
// path a signed one does.
func selfSigned(h http.Handler, secret string, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ref := httpbody.Read(w, r, maxRequestBody, log)
		if ref != nil {
			http.Error(w, ref.Reason, ref.Status)
			return
		}
		signSlack(r.Header, secret, body, time.Now())
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	})
}

// signSlack sets the v0 signature headers of body on hdr.
func signSlack(hdr http.Header, secret string, body []byte, now time.Time) {
	ts := strconv.FormatInt(now.Unix(), 10)
	hdr.Set(slack.HeaderTimestamp, ts)
	hdr.Set(slack.HeaderSignature, slack.Sign(secret, ts, body))
}

// feishuPlaintext serves Feishu without keys (--insecure-dev only): a
// plaintext url_verification gets its challenge back, a plaintext schema 2.0
// event goes to the same event logic as the long connection.
func (s *server) feishuPlaintext(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	body, ref := httpbody.Read(w, r, maxRequestBody, s.log)
	if ref != nil {
		w.WriteHeader(ref.Status)
		w.Write([]byte(`{"msg":"bad request"}`))
		return
	}
	var probe struct {
		Type      string  `json:"type"`
		Challenge string  `json:"challenge"`
		Encrypt   *string `json:"encrypt"`
		Header    *struct {
			EventType string `json:"event_type"`
		} `json:"header"`
	}
	if err := json.Unmarshal(body, &probe); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"msg":"body is not JSON"}`))
		return
	}
	switch {
	case probe.Encrypt != nil:
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"msg":"encrypted event, but FEISHU_ENCRYPT_KEY is not set: set it (and FEISHU_VERIFICATION_TOKEN), or send plaintext events in --insecure-dev"}`))
		return
	case probe.Type == "url_verification":
		b, _ := json.Marshal(map[string]string{"challenge": probe.Challenge})
		w.Write(b)
		return
	case probe.Header == nil:
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"msg":"not a schema 2.0 event (no header)"}`))
		return
	}
	out, err := s.feishu.HandleEvent(r.Context(), body)
	if err != nil {
		// Logged by the handler; 500 makes Feishu deliver it again.
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`{"msg":"error"}`))
		return
	}
	if out == nil {
		out = []byte(`{"msg":"ok"}`)
	}
	w.Write(out)
}
