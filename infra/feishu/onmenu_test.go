package feishu

import (
	"context"
	"strings"
	"testing"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

// menuHarness is the harness with every command, and a store holding a
// team-wide renewal and one of a group chat.
func menuHarness(t *testing.T) *harness {
	t.Helper()
	hs := newHarness(t)
	st := memstore.NewStore(nil)
	for _, r := range []rules.Renewal{
		{ID: "team01", Channel: "oc_group", Vendor: "TeamVendor", Scope: rules.ScopeTeam},
		{ID: "grp001", Channel: "oc_group", Vendor: "GroupVendor"},
	} {
		r.Tenant, r.Platform, r.GPU, r.Cards, r.Mode, r.Price, r.NoticeDays = "feishu:2ca1d211f64f6438", "feishu", "A100-80G", 8, rules.Monthly, 15000, 30
		r.Renews, r.CreatedAt = rules.Date{Year: 2027, Month: 3, Day: 1}, testNow
		if err := st.CreateRenewal(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	r := commands.New(commands.Deps{Renewals: st, Now: func() time.Time { return testNow }})
	hs.h.d.Router, hs.h.pipe.Router = r, r
	return hs
}

// TestBotMenu: a verified menu click runs its item's command and sends the
// answer to the person who clicked, one-to-one, in the key's language; the
// same event again sends nothing; an unknown key gets the home page.
func TestBotMenu(t *testing.T) {
	const clicker = "ou_84aad35d084aa403a838cf73ee18467"
	for _, tc := range []struct {
		key  string
		want []string // in the card
		not  string
	}{
		{"home", []string{"续约", "TeamVendor", `"value":"帮助 计费"`}, "GroupVendor"},
		{"home_en", []string{"Renewals", "TeamVendor", `"value":"help billing"`}, "GroupVendor"},
		{"billing", []string{"计费", "按需", "包月"}, `"c0":"ondemand"`}, // a Chinese help names each key in Chinese
		{"renewal", []string{"TeamVendor"}, "GroupVendor"},
		{"no-such-item", []string{"续约", `"value":"试用"`}, ""},
	} {
		t.Run(tc.key, func(t *testing.T) {
			hs := menuHarness(t)
			body := []byte(strings.Replace(string(fixture(t, "application_bot_menu.json", "")), `"event_key": "home"`, `"event_key": "`+tc.key+`"`, 1))
			if resp := hs.deliver(t, body); resp.StatusCode != 200 {
				t.Fatalf("status %d %s", resp.StatusCode, resp.Body)
			}
			sent := hs.api.Messages()
			if len(sent) != 1 {
				t.Fatalf("%d messages, want 1", len(sent))
			}
			s := sent[0]
			if s.Path != "/open-apis/im/v1/messages" || s.ReceiveIDType != "open_id" || s.Body.ReceiveID != clicker || s.Body.UUID == "" {
				t.Errorf("sent to %s?receive_id_type=%s %q uuid %q; want a direct message to the clicker with an idempotency key", s.Path, s.ReceiveIDType, s.Body.ReceiveID, s.Body.UUID)
			}
			content := s.Body.Content
			if !contains(content, tc.want...) || (tc.not != "" && strings.Contains(content, tc.not)) {
				t.Errorf("card lacks %q or shows %q:\n%.1500s", tc.want, tc.not, content)
			}
			if resp := hs.deliver(t, body); resp.StatusCode != 200 || len(hs.api.Messages()) != 1 {
				t.Errorf("the same event again: status %d, %d messages; want 200 and still 1", resp.StatusCode, len(hs.api.Messages()))
			}
		})
	}
}

// TestBotMenuIsVerified: an unsigned or plaintext menu event sends nothing.
func TestBotMenuIsVerified(t *testing.T) {
	hs := menuHarness(t)
	plain := hs.forApp(fixture(t, "application_bot_menu.json", ""))
	body := testkit.FeishuEncrypt(testKey, plain)
	if resp := hs.invoke(t, lambdaEvent(nil, body, false)); resp.StatusCode < 400 {
		t.Errorf("unsigned: status %d, want a refusal", resp.StatusCode)
	}
	if resp := hs.invoke(t, lambdaEvent(signedHeaders(testKey, testNow, plain), plain, false)); resp.StatusCode < 400 {
		t.Errorf("not encrypted: status %d, want a refusal", resp.StatusCode)
	}
	if n := len(hs.api.Messages()); n != 0 {
		t.Errorf("%d messages sent for refused events", n)
	}
}

func TestMenuKeysAreCommands(t *testing.T) {
	r := commands.New(commands.Deps{})
	for key := range MenuKeys.Get() {
		for _, k := range []string{key, key + "_en"} {
			text, _, ok := menuCommand(k)
			word, _, _ := strings.Cut(text, " ")
			if _, known := r.Lookup(word); !ok || (!known && key != "price") {
				t.Errorf("menu key %s runs %q, not a registered command", k, text)
			}
		}
	}
}
