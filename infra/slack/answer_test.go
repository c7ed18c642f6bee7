package slack

import (
	"testing"

	"gpuadvisor/internal/testkit"
)

func TestDropMentionKeepsLines(t *testing.T) {
	tests := []struct{ name, text, id, want string }{
		{"lines stay lines", "quote <@U0BOT1234>\nvendor=A price=35\nvendor=B price=30", "U0BOT1234", "quote \nvendor=A price=35\nvendor=B price=30"},
		{"no bot id: unchanged", "whoami <@U0BOT1234>", "", "whoami <@U0BOT1234>"},
		{"a longer id is another user", "whoami <@U0BOT12345>", "U0BOT1234", "whoami <@U0BOT12345>"},
	}
	for _, tc := range tests {
		if got := dropMention(tc.text, tc.id); got != tc.want {
			t.Errorf("%s: dropMention(%q, %q) = %q, want %q", tc.name, tc.text, tc.id, got, tc.want)
		}
	}
}

func TestMentionTextBecomesTheCommand(t *testing.T) {
	testkit.Cases(t, "commandText", commandText, map[string]string{
		"<@U0BOT1234> whoami a &amp; b &lt;c&gt;":               "whoami a & b <c>",                 // bot mention stripped, Slack's escaping undone
		"<@U0BOT1234|gpuadvisor>   whoami x":                    "whoami x",                         // mention with a name
		"<@U0BOT1234> whoami <https://example.com|example.com>": "whoami example.com",               // a link keeps its label
		"<@U0BOT1234> whoami <https://example.com/a?b=1>":       "whoami https://example.com/a?b=1", // a bare link keeps its URL
		"<@U0BOT1234> whoami <@U999>":                           "whoami U999",                      // another user's mention becomes plain
		"<@U0BOT1234> whoami <#C123|gpu>":                       "whoami gpu",                       // a channel keeps its name
		"<@U0BOT1234> whoami <!here>":                           "whoami here",                      // a broadcast becomes a word
	})
}
