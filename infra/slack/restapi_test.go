package slack

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/lambda"
)

// restEvent is testdata/rest_api_proxy_event.json (API Gateway's REST API
// proxy payload 1.0, as in AWS China, where the Slack function sits behind
// one) carrying body, signed at testNow, base64-encoded when b64 (a REST API
// with binary media types), with method as its httpMethod.
func restEvent(t *testing.T, body []byte, method string, b64 bool) []byte {
	t.Helper()
	stamp := strconv.FormatInt(testNow.Unix(), 10)
	enc := string(body)
	if b64 {
		enc = base64.StdEncoding.EncodeToString(body)
	}
	quoted := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	s := string(readFixture(t, "rest_api_proxy_event.json"))
	s = strings.NewReplacer(`"TIMESTAMP"`, quoted(stamp), `"SIGNATURE"`, quoted(Sign(testSecret, stamp, body)),
		`"BODY"`, quoted(enc), `"isBase64Encoded": false`, `"isBase64Encoded": `+strconv.FormatBool(b64),
		`"httpMethod": "POST"`, `"httpMethod": `+quoted(method)).Replace(s)
	return []byte(s)
}

// restKeys are the only keys a REST API accepts in a proxy integration's
// answer: any other (aws-lambda-go's APIGatewayV2HTTPResponse always sends
// "cookies") makes API Gateway answer 502 "Malformed Lambda proxy
// response" (API Gateway developer guide, "Output format of a Lambda
// function for proxy integration").
var restKeys = map[string]bool{"statusCode": true, "headers": true, "multiValueHeaders": true, "body": true, "isBase64Encoded": true}

// A slash command through a REST API (payload 1.0: httpMethod, headers as
// the client spelled them and multiValueHeaders) is verified and answered,
// with a response a REST API passes on; a GET is refused with 405.
func TestRESTAPIProxyEvent(t *testing.T) {
	form := url.Values{"command": {"/gpu"}, "text": {"billing ondemand=35 monthly=15000 hours=300"}, "team_id": {"T1"},
		"channel_id": {"C1"}, "user_id": {"U1"}, "trigger_id": {"13345224609.738474920.8088930838d88f008e0"}}
	for _, tt := range []struct {
		name   string
		method string
		b64    bool
		status int
		runs   int64
	}{
		{"a slash command, body as sent", "POST", false, 200, 1},
		{"a slash command, body base64 (binary media types)", "POST", true, 200, 1},
		{"a GET", "GET", false, 405, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			body := []byte(form.Encode())
			out, err := lambda.NewHandler(f.h.HandleLambda).Invoke(context.Background(), restEvent(t, body, tt.method, tt.b64))
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
			if status != tt.status || f.runs.Load() != tt.runs {
				t.Errorf("got status %d and %d commands run, want %d and %d (%s)", status, f.runs.Load(), tt.status, tt.runs, out)
			}
		})
	}
}
