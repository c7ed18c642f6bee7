package testkit

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestCheckSigV4DocumentedExample: the verifier accepts the signature of the
// GET Object example in Amazon S3's "Signature Calculations for the
// Authorization Header" (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html)
// and refuses it with one header or the secret changed.
func TestCheckSigV4DocumentedExample(t *testing.T) {
	const (
		secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
		auth   = "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
	)
	example := func() *http.Request {
		r, _ := http.NewRequest(http.MethodGet, "https://examplebucket.s3.amazonaws.com/test.txt", nil)
		r.Header.Set("Range", "bytes=0-9")
		r.Header.Set("X-Amz-Content-Sha256", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
		r.Header.Set("X-Amz-Date", "20130524T000000Z")
		r.Header.Set("Authorization", auth)
		return r
	}
	sig, err := CheckSigV4(example(), nil, secret, time.Time{})
	if err != nil {
		t.Fatalf("the documented example: %v", err)
	}
	if sig.AccessKey != "AKIAIOSFODNN7EXAMPLE" || sig.Region != "us-east-1" || sig.Service != "s3" || strings.Join(sig.SignedHeaders, ";") != "host;range;x-amz-content-sha256;x-amz-date" {
		t.Errorf("got %+v, want the example's key, region, service and signed headers", sig)
	}
	for _, tc := range []struct {
		name   string
		change func(*http.Request)
		secret string
	}{
		{"another range", func(r *http.Request) { r.Header.Set("Range", "bytes=0-10") }, secret},
		{"another path", func(r *http.Request) { r.URL.Path = "/test.txt2" }, secret},
		{"another secret", func(*http.Request) {}, secret + "x"},
		{"a session token not signed", func(r *http.Request) { r.Header.Set("X-Amz-Security-Token", "t") }, secret},
	} {
		r := example()
		tc.change(r)
		if _, err := CheckSigV4(r, nil, tc.secret, time.Time{}); err == nil {
			t.Errorf("%s: the signature was accepted, want it refused", tc.name)
		}
	}
}
