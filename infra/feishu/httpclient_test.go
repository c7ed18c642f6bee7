package feishu

import (
	"context"
	"crypto/x509"
	"encoding/pem"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gpuadvisor/infra/sysroots"
	"gpuadvisor/internal/testkit"
)

// Over TLS, the tenant token and two replies take one handshake (one
// keep-alive connection) and one token request, the server verified
// against a root bundle.
func TestOpenAPIOverOneTLSConnection(t *testing.T) {
	api := newFakeAPI(t)
	srv, handshakes := testkit.TLSServer(t, api.Mux)
	roots := filepath.Join(t.TempDir(), "roots.pem")
	if err := os.WriteFile(roots, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := apiConfig(api)
	cfg.BaseURL = srv.URL
	c := NewClient(cfg, nil, httpClient(5*time.Second, &sysroots.Verifier{Bundle: []string{roots}, System: x509.NewCertPool()}))
	for i, id := range []string{"om_tls0000000000000000000000000001", "om_tls0000000000000000000000000002"} {
		if _, err := c.ReplyCard(context.Background(), id, `{"elements":[]}`, false, IdempotencyKey(id)); err != nil {
			t.Fatalf("reply %d: %v", i+1, err)
		}
	}
	if token, _ := api.Calls(); token != 1 {
		t.Errorf("%d tenant token requests, want 1 (cached)", token)
	}
	if n := handshakes.Load(); n != 1 {
		t.Errorf("%d TLS handshakes, want 1", n)
	}
	if n := len(api.Messages()); n != 2 {
		t.Errorf("%d replies reached the API, want 2", n)
	}

	// a server the bundle does not vouch for is refused
	untrusted := NewClient(Config{AppID: "cli_untrusted01", AppSecret: "s", BaseURL: srv.URL}, slog.New(slog.DiscardHandler),
		httpClient(5*time.Second, &sysroots.Verifier{Bundle: []string{filepath.Join(t.TempDir(), "none.pem")}, System: x509.NewCertPool()}))
	if _, err := untrusted.ReplyCard(context.Background(), "om_tls0000000000000000000000000003", `{"elements":[]}`, false, ""); err == nil {
		t.Error("a reply went to a server no root vouches for")
	}
}
