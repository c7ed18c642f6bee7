package storetest

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"gpuadvisor/store"
)

// SampleTrial returns a trial of tenant run by user in channel at, every
// field set: two checks pass, one fails, one needs a look.
func SampleTrial(tenant, channel, user, id string, at time.Time) store.Trial {
	return store.Trial{
		ID: id, Tenant: tenant, Channel: channel, User: user, At: at, Vendor: "酷算云",
		Promised: store.TrialPromise{GPU: "A100-80G", Cards: 8, NVLink: "yes", IntranetGbps: 25, MemoryGB: 80, BusGBs: 200, Driver: "535.104", CUDA: "12.2"},
		Tools:    []string{"nvidia-smi", "nvidia-smi topo -m", "iperf3"},
		Checks: []store.TrialCheck{
			{Rule: "gpu_model", Item: "hw.gpu_model", Status: store.TrialPass, Promised: "A100 80GB", Measured: "A100-SXM4-80GB"},
			{Rule: "gpu_count", Item: "hw.gpu_model", Status: store.TrialPass, Promised: "8", Measured: "8"},
			{Rule: "intranet_tcp", Item: "net.intranet_bw", Status: store.TrialFail, Promised: "25 Gbit/s", Measured: "6.2 Gbit/s"},
			{Rule: "ecc", Item: "hw.health", Status: store.TrialWarn, Measured: "2 corrected"},
		},
	}
}

func mustAddTrial(t *testing.T, s store.Store, tr store.Trial) {
	t.Helper()
	mustAdd(t, "Trial", tr.Tenant, tr.ID, s.AddTrial(ctx, tr))
}

func trialIDs(t *testing.T, s store.Store, scope store.Scope) []string {
	t.Helper()
	ts, err := s.ListTrials(ctx, scope)
	if err != nil {
		t.Fatalf("ListTrials(%v): %v", scope, err)
	}
	return idsOf(ts, trialID)
}

func testTrialRoundTrip(t *testing.T, s store.Store) {
	want := SampleTrial("slack:T1", "G-private", "U1", "t1", checkBase().Add(123456789*time.Nanosecond))
	mustAddTrial(t, s, want)
	got, err := s.ListTrials(ctx, store.Scope{Tenant: "slack:T1", Channel: "G-private"})
	if err != nil || len(got) != 1 {
		t.Fatalf("ListTrials = %+v, %v; want the one trial", got, err)
	}
	if !reflect.DeepEqual(got[0], want) || !got[0].At.Equal(want.At) {
		t.Errorf("read back %+v\nwant      %+v", got[0], want)
	}
	if f, w := got[0].Failed(), got[0].Warnings(); !reflect.DeepEqual(f, []string{"intranet_tcp"}) || !reflect.DeepEqual(w, []string{"ecc"}) {
		t.Errorf("failed %v, warnings %v; want [intranet_tcp], [ecc]", f, w)
	}
	// the caller's slices are not the store's
	got[0].Checks[0].Status = "changed"
	if again, _ := s.ListTrials(ctx, store.Scope{Tenant: "slack:T1", Channel: "G-private"}); len(again) != 1 || again[0].Checks[0].Status != store.TrialPass {
		t.Errorf("changing a trial read back changed the store's: %+v", again)
	}
	// an empty promise and no checks read back as such
	bare := store.Trial{ID: "t2", Tenant: "slack:T1", Channel: "G-private", At: want.At.Add(time.Second)}
	mustAddTrial(t, s, bare)
	if got, _ := s.ListTrials(ctx, store.Scope{Tenant: "slack:T1", Channel: "G-private"}); len(got) != 2 || !reflect.DeepEqual(got[0], bare) {
		t.Errorf("a bare trial reads back %+v, want %+v first", got, bare)
	}
	refusesBadKeys(t, "Trial", func(tenant, channel, id string, at time.Time) error {
		return s.AddTrial(ctx, SampleTrial(tenant, channel, "U1", id, at))
	}, want.At)
}

// A trial is seen, and deleted, in its channel, or in every channel of the
// tenant when run team-wide; never in another tenant.
func testTrialScope(t *testing.T, s store.Store) {
	at := checkBase()
	a := SampleTrial("slack:T1", "C1", "U1", "a", at.Add(1*time.Minute))
	b := SampleTrial("slack:T1", "G-private", "U2", "b", at.Add(2*time.Minute))
	team := SampleTrial("slack:T1", "C2", "U3", "team", at.Add(3*time.Minute))
	team.TeamWide = true
	other := SampleTrial("slack:T2", "C1", "U1", "other", at.Add(4*time.Minute))
	for _, x := range []store.Trial{a, b, team, other} {
		mustAddTrial(t, s, x)
	}
	for _, tt := range []struct {
		tenant, channel string
		want            []string
	}{
		{"slack:T1", "C1", []string{"team", "a"}},
		{"slack:T1", "G-private", []string{"team", "b"}},
		{"slack:T1", "C2", []string{"team"}},
		{"slack:T1", "c1", []string{"team"}}, // channels match exactly
		{"slack:T1", "", []string{"team"}},
		{"slack:T2", "C1", []string{"other"}},
		{"slack:T3", "C1", []string{}},
	} {
		if got := trialIDs(t, s, store.Scope{Tenant: tt.tenant, Channel: tt.channel}); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s/%s sees %v, want %v", tt.tenant, tt.channel, got, tt.want)
		}
	}
	for _, tt := range []struct {
		name            string
		tenant, channel string
		id              string
	}{
		{"another channel's", "slack:T1", "C1", "b"},
		{"another tenant's", "slack:T2", "G-private", "b"},
		{"an unknown id", "slack:T1", "C1", "nope"},
	} {
		if err := s.DeleteTrial(ctx, store.Scope{Tenant: tt.tenant, Channel: tt.channel}, tt.id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("delete %s trial: %v, want ErrNotFound", tt.name, err)
		}
	}
	if got := trialIDs(t, s, store.Scope{Tenant: "slack:T1", Channel: "G-private"}); !reflect.DeepEqual(got, []string{"team", "b"}) {
		t.Errorf("after refused deletes G-private sees %v, want [team b]", got)
	}
	if err := s.DeleteTrial(ctx, store.Scope{Tenant: "slack:T1", Channel: "C1"}, "team"); err != nil {
		t.Errorf("delete the team-wide trial from another channel: %v", err)
	}
	if err := s.DeleteTrial(ctx, store.Scope{Tenant: "slack:T1", Channel: "C1"}, "a"); err != nil {
		t.Errorf("delete the channel's own trial: %v", err)
	}
	if got := trialIDs(t, s, store.Scope{Tenant: "slack:T1", Channel: "C1"}); len(got) != 0 {
		t.Errorf("after deleting C1 still sees %v", got)
	}
	if got := trialIDs(t, s, store.Scope{Tenant: "slack:T1", Channel: "G-private"}); !reflect.DeepEqual(got, []string{"b"}) {
		t.Errorf("G-private sees %v, want [b]", got)
	}
}

// The same id again replaces the trial; newest first; past KeepTrials per
// tenant the oldest go; past TrialTTL a trial reads as gone.
func testTrialOrderAndBound(t *testing.T, s store.Store) {
	at := checkBase().Add(-48 * time.Hour)
	in := store.Scope{Tenant: "feishu:tk", Channel: "oc_1"}
	mustAddTrial(t, s, SampleTrial(in.Tenant, in.Channel, "ou_1", "x", at.Add(1*time.Minute)))
	mustAddTrial(t, s, SampleTrial(in.Tenant, in.Channel, "ou_1", "y", at.Add(2*time.Minute)))
	again := SampleTrial(in.Tenant, in.Channel, "ou_1", "x", at.Add(3*time.Minute))
	again.Checks = again.Checks[:1]
	mustAddTrial(t, s, again)
	ts, err := s.ListTrials(ctx, in)
	if err != nil || len(ts) != 2 || ts[0].ID != "x" || ts[1].ID != "y" || len(ts[0].Checks) != 1 {
		t.Fatalf("ListTrials = %+v, %v; want x (re-run, one check) then y", ts, err)
	}
	for i := range store.KeepTrials {
		mustAddTrial(t, s, SampleTrial(in.Tenant, in.Channel, "ou_1", fmt.Sprintf("k%03d", i), at.Add(time.Duration(i+10)*time.Minute)))
	}
	got := trialIDs(t, s, in)
	if len(got) != store.KeepTrials || got[0] != fmt.Sprintf("k%03d", store.KeepTrials-1) || got[len(got)-1] != "k000" {
		t.Errorf("reads %d trials from %v to %v; want %d, newest k%03d to k000", len(got), first(got), last(got), store.KeepTrials, store.KeepTrials-1)
	}
	now := time.Now().UTC().Truncate(time.Second)
	mustAddTrial(t, s, SampleTrial("slack:T9", "C1", "U1", "gone", now.Add(-store.TrialTTL-time.Hour)))
	mustAddTrial(t, s, SampleTrial("slack:T9", "C1", "U1", "kept", now.Add(-store.TrialTTL+time.Hour)))
	if got := trialIDs(t, s, store.Scope{Tenant: "slack:T9", Channel: "C1"}); !reflect.DeepEqual(got, []string{"kept"}) {
		t.Errorf("reads %v, want [kept] (the other is older than %v)", got, store.TrialTTL)
	}
}
