package platforms

import (
	"io"
	"log/slog"
	"slices"
	"testing"

	"gpuadvisor/infra/feishu"
	"gpuadvisor/infra/slack"
)

func TestPostersOfEveryConfiguredPlatform(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want []string
	}{
		{"nothing configured", map[string]string{}, []string{}},
		{"a Slack bot token", map[string]string{"SLACK_BOT_TOKEN": "xoxb-1"}, []string{"slack"}},
		{"a blank Slack token is none", map[string]string{"SLACK_BOT_TOKEN": "  "}, []string{}},
		{"a Feishu app id and secret", map[string]string{"FEISHU_APP_ID": "cli_1", "FEISHU_APP_SECRET": "s"}, []string{"feishu"}},
		{"a Feishu app id without its secret is none", map[string]string{"FEISHU_APP_ID": "cli_1"}, []string{}},
		{"both", map[string]string{"SLACK_BOT_TOKEN": "xoxb-1", "FEISHU_APP_ID": "cli_1", "FEISHU_APP_SECRET": "s"}, []string{"feishu", "slack"}},
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Posters(func(k string) string { return tc.env[k] }, log)
			keys := []string{}
			for k := range got {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			if !slices.Equal(keys, tc.want) {
				t.Errorf("platforms = %v, want %v", keys, tc.want)
			}
			if p, ok := got[slack.Platform]; ok {
				if _, isSlack := p.(*slack.Poster); !isSlack {
					t.Errorf("the slack poster is a %T, want *slack.Poster", p)
				}
			}
			if p, ok := got[feishu.Platform]; ok {
				if _, isFeishu := p.(*feishu.Client); !isFeishu {
					t.Errorf("the feishu poster is a %T, want *feishu.Client", p)
				}
			}
		})
	}
}
