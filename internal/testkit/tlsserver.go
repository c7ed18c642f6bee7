package testkit

import (
	"crypto/tls"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// TLSServer starts h over TLS with HTTP/2, as the real APIs speak, and
// counts the TLS handshakes clients make with it: a test of a keep-alive
// client asserts the count. The server is closed when the test ends; its
// certificate (srv.Certificate()) is the one root that vouches for it.
func TLSServer(t testing.TB, h http.Handler) (srv *httptest.Server, handshakes *atomic.Int64) {
	t.Helper()
	handshakes = new(atomic.Int64)
	srv = httptest.NewUnstartedServer(h)
	srv.EnableHTTP2 = true
	srv.TLS = &tls.Config{GetConfigForClient: func(*tls.ClientHelloInfo) (*tls.Config, error) {
		handshakes.Add(1)
		return nil, nil
	}}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv, handshakes
}
