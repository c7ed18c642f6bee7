package renewal_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/slack-go/slack/slacktest"

	"gpuadvisor/chat"
	"gpuadvisor/commands/renewal"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/infra/slack"
	"gpuadvisor/internal/testkit"
)

// conversationsInfo answers like Slack's conversations.info for a bot token:
// a private channel or DM the bot is not in is channel_not_found.
func conversationsInfo(w http.ResponseWriter, r *http.Request) {
	r.ParseForm()
	w.Header().Set("Content-Type", "application/json")
	id := r.PostForm.Get("channel")
	ch := map[string]any{"id": id, "is_channel": true}
	switch id {
	case "C-member":
		ch["is_member"] = true
	case "C-public":
		ch["is_member"] = false // chat:write.public reaches it
	case "C-archived":
		ch["is_archived"] = true
	case "G-private", "D-between-people":
		json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": "channel_not_found"})
		return
	case "C-down":
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"ok": true, "channel": ch})
}

// TestAddSaysHowToInviteTheBot: issue 15, `renewal add` worked through
// response_url anywhere and promised reminders that could never be posted.
func TestAddSaysHowToInviteTheBot(t *testing.T) {
	srv := slacktest.NewTestServer(func(c slacktest.Customize) { c.Handle("/conversations.info", conversationsInfo) })
	srv.Start()
	defer srv.Stop()
	members := map[string]renewal.MemberChecker{"slack": slack.NewPoster("xoxb-test", srv.GetAPIURL(), nil)}
	tests := []struct {
		channel string
		lang    chat.Lang
		want    string // in a warning; "" = no warning
	}{
		{"C-member", chat.EN, ""},
		{"C-public", chat.EN, ""},
		{"G-private", chat.EN, "/invite @gpuadvisor"},
		{"G-private", chat.ZH, "请在其中输入 /invite @gpuadvisor"},
		{"D-between-people", chat.EN, "comes to you as a direct message"},
		{"C-archived", chat.EN, "I am not a member"},
		{"C-down", chat.EN, "I could not check"},
	}
	for _, tt := range tests {
		r := testkit.RouterAt(now, renewal.Command(renewal.Deps{Store: memstore.NewStore(nil), NewID: testkit.SeqIDs("r"), Log: testkit.Quiet(), Members: members}))
		rep := r.Handle(context.Background(), chat.Request{Text: addEN, Lang: tt.lang, Platform: "slack", Tenant: "slack:T1", Channel: tt.channel, User: "U42"})
		if rep.Error != nil {
			t.Fatalf("%s: %v", tt.channel, rep.Error)
		}
		warnings := strings.Join(rep.Warnings, "\n")
		invite := strings.Contains(warnings, "invite") || strings.Contains(warnings, "could not check") || strings.Contains(warnings, "无法")
		if tt.want == "" && invite {
			t.Errorf("%s: a warning where the bot can post:\n%s", tt.channel, warnings)
		}
		if tt.want != "" && !strings.Contains(warnings, tt.want) {
			t.Errorf("%s (%s): warnings\n%s\nwant %q", tt.channel, tt.lang, warnings, tt.want)
		}
	}
}
