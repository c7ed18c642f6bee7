package sysroots

import (
	"crypto/tls"
	"crypto/x509"
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
	bySubject map[string][][]byte // the bundle's roots (DER) by RawSubject

	mu     sync.Mutex
	parsed map[string]*x509.Certificate // roots parsed so far, by DER
}

// bundle reads and indexes the bundle, once.
func (v *Verifier) bundle() map[string][][]byte {
	v.once.Do(func() {
		files := v.Bundle
		if files == nil {
			files = goBundles
			if f := os.Getenv("SSL_CERT_FILE"); f != "" {
				files = []string{f}
			}
		}
		v.bySubject = map[string][][]byte{}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			for len(data) > 0 {
				var block *pem.Block
				if block, data = pem.Decode(data); block == nil {
					break
				}
				// what x509.CertPool.AppendCertsFromPEM takes
				if block.Type != "CERTIFICATE" || len(block.Headers) != 0 {
					continue
				}
				if subject, ok := rawSubject(block.Bytes); ok {
					v.bySubject[string(subject)] = append(v.bySubject[string(subject)], block.Bytes)
				}
			}
			break
		}
	})
	return v.bySubject
}

// candidates is a pool of the bundle's roots that may have issued a
// certificate of chain; nil when there is none.
func (v *Verifier) candidates(chain []*x509.Certificate) *x509.CertPool {
	index := v.bundle()
	var pool *x509.CertPool
	v.mu.Lock()
	defer v.mu.Unlock()
	for _, c := range chain {
		for _, der := range index[string(c.RawIssuer)] {
			root, ok := v.parsed[string(der)]
			if !ok {
				root, _ = x509.ParseCertificate(der) // unparsable: Go's pool skips it too
				if v.parsed == nil {
					v.parsed = map[string]*x509.Certificate{}
				}
				v.parsed[string(der)] = root
			}
			if root == nil {
				continue
			}
			if pool == nil {
				pool = x509.NewCertPool()
			}
			pool.AddCert(root)
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
