// Package httpbody reads a request body for the net/http entry points
// (`serve`) with a size limit, and tells a body that is too large from one
// that arrived too slowly, so that each refusal gets its own status and log
// line. For the Lambda entry points it reads an HTTP event in any of the
// shapes the functions sit behind (Request: a Function URL, an API
// Gateway HTTP API or REST API) and answers it in the keys all of them
// accept (Response).
package httpbody

import (
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
)

// Refusal is why a body was not read.
type Refusal struct {
	// Status is the HTTP status to answer: 413 too large, 408 too slow,
	// 400 otherwise.
	Status int
	// Reason is a short phrase for the log and the answer.
	Reason string
}

// Read reads r's body, at most max bytes. On failure it logs one warning
// line (method, path, remote address, limit, reason; never the body) and
// returns the refusal for the caller to answer in its platform's format.
func Read(w http.ResponseWriter, r *http.Request, max int64, log *slog.Logger) ([]byte, *Refusal) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, max))
	if err == nil {
		return body, nil
	}
	ref := classify(err)
	if log == nil {
		log = slog.Default()
	}
	log.Warn("request refused", "status", ref.Status, "reason", ref.Reason, "method", r.Method, "path", r.URL.Path,
		"remote", r.RemoteAddr, "limit_bytes", max)
	return nil, ref
}

func classify(err error) *Refusal {
	var tooBig *http.MaxBytesError
	var ne net.Error
	switch {
	case errors.As(err, &tooBig):
		return &Refusal{Status: http.StatusRequestEntityTooLarge, Reason: "request body too large"}
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		return &Refusal{Status: http.StatusRequestTimeout, Reason: "request body not received in time"}
	}
	return &Refusal{Status: http.StatusBadRequest, Reason: "request body unreadable"}
}

// Header copies an API Gateway v2 or Function URL header map (lower-case
// names, repeated values joined by commas) into an http.Header with
// canonical names, so that Get finds X-Slack-Signature or X-Lark-Signature
// whatever case it arrived in.
func Header(m map[string]string) http.Header {
	h := make(http.Header, len(m))
	for k, v := range m {
		h.Set(k, v)
	}
	return h
}
