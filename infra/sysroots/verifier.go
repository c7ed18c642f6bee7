package sysroots

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"os"
	"sync"
)

// goBundles are the files crypto/x509 reads its Linux bundle from, the first
// readable one (crypto/x509/root_linux.go, Go 1.26).
var goBundles = []string{
	"/etc/ssl/certs/ca-certificates.crt",                // Debian/Ubuntu/Gentoo etc.
	"/etc/pki/tls/certs/ca-bundle.crt",                  // Fedora/RHEL 6, Amazon Linux
	"/etc/ssl/ca-bundle.pem",                            // OpenSUSE
	"/etc/pki/tls/cacert.pem",                           // OpenELEC
	"/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem", // CentOS/RHEL 7
	"/etc/ssl/cert.pem",                                 // Alpine Linux
}

// Verifier verifies server certificate chains against the system roots,
// parsing only the roots a chain names. Its zero value is ready to use;
// it is safe for concurrent use.
type Verifier struct {
	// Bundle names the PEM files of which the first readable one is
	// indexed; nil means SSL_CERT_FILE when it is set, else Go's list.
	Bundle []string
	// System is the pool a chain is verified against when the bundle's
	// roots do not verify it; nil means Go's system pool (the bundle and
	// the certificate directories, SSL_CERT_DIR).
	System *x509.CertPool

	once      sync.Once
	data      []byte           // the bundle file
	bySubject map[string][]int // offsets in data of its roots' PEM blocks, by RawSubject

	mu     sync.Mutex
	parsed map[int]*x509.Certificate // roots parsed so far, by offset (nil: unusable)
}

var (
	beginCertificate = []byte("-----BEGIN CERTIFICATE-----")
	pemEnd           = []byte("-----END")
)

// bundle reads and indexes the bundle, once: for each certificate block,
// only as much of its base64 is decoded as holds the subject.
func (v *Verifier) bundle() map[string][]int {
	v.once.Do(func() {
		files := v.Bundle
		if files == nil {
			files = goBundles
			if f := os.Getenv("SSL_CERT_FILE"); f != "" {
				files = []string{f}
			}
		}
		v.bySubject = map[string][]int{}
		for _, f := range files {
			data, err := readBundle(f)
			if err != nil {
				continue
			}
			v.data = data
			var buf []byte
			for off := 0; ; {
				i := bytes.Index(data[off:], beginCertificate)
				if i < 0 {
					break
				}
				at := off + i
				off = at + len(beginCertificate)
				if at > 0 && data[at-1] != '\n' {
					continue
				}
				body := data[off:]
				if end := bytes.Index(body, pemEnd); end >= 0 {
					body = body[:end]
				}
				var subject []byte
				if subject, buf = subjectOf(body, buf); subject != nil {
					v.bySubject[string(subject)] = append(v.bySubject[string(subject)], at)
				}
			}
			break
		}
	})
	return v.bySubject
}

// subjectOf decodes the start of a PEM block's body (the line ending its
// BEGIN line, then base64 lines: base64 skips the newlines) until it holds
// the certificate's subject, with buf as room; nil when it holds none.
func subjectOf(body, buf []byte) (subject, room []byte) {
	for n := 640; ; n *= 4 {
		if n > len(body) {
			n = len(body)
		}
		if need := base64.StdEncoding.DecodedLen(n); cap(buf) < need {
			buf = make([]byte, need)
		}
		// a cut through a quantum is an error after the bytes before it
		got, _ := base64.StdEncoding.Decode(buf[:cap(buf)], bytes.TrimLeft(body[:n], "\r\n"))
		s, ok, more := rawSubject(buf[:got])
		switch {
		case ok:
			return s, buf
		case !more || n == len(body):
			return nil, buf
		}
	}
}

// root is the certificate of the block at offset at, read as
// x509.CertPool.AppendCertsFromPEM reads it (encoding/pem, a CERTIFICATE
// block without headers, then x509.ParseCertificate); nil when it is not
// one such a pool would hold, or not one of subject.
func (v *Verifier) root(at int, subject []byte) *x509.Certificate {
	if c, ok := v.parsed[at]; ok {
		return c
	}
	var c *x509.Certificate
	if block, _ := pem.Decode(v.data[at:]); block != nil && block.Type == "CERTIFICATE" && len(block.Headers) == 0 {
		if parsed, err := x509.ParseCertificate(block.Bytes); err == nil && bytes.Equal(parsed.RawSubject, subject) {
			c = parsed
		}
	}
	if v.parsed == nil {
		v.parsed = map[int]*x509.Certificate{}
	}
	v.parsed[at] = c
	return c
}

// candidates is a pool of the bundle's roots that may have issued a
// certificate of chain; nil when there is none.
func (v *Verifier) candidates(chain []*x509.Certificate) *x509.CertPool {
	index := v.bundle()
	var pool *x509.CertPool
	v.mu.Lock()
	defer v.mu.Unlock()
	for _, c := range chain {
		for _, at := range index[string(c.RawIssuer)] {
			if root := v.root(at, c.RawIssuer); root != nil {
				if pool == nil {
					pool = x509.NewCertPool()
				}
				pool.AddCert(root)
			}
		}
	}
	return pool
}

// Verify checks the chain a server presented (leaf first) for the host
// serverName (a DNS name or an IP address) as crypto/tls does with a nil
// RootCAs; the error is a *tls.CertificateVerificationError.
func (v *Verifier) Verify(chain []*x509.Certificate, serverName string) error {
	if len(chain) == 0 {
		return errors.New("tls: the server sent no certificate")
	}
	opts := x509.VerifyOptions{DNSName: serverName, Intermediates: x509.NewCertPool()}
	for _, c := range chain[1:] {
		opts.Intermediates.AddCert(c)
	}
	if roots := v.candidates(chain); roots != nil {
		opts.Roots = roots
		if _, err := chain[0].Verify(opts); err == nil {
			return nil
		}
	}
	opts.Roots = v.System // nil: the system pool, loaded once per process
	if _, err := chain[0].Verify(opts); err != nil {
		return &tls.CertificateVerificationError{UnverifiedCertificates: chain, Err: err}
	}
	return nil
}
