package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"gpuadvisor/store"
)

// SampleCheck returns a check of tenant run by user in channel at, every
// field set.
func SampleCheck(tenant, channel, user, id string, at time.Time) store.Check {
	return store.Check{
		ID: id, Tenant: tenant, Channel: channel, User: user, At: at,
		Vendor: "酷算云", Verdict: "ask_first", Covered: 5, Risk: 1, Vague: 2, Missing: 37,
		Ask:   []string{"hw.host", "net.intranet_bw", "ops.night_response"},
		Risks: []string{"hw.interconnect"},
	}
}

// checkBase is a time a little in the past, without a monotonic reading
// (so that a check read back compares equal); checks must not be expired.
func checkBase() time.Time { return time.Now().UTC().Truncate(time.Second).Add(-time.Hour) }

func mustAddCheck(t *testing.T, s store.Store, c store.Check) {
	t.Helper()
	mustAdd(t, "Check", c.Tenant, c.ID, s.AddCheck(ctx, c))
}

func recentIDs(t *testing.T, s store.Store, scope store.Scope, user string, n int) []string {
	t.Helper()
	cs, err := s.RecentChecks(ctx, scope, user, n)
	if err != nil {
		t.Fatalf("RecentChecks(%v, %q, %d): %v", scope, user, n, err)
	}
	return idsOf(cs, checkID)
}

func testCheckRoundTrip(t *testing.T, s store.Store) {
	want := SampleCheck("slack:T1", "C1", "U1", "k1", checkBase().Add(123456789*time.Nanosecond))
	want.Private = true
	mustAddCheck(t, s, want)
	got, err := s.RecentChecks(ctx, store.Scope{Tenant: "slack:T1", Channel: "D1"}, "U1", 5)
	if err != nil || len(got) != 1 {
		t.Fatalf("RecentChecks = %+v, %v; want the one check", got, err)
	}
	if !reflect.DeepEqual(got[0], want) || !got[0].At.Equal(want.At) {
		t.Errorf("read back %+v\nwant      %+v", got[0], want)
	}
	// the caller's slices are not the store's
	got[0].Ask[0], got[0].Risks[0] = "changed", "changed"
	if again, _ := s.RecentChecks(ctx, store.Scope{Tenant: "slack:T1", Channel: "D1"}, "U1", 5); len(again) != 1 || again[0].Ask[0] != want.Ask[0] || again[0].Risks[0] != want.Risks[0] {
		t.Errorf("changing a check read back changed the store's: %+v", again)
	}
	// a check with only its key reads back as such (no vendor, counts or items)
	bare := store.Check{ID: "k0", Tenant: "slack:T1", Channel: "C1", At: want.At.Add(time.Second)}
	mustAddCheck(t, s, bare)
	if got, _ := s.RecentChecks(ctx, store.Scope{Tenant: "slack:T1", Channel: "C1"}, "", 5); len(got) != 1 || !reflect.DeepEqual(got[0], bare) {
		t.Errorf("a bare check reads back %+v, want %+v alone (the other is private)", got, bare)
	}
	refusesBadKeys(t, "Check", func(tenant, channel, id string, at time.Time) error {
		return s.AddCheck(ctx, SampleCheck(tenant, channel, "U1", id, at))
	}, want.At)
}

// A check is seen by whoever ran it, anywhere in the tenant, and by anyone
// in its conversation unless it was asked privately.
func testCheckScope(t *testing.T, s store.Store) {
	at := checkBase()
	a := SampleCheck("slack:T1", "C1", "U1", "a", at.Add(1*time.Minute))
	b := SampleCheck("slack:T1", "C1", "U2", "b", at.Add(2*time.Minute))
	b.Private = true
	c := SampleCheck("slack:T1", "G-private", "U2", "c", at.Add(3*time.Minute))
	d := SampleCheck("slack:T2", "C1", "U1", "d", at.Add(4*time.Minute))
	for _, x := range []store.Check{a, b, c, d} {
		mustAddCheck(t, s, x)
	}
	for _, tt := range []struct {
		channel, user string
		want          []string
	}{
		{"C1", "U1", []string{"a"}},             // own; not U2's private b, not G-private's c
		{"C1", "U2", []string{"c", "b", "a"}},   // own b and c, and a run in C1
		{"G-private", "U3", []string{"c"}},      // that channel's only
		{"D-U1", "U1", []string{"a"}},           // the Slack Home tab: the DM, and U1's own anywhere
		{"C1", "", []string{"a"}},               // no user: the channel's public checks
		{"", "", []string{}},                    // nothing to match
		{"other", "U3", []string{}},             // neither
		{"G-private", "U1", []string{"c", "a"}}, // c run there, a U1's own
		{"D-U2", "U2", []string{"c", "b"}},      // U2's own, private or not
		{"G-PRIVATE", "U3", []string{}},         // channels match exactly
		{"C1", "U4", []string{"a"}},             // a member of C1
		{"c1", "U4", []string{}},                // not C1
		{"G-private", "", []string{"c"}},        // the channel's
		{"D-U4", "U4", []string{}},              // ran none
	} {
		if got := recentIDs(t, s, store.Scope{Tenant: "slack:T1", Channel: tt.channel}, tt.user, 10); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("user %q in %q sees %v, want %v", tt.user, tt.channel, got, tt.want)
		}
	}
	if got := recentIDs(t, s, store.Scope{Tenant: "slack:T2", Channel: "C9"}, "U1", 10); !reflect.DeepEqual(got, []string{"d"}) {
		t.Errorf("U1 in the other tenant sees %v, want [d]", got)
	}
}

// Newest first, at most n, each id once: the newest of it the reader sees.
func testCheckOrder(t *testing.T, s store.Store) {
	at := checkBase()
	add := func(id string, min int, private bool) {
		c := SampleCheck("feishu:tk", "oc_1", "ou_1", id, at.Add(time.Duration(min)*time.Minute))
		c.Private = private
		mustAddCheck(t, s, c)
	}
	add("x", 1, false)
	add("y", 2, false)
	add("z", 3, false)
	add("w", 4, false)
	add("v", 5, false)
	add("u", 6, false)
	add("x", 7, true) // x again, privately: ou_1 sees it at 7, others at 1
	in := store.Scope{Tenant: "feishu:tk", Channel: "oc_1"}
	if got, want := recentIDs(t, s, in, "ou_1", 5), []string{"x", "u", "v", "w", "z"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ou_1 sees %v, want %v (newest five, x once)", got, want)
	}
	if got, want := recentIDs(t, s, in, "ou_2", 10), []string{"u", "v", "w", "z", "y", "x"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ou_2 sees %v, want %v (x at its public time)", got, want)
	}
	cs, err := s.RecentChecks(ctx, in, "ou_1", 1)
	if err != nil || len(cs) != 1 || !cs[0].Private || !cs[0].At.Equal(at.Add(7*time.Minute)) {
		t.Errorf("ou_1's newest = %+v, %v; want x of minute 7, private", cs, err)
	}
	if got := recentIDs(t, s, in, "ou_1", 0); len(got) != 0 {
		t.Errorf("n = 0 returned %v", got)
	}
}

// Past store.KeepChecks per tenant the oldest go, whoever can see them.
func testCheckBound(t *testing.T, s store.Store) {
	at := checkBase().Add(-48 * time.Hour)
	old := SampleCheck("slack:T1", "G-old", "U9", "old", at)
	mustAddCheck(t, s, old)
	for i := range store.KeepChecks {
		mustAddCheck(t, s, SampleCheck("slack:T1", "C1", "U1", fmt.Sprintf("k%03d", i), at.Add(time.Duration(i+1)*time.Minute)))
	}
	if got := recentIDs(t, s, store.Scope{Tenant: "slack:T1", Channel: "G-old"}, "U9", 10); len(got) != 0 {
		t.Errorf("the oldest check, past the newest %d of the tenant, still reads: %v", store.KeepChecks, got)
	}
	got := recentIDs(t, s, store.Scope{Tenant: "slack:T1", Channel: "C1"}, "U1", store.KeepChecks+10)
	if len(got) != store.KeepChecks || got[0] != fmt.Sprintf("k%03d", store.KeepChecks-1) || got[len(got)-1] != "k000" {
		t.Errorf("C1 reads %d checks from %v to %v; want %d, newest k%03d to k000", len(got), first(got), last(got), store.KeepChecks, store.KeepChecks-1)
	}
	// another tenant's checks count apart
	mustAddCheck(t, s, SampleCheck("slack:T2", "C1", "U1", "t2", at))
	if got := recentIDs(t, s, store.Scope{Tenant: "slack:T2", Channel: "C1"}, "U1", 5); !reflect.DeepEqual(got, []string{"t2"}) {
		t.Errorf("T2 reads %v, want [t2]", got)
	}
}

func first(s []string) string {
	if len(s) == 0 {
		return "-"
	}
	return s[0]
}

func last(s []string) string {
	if len(s) == 0 {
		return "-"
	}
	return s[len(s)-1]
}

// A check older than store.CheckTTL reads as gone.
func testCheckExpiry(t *testing.T, s store.Store) {
	now := time.Now().UTC().Truncate(time.Second)
	mustAddCheck(t, s, SampleCheck("slack:T1", "C1", "U1", "gone", now.Add(-store.CheckTTL-time.Hour)))
	mustAddCheck(t, s, SampleCheck("slack:T1", "C1", "U1", "kept", now.Add(-store.CheckTTL+time.Hour)))
	if got := recentIDs(t, s, store.Scope{Tenant: "slack:T1", Channel: "C1"}, "U1", 5); !reflect.DeepEqual(got, []string{"kept"}) {
		t.Errorf("reads %v, want [kept] (the other is older than %v)", got, store.CheckTTL)
	}
}

// LongChecks returns n checks of tenant run by user in channel, a minute
// apart from an hour ago back, each of another vendor with the longest name
// a check takes (40 characters) and eight questions: the most a home page
// lists. The first is asked privately.
func LongChecks(tenant, channel, user string, n int) []store.Check {
	out := make([]store.Check, n)
	for i := range out {
		c := SampleCheck(tenant, channel, user, fmt.Sprintf("long%d", i), checkBase().Add(-time.Duration(i)*time.Minute))
		c.Vendor = strings.Repeat("酷", 39) + string(rune('A'+i))
		c.Verdict, c.Covered, c.Risk, c.Vague, c.Missing = "avoid", 0, 3, 0, 42
		c.Private = i == 0
		c.Ask = []string{"hw.gpu_model", "ops.night_response", "hw.interconnect", "bill.granularity", "bill.egress", "bill.storage", "ops.hw_replace", "sec.isolation"}
		out[i] = c
	}
	return out
}

// A team-wide check is seen in every conversation of its tenant (unless
// private); DeleteCheck removes every record of an id in the scope's
// conversation, private re-runs included, and nothing elsewhere.
func testCheckTeamWideAndDelete(t *testing.T, s store.Store) {
	at := checkBase()
	a := SampleCheck("slack:T1", "C1", "U1", "a", at.Add(1*time.Minute))
	aPrivate := SampleCheck("slack:T1", "C1", "U1", "a", at.Add(2*time.Minute))
	aPrivate.Private = true
	aElsewhere := SampleCheck("slack:T1", "C2", "U1", "a", at.Add(3*time.Minute)) // same id, another channel
	team := SampleCheck("slack:T1", "C3", "U3", "team", at.Add(4*time.Minute))
	team.TeamWide = true
	other := SampleCheck("slack:T2", "C1", "U1", "a", at.Add(5*time.Minute))
	for _, x := range []store.Check{a, aPrivate, aElsewhere, team, other} {
		mustAddCheck(t, s, x)
	}
	if got := recentIDs(t, s, store.Scope{Tenant: "slack:T1", Channel: "C9"}, "U9", 10); !reflect.DeepEqual(got, []string{"team"}) {
		t.Errorf("U9 in C9 sees %v, want [team] (team-wide)", got)
	}
	if got := recentIDs(t, s, store.Scope{Tenant: "slack:T2", Channel: "C9"}, "U9", 10); len(got) != 0 {
		t.Errorf("another tenant sees %v, want nothing", got)
	}
	for _, tt := range []struct {
		name  string
		scope store.Scope
		id    string
	}{
		{"an unknown id", store.Scope{Tenant: "slack:T1", Channel: "C1"}, "nope"},
		{"another channel's check", store.Scope{Tenant: "slack:T1", Channel: "C9"}, "a"},
		{"another tenant", store.Scope{Tenant: "slack:T3", Channel: "C1"}, "a"},
	} {
		if err := s.DeleteCheck(ctx, tt.scope, tt.id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("delete %s: %v, want ErrNotFound", tt.name, err)
		}
	}
	if err := s.DeleteCheck(ctx, store.Scope{Tenant: "slack:T1", Channel: "C1"}, "a"); err != nil {
		t.Fatalf("delete a from C1: %v", err)
	}
	if got := recentIDs(t, s, store.Scope{Tenant: "slack:T1", Channel: "C1"}, "U1", 10); !reflect.DeepEqual(got, []string{"team", "a"}) {
		t.Errorf("U1 in C1 sees %v, want [team a]: a of C2 is U1's own and stays", got)
	}
	cs, _ := s.RecentChecks(ctx, store.Scope{Tenant: "slack:T1", Channel: "C2"}, "", 10)
	if len(cs) != 2 || cs[1].ID != "a" || cs[1].Channel != "C2" {
		t.Errorf("C2 reads %+v, want team and its own a", cs)
	}
	if got := recentIDs(t, s, store.Scope{Tenant: "slack:T2", Channel: "C1"}, "U1", 10); !reflect.DeepEqual(got, []string{"a"}) {
		t.Errorf("the other tenant's a: %v, want [a]", got)
	}
	if err := s.DeleteCheck(ctx, store.Scope{Tenant: "slack:T1", Channel: "C1"}, "team"); err != nil {
		t.Errorf("delete the team-wide check from another channel: %v", err)
	}
	if got := recentIDs(t, s, store.Scope{Tenant: "slack:T1", Channel: "C3"}, "U3", 10); len(got) != 0 {
		t.Errorf("after deleting team, C3 sees %v", got)
	}
}
