package checklist

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"reflect"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

var recordNow = time.Date(2026, 12, 1, 10, 30, 0, 0, time.UTC)

// fastCompute names three items: the card (covered), no NVLink and
// business-hours support (two risks, both key items: avoid); 46 − 3 = 43
// are not asked yet.
const fastCompute = "vendor=FastCompute 8x A100 80GB PCIe, no NVLink. Support is business hours only."

// recorder is the command on st, its clock a minute later at each call
// from recordNow on.
func recorder(st store.Checks, log *slog.Logger) *chat.Router {
	r := testkit.Router(NewCommand(Deps{Checks: st, Log: log}))
	now := recordNow.Add(-time.Minute)
	r.Now = func() time.Time { now = now.Add(time.Minute); return now }
	return r
}

func TestCheckIsRecorded(t *testing.T) {
	st := memstore.NewStore(func() time.Time { return recordNow.Add(time.Hour) })
	r := recorder(st, nil)
	ask := func(text, channel, user string) chat.Reply {
		t.Helper()
		rep := r.Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: channel, User: user})
		if rep.Error != nil {
			t.Fatalf("%s: %v", text, rep.Error)
		}
		return rep
	}
	// read as of an hour later
	recent := func(channel, user string) []store.Check {
		t.Helper()
		cs, err := st.RecentChecks(context.Background(), store.Scope{Tenant: "slack:T1", Channel: channel}, user, 10)
		if err != nil {
			t.Fatal(err)
		}
		return cs
	}

	rep := ask("checklist check "+fastCompute, "C1", "U1")
	if len(rep.Warnings) != 0 {
		t.Errorf("warnings %q, want none", rep.Warnings)
	}
	cs := recent("C1", "U1")
	if len(cs) != 1 {
		t.Fatalf("recorded %d checks, want 1", len(cs))
	}
	got := cs[0]
	want := store.Check{ID: got.ID, Tenant: "slack:T1", Channel: "C1", User: "U1", At: recordNow,
		Vendor: "FastCompute", Verdict: "avoid", Covered: 1, Risk: 2, Vague: 0, Missing: 43,
		// the first eight questions the reply lists (Ask next)
		Ask: []string{"bill.granularity", "bill.egress", "bill.storage", "ops.hw_replace", "sec.isolation", "ct.sla_response", "hw.mem_bandwidth", "hw.inter_node"},
		// the items answered with a trap, which vendor compare reads
		Risks: []string{"hw.interconnect", "ops.night_response"}}
	if !reflect.DeepEqual(got, want) || len(got.ID) != 24 {
		t.Errorf("recorded %+v\nwant     %+v (a 24-hex-digit id)", got, want)
	}

	// the same answer again, from the "Show all items" button: the same
	// check, now private; C1's other members still see the public one
	ask(chat.ButtonCommand(chat.ActionChecklistFull, fastCompute), "C1", "U1")
	if cs := recent("C1", "U1"); len(cs) != 1 || cs[0].ID != got.ID || !cs[0].Private {
		t.Errorf("after Show all items U1 sees %+v; want the same check once, private", cs)
	}
	if cs := recent("C1", "U2"); len(cs) != 1 || cs[0].ID != got.ID || cs[0].Private {
		t.Errorf("after Show all items U2 sees %+v; want the public check", cs)
	}

	// another person, another vendor or other text: other checks
	ask("checklist check "+fastCompute, "C1", "U2")
	ask("checklist check "+strings.Replace(fastCompute, "FastCompute", "SlowCompute", 1), "C1", "U1")
	ask("checklist check "+fastCompute+" Billed per second.", "C1", "U1")
	ids := map[string]bool{}
	for _, c := range recent("C1", "U1") {
		ids[c.ID] = true
	}
	if len(ids) != 4 {
		t.Errorf("%d distinct checks, want 4 (U1's, U2's, SlowCompute, more text)", len(ids))
	}

	// nothing else is recorded: lists, items, errors, no conversation
	before := len(recent("C1", "U1"))
	for _, text := range []string{"checklist", "checklist hardware", "checklist hw.gpu_model", "checklist check", "checklist check vendor=a/b text"} {
		r.Handle(context.Background(), chat.Request{Text: text, Platform: "slack", Tenant: "slack:T1", Channel: "C1", User: "U1"})
	}
	r.Handle(context.Background(), chat.Request{Text: "checklist check " + fastCompute + " Extra.", Platform: "cli"})
	if after := len(recent("C1", "U1")); after != before {
		t.Errorf("%d checks after commands that check nothing, want %d", after, before)
	}
}

type failingChecks struct{ store.Checks }

func (failingChecks) AddCheck(context.Context, store.Check) error { return errors.New("disk full") }

// A failed write is logged and said in one warning; the answer is the same.
func TestFailedRecordWarns(t *testing.T) {
	var log bytes.Buffer
	req := chat.Request{Text: "checklist check " + fastCompute, Platform: "slack", Tenant: "slack:T1", Channel: "C1", User: "U1", Lang: chat.ZH}
	got := recorder(failingChecks{}, slog.New(slog.NewTextHandler(&log, nil))).Handle(context.Background(), req)
	plain := recorder(nil, nil).Handle(context.Background(), req)
	if got.Error != nil || len(got.Warnings) != len(plain.Warnings)+1 || got.Warnings[len(got.Warnings)-1] != "未保存到最近的核查（暂时无法写入存储）；上面的回答是完整的。" {
		t.Fatalf("warnings %q, want the answer's own and one saying it was not saved", got.Warnings)
	}
	got.Warnings = got.Warnings[:len(plain.Warnings)]
	if string(chat.RenderJSON(got)) != string(chat.RenderJSON(plain)) {
		t.Error("the answer changed beyond the warning")
	}
	if !strings.Contains(log.String(), "not saved to recent checks") || !strings.Contains(log.String(), "disk full") {
		t.Errorf("log %q, want the failure", log.String())
	}
}

// BenchmarkCheckRecorded is a typical `checklist check` answered and
// recorded in memory, against the same answer not recorded: what the
// record adds (the digest, the Check, the store call).
func BenchmarkCheckRecorded(b *testing.B) {
	req := chat.Request{Text: "checklist check " + fastCompute, Platform: "slack", Tenant: "slack:T1", Channel: "C1", User: "U1"}
	for _, bc := range []struct {
		name string
		st   store.Checks
	}{{"not recorded", nil}, {"recorded in memory", memstore.NewStore(nil)}} {
		b.Run(bc.name, func(b *testing.B) {
			r := recorder(bc.st, nil)
			b.ReportAllocs()
			for b.Loop() {
				if rep := r.Handle(context.Background(), req); rep.Error != nil || len(rep.Warnings) > 0 {
					b.Fatal(rep.Error, rep.Warnings)
				}
			}
		})
	}
}
