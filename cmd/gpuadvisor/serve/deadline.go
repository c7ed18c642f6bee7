package serve

import (
	"io"
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
// (bodyTime) before any handler reads the body, and tells the connection
// limit when the request has arrived whole: until its body is read the
// connection still waits for its request, and may lose its slot to a new
// one when serve is full (see maxConns).
func bodyDeadline(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		lc := requestConn(r)
		if r.Method == http.MethodGet || r.Method == http.MethodHead || r.ContentLength == 0 {
			if lc != nil {
				lc.answering()
			}
		} else {
			_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTime(r.ContentLength)))
			if lc != nil {
				lc.wait(time.Now())
				r.Body = &arrived{ReadCloser: r.Body, done: lc.answering}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// arrived calls done once its body has been read to the end (or failed).
type arrived struct {
	io.ReadCloser
	done func()
}

func (a *arrived) Read(p []byte) (int, error) {
	n, err := a.ReadCloser.Read(p)
	if err != nil {
		a.done()
	}
	return n, err
}
