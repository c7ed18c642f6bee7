package feishu

import (
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"
)

// Base URLs of the Open API.
const (
	FeishuBaseURL = "https://open.feishu.cn"
	LarkBaseURL   = "https://open.larksuite.com"
)

// Config is the app's identity and secrets, read from the environment.
type Config struct {
	// AppID and AppSecret identify the self-built app (FEISHU_APP_ID, FEISHU_APP_SECRET).
	AppID     string
	AppSecret string
	// VerificationToken is checked on every event (FEISHU_VERIFICATION_TOKEN).
	VerificationToken string
	// EncryptKey decrypts bodies and keys the signature (FEISHU_ENCRYPT_KEY).
	EncryptKey string
	// BaseURL is the Open API (FEISHU_BASE_URL): FeishuBaseURL by default,
	// LarkBaseURL for Lark, a fake server in tests.
	BaseURL string
	// BotOpenID is the bot's open_id (FEISHU_BOT_OPEN_ID, optional). Empty
	// means it is asked from /open-apis/bot/v3/info the first time a group
	// message needs it.
	BotOpenID string
	// ReqTimeout bounds each Open API request; 0 means 5 s.
	ReqTimeout time.Duration
}

// ConfigFromEnv reads the configuration with getenv (os.Getenv in main) and
// validates it.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		AppID:             strings.TrimSpace(getenv("FEISHU_APP_ID")),
		AppSecret:         strings.TrimSpace(getenv("FEISHU_APP_SECRET")),
		VerificationToken: strings.TrimSpace(getenv("FEISHU_VERIFICATION_TOKEN")),
		EncryptKey:        strings.TrimSpace(getenv("FEISHU_ENCRYPT_KEY")),
		BaseURL:           strings.TrimRight(strings.TrimSpace(getenv("FEISHU_BASE_URL")), "/"),
		BotOpenID:         strings.TrimSpace(getenv("FEISHU_BOT_OPEN_ID")),
	}
	if c.BaseURL == "" {
		c.BaseURL = FeishuBaseURL
	}
	return c, c.Validate()
}

// Validate says what is missing. Without an Encrypt Key Feishu neither
// encrypts nor signs, so anyone could post events: the adapter refuses to run.
func (c Config) Validate() error {
	var missing []string
	for _, kv := range [][2]string{
		{"FEISHU_APP_ID", c.AppID}, {"FEISHU_APP_SECRET", c.AppSecret},
		{"FEISHU_VERIFICATION_TOKEN", c.VerificationToken}, {"FEISHU_ENCRYPT_KEY", c.EncryptKey},
	} {
		if kv[1] == "" {
			missing = append(missing, kv[0])
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("feishu: %s not set: set them from the app's console (凭证与基础信息, 事件与回调 > 加密策略); without an Encrypt Key and a Verification Token requests cannot be verified", strings.Join(missing, ", "))
	}
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return errors.New("feishu: FEISHU_BASE_URL must be an absolute URL such as " + FeishuBaseURL + " or " + LarkBaseURL)
	}
	return nil
}

func (c Config) reqTimeout() time.Duration {
	if c.ReqTimeout > 0 {
		return c.ReqTimeout
	}
	return 5 * time.Second
}

// LogValue keeps the secrets out of logs: the app id, the base URL and
// whether each secret is set.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("app_id", c.AppID),
		slog.String("base_url", c.BaseURL),
		slog.Bool("app_secret_set", c.AppSecret != ""),
		slog.Bool("verification_token_set", c.VerificationToken != ""),
		slog.Bool("encrypt_key_set", c.EncryptKey != ""),
	)
}

// String keeps the secrets out of fmt output too.
func (c Config) String() string {
	return fmt.Sprintf("feishu config (app %s, base url %s, app secret set: %t, verification token set: %t, encrypt key set: %t)",
		c.AppID, c.BaseURL, c.AppSecret != "", c.VerificationToken != "", c.EncryptKey != "")
}
