package trial

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

// recNow is 2027-01-02 10:00 in Shanghai.
var recNow = time.Date(2027, 1, 2, 2, 0, 0, 0, time.UTC)

func keeping(tr store.Trials) *chat.Router {
	return testkit.RouterAt(recNow, NewCommand(Deps{Trials: tr, Log: testkit.Quiet()}))
}

func inChannel(text, channel string) chat.Request {
	return chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: channel, User: "U42"}
}

// failingTrials refuses every write, as a full disk would.
type failingTrials struct{ store.Trials }

func (failingTrials) AddTrial(context.Context, store.Trial) error { return errors.New("disk full") }

// ListTrials reads none: a full disk still reads.
func (failingTrials) ListTrials(context.Context, store.Scope) ([]store.Trial, error) { return nil, nil }

// TestGoldenKept pins the reply of a trial check that names a vendor, kept
// in the channel and team-wide, in both languages and as JSON.
func TestGoldenKept(t *testing.T) {
	box := fixtures(t, "smi_535_a100pcie_x7.txt", "topo_a100pcie_x7_bridged.txt", "iperf_tcp_p8_slow.txt")
	for _, tt := range []struct {
		name, text string
		json       bool
	}{
		{"en_check_vendor_kept", "trial check vendor=AcmeGPU gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g " + box, false},
		{"zh_check_vendor_team", "试用 检查 供应商=\"酷算 云\" 范围=团队 型号=A100-SXM4-80G 卡数=8 互联=是 内网=万兆 " + box, false},
		{"json_check_vendor_kept", "trial check vendor=AcmeGPU gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g " + box, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep := keeping(memstore.NewStore(func() time.Time { return recNow })).Handle(context.Background(), inChannel(tt.text, "C1"))
			testkit.Testdata(t, tt.name+".golden", testkit.Rendered(rep, tt.json))
		})
	}
}

// What is kept: the promise as given, each check's rule, status and short
// values, the tools, where and when; never the paste.
func TestKeptRecord(t *testing.T) {
	st := memstore.NewStore(func() time.Time { return recNow })
	box := fixtures(t, "smi_535_a100pcie_x7.txt", "topo_a100pcie_x7_bridged.txt", "iperf_tcp_p8_slow.txt")
	text := "trial check vendor=AcmeGPU scope=team gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g busbw=200 driver=535 " + box
	r := keeping(st)
	for range 2 { // the same paste twice is one trial
		if rep := r.Handle(context.Background(), inChannel(text, "C1")); rep.Error != nil {
			t.Fatalf("trial check: %v", rep.Error)
		}
	}
	ts, err := st.ListTrials(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C-other"})
	if err != nil || len(ts) != 1 {
		t.Fatalf("another channel reads %+v, %v; want the one team-wide trial", ts, err)
	}
	got := ts[0]
	wantPromise := store.TrialPromise{GPU: "A100-SXM4-80G", Cards: 8, NVLink: "yes", IntranetGbps: 10, BusGBs: 200, Driver: "535"}
	if got.Promised != wantPromise {
		t.Errorf("promised %+v, want %+v", got.Promised, wantPromise)
	}
	if got.Vendor != "AcmeGPU" || !got.TeamWide || got.Channel != "C1" || got.User != "U42" || !got.At.Equal(recNow) {
		t.Errorf("kept vendor %q team-wide %v channel %q user %q at %v; want AcmeGPU, true, C1, U42, %v", got.Vendor, got.TeamWide, got.Channel, got.User, got.At, recNow)
	}
	for _, want := range []string{"gpu_count", "nvlink", "intranet_tcp"} {
		if !contains(got.Failed(), want) {
			t.Errorf("failed %v, want %s among them (7 PCIe cards, slow intranet, 8 NVLink cards promised)", got.Failed(), want)
		}
	}
	if !reflect.DeepEqual(got.Tools, []string{"nvidia-smi", "nvidia-smi topo -m", "iperf3"}) {
		t.Errorf("tools %v", got.Tools)
	}
	for _, c := range got.Checks {
		for _, s := range []string{c.Promised, c.Measured} {
			if len([]rune(s)) > 60 || strings.Contains(s, "\n") || strings.Contains(s, "NVIDIA-SMI") {
				t.Errorf("check %s keeps %q: more than a short value", c.Rule, s)
			}
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// A trial that could not be kept says so, and the answer is complete.
func TestNotKept(t *testing.T) {
	box := fixtures(t, "smi_550_h100x8.txt")
	for _, tt := range []struct {
		name   string
		trials store.Trials
		req    chat.Request
		want   string
	}{
		{"a failed write", failingTrials{}, inChannel("trial check vendor=AcmeGPU cards=8 "+box, "C1"), "Not kept for AcmeGPU (the store could not be written just now"},
		{"no store", nil, inChannel("trial check vendor=AcmeGPU cards=8 "+box, "C1"), "Not kept for AcmeGPU: there is no store here"},
		{"no conversation", memstore.NewStore(nil), chat.Request{Text: "trial check vendor=AcmeGPU cards=8 " + box, Platform: "slack"}, "did not say which team and channel"},
		{"zh: a failed write", failingTrials{}, inChannel("试用 检查 供应商=酷算云 卡数=8 "+box, "C1"), "未记入 酷算云 的资料（暂时无法写入存储"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var d Deps
			if tt.trials != nil {
				d.Trials = tt.trials
			}
			d.Log = testkit.Quiet()
			rep := testkit.RouterAt(recNow, NewCommand(d)).Handle(context.Background(), tt.req)
			if rep.Error != nil {
				t.Fatalf("error %v, want the answer with a warning", rep.Error)
			}
			if !strings.Contains(strings.Join(rep.Warnings, "\n"), tt.want) {
				t.Errorf("warnings %q, want one with %q", rep.Warnings, tt.want)
			}
			if data, _ := rep.Data.(checkData); data.TrialID != "" || len(data.Checks) == 0 {
				t.Errorf("trial_id %q with %d checks; want none kept and the checks answered", data.TrialID, len(data.Checks))
			}
		})
	}
}

// vendor= and scope= are refused where they keep nothing, naming the key.
func TestVendorKeyErrors(t *testing.T) {
	box := fixtures(t, "smi_550_h100x8.txt")
	for _, tt := range []struct {
		name, text, key, want string
	}{
		{"vendor on the plan", "trial vendor=AcmeGPU cards=8", "vendor", "the plan keeps nothing"},
		{"scope without a vendor", "trial check scope=team cards=8 " + box, "scope", "add vendor=<name>"},
		{"a bad scope", "trial check vendor=AcmeGPU scope=everyone " + box, "scope", "everyone"},
		{"a link as vendor", "trial check vendor=http://evil.example " + box, "vendor", "not a vendor name"},
		{"zh: scope without a vendor", "试用 检查 范围=团队 " + box, "scope", "请同时写 供应商=<名称>"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep := keeping(memstore.NewStore(nil)).Handle(context.Background(), inChannel(tt.text, "C1"))
			if rep.Error == nil || rep.Error.Key != tt.key || !strings.Contains(rep.Error.Message, tt.want) {
				t.Errorf("error %+v, want key %q with %q", rep.Error, tt.key, tt.want)
			}
		})
	}
}

// unreadableTrials fails every read and counts the writes.
type unreadableTrials struct {
	store.Trials
	writes *int
}

func (u unreadableTrials) ListTrials(context.Context, store.Scope) ([]store.Trial, error) {
	return nil, errors.New("throttled")
}

func (u unreadableTrials) AddTrial(ctx context.Context, t store.Trial) error {
	*u.writes++
	return u.Trials.AddTrial(ctx, t)
}

// TestRecordedOnce: the same trial submitted again (a retry, --full after
// the short answer, the Details button) is stored once, at the day it was
// first recorded, and the reply says it was recorded already, with
// already_stored in the JSON; another paste or another promise is a new
// trial. When the kept trials cannot be read the check writes again, which
// replaces the trial of the same id: still one.
func TestRecordedOnce(t *testing.T) {
	box := fixtures(t, "smi_535_a100pcie_x7.txt", "topo_a100pcie_x7_bridged.txt", "iperf_tcp_p8_slow.txt")
	keys := "vendor=AcmeGPU gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g "
	first := "trial check " + keys + box
	for _, tt := range []struct {
		name, again string
		lang        chat.Lang
		want        string // in the second reply's summary
		already     bool
		trials      int
	}{
		{"the same paste again", first, chat.EN, "Already recorded for AcmeGPU on 2027-01-02 (this channel sees it): nothing added; vendor show AcmeGPU.", true, 1},
		{"--full after the short answer", "trial check --full " + keys + box, chat.EN, "Already recorded for AcmeGPU on 2027-01-02", true, 1},
		{"--full at the end", first + " --full", chat.EN, "Already recorded for AcmeGPU", true, 1},
		{"in Chinese", "试用 检查 供应商=AcmeGPU 型号=A100-SXM4-80G 卡数=8 互联=是 内网=万兆 " + box, chat.ZH,
			"这次实测已于 2027-01-02 记入 AcmeGPU 的资料（本频道可见）：没有重复添加；供应商 详情 AcmeGPU。", true, 1},
		{"another promise is another trial", "trial check vendor=AcmeGPU gpu=A100-SXM4-80G cards=7 " + box, chat.EN, "Kept for AcmeGPU's record", false, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st := memstore.NewStore(func() time.Time { return recNow })
			one := keeping(st).Handle(context.Background(), inChannel(first, "C1"))
			later := testkit.RouterAt(recNow.Add(26*time.Hour), NewCommand(Deps{Trials: st, Log: testkit.Quiet()}))
			rep := later.Handle(context.Background(), inChannel(tt.again, "C1"))
			if one.Error != nil || rep.Error != nil {
				t.Fatalf("errors %v, %v", one.Error, rep.Error)
			}
			if !strings.Contains(rep.Summary, tt.want) {
				t.Errorf("summary %q, want %q", rep.Summary, tt.want)
			}
			data := rep.Data.(checkData)
			if data.AlreadyStored != tt.already || data.TrialID == "" {
				t.Errorf("already_stored %v trial_id %q, want %v with an id", data.AlreadyStored, data.TrialID, tt.already)
			}
			ts, err := st.ListTrials(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C1"})
			if err != nil || len(ts) != tt.trials {
				t.Fatalf("%d trials kept (%v), want %d", len(ts), err, tt.trials)
			}
			if tt.already && !ts[0].At.Equal(recNow) {
				t.Errorf("kept at %v, want the first check's %v", ts[0].At, recNow)
			}
			if b := rep.Buttons[len(rep.Buttons)-1]; b.Value != chat.T(tt.lang, "vendor show AcmeGPU", "供应商 详情 AcmeGPU") {
				t.Errorf("last button %+v, want the vendor record", b)
			}
		})
	}
	t.Run("kept trials unreadable", func(t *testing.T) {
		st := memstore.NewStore(func() time.Time { return recNow })
		writes := 0
		r := keeping(unreadableTrials{st, &writes})
		for range 2 {
			if rep := r.Handle(context.Background(), inChannel(first, "C1")); rep.Error != nil || !strings.Contains(rep.Summary, "Kept for AcmeGPU's record") {
				t.Fatalf("summary %q error %v, want it kept", rep.Summary, rep.Error)
			}
		}
		ts, _ := st.ListTrials(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C1"})
		if writes != 2 || len(ts) != 1 {
			t.Errorf("%d writes, %d trials; want 2 writes replacing one trial", writes, len(ts))
		}
	})
}
