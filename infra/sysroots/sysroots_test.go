package sysroots

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// authority is a test CA: its certificate and key.
type authority struct {
	cert *x509.Certificate
	key  *ecdsa.PrivateKey
}

var serial atomic.Int64

// issue signs a certificate for tmpl with parent (nil: self-signed).
func issue(t *testing.T, tmpl *x509.Certificate, parent *authority) *authority {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl.SerialNumber = big.NewInt(serial.Add(1))
	if tmpl.NotBefore.IsZero() {
		tmpl.NotBefore, tmpl.NotAfter = time.Now().Add(-time.Hour), time.Now().Add(time.Hour)
	}
	signer, signerKey := tmpl, key
	if parent != nil {
		signer, signerKey = parent.cert, parent.key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, signer, &key.PublicKey, signerKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return &authority{cert, key}
}

func ca(t *testing.T, name string, parent *authority) *authority {
	return issue(t, &x509.Certificate{Subject: pkix.Name{CommonName: name, Organization: []string{"gpuadvisor test"}},
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}, parent)
}

func leaf(t *testing.T, parent *authority, dns string, ips ...net.IP) *authority {
	return issue(t, &x509.Certificate{Subject: pkix.Name{CommonName: dns}, DNSNames: []string{dns}, IPAddresses: ips,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, KeyUsage: x509.KeyUsageDigitalSignature}, parent)
}

// bundle writes certs as a PEM file, with a comment and a non-certificate
// block between them as real bundles have.
func bundle(t *testing.T, certs ...*x509.Certificate) string {
	t.Helper()
	var b []byte
	for _, c := range certs {
		b = append(b, "# "+c.Subject.CommonName+"\n"...)
		b = append(b, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})...)
		b = append(b, pem.EncodeToMemory(&pem.Block{Type: "TRUSTED CERTIFICATE", Bytes: []byte("not read")})...)
	}
	p := filepath.Join(t.TempDir(), "bundle.pem")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func pool(certs ...*x509.Certificate) *x509.CertPool {
	p := x509.NewCertPool()
	for _, c := range certs {
		p.AddCert(c)
	}
	return p
}

// The subject read from the DER is x509's RawSubject, for every root of the
// machine's bundle and for certificates with and without a version field.
func TestRawSubjectIsX509s(t *testing.T) {
	root := ca(t, "Root", nil)
	v1 := issue(t, &x509.Certificate{Subject: pkix.Name{CommonName: "v3 leaf"}}, root)
	certs := []*x509.Certificate{root.cert, v1.cert}
	for _, f := range goBundles {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for block, rest := pem.Decode(data); block != nil; block, rest = pem.Decode(rest) {
			if c, err := x509.ParseCertificate(block.Bytes); err == nil {
				certs = append(certs, c)
			}
		}
		break
	}
	for _, c := range certs {
		got, ok, _ := rawSubject(c.Raw)
		if !ok || string(got) != string(c.RawSubject) {
			t.Errorf("%s: rawSubject = %x, %v; want %x", c.Subject, got, ok, c.RawSubject)
		}
		// the first bytes only: enough when they hold the subject, else more
		issuer := bytes.Index(c.Raw, c.RawIssuer) + len(c.RawIssuer) // the subject follows the issuer
		end := issuer + bytes.Index(c.Raw[issuer:], c.RawSubject) + len(c.RawSubject)
		if got, ok, _ := rawSubject(c.Raw[:end]); !ok || string(got) != string(c.RawSubject) {
			t.Errorf("%s cut after the subject: rawSubject = %x, %v; want %x", c.Subject, got, ok, c.RawSubject)
		}
		if got, ok, more := rawSubject(c.Raw[:end-1]); !more || ok {
			t.Errorf("%s cut in the subject: rawSubject = %x, ok %v, more %v; want more", c.Subject, got, ok, more)
		}
	}
	for _, bad := range [][]byte{{0x31, 0x03, 0x02, 0x01, 0x01}, {0x30, 0x84, 1, 2, 3, 4}, {0x30, 0x06, 0x30, 0x04, 0x04, 0x02, 0x01, 0x01}} {
		if s, ok, more := rawSubject(bad); ok || more {
			t.Errorf("rawSubject(%x) = %x, ok %v, more %v; want neither", bad, s, ok, more)
		}
	}
}

// The index holds every root of a bundle that x509.CertPool would, and
// candidates are read with encoding/pem as x509 reads them: a block with
// headers, or whose base64 is cut short, is never a root.
func TestIndexFindsWhatX509Reads(t *testing.T) {
	files := []string{}
	for _, f := range goBundles {
		if _, err := os.Stat(f); err == nil {
			files = append(files, f)
			break
		}
	}
	root := ca(t, "Bundle Root", nil)
	headered := ca(t, "Headered Root", nil)
	long := ca(t, strings.Repeat("a very long name ", 12), nil)
	var b []byte
	b = append(b, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: root.cert.Raw})...)
	b = append(b, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Headers: map[string]string{"Proc-Type": "4,ENCRYPTED"}, Bytes: headered.cert.Raw})...)
	b = append(b, "\r\n"...)
	b = append(b, strings.ReplaceAll(string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: long.cert.Raw})), "\n", "\r\n")...)
	synthetic := filepath.Join(t.TempDir(), "bundle.pem")
	if err := os.WriteFile(synthetic, b, 0o644); err != nil {
		t.Fatal(err)
	}
	issuer := bytes.Index(long.cert.Raw, long.cert.RawIssuer) + len(long.cert.RawIssuer)
	if end := issuer + bytes.Index(long.cert.Raw[issuer:], long.cert.RawSubject) + len(long.cert.RawSubject); end < 3*640/4 {
		t.Fatalf("the long root's subject ends at byte %d, within the first base64 read: it tests nothing", end)
	}
	v := &Verifier{Bundle: []string{synthetic}}
	v.bundle()
	if at := bytes.Index(b, []byte("-----BEGIN CERTIFICATE-----\nProc-Type")); at < 0 || v.root(at, headered.cert.RawSubject) != nil {
		t.Errorf("the block with headers at %d is read as a root", at)
	}
	for _, f := range append(files, synthetic) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want := x509.NewCertPool()
		want.AppendCertsFromPEM(data)
		v := &Verifier{Bundle: []string{f}}
		var got []*x509.Certificate
		for subject, offsets := range v.bundle() {
			for _, at := range offsets {
				if c := v.root(at, []byte(subject)); c != nil {
					got = append(got, c)
				}
			}
		}
		if !pool(got...).Equal(want) {
			t.Errorf("%s: the index reads %d roots, not the pool x509 reads from the same file", f, len(got))
		}
	}
}

// Verify gives crypto/tls's verdict: a chain to a root of the bundle is
// accepted without the system pool, one to a root only the system pool has
// (a certificate directory) through it, and a wrong name, an unknown or
// expired chain is refused either way.
func TestVerify(t *testing.T) {
	root, other, dirOnly := ca(t, "Bundle Root", nil), ca(t, "Other Root", nil), ca(t, "Directory Root", nil)
	inter := ca(t, "Intermediate", root)
	expired := issue(t, &x509.Certificate{Subject: pkix.Name{CommonName: "old"}, DNSNames: []string{"open.feishu.cn"},
		NotBefore: time.Now().Add(-48 * time.Hour), NotAfter: time.Now().Add(-24 * time.Hour),
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}, root)
	unknown := ca(t, "Unknown Root", nil)
	bundleFile := bundle(t, other.cert, root.cert)
	tests := []struct {
		name     string
		chain    []*x509.Certificate
		host     string
		wantErr  bool
		wantFull bool // the system pool was needed
	}{
		{"leaf of a bundle root", []*x509.Certificate{leaf(t, root, "open.feishu.cn").cert}, "open.feishu.cn", false, false},
		{"leaf, intermediate, bundle root", []*x509.Certificate{leaf(t, inter, "open.feishu.cn").cert, inter.cert}, "open.feishu.cn", false, false},
		{"IP address in the certificate", []*x509.Certificate{leaf(t, root, "x.test", net.IPv4(127, 0, 0, 1)).cert}, "127.0.0.1", false, false},
		{"root only in a certificate directory", []*x509.Certificate{leaf(t, dirOnly, "open.feishu.cn").cert}, "open.feishu.cn", false, true},
		{"another host's certificate", []*x509.Certificate{leaf(t, root, "evil.example").cert}, "open.feishu.cn", true, true},
		{"another IP address", []*x509.Certificate{leaf(t, root, "x.test", net.IPv4(10, 0, 0, 1)).cert}, "127.0.0.1", true, true},
		{"unknown root", []*x509.Certificate{leaf(t, unknown, "open.feishu.cn").cert}, "open.feishu.cn", true, true},
		{"expired", []*x509.Certificate{expired.cert}, "open.feishu.cn", true, true},
		{"no certificate", nil, "open.feishu.cn", true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			full := &countingPool{pool: pool(other.cert, root.cert, dirOnly.cert)}
			v := &Verifier{Bundle: []string{filepath.Join(t.TempDir(), "missing.pem"), bundleFile}, System: full.pool}
			full.v = v
			err := full.verify(tc.chain, tc.host)
			if gotErr := err != nil; gotErr != tc.wantErr {
				t.Fatalf("Verify = %v, want error %v", err, tc.wantErr)
			}
			if full.used != tc.wantFull {
				t.Errorf("system pool used = %v, want %v", full.used, tc.wantFull)
			}
			var cve *tls.CertificateVerificationError
			if err != nil && len(tc.chain) > 0 && !errors.As(err, &cve) {
				t.Errorf("error %T %v, want a *tls.CertificateVerificationError", err, err)
			}
			// crypto/tls's own verdict with the same system pool
			if len(tc.chain) > 0 {
				opts := x509.VerifyOptions{DNSName: tc.host, Roots: full.pool, Intermediates: pool(tc.chain[1:]...)}
				if _, goErr := tc.chain[0].Verify(opts); (goErr != nil) != tc.wantErr {
					t.Errorf("x509 with the whole pool says %v; the test's expectation is wrong", goErr)
				}
			}
		})
	}
}

// countingPool records whether Verify fell back to the whole pool: it
// removes the pool for a first try, which must then fail.
type countingPool struct {
	v    *Verifier
	pool *x509.CertPool
	used bool
}

func (c *countingPool) verify(chain []*x509.Certificate, host string) error {
	c.v.System = x509.NewCertPool() // empty: only the bundle's roots can verify
	first := c.v.Verify(chain, host)
	c.v.System = c.pool
	if first == nil {
		return nil
	}
	c.used = len(chain) > 0
	return c.v.Verify(chain, host)
}

// Transport talks HTTP/1.1 over one kept-alive connection to a server of a
// bundle root (even one that offers HTTP/2),
// and refuses a server whose certificate names another host.
func TestTransport(t *testing.T) {
	root := ca(t, "Bundle Root", nil)
	good := leaf(t, root, "localhost", net.IPv4(127, 0, 0, 1))
	var handshakes atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, r.Proto)
	}))
	srv.EnableHTTP2 = true
	srv.TLS = &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{good.cert.Raw}, PrivateKey: good.key}},
		GetConfigForClient: func(*tls.ClientHelloInfo) (*tls.Config, error) {
			handshakes.Add(1)
			return nil, nil
		},
	}
	srv.StartTLS()
	defer srv.Close()
	client := &http.Client{Transport: Transport(&Verifier{Bundle: []string{bundle(t, root.cert)}, System: x509.NewCertPool()}), Timeout: 10 * time.Second}
	for i := range 3 {
		resp, err := client.Get(srv.URL)
		if err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(body) != "HTTP/1.1" {
			t.Errorf("request %d went over %s, want HTTP/1.1", i+1, body)
		}
	}
	if n := handshakes.Load(); n != 1 {
		t.Errorf("%d TLS handshakes for 3 requests, want 1 (one keep-alive connection)", n)
	}

	other := leaf(t, root, "other.example", net.IPv4(10, 0, 0, 1))
	srv.TLS.Certificates = []tls.Certificate{{Certificate: [][]byte{other.cert.Raw}, PrivateKey: other.key}}
	fresh := &http.Client{Transport: Transport(&Verifier{Bundle: []string{bundle(t, root.cert)}, System: x509.NewCertPool()}), Timeout: 10 * time.Second}
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, srv.URL, nil)
	if resp, err := fresh.Do(req); err == nil {
		resp.Body.Close()
		t.Fatal("a certificate for 10.0.0.1 was accepted for 127.0.0.1")
	} else if !strings.Contains(err.Error(), "10.0.0.1") {
		t.Errorf("error %v, want one naming the certificate's address", err)
	}
}
