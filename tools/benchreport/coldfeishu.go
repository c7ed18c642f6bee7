package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"gpuadvisor/internal/testkit"
)

// The Feishu app the bench's secret describes.
const (
	benchFeishuApp   = "cli_a5e3b2c1d0f4900c"
	benchFeishuKey   = "kudTz8wQ3rXe9YpL"
	benchFeishuToken = "vT0k3n-bench-9fQ2"
)

// benchSecrets is the Secrets Manager stand-in's secret: both platforms'
// keys, in the single-secret form infra/secrets reads.
var benchSecrets = map[string]string{
	"SLACK_SIGNING_SECRET": benchSecret, "SLACK_BOT_TOKEN": "xoxb-bench",
	"FEISHU_APP_ID": benchFeishuApp, "FEISHU_APP_SECRET": "bench-app-secret",
	"FEISHU_VERIFICATION_TOKEN": benchFeishuToken, "FEISHU_ENCRYPT_KEY": benchFeishuKey,
}

// invokeFeishu sends one Function URL event carrying a signed, encrypted
// im.message.receive_v1 event (计费 …) and times the round trip until the
// function has replied through the Open API and answered 200.
func (b *coldBench) invokeFeishu(ctx context.Context, client *http.Client, invokeURL, id string) (time.Duration, error) {
	now := time.Now()
	content, _ := json.Marshal(map[string]string{"text": "计费 按需=35 包月=15000 时长=300"})
	plain, _ := json.Marshal(map[string]any{
		"schema": "2.0",
		"header": map[string]any{"event_id": "ev-" + id, "event_type": "im.message.receive_v1", "create_time": fmt.Sprint(now.UnixMilli()),
			"token": benchFeishuToken, "app_id": benchFeishuApp, "tenant_key": "2ca1d211f64f6438"},
		"event": map[string]any{
			"sender": map[string]any{"sender_id": map[string]any{"open_id": "ou_84aad35d084aa403a838cf73ee18467"}, "sender_type": "user", "tenant_key": "2ca1d211f64f6438"},
			"message": map[string]any{"message_id": "om_" + id, "create_time": fmt.Sprint(now.UnixMilli()), "chat_id": "oc_5ce6d572455d361153b7xx51da133945",
				"chat_type": "p2p", "message_type": "text", "content": string(content)},
		},
	})
	body := testkit.FeishuEncrypt(benchFeishuKey, plain)
	ev, err := json.Marshal(events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "$default", RawPath: "/feishu/events", Headers: testkit.FeishuHeaders(benchFeishuKey, now, body),
		RequestContext: events.APIGatewayV2HTTPRequestContext{RouteKey: "$default", Stage: "$default", RequestID: id, TimeEpoch: now.UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "POST", Path: "/feishu/events", Protocol: "HTTP/1.1", SourceIP: "101.37.1.1"}},
		Body: base64.StdEncoding.EncodeToString(body), IsBase64Encoded: true,
	})
	if err != nil {
		return 0, err
	}
	before := b.front.replies.Load()
	d, out, err := postEvent(ctx, client, invokeURL, ev)
	if err != nil {
		return 0, err
	}
	if b.front.replies.Load() == before {
		return 0, fmt.Errorf("the function answered %.200s but sent no reply to the Open API", out)
	}
	return d, nil
}
