package slack

import (
	"context"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

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
	f := newFixture(t, commands.New(commands.Deps{Renewals: st, Checks: st, Now: fixedNow}))
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

// TestHomeWithFullChecksKeepsSlackLimits: five checks of five vendors with
// the longest names (40 characters) and eight questions each still make a
// message within Block Kit's limits (13 buttons, labels under 75
// characters).
func TestHomeWithFullChecksKeepsSlackLimits(t *testing.T) {
	st := memstore.NewStore(nil)
	for _, c := range storetest.LongChecks("slack:T0001", "C1", "U1", 6) {
		if err := st.AddCheck(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
	r := commands.New(commands.Deps{Renewals: st, Prices: st, Checks: st, Now: fixedNow})
	for _, text := range []string{"home", "主页"} {
		rep := r.Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T0001", Channel: "C1", User: "U1"})
		if n := len(rep.Buttons); n != 8+5 {
			t.Errorf("%s: %d buttons, want 8 main and 5 drafts", text, n)
		}
		for _, v := range limitViolations(Render(rep)) {
			t.Errorf("%s: %s", text, v)
		}
	}
}
