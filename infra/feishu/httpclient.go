package feishu

import (
	"net/http"
	"os"
	"time"

	"gpuadvisor/infra/sysroots"
	"gpuadvisor/infra/xray"
)

// HTTPClient is the Open API's HTTP client: one keep-alive HTTP/1.1
// transport, so that the tenant token and the reply share one connection
// and one TLS handshake (HTTP/2's set-up costs a cold start more CPU than it
// saves a function that sends one call at a time); the server verified against the
// system roots as crypto/tls does, parsing only the roots its chain names
// (package sysroots: parsing the whole bundle was the largest part of a
// cold start's CPU); each call an X-Ray subsegment when tracing is on
// (AWS_XRAY_DAEMON_ADDRESS).
func HTTPClient(timeout time.Duration) *http.Client { return httpClient(timeout, nil) }

// httpClient is HTTPClient verifying with v (nil: the system roots).
func httpClient(timeout time.Duration, v *sysroots.Verifier) *http.Client {
	var rt http.RoundTripper = sysroots.Transport(v)
	if tr := xray.FromGetenv(os.Getenv); tr != nil {
		rt = tr.Transport(rt)
	}
	return &http.Client{Timeout: timeout, Transport: rt}
}
