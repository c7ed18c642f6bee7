package doctor

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"gpuadvisor/infra/slack"
)

// slackProbe sends the deployed Slack URL what Slack sends: an unsigned
// slash command (which must be refused), then `/gpu help` signed with
// SLACK_SIGNING_SECRET (which must be answered with a reply), as a
// workspace member typing it would.
func (c *checks) slackProbe(ctx context.Context, client *http.Client, target string, env func(string) string, now time.Time) {
	const name = "Slack URL"
	if !c.url(name, target) {
		return
	}
	secret := env("SLACK_SIGNING_SECRET")
	if secret == "" {
		c.fail(name, c.t("cannot sign a probe: SLACK_SIGNING_SECRET is not set here", "无法签名探测请求：本机未设置 SLACK_SIGNING_SECRET"), c.t("set it to the value in the deployed secret", "设为已部署 secret 中的值"))
		return
	}
	form := url.Values{
		"token": {"doctor"}, "team_id": {"T0DOCTOR"}, "team_domain": {"doctor"}, "channel_id": {"D0DOCTOR"}, "channel_name": {"directmessage"},
		"user_id": {"U0DOCTOR"}, "user_name": {"doctor"}, "command": {"/gpu"}, "text": {"help"}, "api_app_id": {"A0DOCTOR"},
		"response_url": {"https://hooks.slack.com/commands/T0DOCTOR/0/doctor"}, "trigger_id": {"0.0.doctor"},
	}
	body := []byte(form.Encode())
	ts := strconv.FormatInt(now.Unix(), 10)
	send := func(sign bool) (int, []byte, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set(slack.HeaderTimestamp, ts)
		if sign {
			req.Header.Set(slack.HeaderSignature, slack.Sign(secret, ts, body))
		} else {
			req.Header.Set(slack.HeaderSignature, "v0="+strings.Repeat("0", 64))
		}
		return do(client, req)
	}
	status, _, err := send(false)
	switch {
	case err != nil:
		c.fail(name, c.t("no answer: "+chatSafe(err.Error()), "无应答："+chatSafe(err.Error())), c.t("check the URL (the stack output SlackUrl) and that it is reachable from here", "检查地址（堆栈输出 SlackUrl）以及本机能否访问"))
		return
	case status != http.StatusUnauthorized:
		c.fail(name, c.t(fmt.Sprintf("a badly signed request got HTTP %d, not 401: requests are not verified", status), fmt.Sprintf("签名错误的请求得到 HTTP %d 而不是 401：请求没有被校验", status)),
			c.t("this is not gpuadvisor's Slack function, or it runs with --insecure-dev: point Slack at the SlackUrl output", "这不是 gpuadvisor 的 Slack 函数，或它以 --insecure-dev 运行：把 Slack 指向 SlackUrl 输出"))
		return
	}
	status, reply, err := send(true)
	switch {
	case err != nil:
		c.fail(name, c.t("no answer to a signed request: "+chatSafe(err.Error()), "签名请求无应答："+chatSafe(err.Error())), c.t("see the function's logs", "查看函数日志"))
	case status == http.StatusUnauthorized:
		c.fail(name, c.t("refused a request signed with SLACK_SIGNING_SECRET from here (401)", "拒绝了用本机 SLACK_SIGNING_SECRET 签名的请求（401）"),
			c.t("the deployed secret holds another signing secret: put the app's Signing Secret in it (the functions read it again within 5 minutes)", "已部署的 secret 里是另一个签名密钥：写入应用的 Signing Secret（函数 5 分钟内重新读取）"))
	case status != http.StatusOK:
		c.fail(name, c.t(fmt.Sprintf("a signed /gpu help got HTTP %d", status), fmt.Sprintf("签名的 /gpu help 得到 HTTP %d", status)), c.t("see the function's logs", "查看函数日志"))
	case !json.Valid(reply) || !bytes.Contains(reply, []byte(`"blocks"`)) && !bytes.Contains(reply, []byte(`"text"`)):
		c.fail(name, c.t("a signed /gpu help was answered, but not with a Slack message", "签名的 /gpu help 有应答，但不是 Slack 消息"), c.t("point Slack at the SlackUrl output", "把 Slack 指向 SlackUrl 输出"))
	default:
		c.pass(name, c.t("refuses a bad signature (401) and answers a signed /gpu help", "拒绝错误签名（401），并回答签名的 /gpu help"))
	}
}

// feishuProbe sends the deployed Feishu URL an encrypted url_verification
// challenge, as the console does when the URL is saved: the function answers
// the challenge only when it decrypts with FEISHU_ENCRYPT_KEY and finds
// FEISHU_VERIFICATION_TOKEN inside.
func (c *checks) feishuProbe(ctx context.Context, client *http.Client, target string, env func(string) string) {
	const name = "Feishu URL"
	if !c.url(name, target) {
		return
	}
	key, token := env("FEISHU_ENCRYPT_KEY"), env("FEISHU_VERIFICATION_TOKEN")
	if key == "" || token == "" {
		c.fail(name, c.t("cannot build the challenge: FEISHU_ENCRYPT_KEY and FEISHU_VERIFICATION_TOKEN must be set here", "无法构造验证请求：本机须设置 FEISHU_ENCRYPT_KEY 和 FEISHU_VERIFICATION_TOKEN"),
			c.t("set them to the values in the deployed secret", "设为已部署 secret 中的值"))
		return
	}
	nonce := make([]byte, 8)
	rand.Read(nonce)
	challenge := "doctor-" + hex.EncodeToString(nonce)
	plain, _ := json.Marshal(map[string]string{"challenge": challenge, "token": token, "type": "url_verification"})
	body, err := json.Marshal(map[string]string{"encrypt": encrypt(key, plain)})
	if err != nil {
		c.fail(name, err.Error(), "")
		return
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		c.fail(name, err.Error(), "")
		return
	}
	req.Header.Set("Content-Type", "application/json")
	status, reply, err := do(client, req)
	var got struct {
		Challenge string `json:"challenge"`
	}
	switch {
	case err != nil:
		c.fail(name, c.t("no answer: "+chatSafe(err.Error()), "无应答："+chatSafe(err.Error())), c.t("check the URL (the stack output FeishuUrl) and that it is reachable from here", "检查地址（堆栈输出 FeishuUrl）以及本机能否访问"))
	case status != http.StatusOK || json.Unmarshal(reply, &got) != nil || got.Challenge != challenge:
		c.fail(name, c.t(fmt.Sprintf("the encrypted challenge was not answered (HTTP %d)", status), fmt.Sprintf("加密的验证请求没有得到正确应答（HTTP %d）", status)),
			c.t("the deployed secret holds another Encrypt Key or Verification Token: copy both from 事件与回调 → 加密策略 into it", "已部署 secret 中的 Encrypt Key 或 Verification Token 不同：从 事件与回调 → 加密策略 复制两者写入"))
	default:
		c.pass(name, c.t("decrypts the challenge with FEISHU_ENCRYPT_KEY and answers it", "用 FEISHU_ENCRYPT_KEY 解密验证请求并正确应答"))
	}
}

// url checks a probe's target is an absolute http(s) URL.
func (c *checks) url(name, target string) bool {
	u, err := url.Parse(target)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		c.fail(name, c.t(fmt.Sprintf("%q is not an http(s) URL", target), fmt.Sprintf("%q 不是 http(s) 地址", target)),
			c.t("give the stack's output, e.g. https://abc.lambda-url.ap-east-1.on.aws/", "填写堆栈输出，例如 https://abc.lambda-url.ap-east-1.on.aws/"))
		return false
	}
	return true
}

// do sends req and reads at most 1 MB of the answer.
func do(client *http.Client, req *http.Request) (int, []byte, error) {
	res, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	return res.StatusCode, b, err
}

// encrypt is Feishu's event encryption: base64(iv + AES-256-CBC(PKCS#7
// padded plain)) with the key sha256(Encrypt Key) and a random IV.
func encrypt(key string, plain []byte) string {
	k := sha256.Sum256([]byte(key))
	block, _ := aes.NewCipher(k[:]) // a 32-byte key always makes a cipher
	n := aes.BlockSize - len(plain)%aes.BlockSize
	padded := append(append([]byte(nil), plain...), bytes.Repeat([]byte{byte(n)}, n)...)
	out := make([]byte, aes.BlockSize+len(padded))
	rand.Read(out[:aes.BlockSize])
	cipher.NewCBCEncrypter(block, out[:aes.BlockSize]).CryptBlocks(out[aes.BlockSize:], padded)
	return base64.StdEncoding.EncodeToString(out)
}
