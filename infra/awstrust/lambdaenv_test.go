package awstrust

import (
	"context"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"testing"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
)

// lambdaEnviron is what Lambda sets for a function (besides its own
// variables), with the keys of its role.
var lambdaEnviron = []string{
	"AWS_REGION=ap-southeast-1", "AWS_DEFAULT_REGION=ap-southeast-1", "AWS_EXECUTION_ENV=AWS_Lambda_provided.al2023",
	"AWS_LAMBDA_FUNCTION_NAME=gpuadvisor-slack", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE=128", "AWS_LAMBDA_RUNTIME_API=127.0.0.1:9001",
	"AWS_ACCESS_KEY_ID=ASIAROLE", "AWS_ACCESS_KEY=ASIAROLE", "AWS_SECRET_ACCESS_KEY=role-secret", "AWS_SESSION_TOKEN=role-session",
	"AWS_XRAY_DAEMON_ADDRESS=169.254.79.129:2000", "AWS_XRAY_CONTEXT_MISSING=LOG_ERROR", "TZ=:UTC", "PATH=/usr/bin",
}

// TestEnvConfigIsTheSDKsOnLambda: in a Lambda environment the configuration
// built from the environment has the region, credentials and trust store
// config.LoadDefaultConfig gives there.
func TestEnvConfigIsTheSDKsOnLambda(t *testing.T) {
	got, ok, err := envConfig(lambdaEnviron)
	if err != nil || !ok {
		t.Fatalf("envConfig: ok %v, %v; want a configuration", ok, err)
	}
	for _, kv := range os.Environ() { // only the Lambda environment's AWS_* variables
		if k, _, _ := cutEnv(kv); len(k) > 4 && k[:4] == "AWS_" {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
	for _, kv := range lambdaEnviron {
		k, v, _ := cutEnv(kv)
		t.Setenv(k, v)
	}
	t.Setenv("HOME", t.TempDir()) // no shared files
	want, err := LoadWith(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	gc, _ := got.Credentials.Retrieve(context.Background())
	wc, _ := want.Credentials.Retrieve(context.Background())
	if got.Region != want.Region || gc != wc {
		t.Errorf("got region %q, credentials %+v; the SDK's: %q, %+v", got.Region, gc, want.Region, wc)
	}
	if !got.HTTPClient.(*awshttp.BuildableClient).GetTransport().TLSClientConfig.RootCAs.Equal(Pool()) {
		t.Error("the HTTP client does not trust exactly the Amazon roots")
	}
}

func cutEnv(kv string) (string, string, bool) {
	for i := 0; i < len(kv); i++ {
		if kv[i] == '=' {
			return kv[:i], kv[i+1:], true
		}
	}
	return kv, "", false
}

// TestEnvConfigLeavesEverythingElseToTheSDK: a profile, a config file, an
// endpoint or retry setting, no keys or no region: the SDK loads the
// configuration.
func TestEnvConfigLeavesEverythingElseToTheSDK(t *testing.T) {
	for _, tc := range []struct {
		name  string
		drop  []string
		extra []string
	}{
		{"a profile", nil, []string{"AWS_PROFILE=dev"}},
		{"a config file", nil, []string{"AWS_CONFIG_FILE=/etc/aws/config"}},
		{"an endpoint", nil, []string{"AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:8000"}},
		{"a retry setting", nil, []string{"AWS_MAX_ATTEMPTS=5"}},
		{"web identity", nil, []string{"AWS_ROLE_ARN=arn:aws:iam::1:role/r", "AWS_WEB_IDENTITY_TOKEN_FILE=/t"}},
		{"no secret key", []string{"AWS_SECRET_ACCESS_KEY"}, nil},
		{"no region", []string{"AWS_REGION", "AWS_DEFAULT_REGION"}, nil},
	} {
		var env []string
		for _, kv := range lambdaEnviron {
			if k, _, _ := cutEnv(kv); !slices.Contains(tc.drop, k) {
				env = append(env, kv)
			}
		}
		if _, ok, err := envConfig(append(env, tc.extra...)); ok || err != nil {
			t.Errorf("%s: envConfig took it (ok %v, %v); want it left to the SDK", tc.name, ok, err)
		}
	}
}

// TestEnvConfigCABundle: AWS_CA_BUNDLE adds its certificates to the Amazon
// roots, as the SDK's setting does: a server signed by that CA is trusted.
func TestEnvConfigCABundle(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	f := filepath.Join(t.TempDir(), "ca.pem")
	os.WriteFile(f, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o600)
	cfg, ok, err := envConfig(append(append([]string(nil), lambdaEnviron...), "AWS_CA_BUNDLE="+f))
	if err != nil || !ok {
		t.Fatalf("envConfig: %v, %v", ok, err)
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
	resp, err := cfg.HTTPClient.Do(req)
	if err != nil {
		t.Fatalf("a server signed by the bundle's CA: %v", err)
	}
	resp.Body.Close()
	if Pool().Equal(cfg.HTTPClient.(*awshttp.BuildableClient).GetTransport().TLSClientConfig.RootCAs) {
		t.Error("the bundle changed the shared Amazon pool")
	}
	if _, _, err := envConfig(append(append([]string(nil), lambdaEnviron...), "AWS_CA_BUNDLE=/nonexistent.pem")); err == nil {
		t.Error("a missing AWS_CA_BUNDLE file: no error")
	}
}

// TestEnvConfigChinaKeepsTheSystemRoots: in cn-* the client has no pool of
// its own (the system roots), as LoadWith gives there.
func TestEnvConfigChinaKeepsTheSystemRoots(t *testing.T) {
	var env []string
	for _, kv := range lambdaEnviron {
		if k, _, _ := cutEnv(kv); k != "AWS_REGION" && k != "AWS_DEFAULT_REGION" {
			env = append(env, kv)
		}
	}
	cfg, ok, err := envConfig(append(env, "AWS_REGION=cn-northwest-1"))
	if err != nil || !ok || cfg.Region != "cn-northwest-1" {
		t.Fatalf("envConfig: %v, %v, region %q", ok, err, cfg.Region)
	}
	if tc := cfg.HTTPClient.(*awshttp.BuildableClient).GetTransport().TLSClientConfig; tc != nil && tc.RootCAs != nil {
		t.Error("a China region's client has a pool of its own; want the system roots")
	}
}

// TestAWSClientsSpeakHTTP1: against a server that speaks HTTP/2 as well,
// the AWS clients' requests go out as HTTP/1.1 (HTTP1Only), as DynamoDB's
// endpoints answer, in every region.
func TestAWSClientsSpeakHTTP1(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(r.Proto)) }))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	f := filepath.Join(t.TempDir(), "ca.pem")
	os.WriteFile(f, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o600)
	for _, region := range []string{"ap-southeast-1", "cn-northwest-1"} {
		var env []string
		for _, kv := range lambdaEnviron {
			if k, _, _ := cutEnv(kv); k != "AWS_REGION" && k != "AWS_DEFAULT_REGION" {
				env = append(env, kv)
			}
		}
		cfg, ok, err := envConfig(append(env, "AWS_REGION="+region, "AWS_CA_BUNDLE="+f))
		if err != nil || !ok {
			t.Fatalf("%s: envConfig: %v, %v", region, ok, err)
		}
		req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
		resp, err := cfg.HTTPClient.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", region, err)
		}
		resp.Body.Close()
		if resp.Proto != "HTTP/1.1" {
			t.Errorf("%s: the AWS client spoke %s, want HTTP/1.1", region, resp.Proto)
		}
	}
	// and a server that speaks HTTP/2 indeed answers HTTP/2 to a client offering it
	plain := srv.Client()
	resp, err := plain.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.Proto != "HTTP/2.0" {
		t.Fatalf("the test server spoke %s to an HTTP/2 client; the test proves nothing", resp.Proto)
	}
}
