package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"
)

// systemBundle is the root bundle Go reads on Debian and on Amazon Linux's
// Lambda images alike (about 145 certificates).
var systemBundle = []string{"/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt"}

// front is the one TLS server a measured bootstrap talks to: a Secrets
// Manager stand-in (GetSecretValue), DynamoDB (proxied to dynalite, or
// answered with an empty success without one) and the Feishu Open API's
// token and reply calls. Its certificate is signed by a CA made for the run;
// trust holds the system bundle plus that CA, so that the platform clients
// parse a production-sized root pool on their first handshake, as on Lambda,
// and ca holds the CA alone, for AWS_CA_BUNDLE.
type front struct {
	URL     string
	trust   string // PEM file: system roots + the run's CA
	ca      string // PEM file: the run's CA alone
	secrets map[string]string
	srv     *http.Server
	puts    atomic.Int64
	reads   atomic.Int64
	replies atomic.Int64
}

func newFront(dir, dynamoURL string, secrets map[string]string) (*front, error) {
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	ca := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "gpuadvisor bench CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, fmt.Errorf("bench CA: %w", err)
	}
	leafKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	leaf := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		KeyUsage: x509.KeyUsageDigitalSignature}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, ca, &leafKey.PublicKey, caKey)
	if err != nil {
		return nil, fmt.Errorf("bench certificate: %w", err)
	}
	var bundle []byte
	for _, p := range systemBundle {
		if bundle, err = os.ReadFile(p); err == nil {
			break
		}
	}
	if len(bundle) == 0 {
		return nil, fmt.Errorf("no system root bundle at %s", strings.Join(systemBundle, " or "))
	}
	caPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER})
	f := &front{trust: filepath.Join(dir, "roots.pem"), ca: filepath.Join(dir, "bench-ca.pem"), secrets: secrets}
	if err := os.WriteFile(f.trust, append(append(bundle, '\n'), caPEM...), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(f.ca, caPEM, 0o644); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("TLS front: %w", err)
	}
	f.URL = "https://" + ln.Addr().String()
	var dynamo http.Handler
	if dynamoURL != "" {
		u, err := url.Parse(dynamoURL)
		if err != nil {
			return nil, fmt.Errorf("-dynamo %q: %w", dynamoURL, err)
		}
		dynamo = httputil.NewSingleHostReverseProxy(u)
	}
	f.srv = &http.Server{Handler: f.handler(dynamo), TLSConfig: &tls.Config{Certificates: []tls.Certificate{{
		Certificate: [][]byte{leafDER}, PrivateKey: leafKey}}}}
	go f.srv.ServeTLS(ln, "", "")
	return f, nil
}

func (f *front) handler(dynamo http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		target := r.Header.Get("X-Amz-Target")
		switch {
		case target == "secretsmanager.GetSecretValue":
			io.Copy(io.Discard, r.Body)
			f.reads.Add(1)
			s, _ := json.Marshal(f.secrets)
			w.Header().Set("Content-Type", "application/x-amz-json-1.1")
			json.NewEncoder(w).Encode(map[string]any{"Name": "gpuadvisor/bench", "SecretString": string(s)})
		case strings.HasPrefix(target, "DynamoDB_"):
			if strings.HasSuffix(target, ".PutItem") {
				f.puts.Add(1)
			}
			if dynamo != nil {
				dynamo.ServeHTTP(w, r)
				return
			}
			io.Copy(io.Discard, r.Body)
			w.Header().Set("Content-Type", "application/x-amz-json-1.0")
			w.Write([]byte("{}"))
		case r.URL.Path == "/open-apis/auth/v3/tenant_access_token/internal":
			io.Copy(io.Discard, r.Body)
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Write([]byte(`{"code":0,"msg":"ok","tenant_access_token":"t-bench","expire":7200}`))
		case strings.HasPrefix(r.URL.Path, "/open-apis/im/v1/messages/"):
			io.Copy(io.Discard, r.Body)
			f.replies.Add(1)
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Write([]byte(`{"code":0,"msg":"success","data":{"message_id":"om_bench_reply"}}`))
		default:
			http.Error(w, "not part of the bench: "+r.Method+" "+r.URL.Path+" "+target, http.StatusNotFound)
		}
	})
}

func (f *front) Close() { f.srv.Close() }
