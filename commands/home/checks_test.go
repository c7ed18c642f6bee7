package home_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands/home"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// check is a check of slack:T1 run minutes before now (2026-12-01 10:00 in
// Shanghai, 02:00 UTC).
func check(id, channel, user, vendor, verdict string, minutes int, ask ...string) store.Check {
	return store.Check{ID: id, Tenant: "slack:T1", Channel: channel, User: user, At: now.Add(-time.Duration(minutes) * time.Minute),
		Vendor: vendor, Verdict: verdict, Covered: 1, Risk: 2, Vague: 0, Missing: 42, Ask: ask}
}

func checksSection(t *testing.T, rep chat.Reply, title string) chat.Section {
	t.Helper()
	for _, s := range rep.Sections {
		if s.Title == title {
			return s
		}
	}
	t.Fatalf("no section %q in %+v", title, rep.Sections)
	return chat.Section{}
}

// TestHomeListsRecentChecks: the five newest checks U1 sees in C1 (U1's
// own anywhere, and C1's unless private), each with its verdict in words,
// counts and time in Shanghai, and one button per vendor drafting the
// questions of its newest check.
func TestHomeListsRecentChecks(t *testing.T) {
	st := memstore.NewStore(func() time.Time { return now })
	own := check("own", "G-private", "U1", "酷算云", "ask_first", 10, "hw.host", "net.intranet_bw")
	own.Private = true
	for _, c := range []store.Check{
		check("fast", "C1", "U2", "FastCompute", "avoid", 30, "bill.granularity"), // C1's, public: 09:30
		own, // U1's own in a private channel: 09:50
		{ID: "hidden", Tenant: "slack:T1", Channel: "C1", User: "U2", Private: true, At: now.Add(-5 * time.Minute), Vendor: "Hidden", Verdict: "avoid"},
		check("elsewhere", "C9", "U2", "Elsewhere", "avoid", 1),
		check("novendor", "C1", "U3", "", "proceed", 40),
		check("fast-old", "C1", "U1", "FastCompute", "ask_first", 50, "ops.night_response"),
		check("old1", "C1", "U1", "Old", "ask_first", 60),              // no questions: no button
		check("old2", "C1", "U1", "Older", "ask_first", 70, "hw.host"), // the sixth: not listed
	} {
		if err := st.AddCheck(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
	rep := ask(t, home.Deps{Renewals: st, Checks: st}, "home", "C1")
	sec := checksSection(t, rep, "Recent checks")
	want := []string{
		"酷算云: ask first — 1 covered, 2 risk, 0 vague, 42 not asked yet · 2026-12-01 09:50 · asked privately",
		"FastCompute: avoid — 1 covered, 2 risk, 0 vague, 42 not asked yet · 2026-12-01 09:30",
		"(vendor not named): proceed — 1 covered, 2 risk, 0 vague, 42 not asked yet · 2026-12-01 09:20",
		"FastCompute: ask first — 1 covered, 2 risk, 0 vague, 42 not asked yet · 2026-12-01 09:10",
		"Old: ask first — 1 covered, 2 risk, 0 vague, 42 not asked yet · 2026-12-01 09:00",
	}
	if !reflect.DeepEqual(sec.Lines, want) {
		t.Errorf("lines\n%s\nwant\n%s", strings.Join(sec.Lines, "\n"), strings.Join(want, "\n"))
	}
	var drafts []string
	for _, b := range rep.Buttons {
		if strings.HasPrefix(b.Value, "draft") {
			drafts = append(drafts, b.Label+" = "+b.Value)
			if b.Action != chat.ActionRun || chat.ButtonCommand(b.Action, b.Value) != b.Value {
				t.Errorf("button %+v does not run its value", b)
			}
		}
	}
	if want := []string{
		"Questions for 酷算云 = draft questions vendor=酷算云 hw.host net.intranet_bw",
		"Questions for FastCompute = draft questions vendor=FastCompute bill.granularity",
	}; !reflect.DeepEqual(drafts, want) {
		t.Errorf("draft buttons %q, want %q", drafts, want)
	}
	var data struct {
		Checks []struct {
			ID, Vendor, Verdict, At string
			Covered, Missing        int
			Private                 bool
			Ask                     []string
		} `json:"recent_checks"`
	}
	if err := json.Unmarshal(chat.RenderJSON(rep), &data); err != nil {
		t.Fatal(err)
	}
	if c := data.Checks; len(c) != 5 || c[0].ID != "own" || c[0].Verdict != "ask_first" || !c[0].Private || c[0].At != "2026-12-01T09:50:00+08:00" ||
		c[0].Covered != 1 || c[0].Missing != 42 || !reflect.DeepEqual(c[0].Ask, []string{"hw.host", "net.intranet_bw"}) || c[2].Vendor != "" {
		t.Errorf("recent_checks %+v", c)
	}

	zh := ask(t, home.Deps{Renewals: st, Checks: st}, "主页", "C1")
	if got, want := checksSection(t, zh, "最近的核查").Lines[1], "FastCompute：建议放弃——答实 1，风险 2，含糊 0，未提及 42 · 2026-12-01 09:30"; got != want {
		t.Errorf("Chinese line %q, want %q", got, want)
	}
	if b := zh.Buttons[len(zh.Buttons)-2]; b.Label != "给酷算云的追问" || b.Value != "起草 问题 供应商=酷算云 hw.host net.intranet_bw" {
		t.Errorf("Chinese button %+v", b)
	}
}

type failingChecks struct{ store.Checks }

func (failingChecks) RecentChecks(context.Context, store.Scope, string, int) ([]store.Check, error) {
	return nil, errors.New("table unavailable")
}

// TestHomeChecksNoneFailedOrNotKept: none yet says how to run one; a store
// that fails is a warning; without a Checks store the section is left out.
func TestHomeChecksNoneFailedOrNotKept(t *testing.T) {
	st := memstore.NewStore(nil)
	rep := ask(t, home.Deps{Renewals: st, Checks: st}, "home", "C1")
	if l := checksSection(t, rep, "Recent checks").Lines; len(l) != 1 || !strings.Contains(l[0], "checklist check vendor=AcmeGPU") {
		t.Errorf("no checks: %q", l)
	}
	if !strings.Contains(string(chat.RenderJSON(rep)), `"recent_checks": []`) {
		t.Errorf("JSON without recent_checks: []:\n%s", chat.RenderJSON(rep))
	}
	rep = ask(t, home.Deps{Renewals: st, Checks: failingChecks{}}, "home", "C1")
	if rep.Error != nil || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "recent checks could not be read") {
		t.Errorf("failing checks: %v, %q", rep.Error, rep.Warnings)
	}
	rep = ask(t, home.Deps{Renewals: st}, "home", "C1")
	for _, s := range rep.Sections {
		if s.Title == "Recent checks" {
			t.Errorf("without Checks the home shows %+v", s)
		}
	}
	if strings.Contains(string(chat.RenderJSON(rep)), "recent_checks") {
		t.Error("without Checks the JSON has recent_checks")
	}
}
