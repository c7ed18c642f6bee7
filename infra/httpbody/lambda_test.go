package httpbody

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

func TestRequestShapes(t *testing.T) {
	for _, tt := range []struct {
		name    string
		event   string
		method  string
		headers map[string][]string
	}{
		{"payload 2.0 (Function URL, HTTP API)", `{"version":"2.0","headers":{"x-slack-signature":"v0=a","x-forwarded-for":"1.1.1.1, 2.2.2.2"},"requestContext":{"http":{"method":"POST"}},"body":"x"}`,
			"POST", map[string][]string{"X-Slack-Signature": {"v0=a"}, "X-Forwarded-For": {"1.1.1.1, 2.2.2.2"}}},
		{"payload 1.0 (REST API proxy)", `{"httpMethod":"POST","headers":{"X-Lark-Signature":"b","Via":"2"},"multiValueHeaders":{"X-Lark-Signature":["b"],"Via":["1","2"]},"requestContext":{"httpMethod":"POST","authorizer":{"principalId":"x","integrationLatency":0}},"body":"x"}`,
			"POST", map[string][]string{"X-Lark-Signature": {"b"}, "Via": {"1", "2"}}},
		{"payload 1.0 with headers only", `{"httpMethod":"GET","headers":{"x-lark-signature":"c"},"body":null}`,
			"GET", map[string][]string{"X-Lark-Signature": {"c"}}},
		{"no method named", `{"headers":{"content-type":"application/json"}}`, "", map[string][]string{"Content-Type": {"application/json"}}},
	} {
		var r Request
		if err := json.Unmarshal([]byte(tt.event), &r); err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if got := r.Method(); got != tt.method {
			t.Errorf("%s: Method() = %q, want %q", tt.name, got, tt.method)
		}
		h := r.Header()
		for k, want := range tt.headers {
			if got := h.Values(k); strings.Join(got, "|") != strings.Join(want, "|") {
				t.Errorf("%s: header %s = %q, want %q", tt.name, k, got, want)
			}
		}
	}
}

func TestDecoded(t *testing.T) {
	const max = 16
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	post := RequestContext{HTTP: HTTPDescription{Method: "POST"}}
	for _, tt := range []struct {
		name   string
		req    Request
		body   string
		status int
	}{
		{"plain", Request{Body: "a=1&b=2", RequestContext: post}, "a=1&b=2", 0},
		{"base64", Request{Body: b64("a=1+%E4%B8%AD"), IsBase64Encoded: true, RequestContext: post}, "a=1+%E4%B8%AD", 0},
		{"exactly the limit, base64", Request{Body: b64(strings.Repeat("x", max)), IsBase64Encoded: true}, strings.Repeat("x", max), 0},
		{"one byte over, plain", Request{Body: strings.Repeat("x", max+1)}, "", http.StatusRequestEntityTooLarge},
		{"one byte over, base64", Request{Body: b64(strings.Repeat("x", max+1)), IsBase64Encoded: true}, "", http.StatusRequestEntityTooLarge},
		{"far over, base64, refused before decoding", Request{Body: strings.Repeat("QUFB", 1000), IsBase64Encoded: true}, "", http.StatusRequestEntityTooLarge},
		{"not base64", Request{Body: "%%%", IsBase64Encoded: true}, "", http.StatusBadRequest},
		{"GET, payload 2.0", Request{RequestContext: RequestContext{HTTP: HTTPDescription{Method: "GET"}}}, "", http.StatusMethodNotAllowed},
		{"GET, payload 1.0", Request{HTTPMethod: "GET"}, "", http.StatusMethodNotAllowed},
		{"post in lower case", Request{HTTPMethod: "post", Body: "x"}, "x", 0},
	} {
		body, ref := tt.req.Decoded(max)
		status := 0
		if ref != nil {
			status = ref.Status
		}
		if status != tt.status || string(body) != tt.body {
			t.Errorf("%s: got %q, refusal %d; want %q, %d", tt.name, body, status, tt.body, tt.status)
		}
	}
}
