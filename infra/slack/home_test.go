package slack

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

// homeFixture is a handler with every command and a store holding one
// renewal in the user's DM with the app (D0HOME0001), one team-wide and
// one in another channel.
func homeFixture(t *testing.T) *fixture {
	t.Helper()
	st := memstore.NewStore(nil)
	for _, r := range []rules.Renewal{
		{ID: "dm0001", Channel: "D0HOME0001", Vendor: "DMVendor", Renews: rules.Date{Year: 2024, Month: 3, Day: 1}},
		{ID: "team01", Channel: "C1", Vendor: "TeamVendor", Scope: rules.ScopeTeam, Renews: rules.Date{Year: 2024, Month: 2, Day: 1}},
		{ID: "chan01", Channel: "C2", Vendor: "OtherChannel", Renews: rules.Date{Year: 2024, Month: 2, Day: 1}},
	} {
		r.Tenant, r.Platform, r.GPU, r.Cards, r.Mode, r.Price, r.NoticeDays, r.CreatedAt = "slack:T0001", "slack", "A100-80G", 8, rules.Monthly, 15000, 30, testNow
		if err := st.CreateRenewal(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	router := commands.New(commands.Deps{Renewals: st, Now: fixedNow})
	return newFixture(t, router)
}

// published is one views.publish call as the fake received it.
type published struct {
	UserID string `json:"user_id"`
	View   struct {
		Type            string            `json:"type"`
		PrivateMetadata string            `json:"private_metadata"`
		CallbackID      string            `json:"callback_id"`
		Blocks          []json.RawMessage `json:"blocks"`
	} `json:"view"`
}

func (f *fixture) published(t *testing.T) []published {
	t.Helper()
	var out []published
	for _, c := range f.rec.calls("/api/views.publish") {
		b, _ := json.Marshal(c.JSON)
		var p published
		if err := json.Unmarshal(b, &p); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// TestHomeTabIsPublished: app_home_opened, verified like every event,
// publishes the home command as the user's Home tab, in the language of
// their locale, with what the DM and the team see; a redelivery of the same
// event publishes nothing more.
func TestHomeTabIsPublished(t *testing.T) {
	f := homeFixture(t)
	f.rec.Locale = "zh-CN"
	body := readFixture(t, "event_app_home_opened.json")
	if res := invoke(t, f.h, event(t, body, testNow, false, nil)); res.StatusCode != 200 {
		t.Fatalf("status %d %s", res.StatusCode, res.Body)
	}
	pubs := f.published(t)
	if len(pubs) != 1 {
		t.Fatalf("views.publish calls = %d, want 1", len(pubs))
	}
	p := pubs[0]
	if p.UserID != "U2147483697" || p.View.Type != "home" || p.View.PrivateMetadata != "D0HOME0001" || p.View.CallbackID != HomeCallbackID {
		t.Errorf("published for %q a %q view, private_metadata %q, callback_id %q; want U2147483697's home view with D0HOME0001 and %s",
			p.UserID, p.View.Type, p.View.PrivateMetadata, p.View.CallbackID, HomeCallbackID)
	}
	blocks := string(mustJSON(t, p.View.Blocks))
	for _, want := range []string{"续约", "DMVendor", "TeamVendor", `"action_id":"run"`, `"value":"续约 列表"`} {
		if !strings.Contains(blocks, want) {
			t.Errorf("home blocks lack %s:\n%s", want, blocks)
		}
	}
	if strings.Contains(blocks, "OtherChannel") || strings.Contains(blocks, "Only you") {
		t.Errorf("home shows another channel's renewal or an ephemeral note:\n%s", blocks)
	}
	if len(p.View.Blocks) > 100 {
		t.Errorf("%d blocks; a Home tab holds at most 100", len(p.View.Blocks))
	}
	if res := invoke(t, f.h, event(t, body, testNow, false, map[string]string{"x-slack-retry-num": "1"})); res.StatusCode != 200 || len(f.published(t)) != 1 {
		t.Errorf("redelivery: status %d, %d publishes; want 200 and still 1", res.StatusCode, len(f.published(t)))
	}
}

// TestHomeTabRefusals: an unsigned request publishes nothing (401); the
// Messages tab is ignored; a failed views.publish is a 500 so that Slack
// delivers the event again.
func TestHomeTabRefusals(t *testing.T) {
	body := readFixture(t, "event_app_home_opened.json")
	f := homeFixture(t)
	bad := event(t, body, testNow, false, map[string]string{"x-slack-signature": "v0=" + strings.Repeat("0", 64)})
	if res := invoke(t, f.h, bad); res.StatusCode != 401 || len(f.published(t)) != 0 {
		t.Errorf("bad signature: status %d, %d publishes; want 401 and none", res.StatusCode, len(f.published(t)))
	}
	var ev map[string]any
	json.Unmarshal(body, &ev)
	ev["event"].(map[string]any)["tab"] = "messages"
	ev["event_id"] = "Ev0MESSAGESTAB"
	if res := invoke(t, f.h, event(t, mustJSON(t, ev), testNow, false, nil)); res.StatusCode != 200 || len(f.published(t)) != 0 {
		t.Errorf("messages tab: status %d, %d publishes; want 200 and none", res.StatusCode, len(f.published(t)))
	}
	f.rec.FailViews.Store(1)
	if res := invoke(t, f.h, event(t, body, testNow, false, nil)); res.StatusCode != 500 {
		t.Errorf("views.publish failed: status %d, want 500 (Slack retries)", res.StatusCode)
	}
	if res := invoke(t, f.h, event(t, body, testNow, false, map[string]string{"x-slack-retry-num": "1"})); res.StatusCode != 200 || len(f.published(t)) != 2 {
		t.Errorf("the retry after a failed publish: status %d, %d publish calls; want 200 and a second call", res.StatusCode, len(f.published(t)))
	}
	posts, _, other := f.rec.Sent()
	if len(posts) != 0 || len(other) != 0 {
		t.Errorf("home posted messages %v or made unexpected calls %v", posts, other)
	}
}

// TestHomeButtonAnswersInTheDM: a button on the Home tab (no channel, no
// response_url) runs its command for the DM's scope and posts the answer
// in the DM the tab was published with.
func TestHomeButtonAnswersInTheDM(t *testing.T) {
	f := homeFixture(t)
	res := invoke(t, f.h, event(t, interactionBody(t, readFixture(t, "interaction_home.json")), testNow, false, nil))
	if res.StatusCode != 200 {
		t.Fatalf("status %d", res.StatusCode)
	}
	posts, hooks, _ := f.rec.Sent()
	if len(posts) != 1 || len(hooks) != 0 || posts[0].Get("method") != "chat.postMessage" {
		t.Fatalf("%d Web API posts, %d response_url posts; want one chat.postMessage", len(posts), len(hooks))
	}
	p := posts[0]
	if p.Get("channel") != "D0HOME0001" || !strings.Contains(p.Get("blocks"), "DMVendor") || !strings.Contains(p.Get("blocks"), "TeamVendor") || strings.Contains(p.Get("blocks"), "OtherChannel") {
		t.Errorf("posted to %q:\n%s\nwant the DM's and the team's renewals in D0HOME0001", p.Get("channel"), p.Get("blocks"))
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestHomeTabShowsTheUsersChecks: the Home tab of U2147483697 (scope: the
// DM D0HOME0001) lists the checks that person ran in any channel, private
// ones too, and never another member's check from elsewhere; each vendor
// gets a button drafting its questions.
func TestHomeTabShowsTheUsersChecks(t *testing.T) {
	st := memstore.NewStore(nil)
	at := time.Now().Add(-time.Hour)
	for _, c := range []store.Check{
		{ID: "mine", Channel: "G0PRIVATE", User: "U2147483697", Private: true, Vendor: "MyVendor", Verdict: "avoid", Risk: 3, Ask: []string{"hw.host"}},
		{ID: "theirs", Channel: "G0PRIVATE", User: "U0OTHER", Vendor: "TheirVendor", Verdict: "proceed"},
	} {
		c.Tenant, c.At = "slack:T0001", at
		if err := st.AddCheck(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
	f := newFixture(t, commands.New(commands.Deps{Renewals: st, Checks: st, Trials: st, Now: fixedNow}))
	if res := invoke(t, f.h, event(t, readFixture(t, "event_app_home_opened.json"), testNow, false, nil)); res.StatusCode != 200 {
		t.Fatalf("status %d %s", res.StatusCode, res.Body)
	}
	pubs := f.published(t)
	if len(pubs) != 1 {
		t.Fatalf("views.publish calls = %d, want 1", len(pubs))
	}
	blocks := string(mustJSON(t, pubs[0].View.Blocks))
	for _, want := range []string{"Recent checks", "MyVendor: avoid — 0 covered, 3 risk", "asked privately", `"value":"draft questions vendor=MyVendor hw.host"`} {
		if !strings.Contains(blocks, want) {
			t.Errorf("home blocks lack %s:\n%s", want, blocks)
		}
	}
	if strings.Contains(blocks, "TheirVendor") {
		t.Errorf("the Home tab shows another member's check from a private channel:\n%s", blocks)
	}
}

// TestHomeWithFullChecksKeepsSlackLimits: six checks of six vendors with
// the longest names (40 characters) and eight questions each still make a
// message within Block Kit's limits: 15 buttons (the 8 main commands, each
// vendor's next step on the board, which replaces its check's draft
// button, and Compare vendors), labels under 75 characters.
func TestHomeWithFullChecksKeepsSlackLimits(t *testing.T) {
	st := memstore.NewStore(nil)
	for _, c := range storetest.LongChecks("slack:T0001", "C1", "U1", 6) {
		if err := st.AddCheck(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
	r := commands.New(commands.Deps{Renewals: st, Prices: st, Checks: st, Trials: st, Now: fixedNow})
	for _, text := range []string{"home", "主页"} {
		rep := r.Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T0001", Channel: "C1", User: "U1"})
		if n := len(rep.Buttons); n != 8+6+1 {
			t.Errorf("%s: %d buttons, want 8 main, 6 vendors' next steps and Compare vendors", text, n)
		}
		for _, v := range limitViolations(Render(rep)) {
			t.Errorf("%s: %s", text, v)
		}
	}
}
