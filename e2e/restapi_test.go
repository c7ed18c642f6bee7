package e2e

import (
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"gpuadvisor/internal/testkit"
)

// restEvent is an API Gateway REST API proxy event (payload 1.0), as the
// functions get it in the AWS China regions: httpMethod, the headers as the
// client spelled them (canonical here, as Slack and Feishu send them), each
// also in multiValueHeaders, the body as sent (aws-lambda-go's
// events.APIGatewayProxyRequest, the type of its apigw-request.json).
func restEvent(path string, lower map[string]string, body []byte) []byte {
	h, mv := map[string]string{}, map[string][]string{}
	for k, v := range lower {
		k = http.CanonicalHeaderKey(k)
		h[k], mv[k] = v, []string{v}
	}
	ev := events.APIGatewayProxyRequest{Resource: path, Path: path, HTTPMethod: "POST", Headers: h, MultiValueHeaders: mv, Body: string(body)}
	ev.RequestContext.HTTPMethod, ev.RequestContext.Stage, ev.RequestContext.RequestID = "POST", "prod", "deef4878-7910-11e6-8f14-25afc3e9ae33"
	ev.RequestContext.Identity.SourceIP = "3.5.140.2"
	b, _ := json.Marshal(ev)
	return b
}

// restAnswer checks that raw is a proxy integration answer a REST API
// passes on (no key beyond the five of its output format: any other, such
// as "cookies", is a 502 "Malformed Lambda proxy response") and decodes it.
func restAnswer(t *testing.T, raw []byte) events.APIGatewayProxyResponse {
	t.Helper()
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keys); err != nil {
		t.Fatalf("answer is not JSON: %v: %.300s", err, raw)
	}
	var extra []string
	for k := range keys {
		switch k {
		case "statusCode", "headers", "multiValueHeaders", "body", "isBase64Encoded":
		default:
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	if len(extra) > 0 {
		t.Errorf("answer has keys %v: a REST API answers it 502 Malformed Lambda proxy response", extra)
	}
	var r events.APIGatewayProxyResponse
	json.Unmarshal(raw, &r)
	return r
}

// TestBehindRESTAPI: the built slack and feishu functions answer requests
// that an API Gateway REST API hands them, with answers it accepts.
func TestBehindRESTAPI(t *testing.T) {
	t.Run("slack slash command", func(t *testing.T) {
		fs := newFakeSlack(t)
		f := start(t, "slack", slackEnv(fs))
		form := slashForm("billing ondemand=35 monthly=15000 hours=300", fs.HookURL("rest"))
		h := map[string]string{"content-type": formType, "user-agent": "Slackbot 1.0 (+https://api.slack.com/robots)"}
		sec := time.Now()
		signed := slackRequest("/slack/commands", formType, form, slackSecret, sec)
		var v2 events.APIGatewayV2HTTPRequest
		json.Unmarshal(signed, &v2)
		h["x-slack-request-timestamp"], h["x-slack-signature"] = v2.Headers["x-slack-request-timestamp"], v2.Headers["x-slack-signature"]
		r := restAnswer(t, f.invoke(t, restEvent("/slack/commands", h, form)))
		if r.StatusCode != 200 || !strings.Contains(r.Body, "15,000") {
			t.Errorf("got HTTP %d %.300s, want 200 and the billing answer", r.StatusCode, r.Body)
		}
	})
	t.Run("feishu message", func(t *testing.T) {
		api := newFakeFeishu(t)
		f := start(t, "feishu", map[string]string{
			"FEISHU_APP_ID": api.AppID, "FEISHU_APP_SECRET": api.AppSecret, "FEISHU_VERIFICATION_TOKEN": feishuToken,
			"FEISHU_ENCRYPT_KEY": feishuEncryptKey, "FEISHU_BASE_URL": api.URL,
		})
		body := testkit.FeishuEncrypt(feishuEncryptKey, feishuMessageEvent("5e3702a84e847582be8db7fb73283c02", "om_rest0001", "help"))
		r := restAnswer(t, f.invoke(t, restEvent("/feishu/events", feishuHeaders(feishuEncryptKey, time.Now(), body), body)))
		if r.StatusCode != 200 || len(api.Messages()) != 1 {
			t.Errorf("got HTTP %d %s and %d replies, want 200 and one reply", r.StatusCode, r.Body, len(api.Messages()))
		}
	})
}
