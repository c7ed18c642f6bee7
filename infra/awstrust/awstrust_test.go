package awstrust

import (
	"context"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/config"
)

// The SHA-256 fingerprints Amazon Trust Services publishes for its roots
// (https://www.amazontrust.com/repository/, read 2026-12-01).
var wantRoots = map[string]string{
	"Amazon Root CA 1": "8ecde6884f3d87b1125ba31ac3fcb13d7016de7f57cc904fe1cb97c6ae98196e",
	"Amazon Root CA 2": "1ba5b2aa8c65401a82960118f80bec4f62304d83cec4713a19c39c011ea46db4",
	"Amazon Root CA 3": "18ce6cfe7bf14e60b2e347b8dfe868cb31d02ebb3ada271569f50343b46db3a4",
	"Amazon Root CA 4": "e35d28419ed02025cfa69038cd623962458da5c695fbdea3c22b0bfb25897092",
	"Starfield Services Root Certificate Authority - G2": "568d6905a2c88708a4b3025190edcfedb1974a606a13c6e5290fcb2ae63edab5",
}

// embeddedRoots parses every certificate of amazon-roots.pem.
func embeddedRoots(t *testing.T) []*x509.Certificate {
	t.Helper()
	var out []*x509.Certificate
	rest := amazonRootsPEM
	for {
		var b *pem.Block
		if b, rest = pem.Decode(rest); b == nil {
			break
		}
		c, err := x509.ParseCertificate(b.Bytes)
		if err != nil {
			t.Fatalf("amazon-roots.pem: %v", err)
		}
		out = append(out, c)
	}
	return out
}

func TestEmbeddedRootsAreAmazonTrustServices(t *testing.T) {
	got := map[string]string{}
	for _, c := range embeddedRoots(t) {
		sum := sha256.Sum256(c.Raw)
		got[c.Subject.CommonName] = hex.EncodeToString(sum[:])
		if !c.IsCA || string(c.RawSubject) != string(c.RawIssuer) {
			t.Errorf("%s: IsCA=%v, self-issued=%v; want a self-signed root", c.Subject.CommonName, c.IsCA, string(c.RawSubject) == string(c.RawIssuer))
		}
	}
	if len(got) != len(wantRoots) {
		t.Errorf("amazon-roots.pem holds %d roots %v, want the %d of Amazon Trust Services", len(got), got, len(wantRoots))
	}
	for name, fp := range wantRoots {
		if got[name] != fp {
			t.Errorf("%s: got fingerprint %q, want %s", name, got[name], fp)
		}
	}
}

// TestClientPoolIsExactlyTheAmazonRoots: the transport the AWS SDK gets
// trusts those five roots and nothing else (not the system bundle).
func TestClientPoolIsExactlyTheAmazonRoots(t *testing.T) {
	t.Setenv("AWS_CA_BUNDLE", "") // as on Lambda; a developer machine may set it
	want := x509.NewCertPool()
	for _, c := range embeddedRoots(t) {
		want.AddCert(c)
	}
	cfg, err := LoadWith(context.Background(), config.WithRegion("ap-southeast-1"))
	if err != nil {
		t.Fatal(err)
	}
	bc, ok := cfg.HTTPClient.(*awshttp.BuildableClient)
	if !ok {
		t.Fatalf("HTTPClient is %T, want the SDK's BuildableClient", cfg.HTTPClient)
	}
	tr := bc.GetTransport()
	if tr.TLSClientConfig == nil || tr.TLSClientConfig.RootCAs == nil {
		t.Fatal("the AWS client's transport has no RootCAs: it would trust the system bundle")
	}
	if !tr.TLSClientConfig.RootCAs.Equal(want) {
		t.Error("the AWS client's root pool is not exactly the five Amazon Trust Services roots")
	}
	if sys, err := x509.SystemCertPool(); err == nil && tr.TLSClientConfig.RootCAs.Equal(sys) {
		t.Error("the AWS client's root pool is the system pool")
	}
}

// TestHandshakeWithAnotherCAFails: a server whose certificate another CA
// signed is refused by the AWS client, and accepted once AWS_CA_BUNDLE's
// setting adds that CA (so the failure is the trust store's).
func TestHandshakeWithAnotherCAFails(t *testing.T) {
	t.Setenv("AWS_CA_BUNDLE", "") // as on Lambda; a developer machine may set it
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("{}")) }))
	defer srv.Close()
	get := func(c interface {
		Do(*http.Request) (*http.Response, error)
	}) error {
		req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		return err
	}

	cfg, err := LoadWith(context.Background(), config.WithRegion("us-east-1"))
	if err != nil {
		t.Fatal(err)
	}
	err = get(cfg.HTTPClient)
	var unknown x509.UnknownAuthorityError
	var verify *tls.CertificateVerificationError
	if err == nil || !(errors.As(err, &unknown) || errors.As(err, &verify)) {
		t.Errorf("handshake with a server signed by another CA: got %v, want an unknown-authority error", err)
	}

	caPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	cfg, err = LoadWith(context.Background(), config.WithRegion("us-east-1"), config.WithCustomCABundle(strings.NewReader(string(caPEM))))
	if err != nil {
		t.Fatal(err)
	}
	if err := get(cfg.HTTPClient); err != nil {
		t.Errorf("with that CA added as the custom CA bundle: got %v, want the handshake to succeed", err)
	}
	// the addition went to this client's copy, not to the shared pool
	if Pool().Equal(cfg.HTTPClient.(*awshttp.BuildableClient).GetTransport().TLSClientConfig.RootCAs) {
		t.Error("the custom CA bundle changed the shared Amazon pool")
	}
}

// TestChinaRegionsKeepTheSystemRoots: in cn-* the SDK's default client is
// used (no RootCAs set, so the system bundle).
func TestChinaRegionsKeepTheSystemRoots(t *testing.T) {
	t.Setenv("AWS_CA_BUNDLE", "") // as on Lambda; a developer machine may set it
	for _, tc := range []struct {
		region string
		amazon bool
	}{{"cn-north-1", false}, {"cn-northwest-1", false}, {"ap-southeast-1", true}, {"us-gov-west-1", true}} {
		t.Run(tc.region, func(t *testing.T) {
			cfg, err := LoadWith(context.Background(), config.WithRegion(tc.region))
			if err != nil {
				t.Fatal(err)
			}
			var pool *x509.CertPool
			if bc, ok := cfg.HTTPClient.(*awshttp.BuildableClient); ok && bc.GetTransport().TLSClientConfig != nil {
				pool = bc.GetTransport().TLSClientConfig.RootCAs
			}
			if got := pool != nil && pool.Equal(Pool()); got != tc.amazon {
				t.Errorf("%s: Amazon roots only = %v, want %v", tc.region, got, tc.amazon)
			}
		})
	}
}

// TestLoadDefaultConfigOncePerEnvironment: a second load with the same AWS_*
// environment is the first one's configuration (same credential cache) with
// an HTTP client of its own; a changed environment is loaded again.
func TestLoadDefaultConfigOncePerEnvironment(t *testing.T) {
	t.Setenv("AWS_CONFIG_FILE", "/nonexistent")
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", "/nonexistent")
	t.Setenv("AWS_CA_BUNDLE", "")
	t.Setenv("AWS_REGION", "eu-west-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "AKIDONE")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "secret")
	ctx := context.Background()
	a, err := LoadDefaultConfig(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := LoadDefaultConfig(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a.Credentials != b.Credentials || a.Region != "eu-west-1" || b.Region != "eu-west-1" {
		t.Errorf("second load: credentials shared %v, regions %q %q; want the first load's", a.Credentials == b.Credentials, a.Region, b.Region)
	}
	if a.HTTPClient == b.HTTPClient {
		t.Error("both loads got one HTTP client; want one each")
	}
	if bc, ok := b.HTTPClient.(*awshttp.BuildableClient); !ok || !bc.GetTransport().TLSClientConfig.RootCAs.Equal(Pool()) {
		t.Errorf("second load's HTTP client %T does not trust exactly the Amazon roots", b.HTTPClient)
	}
	t.Setenv("AWS_REGION", "ap-southeast-1")
	t.Setenv("AWS_ACCESS_KEY_ID", "AKIDTWO")
	c, err := LoadDefaultConfig(ctx)
	if err != nil {
		t.Fatal(err)
	}
	creds, _ := c.Credentials.Retrieve(ctx)
	if c.Region != "ap-southeast-1" || creds.AccessKeyID != "AKIDTWO" {
		t.Errorf("after the environment changed: region %q, key %q; want ap-southeast-1, AKIDTWO", c.Region, creds.AccessKeyID)
	}
}
