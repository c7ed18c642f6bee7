package slack_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"strconv"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/httpbody"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/infra/slack"
)

// Slack's published signing example.
func ExampleSign() {
	body := "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c"
	fmt.Println(slack.Sign("8f742231b10e8888abcd99yyyzzz85a5", "1531420618", []byte(body)))
	// Output: v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503
}

// Render escapes whatever the reply carries, so a vendor's text cannot
// mention or broadcast.
func ExampleRender() {
	msg := slack.Render(chat.Reply{
		Title:   "Quote from 酷算云",
		Summary: "Sales wrote: <!channel> call <@U123> & see <https://evil.example|our offer>",
		Private: true,
	})
	fmt.Println(msg.ResponseType)
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	enc.Encode(msg.Blocks[1])
	// Output:
	// ephemeral
	// {"type":"section","text":{"type":"mrkdwn","text":"Sales wrote: &lt;!channel&gt; call &lt;@U123&gt; &amp; see &lt;https://evil.example|our offer&gt;","verbatim":true}}
}

// A Lambda handler for a Function URL or HTTP API (v2) event: verify, route
// by content, answer.
func ExampleHandler_HandleLambda() {
	router := chat.NewRouter() // bot.New(bot.Deps{...}) in the function
	h, err := slack.New(slack.Deps{Deduper: &memstore.Deduper{},
		SigningSecret: "signing-secret",
		Router:        router,
		Poster:        slack.NewPoster("xoxb-token", "", nil),
		Log:           slog.New(slog.NewJSONHandler(io.Discard, nil)),
	})
	if err != nil {
		panic(err)
	}
	body := url.Values{"command": {"/gpu"}, "text": {"help"}, "team_id": {"T1"}, "channel_id": {"C1"},
		"user_id": {"U1"}, "trigger_id": {"1.2.3"}, "response_url": {"https://hooks.slack.com/commands/1"}}.Encode()
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	ev := httpbody.Request{
		Headers: map[string]string{ // lower-case, as API Gateway and Function URLs send them
			"content-type":              "application/x-www-form-urlencoded",
			"x-slack-request-timestamp": ts,
			"x-slack-signature":         slack.Sign("signing-secret", ts, []byte(body)),
		},
		Body:            base64.StdEncoding.EncodeToString([]byte(body)),
		IsBase64Encoded: true,
	}
	res, _ := h.HandleLambda(context.Background(), ev)
	var msg struct {
		ResponseType string `json:"response_type"`
	}
	json.Unmarshal([]byte(res.Body), &msg)
	fmt.Println(res.StatusCode, msg.ResponseType)

	ev.Headers["x-slack-signature"] = "v0=forged"
	res, _ = h.HandleLambda(context.Background(), ev)
	fmt.Println(res.StatusCode)
	// Output:
	// 200 ephemeral
	// 401
}
