package feishu

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/internal/testkit"
)

// restKeys are the only keys a REST API accepts in a proxy integration's
// answer; any other (aws-lambda-go's APIGatewayV2HTTPResponse always sends
// "cookies") is answered 502 "Malformed Lambda proxy response" (API Gateway
// developer guide, "Output format of a Lambda function for proxy
// integration").
var restKeys = map[string]bool{"statusCode": true, "headers": true, "multiValueHeaders": true, "body": true, "isBase64Encoded": true}

// A message event through a REST API (payload 1.0, as in AWS China:
// httpMethod, headers as sent, multiValueHeaders) is verified, decrypted and
// answered, with a response a REST API passes on; a GET is refused.
func TestRESTAPIProxyEvent(t *testing.T) {
	for _, tt := range []struct {
		name    string
		method  string
		b64     bool
		status  int
		replies int
	}{
		{"an encrypted event, body as sent", "POST", false, 200, 1},
		{"an encrypted event, body base64 (binary media types)", "POST", true, 200, 1},
		{"a GET", "GET", false, 405, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			hs := newHarness(t)
			body := testkit.FeishuEncrypt(testKey, hs.forApp(fixture(t, "im_message_p2p_text.json", "")))
			sig := signedHeaders(testKey, testNow, body)
			enc := string(body)
			if tt.b64 {
				enc = base64.StdEncoding.EncodeToString(body)
			}
			q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
			ev := strings.NewReplacer(`"TIMESTAMP"`, q(sig["x-lark-request-timestamp"]), `"NONCE"`, q(sig["x-lark-request-nonce"]),
				`"SIGNATURE"`, q(sig["x-lark-signature"]), `"BODY"`, q(enc), `"isBase64Encoded": false`, `"isBase64Encoded": `+strconv.FormatBool(tt.b64),
				`"httpMethod": "POST"`, `"httpMethod": `+q(tt.method)).Replace(string(fixture(t, "rest_api_proxy_event.json", "")))
			out, err := lambda.NewHandler(hs.h.HandleLambda).Invoke(context.Background(), []byte(ev))
			if err != nil {
				t.Fatalf("invoke: %v", err)
			}
			var res map[string]json.RawMessage
			if err := json.Unmarshal(out, &res); err != nil {
				t.Fatalf("response %s: %v", out, err)
			}
			var extra []string
			for k := range res {
				if !restKeys[k] {
					extra = append(extra, k)
				}
			}
			sort.Strings(extra)
			if len(extra) > 0 {
				t.Errorf("response has keys %v: a REST API answers it 502 Malformed Lambda proxy response", extra)
			}
			var status int
			json.Unmarshal(res["statusCode"], &status)
			if status != tt.status || len(hs.api.Messages()) != tt.replies {
				t.Errorf("got status %d and %d replies, want %d and %d (%s)", status, len(hs.api.Messages()), tt.status, tt.replies, out)
			}
		})
	}
}
