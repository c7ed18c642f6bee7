package e2e

import (
	"encoding/pem"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"
)

// TestFeishuOverTLS: the built feishu function reaches an Open API served
// over TLS as in production, the server verified against a system-sized
// root bundle (the machine's, when it has one, plus the fake's own
// certificate): the token and the reply share one handshake. The same
// server with a bundle that does not vouch for it gets no reply, and the
// event a non-2xx, so that Feishu delivers it again.
func TestFeishuOverTLS(t *testing.T) {
	api := newFakeFeishu(t)
	srv, handshakes := testkit.TLSServer(t, api.Mux)
	var system []byte
	for _, f := range []string{"/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt"} {
		if b, err := os.ReadFile(f); err == nil {
			system = append(b, '\n')
			break
		}
	}
	dir := t.TempDir()
	trusted, untrusted := filepath.Join(dir, "trusted.pem"), filepath.Join(dir, "untrusted.pem")
	own := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	if err := os.WriteFile(trusted, append(system, own...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(untrusted, system, 0o644); err != nil {
		t.Fatal(err)
	}
	env := func(bundle string) map[string]string {
		return map[string]string{
			"FEISHU_APP_ID": api.AppID, "FEISHU_APP_SECRET": api.AppSecret, "FEISHU_VERIFICATION_TOKEN": feishuToken,
			"FEISHU_ENCRYPT_KEY": feishuEncryptKey, "FEISHU_BASE_URL": srv.URL,
			// nothing else to fall back on: the directories would add the machine's roots only
			"SSL_CERT_FILE": bundle, "SSL_CERT_DIR": filepath.Join(dir, "none"),
		}
	}
	send := func(f *fn, id string) (int, string) {
		event := testkit.FeishuEncrypt(feishuEncryptKey, feishuMessageEvent("ev-tls-"+id, "om_tls"+id, "计费 按需=35 包月=15000 时长=300"))
		r := httpReply(t, f.invoke(t, httpEvent("/feishu/events", feishuHeaders(feishuEncryptKey, time.Now(), event), event)))
		return r.StatusCode, r.Body
	}

	f := start(t, "feishu", env(trusted))
	if status, body := send(f, "0000000000000000000000000001"); status != 200 {
		t.Fatalf("got HTTP %d %s, want 200", status, body)
	}
	if sent := api.Messages(); len(sent) != 1 {
		t.Fatalf("the Open API got %d messages, want 1 reply", len(sent))
	}
	if token, _ := api.Calls(); token != 1 || handshakes.Load() != 1 {
		t.Errorf("%d token requests over %d TLS handshakes, want 1 over 1", token, handshakes.Load())
	}

	other := start(t, "feishu", env(untrusted))
	if status, body := send(other, "0000000000000000000000000002"); status < 500 {
		t.Errorf("a server no root vouches for: got HTTP %d %s, want 5xx (Feishu delivers it again)", status, body)
	}
	if sent := api.Messages(); len(sent) != 1 {
		t.Errorf("the Open API got %d messages, want still 1", len(sent))
	}
}
