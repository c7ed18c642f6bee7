package deploy

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// slackScopes are the bot scopes the Slack manifest asks for.
func slackScopes(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile("../infra/slack-app-manifest.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		OAuth struct {
			Scopes struct {
				Bot []string `yaml:"bot"`
			} `yaml:"scopes"`
		} `yaml:"oauth_config"`
	}
	if err := yaml.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, s := range m.OAuth.Scopes.Bot {
		out[s] = true
	}
	if len(out) == 0 {
		t.Fatal("the manifest lists no bot scope")
	}
	return out
}

// feishuScopes are the scopes infra/feishu-app.md's tables ask for: the
// first cell of each row that is a scope id.
func feishuScopes(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile("../infra/feishu-app.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+:[a-z_.:]+)` \\|").FindAllStringSubmatch(string(b), -1) {
		out[m[1]] = true
	}
	if len(out) == 0 {
		t.Fatal("infra/feishu-app.md lists no scope")
	}
	return out
}

// The app's scopes are listed once each (the Slack manifest, the Feishu
// app page): any scope the README or the deploy guide names is one of
// them, so the set-up steps cannot disagree.
func TestScopesListedOnce(t *testing.T) {
	slack, feishu := slackScopes(t), feishuScopes(t)
	scope := regexp.MustCompile("`((?:im|chat|channels|groups|mpim|users|files|app_mentions|contact|drive|docx?|application|commands)(?::[a-z_.]+)+)`")
	for _, f := range []string{"../README.md", "../docs/deploy.md", "../docs/platforms.md"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range scope.FindAllStringSubmatch(string(b), -1) {
			s := m[1]
			if slack[s] || feishu[s] {
				continue
			}
			// a scope named to say it is NOT asked for is fine
			if i := strings.Index(string(b), m[0]); i >= 0 {
				around := strings.ToLower(string(b[max(0, i-120):min(len(b), i+120)]))
				if strings.Contains(around, "not ") || strings.Contains(around, "no longer") || strings.Contains(around, "不") || strings.Contains(around, "drop") {
					continue
				}
			}
			t.Errorf("%s names the scope %s, which neither the Slack manifest nor infra/feishu-app.md asks for", filepath.Base(f), s)
		}
	}
}
