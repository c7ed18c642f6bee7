package sysroots

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"time"
)

// defaultVerifier is the process's: the bundle is indexed once.
var defaultVerifier = &Verifier{}

// Transport returns an http.Transport set up as http.DefaultTransport is
// (proxy from the environment, keep-alive, the same timeouts and limits)
// but speaking HTTP/1.1 only, whose TLS connections are verified by v (nil:
// the process's Verifier on the system roots). HTTP/1.1 because a function
// sends one call at a time: HTTP/2's connection set-up (settings, HPACK
// tables, a reader goroutine) costs a cold start CPU and buys no
// multiplexing there; keep-alive still puts a token call and the reply on
// one connection, and serve's concurrent calls keep up to 16 of them idle.
func Transport(v *Verifier) *http.Transport {
	if v == nil {
		v = defaultVerifier
	}
	d := &net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	t := &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		DialContext:           d.DialContext,
		MaxIdleConns:          100,
		MaxIdleConnsPerHost:   16,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	// Behind a proxy the tunnel's TLS is the transport's own, with Go's
	// default verification (TLSClientConfig nil).
	t.DialTLSContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		return dialTLS(ctx, d, v, network, addr, t.TLSHandshakeTimeout)
	}
	return t
}

// dialTLS connects to addr and completes a TLS handshake whose server
// certificate v verifies for addr's host. The verification is crypto/tls's
// own (InsecureSkipVerify only hands it to VerifyConnection), and the host
// checked is the one dialled, IP addresses included, which a TLS
// ConnectionState does not carry (it has the SNI name, empty for an IP).
func dialTLS(ctx context.Context, d *net.Dialer, v *Verifier, network, addr string, timeout time.Duration) (net.Conn, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	raw, err := d.DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	cfg := &tls.Config{
		ServerName: host,
		NextProtos: []string{"http/1.1"},
		//nolint:gosec // verified in VerifyConnection, against the system roots
		InsecureSkipVerify: true,
		VerifyConnection: func(cs tls.ConnectionState) error {
			return v.Verify(cs.PeerCertificates, host)
		},
	}
	conn := tls.Client(raw, cfg)
	hctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if err := conn.HandshakeContext(hctx); err != nil {
		raw.Close()
		return nil, err
	}
	return conn, nil
}
