package serve

import (
	"net/http"
	"time"
)

// A request body gets time in proportion to its declared size, at the
// pace of a slow mobile link: bodyBase plus one second per bodyRate bytes
// (a 4 KB slash command: 2 s), never more than bodyMax. A body without a
// Content-Length gets what the largest body would. Signed requests are
// small; a client that declares a large body and sends it a byte at a
// time loses its connection long before the old flat 15 s.
const (
	bodyBase = time.Second
	bodyRate = 4 << 10 // bytes per second
	bodyMax  = 10 * time.Second
)

// bodyTime is how long a body of n declared bytes may take to arrive.
func bodyTime(n int64) time.Duration {
	if n < 0 || n > maxRequestBody {
		n = maxRequestBody
	}
	d := bodyBase + time.Duration(n)*time.Second/bodyRate
	return min(d, bodyMax)
}

// bodyDeadline sets each request's read deadline from its Content-Length
// (bodyTime) before any handler reads the body.
func bodyDeadline(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTime(r.ContentLength)))
		}
		next.ServeHTTP(w, r)
	})
}
