package doctor

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
)

var (
	hex32     = regexp.MustCompile(`^[0-9a-f]{32}$`)
	feishuApp = regexp.MustCompile(`^cli_[0-9a-z]{16}$`)
	secretish = regexp.MustCompile(`^[0-9A-Za-z]{16,64}$`)
)

// slackSecrets checks the Slack app's values, when any is set.
func (c *checks) slackSecrets(env func(string) string) bool {
	secret, bot, app := env("SLACK_SIGNING_SECRET"), env("SLACK_BOT_TOKEN"), env("SLACK_APP_TOKEN")
	if secret == "" && bot == "" && app == "" {
		return false
	}
	where := c.t("Slack app → Basic Information → App Credentials", "Slack 应用 → Basic Information → App Credentials")
	switch {
	case secret == "":
		c.fail("SLACK_SIGNING_SECRET", c.t("not set", "未设置"), c.t("copy the Signing Secret from "+where, "从 "+where+" 复制 Signing Secret"))
	case placeholder(secret):
		c.fail("SLACK_SIGNING_SECRET", c.t("is placeholder text, not a secret", "是占位文字，不是密钥"), c.t("copy the Signing Secret from "+where, "从 "+where+" 复制 Signing Secret"))
	case !hex32.MatchString(secret):
		c.fail("SLACK_SIGNING_SECRET", c.t(fmt.Sprintf("is %d characters; a Slack signing secret is 32 hex digits (0-9, a-f)", len(secret)), fmt.Sprintf("长 %d 个字符；Slack 的 Signing Secret 是 32 位十六进制（0-9、a-f）", len(secret))),
			c.t("copy the Signing Secret (not the Client Secret or Verification Token) from "+where, "从 "+where+" 复制 Signing Secret（不是 Client Secret 或 Verification Token）"))
	default:
		c.pass("SLACK_SIGNING_SECRET", c.t("32 hex digits", "32 位十六进制"))
	}
	tokens := c.t("Slack app → OAuth & Permissions → Bot User OAuth Token", "Slack 应用 → OAuth & Permissions → Bot User OAuth Token")
	switch {
	case bot == "":
		c.fail("SLACK_BOT_TOKEN", c.t("not set: replies to buttons, drafts and reminders cannot be posted", "未设置：按钮回复、草稿和提醒无法发出"), c.t("install the app and copy the "+tokens, "安装应用后复制 "+tokens))
	case strings.HasPrefix(bot, "xoxp-"):
		c.fail("SLACK_BOT_TOKEN", c.t("is a user token (xoxp-), not a bot token", "是用户令牌（xoxp-），不是机器人令牌"), c.t("copy the "+tokens+" (xoxb-…)", "复制 "+tokens+"（xoxb-…）"))
	case !strings.HasPrefix(bot, "xoxb-") || placeholder(bot) || len(bot) < 20:
		c.fail("SLACK_BOT_TOKEN", c.t("does not look like a bot token (xoxb-…)", "不像机器人令牌（应以 xoxb- 开头）"), c.t("copy the "+tokens, "复制 "+tokens))
	default:
		c.pass("SLACK_BOT_TOKEN", c.t("a bot token (xoxb-…)", "机器人令牌（xoxb-…）"))
	}
	if app != "" {
		if strings.HasPrefix(app, "xapp-") && !placeholder(app) {
			c.pass("SLACK_APP_TOKEN", c.t("an app-level token (xapp-…), for serve --slack-socket", "应用级令牌（xapp-…），供 serve --slack-socket 使用"))
		} else {
			c.fail("SLACK_APP_TOKEN", c.t("does not look like an app-level token (xapp-…)", "不像应用级令牌（应以 xapp- 开头）"),
				c.t("Basic Information → App-Level Tokens: generate one with connections:write", "Basic Information → App-Level Tokens：生成一个带 connections:write 的令牌"))
		}
	}
	return true
}

// feishuSecrets checks the Feishu app's values, when any is set.
func (c *checks) feishuSecrets(env func(string) string) bool {
	id, secret, token, key, base := env("FEISHU_APP_ID"), env("FEISHU_APP_SECRET"), env("FEISHU_VERIFICATION_TOKEN"), env("FEISHU_ENCRYPT_KEY"), env("FEISHU_BASE_URL")
	if id == "" && secret == "" && token == "" && key == "" {
		return false
	}
	creds := c.t("Feishu developer console → your app → 凭证与基础信息", "飞书开发者后台 → 应用 → 凭证与基础信息")
	events := c.t("Feishu developer console → your app → 事件与回调 → 加密策略", "飞书开发者后台 → 应用 → 事件与回调 → 加密策略")
	switch {
	case id == "":
		c.fail("FEISHU_APP_ID", c.t("not set", "未设置"), c.t("copy the App ID from "+creds, "从 "+creds+" 复制 App ID"))
	case !feishuApp.MatchString(id):
		c.fail("FEISHU_APP_ID", c.t("does not look like an App ID (cli_ and 16 letters or digits)", "不像 App ID（cli_ 加 16 位字母或数字）"), c.t("copy the App ID from "+creds, "从 "+creds+" 复制 App ID"))
	default:
		c.pass("FEISHU_APP_ID", c.t("an App ID (cli_…)", "App ID（cli_…）"))
	}
	switch {
	case secret == "":
		c.fail("FEISHU_APP_SECRET", c.t("not set", "未设置"), c.t("copy the App Secret from "+creds, "从 "+creds+" 复制 App Secret"))
	case placeholder(secret) || !secretish.MatchString(secret):
		c.fail("FEISHU_APP_SECRET", c.t("does not look like an App Secret (letters and digits, usually 32)", "不像 App Secret（字母和数字，通常 32 位）"), c.t("copy the App Secret from "+creds, "从 "+creds+" 复制 App Secret"))
	default:
		c.pass("FEISHU_APP_SECRET", c.t(fmt.Sprintf("set (%d characters)", len(secret)), fmt.Sprintf("已设置（%d 个字符）", len(secret))))
	}
	for _, v := range []struct{ name, value string }{{"FEISHU_VERIFICATION_TOKEN", token}, {"FEISHU_ENCRYPT_KEY", key}} {
		switch {
		case v.value == "":
			c.fail(v.name, c.t("not set; required: events are verified and decrypted with it", "未设置；必填：事件用它校验和解密"), c.t("set it in "+events+" and copy it here", "在 "+events+" 设置后复制到这里"))
		case placeholder(v.value) || strings.ContainsAny(v.value, " \t\n"):
			c.fail(v.name, c.t("is placeholder text or holds spaces", "是占位文字或含空格"), c.t("copy it from "+events, "从 "+events+" 复制"))
		default:
			c.pass(v.name, c.t("set", "已设置"))
		}
	}
	if base != "" {
		u, err := url.Parse(base)
		if err != nil || u.Scheme != "https" || (u.Host != "open.feishu.cn" && u.Host != "open.larksuite.com") {
			c.fail("FEISHU_BASE_URL", c.t("is not https://open.feishu.cn or https://open.larksuite.com", "不是 https://open.feishu.cn 或 https://open.larksuite.com"),
				c.t("leave it unset for Feishu, or set https://open.larksuite.com for Lark", "飞书不用设置；Lark 设为 https://open.larksuite.com"))
		} else {
			c.pass("FEISHU_BASE_URL", base)
		}
	}
	return true
}
