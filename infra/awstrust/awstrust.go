// Package awstrust gives the AWS SDK clients (DynamoDB, Secrets Manager,
// SSM, Lambda) a trust store of the Amazon Trust Services roots only,
// embedded in the binary, instead of the system's whole root bundle.
//
// On a cold start the first TLS handshake verifies the endpoint's chain
// against the client's root pool; with the system pool Go first parses every
// certificate of the bundle (about 145, several milliseconds of CPU, which a
// 128 MB Lambda pays many times over in throttling). AWS endpoints present
// certificates issued under the Amazon Trust Services roots, so those five
// are enough there. Slack, Feishu and the LLM are not AWS and keep the
// system roots: only the HTTP client built here carries this pool.
//
// AWS_CA_BUNDLE (the SDK's own setting) adds certificates to the pool, for a
// proxy or a test server. In the China regions (cn-*), whose endpoints this
// package does not vouch for, the SDK's default client and the system roots
// are used.
package awstrust

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	_ "embed"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
)

// amazonRootsPEM holds Amazon Root CA 1 to 4 and Starfield Services Root
// Certificate Authority - G2 (the file says where they come from).
//
//go:embed amazon-roots.pem
var amazonRootsPEM []byte

var amazonPool = sync.OnceValue(func() *x509.CertPool {
	p := x509.NewCertPool()
	if !p.AppendCertsFromPEM(amazonRootsPEM) {
		panic("awstrust: amazon-roots.pem holds no certificate") // embedded; a test reads it
	}
	return p
})

// Pool returns a copy of the pool of the Amazon Trust Services roots.
func Pool() *x509.CertPool { return amazonPool().Clone() }

// HTTPClient is the SDK's default HTTP client with the Amazon Trust Services
// roots as its only trusted roots, speaking HTTP/1.1 (HTTP1Only).
func HTTPClient() *awshttp.BuildableClient {
	return awshttp.NewBuildableClient().WithTransportOptions(HTTP1Only, func(tr *http.Transport) {
		if tr.TLSClientConfig == nil {
			tr.TLSClientConfig = &tls.Config{MinVersion: tls.VersionTLS12}
		}
		tr.TLSClientConfig.RootCAs = Pool() // a copy: AWS_CA_BUNDLE appends to it
	})
}

// HTTP1Only makes a transport speak HTTP/1.1 only, where the SDK's default
// client offers HTTP/2 too (ForceAttemptHTTP2). DynamoDB's endpoints answer
// HTTP/1.1 whatever is offered, and a function's Secrets Manager read and
// drafter hand-off are a request or two per connection: HTTP/2 would add
// its connection preface, settings exchange and two goroutines per
// connection to each cold start for nothing (and, against a test server
// that does speak it, measure what production does not run).
func HTTP1Only(tr *http.Transport) {
	tr.ForceAttemptHTTP2 = false
	tr.Protocols = new(http.Protocols)
	tr.Protocols.SetHTTP1(true)
	tr.TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{} // no "h2" upgrade
	if tr.TLSClientConfig != nil {
		// a transport HTTP/2 was set up on offers "h2" in its TLS config
		tr.TLSClientConfig = tr.TLSClientConfig.Clone()
		tr.TLSClientConfig.NextProtos = slices.DeleteFunc(tr.TLSClientConfig.NextProtos, func(p string) bool { return p == "h2" })
	}
}

// UsesAmazonRoots reports whether clients for region get the Amazon roots
// only: everywhere but the China regions.
func UsesAmazonRoots(region string) bool { return !strings.HasPrefix(region, "cn-") }

// LoadDefaultConfig is the AWS configuration of the process: built from
// Lambda's own variables when they are all there is (envConfig), else loaded
// by the SDK (config.LoadDefaultConfig, in builds without the lambda.norpc
// tag; the functions' builds say instead what they cannot read), with
// HTTPClient for the region's clients (the system roots in the China
// regions).
//
// It loads once per process environment: a function's secrets, table and
// drafter hand-off each ask for the configuration at a cold start. A later
// call with the same AWS_* variables gets the loaded configuration, with the
// same credential cache, and an HTTP client of its own (the same trust
// store, its own connections).
func LoadDefaultConfig(ctx context.Context) (aws.Config, error) {
	key := awsEnv()
	loaded.mu.Lock()
	defer loaded.mu.Unlock()
	if !loaded.ok || loaded.env != key {
		cfg, ok, err := envConfig(os.Environ())
		if err != nil {
			return aws.Config{}, fmt.Errorf("aws config from the environment: %w", err)
		}
		if !ok {
			if cfg, err = sdkConfig(ctx); err != nil {
				return aws.Config{}, err
			}
		}
		loaded.cfg, loaded.env, loaded.ok = cfg, key, true
	}
	cfg := loaded.cfg.Copy()
	if bc, ok := cfg.HTTPClient.(*awshttp.BuildableClient); ok {
		cfg.HTTPClient = bc.WithTransportOptions() // a copy of its transport: no connection shared
	}
	return cfg, nil
}

// loaded is the configuration LoadDefaultConfig loaded last, and the AWS_*
// environment it was loaded from.
var loaded struct {
	mu  sync.Mutex
	ok  bool
	env string
	cfg aws.Config
}

// awsEnv is the process's AWS_* variables, sorted: what the SDK's default
// configuration is read from (besides files it names).
func awsEnv() string {
	var vars []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "AWS_") {
			vars = append(vars, kv)
		}
	}
	slices.Sort(vars)
	return strings.Join(vars, "\x00")
}
