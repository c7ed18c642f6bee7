package feishu

import (
	"bytes"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

// A Config logged whole, by slog or fmt, shows which secrets are set, never
// their values.
func TestConfigNeverPrintsSecrets(t *testing.T) {
	c := Config{AppID: "cli_a5e3b2c1d0f4900c", AppSecret: "appSecretValue77", VerificationToken: "verifTokenValue77",
		EncryptKey: "encryptKeyValue77", BaseURL: FeishuBaseURL}
	var buf bytes.Buffer
	slog.New(slog.NewJSONHandler(&buf, nil)).Info("ready", "config", c)
	for name, out := range map[string]string{"slog": buf.String(), "%v": fmt.Sprintf("%v", c), "%+v": fmt.Sprintf("%+v", c), "%s": fmt.Sprint(c)} {
		for _, secret := range []string{c.AppSecret, c.VerificationToken, c.EncryptKey} {
			if strings.Contains(out, secret) {
				t.Errorf("%s prints a secret: %s", name, out)
			}
		}
		if !strings.Contains(out, c.AppID) {
			t.Errorf("%s does not name the app: %s", name, out)
		}
	}
}
