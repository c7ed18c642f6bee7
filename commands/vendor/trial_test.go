package vendor_test

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands/vendor"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

// pcieBox is a trial of seven PCIe A100s on a slow intranet: four
// mismatches with an 8-card NVLink promise.
func pcieBox(t *testing.T) string {
	return testkit.Files(t, "../../advisor/trial/testdata", "smi_535_a100pcie_x7.txt", "topo_a100pcie_x7_bridged.txt", "iperf_tcp_p8_slow.txt")
}

func in(channel, text string) chat.Request {
	r := req(text)
	r.Channel = channel
	return r
}

// run handles each line in channel on r and fails on an error.
func run(t *testing.T, r *chat.Router, channel string, lines ...string) chat.Reply {
	t.Helper()
	var rep chat.Reply
	for _, l := range lines {
		if rep = r.Handle(context.Background(), in(channel, l)); rep.Error != nil {
			t.Fatalf("%.60q: %v", l, rep.Error)
		}
	}
	return rep
}

func dataOf(t *testing.T, rep chat.Reply) map[string]any {
	t.Helper()
	b, err := json.Marshal(rep.Data)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// A kept trial is evidence: the vendor is trialled, show lists it newest
// first with the command that produced it, compare's JSON has its checks.
func TestTrialIsEvidence(t *testing.T) {
	st := memstore.NewStore(func() time.Time { return now })
	r := router(st)
	run(t, r, "C0123",
		"price set gpu=a100-80g monthly=5000 vendor=AcmeGPU date=2026-12-20",
		"checklist check vendor=AcmeGPU 8x A100 80GB SXM4 with NVLink 600GB/s, 7x24 support",
		"trial check vendor=\"acme gpu\" gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g "+pcieBox(t))
	list := dataOf(t, run(t, r, "C0123", "vendor list"))
	vs, _ := list["vendors"].([]any)
	if len(vs) != 1 || vs[0].(map[string]any)["stage"] != "trialled" {
		t.Errorf("vendor list: %v; want AcmeGPU trialled", vs)
	}
	for _, tt := range []struct{ name, text string }{
		{"en_show_trial", "vendor show AcmeGPU --full"},
		{"zh_show_trial", "供应商 详情 AcmeGPU --full"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			testkit.Testdata(t, tt.name+".golden", testkit.Rendered(r.Handle(context.Background(), in("C0123", tt.text)), false))
		})
	}
	show := dataOf(t, run(t, r, "C0123", "vendor show AcmeGPU"))
	items, _ := show["items"].([]any)
	if len(items) != 3 {
		t.Fatalf("show items %v, want the trial, the check and the price", items)
	}
	first := items[0].(map[string]any)
	if first["kind"] != "trial" || !strings.HasPrefix(first["command"].(string), "trial check vendor=\"acme gpu\" gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g") {
		t.Errorf("newest item %v; want the trial with its command", first)
	}
	cmp := dataOf(t, run(t, r, "C0123", "vendor compare cards=8 hours=720"))
	v := cmp["vendors"].([]any)[0].(map[string]any)
	tr, _ := v["trial"].(map[string]any)
	if tr == nil {
		t.Fatalf("compare trial is null: %v", v)
	}
	failed, _ := tr["failed"].([]any)
	var names []string
	for _, f := range failed {
		names = append(names, f.(string))
	}
	if tr["date"] != "2027-01-01" || tr["checks"].(float64) != 7 || !reflect.DeepEqual(names, []string{"form_factor", "gpu_count", "nvlink", "intranet_tcp"}) {
		t.Errorf("compare trial %v; want 7 checks on 2027-01-01, failed form_factor, gpu_count, nvlink, intranet_tcp", tr)
	}
	if _, ok := tr["warnings"].([]any); !ok {
		t.Errorf("compare trial warnings %v, want a list", tr["warnings"])
	}
}

// scope=team evidence is seen from every channel of the team; a channel's
// own, a private check and another channel's are not.
func TestVendorScope(t *testing.T) {
	st := memstore.NewStore(func() time.Time { return now })
	r := router(st)
	run(t, r, "C1",
		"trial check vendor=TeamCloud scope=team gpu=A100-SXM4-80G cards=8 "+pcieBox(t),
		"trial check vendor=OwnCloud gpu=A100-SXM4-80G cards=8 "+pcieBox(t),
		"price set gpu=a100-80g monthly=5000 vendor=SharedPrice scope=team",
		"checklist check vendor=Secret --private 8x A100 80GB SXM4 with NVLink",
		"checklist check vendor=TeamAnswers scope=team 8x A100 80GB SXM4 with NVLink",
		"清单 检查 供应商=本频道答复 范围=频道 8x A100 80GB SXM4 with NVLink")
	for _, tt := range []struct {
		channel string
		want    []string
	}{
		{"C1", []string{"OwnCloud", "SharedPrice", "TeamAnswers", "TeamCloud", "本频道答复"}},
		{"C2", []string{"SharedPrice", "TeamAnswers", "TeamCloud"}},
	} {
		list := dataOf(t, run(t, r, tt.channel, "vendor list"))
		var got []string
		for _, v := range list["vendors"].([]any) {
			got = append(got, v.(map[string]any)["name"].(string))
		}
		slices.Sort(got)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("vendor list in %s: %v, want %v", tt.channel, got, tt.want)
		}
	}
	for _, tt := range []struct{ text, key string }{
		{"checklist check scope=team 8x A100 80GB SXM4", "scope"},
		{"checklist check vendor=X scope=everyone 8x A100 80GB SXM4", "scope"},
		{"清单 检查 范围=团队 8x A100 80GB SXM4", "scope"},
	} {
		if rep := r.Handle(context.Background(), in("C1", tt.text)); rep.Error == nil || rep.Error.Key != tt.key {
			t.Errorf("%q: %+v, want an error on %s", tt.text, rep.Error, tt.key)
		}
	}
	// removing the team-wide vendor from another channel removes it for all
	run(t, r, "C2", "vendor remove TeamCloud confirm=yes")
	if ts, _ := st.ListTrials(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C1"}); len(ts) != 1 || ts[0].Vendor != "OwnCloud" {
		t.Errorf("after removing TeamCloud from C2, C1 has trials %+v; want OwnCloud's only", ts)
	}
}

// vendor remove deletes every piece it lists, checks and trials included,
// keeps a contract with reminders to come unless contracts=yes, and says
// what it removed and what it kept.
func TestRemoveDeletesTheEvidence(t *testing.T) {
	st := memstore.NewStore(func() time.Time { return now })
	r := router(st)
	run(t, r, "C0123",
		"price set gpu=a100-80g monthly=5000 vendor=AcmeGPU date=2026-12-20",
		"checklist check vendor=AcmeGPU 8x A100 80GB SXM4, PCIe only no NVLink",
		"trial check vendor=AcmeGPU gpu=A100-SXM4-80G cards=8 "+pcieBox(t),
		"renewal add vendor=AcmeGPU gpu=A100-80G cards=8 mode=monthly price=6000 renews=2027-03-01 notice=30d",
		"price set gpu=a100-80g monthly=4000 vendor=Other date=2026-12-20")
	scope := store.Scope{Tenant: "slack:T1", Channel: "C0123"}
	ctx := context.Background()
	rep := run(t, r, "C0123", "vendor remove AcmeGPU confirm=yes")
	d := dataOf(t, rep)
	if removed := d["removed"].([]any); len(removed) != 3 {
		t.Errorf("removed %v, want the price, the check and the trial", removed)
	}
	if kept := d["kept"].([]any); len(kept) != 1 || !strings.Contains(kept[0].(string), "r1") {
		t.Errorf("kept %v, want contract r1", kept)
	}
	cs, _ := st.RecentChecks(ctx, scope, "U42", 10)
	ts, _ := st.ListTrials(ctx, scope)
	ps, _ := st.ListPrices(ctx, scope)
	rs, _ := st.ListRenewals(ctx, scope)
	if len(cs) != 0 || len(ts) != 0 || len(ps) != 1 || ps[0].Vendor != "Other" || len(rs) != 1 {
		t.Errorf("after remove: %d checks, %d trials, prices %v, %d renewals; want 0, 0, Other's, the contract", len(cs), len(ts), ps, len(rs))
	}
	run(t, r, "C0123", "vendor remove AcmeGPU contracts=yes confirm=yes")
	if rs, _ := st.ListRenewals(ctx, scope); len(rs) != 0 {
		t.Errorf("contracts=yes left %v", rs)
	}
}

// failingTrialDelete is a store whose trial deletes fail, as a full disk's.
type failingTrialDelete struct{ *memstore.Store }

func (failingTrialDelete) DeleteTrial(context.Context, store.Scope, string) error {
	return errors.New("disk full")
}

// A remove that fails part way says what it deleted before it failed, in
// the user's language, and a second remove finishes it.
func TestRemoveFailsPartWay(t *testing.T) {
	st := memstore.NewStore(func() time.Time { return now })
	run(t, router(st), "C0123",
		"price set gpu=a100-80g monthly=5000 vendor=AcmeGPU date=2026-12-20",
		"trial check vendor=AcmeGPU gpu=A100-SXM4-80G cards=8 "+pcieBox(t))
	bad := failingTrialDelete{st}
	r := testkit.RouterAt(now, vendor.Command(vendor.Deps{Checks: bad, Trials: bad, Prices: bad, Renewals: bad, Log: testkit.Quiet()}))
	for _, tt := range []struct{ text, want string }{
		{"vendor remove AcmeGPU confirm=yes", "Deleted before it failed: price p1 (a100-80g-sxm, 2026-12-20); run the same remove again for the rest."},
		{"供应商 删除 AcmeGPU 确认=是", "未做任何更改"}, // the price is gone now: nothing else was deleted
	} {
		rep := r.Handle(context.Background(), in("C0123", tt.text))
		if rep.Error == nil || !strings.Contains(rep.Error.Message, tt.want) {
			t.Errorf("%q: %+v, want an error saying %q", tt.text, rep.Error, tt.want)
		}
	}
	if ts, _ := st.ListTrials(context.Background(), store.Scope{Tenant: "slack:T1", Channel: "C0123"}); len(ts) != 1 {
		t.Errorf("trials after the failed removes: %d, want the one that could not be deleted", len(ts))
	}
}
