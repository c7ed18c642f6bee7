package feishu

import (
	"testing"

	"gpuadvisor/internal/testkit"
)

// newFakeAPI starts a fake Feishu Open API (internal/testkit) with an app id
// of its own: larkcore caches tenant tokens process-wide by app id.
func newFakeAPI(t testing.TB) *testkit.Feishu { return testkit.NewFeishu(t) }

// apiConfig is the handler's configuration against the fake.
func apiConfig(f *testkit.Feishu) Config {
	return Config{
		AppID: f.AppID, AppSecret: f.AppSecret, BaseURL: f.URL,
		VerificationToken: testToken, EncryptKey: testKey,
	}
}
