package feishu_test

import (
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/aws/aws-lambda-go/lambda"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/memstore"
)

// Wiring the handler: the same value serves Lambda (HandleLambda) and
// net/http (ServeHTTP, for serve).
func ExampleNewHandler() {
	cfg, err := feishu.ConfigFromEnv(os.Getenv)
	if err != nil {
		slog.Error("feishu: refusing to start", "err", err.Error())
		os.Exit(1)
	}
	h, err := feishu.NewHandler(cfg, feishu.Deps{
		Router:  commands.New(commands.Deps{}),
		Client:  feishu.NewClient(cfg, slog.Default(), nil),
		Deduper: &memstore.Deduper{},
	})
	if err != nil {
		slog.Error("feishu", "err", err.Error())
		os.Exit(1)
	}
	if os.Getenv("AWS_LAMBDA_RUNTIME_API") != "" {
		lambda.Start(h.HandleLambda)
	}
	http.Handle("POST /feishu/events", h)
	http.Handle("POST /feishu/card", h)
}

// The decryption example published with Feishu's event subscription docs.
func ExampleVerifier_Decrypt() {
	v, _ := feishu.NewVerifier("test key", "any verification token")
	plain, err := v.Decrypt("P37w+VZImNgPEO1RBhJ6RtKl7n6zymIbEG1pReEzghk=")
	fmt.Println(string(plain), err)
	// Output: hello world <nil>
}

// X-Lark-Signature is hex(sha256(timestamp + nonce + encrypt key + body)).
func ExampleSignature() {
	body := []byte(`{"encrypt":"P37w+VZImNgPEO1RBhJ6RtKl7n6zymIbEG1pReEzghk="}`)
	fmt.Println(feishu.Signature("1796031000", "1234567890", "test key", body))
	// Output: 2e87099ad92305ea5e147e176ff36aca7ebc524642f3ea6baaf1fbcf44950726
}

// User and vendor words cannot mention @all or make links in a card.
func ExampleEscapeMD() {
	fmt.Println(feishu.EscapeMD("<at id=all></at> [免费](https://evil.cn)"))
	// Output: &#60;at id=all&#62;&#60;/at&#62; &#91;免费&#93;&#40;https&#58;//evil&#46;cn&#41;
}

// A reply becomes card JSON 1.0 with a coloured header and buttons whose
// value objects come back in card.action.trigger.
func ExampleRenderCard() {
	card := feishu.RenderCard(chat.Reply{
		Lang:    chat.ZH,
		Title:   "包月更划算",
		Summary: "每卡每月 500 小时，超过盈亏平衡点 428.57 小时。",
		Buttons: chat.StandardButtons(chat.ZH, "billing 按需=35 包月=15000 时长=500")[:1],
	})
	fmt.Println(strings.ReplaceAll(card, `"tag"`, "\n  \"tag\""))
	// Output:
	// {"config":{"wide_screen_mode":true,"enable_forward":true,"update_multi":true},"header":{"title":{
	//   "tag":"plain_text","content":"包月更划算"},"template":"blue"},"elements":[{
	//   "tag":"div","text":{
	//   "tag":"lark_md","content":"每卡每月 500 小时，超过盈亏平衡点 428.57 小时。"}},{
	//   "tag":"action","actions":[{
	//   "tag":"button","text":{
	//   "tag":"plain_text","content":"起草供应商问题"},"type":"primary","value":{"action":"draft_questions","lang":"zh","value":"billing 按需=35 包月=15000 时长=500"}}]}]}
}
