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
	negated := regexp.MustCompile(`\bnot\b|\bno\b|\bnone\b|no longer|drop|不|没有|无需`)
	scope := regexp.MustCompile("`((?:im|chat|channels|groups|mpim|users|files|app_mentions|contact|drive|docx?|application|commands)(?::[a-z_.]+)+)`")
	for _, f := range []string{"../README.md", "../docs/deploy.md", "../docs/platforms.md"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, loc := range scope.FindAllStringSubmatchIndex(string(b), -1) {
			s := string(b[loc[2]:loc[3]])
			if slack[s] || feishu[s] {
				continue
			}
			// a scope named to say it is NOT asked for is fine: each mention
			// says so within its sentence's reach
			around := strings.ToLower(string(b[max(0, loc[0]-160):min(len(b), loc[1]+160)]))
			if negated.MatchString(around) {
				continue
			}
			t.Errorf("%s names the scope %s, which neither the Slack manifest nor infra/feishu-app.md asks for, without saying it is not asked for", filepath.Base(f), s)
		}
	}
}

// historyScopes let a bot read every message of a conversation it is in:
// the app asks for none of them. A shortcut's message comes in its payload
// (a long one is kept in the store for its form, store.Texts), a
// reminder's earlier post is found in the store (renewal.LastDelivery).
var historyScopes = []string{"channels:history", "groups:history", "mpim:history"}

func TestNoChannelHistoryScopes(t *testing.T) {
	slack := slackScopes(t)
	for _, s := range historyScopes {
		if slack[s] {
			t.Errorf("the Slack manifest asks for %s: the right to read every message where the bot is; nothing needs it", s)
		}
	}
	if !slack["im:history"] {
		t.Error("the Slack manifest lost im:history: the bot would not get the DMs it answers (message.im)")
	}
	// and no code reads a conversation's messages, which would need them
	calls := regexp.MustCompile(`GetConversationHistory|GetConversationReplies|"conversations\.(history|replies)"`)
	err := filepath.WalkDir("..", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != ".." || d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if m := calls.Find(b); m != nil {
			t.Errorf("%s calls %s: reading a channel's messages needs channels:history, groups:history or mpim:history, which the app does not ask for", path, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
