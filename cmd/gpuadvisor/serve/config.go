package serve

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"

	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/slack"
)

// EnvSlackAppToken is the app-level token (xapp-...) Socket Mode connects with.
const EnvSlackAppToken = "SLACK_APP_TOKEN"

// slackSettings is what serve does with Slack.
type slackSettings struct {
	On bool
	// HTTP mounts /slack/*; Verified says requests are checked against the
	// signing secret (false only with --insecure-dev and no secret).
	HTTP, Verified bool
	// Socket receives Slack over Socket Mode.
	Socket bool
	// SigningSecret is the app's, or a random per-process one when there is
	// none (Socket Mode only, or --insecure-dev): with --insecure-dev it signs
	// the unsigned requests serve hands its own handler; Socket Mode needs
	// none (the app-level token authenticates the connection).
	SigningSecret string
	BotToken      string
	AppToken      string
	APIURL        string
}

// feishuSettings is what serve does with Feishu.
type feishuSettings struct {
	On bool
	// HTTP mounts /feishu/*; Verified says the token, signature and
	// encryption are checked (false only with --insecure-dev and no keys).
	HTTP, Verified bool
	// WS receives Feishu over its long connection.
	WS bool
	// Config is the app's; missing keys are random per-process values when
	// the long connection (which needs none) or --insecure-dev allows it.
	Config feishu.Config
}

// serveConfig is the whole configuration serve runs with.
type serveConfig struct {
	Slack  slackSettings
	Feishu feishuSettings
	// Warnings are said at start (after the platform summary).
	Warnings []string
}

// loadServeConfig reads the environment and decides which platforms are on
// and how. It fails naming every missing variable when an enabled platform
// has no signing secrets and --insecure-dev is not given.
func loadServeConfig(o serveOptions, getenv func(string) string) (serveConfig, error) {
	env := func(k string) string { return strings.TrimSpace(getenv(k)) }
	var c serveConfig
	var problems []string

	s := slackSettings{
		SigningSecret: env(slack.EnvSigningSecret),
		BotToken:      env(slack.EnvBotToken),
		AppToken:      env(EnvSlackAppToken),
		APIURL:        env(slack.EnvAPIURL),
		Socket:        o.SlackSocket,
	}
	s.On = s.SigningSecret != "" || s.BotToken != "" || s.AppToken != "" || s.Socket

	fc := feishu.Config{
		AppID:             env("FEISHU_APP_ID"),
		AppSecret:         env("FEISHU_APP_SECRET"),
		VerificationToken: env("FEISHU_VERIFICATION_TOKEN"),
		EncryptKey:        env("FEISHU_ENCRYPT_KEY"),
		BaseURL:           strings.TrimRight(env("FEISHU_BASE_URL"), "/"),
		BotOpenID:         env("FEISHU_BOT_OPEN_ID"),
	}
	if fc.BaseURL == "" {
		fc.BaseURL = feishu.FeishuBaseURL
	}
	f := feishuSettings{Config: fc, WS: o.FeishuWS}
	f.On = fc.AppID != "" || fc.AppSecret != "" || fc.VerificationToken != "" || fc.EncryptKey != "" || f.WS

	if !s.On && !f.On {
		if !o.InsecureDev {
			return c, errors.New("no platform is configured: set SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN (Slack), " +
				"or FEISHU_APP_ID, FEISHU_APP_SECRET, FEISHU_VERIFICATION_TOKEN and FEISHU_ENCRYPT_KEY (Feishu); " +
				"or pass --insecure-dev to try it on this machine without them")
		}
		// Nothing configured, trying it out: both HTTP platforms, unverified.
		s.On, f.On = true, true
	}

	if s.On {
		problems = append(problems, s.settle(o)...)
		if s.APIURL != "" {
			if u, err := url.Parse(s.APIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				problems = append(problems, fmt.Sprintf("%s=%q is not an http(s) URL; for example https://slack.com/api/", slack.EnvAPIURL, s.APIURL))
			}
		}
	}
	if f.On {
		problems = append(problems, f.settle(o)...)
		if u, err := url.Parse(f.Config.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			problems = append(problems, fmt.Sprintf("FEISHU_BASE_URL=%q is not an http(s) URL; for example %s or %s", f.Config.BaseURL, feishu.FeishuBaseURL, feishu.LarkBaseURL))
		}
	}
	if len(problems) > 0 {
		return c, errors.New("cannot start: " + strings.Join(problems, "; "))
	}
	c.Slack, c.Feishu = s, f
	if s.On && s.HTTP && s.BotToken == "" {
		c.Warnings = append(c.Warnings, "SLACK_BOT_TOKEN is not set: slash commands answer, but mentions, buttons without a response_url and reminders cannot be posted")
	}
	if f.On && f.HTTP && !f.Verified && (fc.AppID == "" || fc.AppSecret == "") {
		c.Warnings = append(c.Warnings, "FEISHU_APP_ID or FEISHU_APP_SECRET is not set: Feishu events are answered, but no reply can be sent")
	}
	return c, nil
}

// settle decides Slack's transports and returns what is missing.
func (s *slackSettings) settle(o serveOptions) []string {
	var problems []string
	if s.Socket {
		switch {
		case s.AppToken == "":
			problems = append(problems, "--slack-socket needs SLACK_APP_TOKEN, an app-level token (xapp-...) with the connections:write scope (Basic Information > App-Level Tokens)")
		case !strings.HasPrefix(s.AppToken, "xapp-"):
			problems = append(problems, "SLACK_APP_TOKEN must be an app-level token starting with xapp- (not a bot token xoxb-)")
		}
		if s.BotToken == "" {
			problems = append(problems, "--slack-socket needs SLACK_BOT_TOKEN (xoxb-...) to answer mentions and post reminders")
		}
		// Socket Mode needs no signing secret; HTTP is served too when one is set.
		s.HTTP = s.SigningSecret != ""
	} else {
		s.HTTP = true
		var missing []string
		if s.SigningSecret == "" && !o.InsecureDev {
			missing = append(missing, slack.EnvSigningSecret)
		}
		if s.BotToken == "" && !o.InsecureDev {
			missing = append(missing, slack.EnvBotToken)
		}
		if s.AppToken != "" && s.SigningSecret == "" && !o.InsecureDev {
			problems = append(problems, "SLACK_APP_TOKEN is set: add --slack-socket to use Socket Mode, or set SLACK_SIGNING_SECRET for HTTP")
			missing = nil
		}
		if len(missing) > 0 {
			problems = append(problems, fmt.Sprintf("Slack is enabled but %s not set (or pass --insecure-dev to run without verification on this machine)", strings.Join(missing, " and ")))
		}
	}
	s.Verified = s.SigningSecret != ""
	if s.SigningSecret == "" {
		s.SigningSecret = randomSecret()
	}
	return problems
}

// settle decides Feishu's transports and returns what is missing.
func (f *feishuSettings) settle(o serveOptions) []string {
	var problems []string
	c := &f.Config
	keys := c.VerificationToken != "" && c.EncryptKey != ""
	if f.WS {
		var missing []string
		if c.AppID == "" {
			missing = append(missing, "FEISHU_APP_ID")
		}
		if c.AppSecret == "" {
			missing = append(missing, "FEISHU_APP_SECRET")
		}
		if len(missing) > 0 {
			problems = append(problems, fmt.Sprintf("--feishu-ws needs %s (凭证与基础信息)", strings.Join(missing, " and ")))
		}
		// The long connection is authenticated by the app secret; HTTP is
		// served too when the event keys are set.
		f.HTTP = keys
	} else {
		f.HTTP = true
		if !o.InsecureDev {
			if err := c.Validate(); err != nil {
				problems = append(problems, strings.TrimPrefix(err.Error(), "feishu: ")+" (or pass --insecure-dev to run without verification on this machine)")
			}
		}
	}
	f.Verified = keys
	// The handler needs every key; the ones missing are random and never
	// shown, so no request can be verified with them.
	for _, p := range []*string{&c.VerificationToken, &c.EncryptKey} {
		if *p == "" {
			*p = randomSecret()
		}
	}
	if o.InsecureDev {
		for _, p := range []*string{&c.AppID, &c.AppSecret} {
			if *p == "" {
				*p = "unset-" + randomSecret()[:8]
			}
		}
	}
	return problems
}

// randomSecret is 32 random bytes in hex.
func randomSecret() string {
	b := make([]byte, 32)
	rand.Read(b) // never fails (crypto/rand panics rather than return an error)
	return hex.EncodeToString(b)
}

// summary says, without any secret, what is on and how.
func (c serveConfig) summary() []slog.Attr {
	return []slog.Attr{
		slog.String("slack", c.Slack.describe()),
		slog.String("feishu", c.Feishu.describe()),
	}
}

func (s slackSettings) describe() string {
	return describe(s.On, "SLACK_*", s.HTTP, s.Verified, "HTTP /slack/* (signed requests only)",
		"HTTP /slack/* (UNVERIFIED, --insecure-dev)", s.Socket, "Socket Mode")
}

func (f feishuSettings) describe() string {
	return describe(f.On, "FEISHU_*", f.HTTP, f.Verified, "HTTP /feishu/* (token, signature and encryption checked)",
		"HTTP /feishu/* (UNVERIFIED plaintext, --insecure-dev)", f.WS, "long connection")
}

// describe is a platform's part of the start-up line: off (no vars set), or
// on with its ways in: HTTP (verified, or not with --insecure-dev) and the
// socket (Socket Mode, the long connection).
func describe(on bool, vars string, http, verified bool, httpVerified, httpUnverified string, socket bool, socketName string) string {
	if !on {
		return "off (no " + vars + " variables)"
	}
	var parts []string
	switch {
	case http && verified:
		parts = append(parts, httpVerified)
	case http:
		parts = append(parts, httpUnverified)
	}
	if socket {
		parts = append(parts, socketName)
	}
	return "on: " + strings.Join(parts, ", ")
}

// checkListenAddr refuses an address whose host is empty (":8080" listens on
// every interface without saying so).
func checkListenAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q is not host:port; for example %s", addr, defaultServeAddr)
	}
	if port == "" {
		return fmt.Errorf("--addr %q has no port; for example %s", addr, defaultServeAddr)
	}
	if host == "" {
		return fmt.Errorf("--addr %q would listen on every interface without saying so: write 127.0.0.1:%s for this machine only, or 0.0.0.0:%s to mean every interface", addr, port, port)
	}
	return nil
}
