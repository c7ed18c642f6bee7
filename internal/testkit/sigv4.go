package testkit

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"
)

// SigV4 is what CheckSigV4 found in a request's Authorization header.
type SigV4 struct {
	AccessKey, Date, Region, Service string
	SignedHeaders                    []string
}

// CheckSigV4 verifies r's AWS Signature Version 4 (the Authorization
// header) with secret, as a service would: the signature is recomputed from
// the canonical request (method, the path's segments URI-encoded again as
// every service but S3 expects, the sorted query, the signed headers, the
// SHA-256 of body) by the documented algorithm, independently of the SDK's
// signer
// (https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html).
// X-Amz-Date must be within 15 minutes of now (zero now skips that), and
// host, x-amz-date and, when sent, x-amz-security-token must be signed.
func CheckSigV4(r *http.Request, body []byte, secret string, now time.Time) (SigV4, error) {
	var sig SigV4
	auth, ok := strings.CutPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 ")
	if !ok {
		return sig, fmt.Errorf("the Authorization header %q is not AWS4-HMAC-SHA256", r.Header.Get("Authorization"))
	}
	fields := map[string]string{}
	for _, f := range strings.Split(auth, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(f), "=")
		fields[k] = v
	}
	scope := strings.Split(fields["Credential"], "/")
	if len(scope) != 5 || scope[4] != "aws4_request" {
		return sig, fmt.Errorf("credential %q, want KEY/DATE/REGION/SERVICE/aws4_request", fields["Credential"])
	}
	sig = SigV4{AccessKey: scope[0], Date: scope[1], Region: scope[2], Service: scope[3], SignedHeaders: strings.Split(fields["SignedHeaders"], ";")}
	amzDate := r.Header.Get("X-Amz-Date")
	at, err := time.Parse("20060102T150405Z", amzDate)
	if err != nil {
		return sig, fmt.Errorf("X-Amz-Date %q: %v", amzDate, err)
	}
	if !strings.HasPrefix(amzDate, sig.Date) {
		return sig, fmt.Errorf("X-Amz-Date %s is not of the credential's day %s", amzDate, sig.Date)
	}
	if !now.IsZero() && (now.Sub(at) > 15*time.Minute || at.Sub(now) > 15*time.Minute) {
		return sig, fmt.Errorf("X-Amz-Date %s is more than 15 minutes from now", amzDate)
	}
	signed := map[string]bool{}
	for _, h := range sig.SignedHeaders {
		signed[h] = true
	}
	for _, h := range []string{"host", "x-amz-date"} {
		if !signed[h] {
			return sig, fmt.Errorf("header %s is not signed (SignedHeaders=%s)", h, fields["SignedHeaders"])
		}
	}
	if r.Header.Get("X-Amz-Security-Token") != "" && !signed["x-amz-security-token"] {
		return sig, fmt.Errorf("the session token is sent but not signed")
	}

	var canon strings.Builder
	canon.WriteString(r.Method + "\n")
	segs := strings.Split(r.URL.EscapedPath(), "/")
	for i, s := range segs {
		segs[i] = uriEncode(s)
	}
	canon.WriteString(strings.Join(segs, "/") + "\n")
	canon.WriteString(canonicalQuery(r) + "\n")
	for _, h := range sig.SignedHeaders {
		v := r.Header.Get(h)
		if h == "host" {
			v = r.Host
		}
		canon.WriteString(h + ":" + strings.Join(strings.Fields(v), " ") + "\n")
	}
	canon.WriteString("\n" + fields["SignedHeaders"] + "\n")
	sum := sha256.Sum256(body)
	canon.WriteString(hex.EncodeToString(sum[:]))

	creq := sha256.Sum256([]byte(canon.String()))
	toSign := "AWS4-HMAC-SHA256\n" + amzDate + "\n" + strings.Join(scope[1:], "/") + "\n" + hex.EncodeToString(creq[:])
	key := []byte("AWS4" + secret)
	for _, part := range append(scope[1:4], "aws4_request") {
		key = hmacSHA256(key, part)
	}
	want := hex.EncodeToString(hmacSHA256(key, toSign))
	if !hmac.Equal([]byte(want), []byte(fields["Signature"])) {
		return sig, fmt.Errorf("signature %s does not match the request (canonical request:\n%s)", fields["Signature"], canon.String())
	}
	return sig, nil
}

func hmacSHA256(key []byte, data string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(data))
	return m.Sum(nil)
}

// uriEncode encodes every byte but the unreserved characters.
func uriEncode(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func canonicalQuery(r *http.Request) string {
	var pairs []string
	for k, vs := range r.URL.Query() {
		for _, v := range vs {
			pairs = append(pairs, uriEncode(k)+"="+uriEncode(v))
		}
	}
	sort.Strings(pairs)
	return strings.Join(pairs, "&")
}
