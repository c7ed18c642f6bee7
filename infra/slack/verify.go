package slack

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Header names Slack uses (canonical form; read them from an http.Header,
// never from API Gateway's lower-case map directly).
const (
	HeaderSignature   = "X-Slack-Signature"
	HeaderTimestamp   = "X-Slack-Request-Timestamp"
	HeaderRetryNum    = "X-Slack-Retry-Num"
	HeaderRetryReason = "X-Slack-Retry-Reason"
	HeaderNoRetry     = "X-Slack-No-Retry"
)

// MaxSkew is how far a request's timestamp may be from now, either way.
const MaxSkew = 5 * time.Minute

// Reasons a request fails verification. They are logged, never shown.
var (
	ErrNoSecret       = errors.New("slack: no signing secret configured")
	ErrMissingHeaders = errors.New("slack: missing signature or timestamp header")
	ErrBadTimestamp   = errors.New("slack: timestamp is not a number of seconds")
	ErrStale          = errors.New("slack: timestamp more than 5 minutes from now")
	ErrBadSignature   = errors.New("slack: signature does not match")
)

// Verifier checks Slack's v0 request signatures.
type Verifier struct {
	// Secret is the app's signing secret.
	Secret string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Sign returns the v0 signature of body sent at timestamp ts:
// "v0=" + hex(HMAC-SHA256(secret, "v0:" + ts + ":" + body)).
func Sign(secret, ts string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte("v0:" + ts + ":"))
	m.Write(body)
	return "v0=" + hex.EncodeToString(m.Sum(nil))
}

// Verify checks that body (the raw bytes Slack sent, base64-decoded if the
// platform encoded them) is signed with the secret and that its timestamp is
// within MaxSkew of now in either direction. Headers are read with Get, so
// h must be canonical (build it with Set, see httpbody.Header).
func (v Verifier) Verify(h http.Header, body []byte) error {
	if v.Secret == "" {
		return ErrNoSecret
	}
	sig, ts := h.Get(HeaderSignature), h.Get(HeaderTimestamp)
	if sig == "" || ts == "" {
		return ErrMissingHeaders
	}
	sec, err := strconv.ParseInt(strings.TrimSpace(ts), 10, 64)
	if err != nil {
		return ErrBadTimestamp
	}
	now := time.Now
	if v.Now != nil {
		now = v.Now
	}
	if d := now().Sub(time.Unix(sec, 0)); d > MaxSkew || d < -MaxSkew {
		return ErrStale
	}
	hexSig, ok := strings.CutPrefix(sig, "v0=")
	if !ok {
		return ErrBadSignature
	}
	got, err := hex.DecodeString(hexSig)
	if err != nil || len(got) != sha256.Size {
		return ErrBadSignature
	}
	m := hmac.New(sha256.New, []byte(v.Secret))
	m.Write([]byte("v0:" + ts + ":"))
	m.Write(body)
	if !hmac.Equal(got, m.Sum(nil)) {
		return ErrBadSignature
	}
	return nil
}
