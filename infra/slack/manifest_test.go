package slack

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// manifest is the part of a Slack app manifest this bot depends on.
type manifest struct {
	DisplayInformation struct {
		Name            string `yaml:"name"`
		Description     string `yaml:"description"`
		LongDescription string `yaml:"long_description"`
	} `yaml:"display_information"`
	Features struct {
		BotUser struct {
			DisplayName string `yaml:"display_name"`
		} `yaml:"bot_user"`
		AppHome struct {
			HomeTab bool `yaml:"home_tab_enabled"`
		} `yaml:"app_home"`
		SlashCommands []struct {
			Command      string `yaml:"command"`
			URL          string `yaml:"url"`
			Description  string `yaml:"description"`
			UsageHint    string `yaml:"usage_hint"`
			ShouldEscape *bool  `yaml:"should_escape"`
		} `yaml:"slash_commands"`
		Shortcuts []struct {
			Name        string `yaml:"name"`
			Type        string `yaml:"type"`
			CallbackID  string `yaml:"callback_id"`
			Description string `yaml:"description"`
		} `yaml:"shortcuts"`
	} `yaml:"features"`
	OAuthConfig struct {
		Scopes struct {
			Bot []string `yaml:"bot"`
		} `yaml:"scopes"`
	} `yaml:"oauth_config"`
	Settings struct {
		EventSubscriptions struct {
			RequestURL string   `yaml:"request_url"`
			BotEvents  []string `yaml:"bot_events"`
		} `yaml:"event_subscriptions"`
		Interactivity struct {
			IsEnabled  bool   `yaml:"is_enabled"`
			RequestURL string `yaml:"request_url"`
			OptionsURL string `yaml:"message_menu_options_url"`
		} `yaml:"interactivity"`
		SocketMode bool `yaml:"socket_mode_enabled"`
	} `yaml:"settings"`
}

// The manifest an admin pastes must declare what the handler serves.
func TestAppManifest(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "slack-app-manifest.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := yaml.Unmarshal(raw, &m); err != nil {
		t.Fatalf("manifest is not valid YAML: %v", err)
	}
	if len(m.Features.SlashCommands) != 1 || m.Features.SlashCommands[0].Command != "/gpu" {
		t.Fatalf("slash commands = %+v, want exactly /gpu", m.Features.SlashCommands)
	}
	sc := m.Features.SlashCommands[0]
	if sc.ShouldEscape == nil || *sc.ShouldEscape {
		t.Error("/gpu must set should_escape: false (the command text is read as typed)")
	}
	// Slack's limits on these fields (api.slack.com app manifest reference).
	for _, c := range []struct {
		name, v string
		max     int
	}{
		{"display_information.name", m.DisplayInformation.Name, 35},
		{"display_information.description", m.DisplayInformation.Description, 140},
		{"display_information.long_description", m.DisplayInformation.LongDescription, 4000},
		{"bot_user.display_name", m.Features.BotUser.DisplayName, 80},
		{"slash command description", sc.Description, 2000},
		{"slash command usage_hint", sc.UsageHint, 1000},
	} {
		if n := len([]rune(c.v)); n == 0 || n > c.max {
			t.Errorf("%s is %d characters, want 1..%d", c.name, n, c.max)
		}
	}
	if n := len([]rune(m.DisplayInformation.LongDescription)); n < 175 {
		t.Errorf("long_description is %d characters; Slack wants at least 175", n)
	}
	// exactly these: no scope to read a channel's messages (the bot keeps
	// what it needs in the store); im:history is the DMs it answers
	scopes := []string{"commands", "chat:write", "app_mentions:read", "im:history", "chat:write.public", "channels:read", "groups:read", "im:read", "mpim:read", "users:read", "files:read"}
	for _, scope := range scopes {
		if !slices.Contains(m.OAuthConfig.Scopes.Bot, scope) {
			t.Errorf("bot scope %s missing", scope)
		}
	}
	for _, scope := range m.OAuthConfig.Scopes.Bot {
		if !slices.Contains(scopes, scope) {
			t.Errorf("bot scope %s asked for; the bot needs only %v", scope, scopes)
		}
	}
	if !m.Features.AppHome.HomeTab {
		t.Error("home_tab_enabled is false: app_home_opened is never sent")
	}
	for _, ev := range []string{"app_mention", "message.im", "app_home_opened"} {
		if !slices.Contains(m.Settings.EventSubscriptions.BotEvents, ev) {
			t.Errorf("bot event %s missing", ev)
		}
	}
	if !m.Settings.Interactivity.IsEnabled {
		t.Error("interactivity is off: buttons would do nothing")
	}
	if m.Settings.SocketMode {
		t.Error("socket mode on: Slack would not call the Function URL")
	}
	// the shortcuts the handler routes on, with the names the issue gives
	want := map[string][3]string{
		ShortcutCheckVendor: {"message", "Check vendor answer", "检查供应商答复"},
		ShortcutCheckTrial:  {"message", "Check trial output", "检查试用输出"},
		ShortcutForms:       {"global", "GPU advisor", "GPU 顾问"},
	}
	for _, s := range m.Features.Shortcuts {
		w, ok := want[s.CallbackID]
		if !ok {
			t.Errorf("shortcut %q is not one the handler answers", s.CallbackID)
			continue
		}
		delete(want, s.CallbackID)
		if s.Type != w[0] || s.Name != w[1] || !strings.HasPrefix(s.Description, w[2]) {
			t.Errorf("shortcut %s = %s %q %q; want %s %q, description opening with %q", s.CallbackID, s.Type, s.Name, s.Description, w[0], w[1], w[2])
		}
		if n := len([]rune(s.Name)); n > 24 {
			t.Errorf("shortcut name %q is %d characters; names are kept within 24 (docs/platforms.md#slack-shortcuts-and-modals)", s.Name, n)
		}
		if n := len([]rune(s.Description)); n == 0 || n > 150 {
			t.Errorf("shortcut description %q is %d characters, want 1..150", s.Description, n)
		}
	}
	for id := range want {
		t.Errorf("shortcut %s missing", id)
	}
	if m.Settings.Interactivity.OptionsURL == "" {
		t.Error("message_menu_options_url missing: the tier form's model picker would find nothing")
	}
	for _, u := range []string{sc.URL, m.Settings.EventSubscriptions.RequestURL, m.Settings.Interactivity.RequestURL, m.Settings.Interactivity.OptionsURL} {
		if !strings.HasPrefix(u, "https://SLACK-URL-FROM-SAM-OUTPUTS/") {
			t.Errorf("URL %q is not the placeholder to replace with the SAM output", u)
		}
	}
}
