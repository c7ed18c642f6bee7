package slack

import (
	"fmt"
	"log/slog"
	"net/url"
	"strings"
)

// Environment variables the Slack function reads.
const (
	EnvSigningSecret = "SLACK_SIGNING_SECRET"
	EnvBotToken      = "SLACK_BOT_TOKEN"
	EnvAPIURL        = "SLACK_API_URL" // optional: a fake Web API for tests
)

// Config is what the Slack adapter needs from the environment. In AWS the
// secrets are filled from SSM Parameter Store or Secrets Manager.
type Config struct {
	// SigningSecret verifies every inbound request.
	SigningSecret string
	// BotToken (xoxb-...) calls chat.postMessage for mentions and reminders.
	BotToken string
	// APIURL overrides Slack's Web API base URL (https://slack.com/api/);
	// it always ends with "/".
	APIURL string
}

// ConfigFromEnv reads the configuration with getenv (os.Getenv in main). It
// fails naming every missing variable, so a misconfigured function stops at
// start with one clear log line instead of answering 401 forever.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		SigningSecret: strings.TrimSpace(getenv(EnvSigningSecret)),
		BotToken:      strings.TrimSpace(getenv(EnvBotToken)),
		APIURL:        strings.TrimSpace(getenv(EnvAPIURL)),
	}
	var missing []string
	if c.SigningSecret == "" {
		missing = append(missing, EnvSigningSecret)
	}
	if c.BotToken == "" {
		missing = append(missing, EnvBotToken)
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("slack config: %s not set (in AWS they come from SSM Parameter Store or Secrets Manager through the template)", strings.Join(missing, " and "))
	}
	if c.APIURL != "" {
		u, err := url.Parse(c.APIURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return Config{}, fmt.Errorf("slack config: %s=%q is not an http(s) URL; for example https://slack.com/api/", EnvAPIURL, c.APIURL)
		}
		if !strings.HasSuffix(c.APIURL, "/") {
			c.APIURL += "/" // slack-go concatenates the method name
		}
	}
	return c, nil
}

// LogValue keeps secrets out of logs: only whether each one is set.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.Bool("signing_secret_set", c.SigningSecret != ""),
		slog.Bool("bot_token_set", c.BotToken != ""),
		slog.String("api_url", c.APIURL),
	)
}

// String keeps secrets out of fmt output too.
func (c Config) String() string {
	return fmt.Sprintf("slack config (signing secret set: %t, bot token set: %t, api url: %q)", c.SigningSecret != "", c.BotToken != "", c.APIURL)
}
