package home_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	rules "gpuadvisor/advisor/renewal"
	"gpuadvisor/chat"
	"gpuadvisor/commands/home"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

var now = time.Date(2026, 12, 1, 10, 0, 0, 0, rules.Shanghai())

func renewal(id, channel, scope string, renews rules.Date, notice int) rules.Renewal {
	return rules.Renewal{ID: id, Tenant: "slack:T1", Platform: "slack", Channel: channel, Vendor: "v-" + id, GPU: "A100-80G",
		Cards: 8, Mode: rules.Monthly, Price: 15000, Renews: renews, NoticeDays: notice, Scope: scope, CreatedAt: now}
}

func ask(t *testing.T, d home.Deps, text, channel string) chat.Reply {
	t.Helper()
	d.Log = testkit.Quiet()
	return testkit.RouterAt(now, home.Command(d)).Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: channel, User: "U1"})
}

// TestHomeShowsWhatTheConversationSees: the DM's own renewals and the
// team-wide ones, soonest deadline first; another channel's never.
func TestHomeShowsWhatTheConversationSees(t *testing.T) {
	st := memstore.NewStore(nil)
	for _, r := range []rules.Renewal{
		// deadline 2027-03-01 − 30 d = 2027-01-30: 60 days after 2026-12-01
		renewal("late", "D1", "", rules.Date{Year: 2027, Month: 3, Day: 1}, 30),
		// deadline 2027-01-01 − 14 d = 2026-12-18: 17 days
		renewal("soon", "C9", rules.ScopeTeam, rules.Date{Year: 2027, Month: 1, Day: 1}, 14),
		renewal("other", "C9", "", rules.Date{Year: 2027, Month: 1, Day: 1}, 14), // another channel's
	} {
		if err := st.CreateRenewal(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	rep := ask(t, home.Deps{Renewals: st}, "home", "D1")
	if rep.Error != nil {
		t.Fatal(rep.Error)
	}
	lines := rep.Sections[0].Lines
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "v-soon") || !strings.HasPrefix(lines[1], "v-late") {
		t.Fatalf("renewals %q; want v-soon then v-late, not v-other", lines)
	}
	// 8 cards × 15,000 = 120,000 a month
	for _, want := range []string{"120,000 a month", "notice deadline 2026-12-18 (in 17 days)", "team-wide"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("%q lacks %q", lines[0], want)
		}
	}
	if !strings.Contains(lines[1], "notice deadline 2027-01-30 (in 60 days)") || strings.Contains(lines[1], "team-wide") {
		t.Errorf("%q: want the deadline in 60 days, this channel's own", lines[1])
	}
	if len(rep.Sections) != 1 {
		t.Errorf("without a price book the home shows %d sections; want the renewals only", len(rep.Sections))
	}
	for _, b := range rep.Buttons {
		if b.Action != chat.ActionRun || b.Value == "" || b.Value == "price list" {
			t.Errorf("button %+v: want a run button with a command, and no price button without a price book", b)
		}
	}
}

// TestHomePricesAndButtons: the price book section, at most MaxListed
// entries, and every button's command routes to a registered command.
func TestHomePricesAndButtons(t *testing.T) {
	var asked store.Scope
	var ps []home.Price
	for i := range home.MaxListed + 2 {
		ps = append(ps, home.Price{ID: fmt.Sprintf("p%d", i), GPU: "h100-sxm", OnDemand: 20, Monthly: 9000, Date: "2026-11-30", TeamWide: i == 0})
	}
	prices := func(_ context.Context, s store.Scope) ([]home.Price, error) { asked = s; return ps, nil }
	rep := ask(t, home.Deps{Renewals: memstore.NewStore(nil), Prices: prices}, "主页", "D1")
	if asked != (store.Scope{Tenant: "slack:T1", Channel: "D1"}) {
		t.Errorf("prices listed for %+v; want the tenant and the DM channel", asked)
	}
	sec := rep.Sections[1]
	if sec.Title != "已保存的价格" || len(sec.Lines) != home.MaxListed+1 || !strings.Contains(sec.Lines[home.MaxListed], "另有 2 个") {
		t.Fatalf("prices section %q %q; want %d lines and 2 more", sec.Title, sec.Lines, home.MaxListed+1)
	}
	if want := "h100-sxm: 按需 20/小时，包月 9,000（2026-11-30） · 全团队 · id p0"; sec.Lines[0] != want {
		t.Errorf("first price %q, want %q", sec.Lines[0], want)
	}
	var values []string
	for _, b := range rep.Buttons {
		values = append(values, b.Value)
	}
	if got := strings.Join(values, "|"); got != "帮助 选卡|帮助 计费|帮助 报价|帮助 清单|试用|续约 列表|价格 列表|帮助" {
		t.Errorf("Chinese buttons run %q", got)
	}
	for _, b := range home.Buttons(chat.EN, true) {
		if got := chat.ButtonCommand(b.Action, b.Value); got != b.Value {
			t.Errorf("button %q runs %q; want its value", b.Label, got)
		}
	}
}

// TestHomeStoreFailureIsAWarning: a store that fails still gives the home
// page, with a warning instead of the list; bad input is an error.
func TestHomeStoreFailureIsAWarning(t *testing.T) {
	rep := ask(t, home.Deps{Renewals: testkit.DownRenewals{}}, "home", "D1")
	if rep.Error != nil || len(rep.Warnings) != 1 || len(rep.Buttons) == 0 {
		t.Errorf("failing store: error %v, warnings %q, %d buttons; want a page with one warning and the buttons", rep.Error, rep.Warnings, len(rep.Buttons))
	}
	rep = ask(t, home.Deps{}, "home", "D1")
	if rep.Error != nil || !strings.Contains(rep.Sections[0].Lines[0], "No store") {
		t.Errorf("no store: %v %q", rep.Error, rep.Sections)
	}
	rep = ask(t, home.Deps{}, "home now", "D1")
	if rep.Error == nil || rep.Error.Key != "home" || rep.Error.Example != "home" {
		t.Errorf("home now: %+v; want an error on key home with an example", rep.Error)
	}
}

// BenchmarkHome is the home page of a team with 50 renewals in the DM and
// a price book of 50 entries: what every opening of the Slack Home tab runs
// before views.publish.
func BenchmarkHome(b *testing.B) {
	st := memstore.NewStore(nil)
	for i := range 50 {
		r := renewal(fmt.Sprintf("r%03d", i), "D1", "", rules.Date{Year: 2027, Month: time.Month(1 + i%12), Day: 1 + i%28}, 30)
		if err := st.CreateRenewal(context.Background(), r); err != nil {
			b.Fatal(err)
		}
	}
	ps := make([]home.Price, 50)
	for i := range ps {
		ps[i] = home.Price{ID: fmt.Sprintf("p%d", i), GPU: "h100-sxm", OnDemand: 20, Monthly: 9000}
	}
	r := testkit.RouterAt(now, home.Command(home.Deps{Renewals: st, Prices: func(context.Context, store.Scope) ([]home.Price, error) { return ps, nil }}))
	req := chat.Request{Text: "home", Platform: "slack", Tenant: "slack:T1", Channel: "D1", User: "U1"}
	b.ReportAllocs()
	for b.Loop() {
		if rep := r.Handle(context.Background(), req); rep.Error != nil || len(rep.Sections[0].Lines) != home.MaxListed+1 {
			b.Fatal(rep.Error)
		}
	}
}
