package checklist

import (
	"encoding/json"
	"strings"
	"testing"
)

// wantIDs are the ids of docs/checklist.md, in order.
var wantIDs = []string{
	"hw.gpu_model", "hw.mem_bandwidth", "hw.interconnect", "hw.inter_node", "hw.host", "hw.software", "hw.refurb",
	"net.local_node", "net.latency", "net.intranet_bw", "net.public_bw",
	"bill.modes", "bill.granularity", "bill.stop_no_charge", "bill.egress", "bill.intranet_quota", "bill.storage", "bill.min_term", "bill.trial", "bill.extras", "bill.invoice",
	"ops.night_response", "ops.env_reinstall", "ops.interrupt_comp", "ops.hw_replace", "ops.persistence", "ops.monitoring",
	"sec.isolation", "sec.data_destruction", "sec.encryption", "sec.certs", "sec.liability",
	"trial.nvidia_smi", "trial.topo", "trial.iperf3", "trial.allreduce", "trial.train_loop", "trial.support_drill", "trial.stress", "trial.disk", "trial.ping",
	"ct.sla_response", "ct.sla_compensation", "ct.migration", "ct.upgrade", "ct.bandwidth",
}

func TestItemsAreTheChecklist(t *testing.T) {
	items := Items()
	if len(items) != len(wantIDs) {
		t.Fatalf("got %d items, want %d", len(items), len(wantIDs))
	}
	prefix := map[Dimension]string{Hardware: "hw.", Network: "net.", Billing: "bill.", Operations: "ops.", Security: "sec.", Trial: "trial.", Contract: "ct."}
	for i, it := range items {
		if it.ID != wantIDs[i] {
			t.Errorf("item %d: got id %s, want %s", i, it.ID, wantIDs[i])
		}
		if !strings.HasPrefix(it.ID, prefix[it.Dimension]) {
			t.Errorf("%s: dimension %s does not match its id", it.ID, it.Dimension)
		}
		for name, tx := range map[string]Text{"name": it.Name, "question": it.Question, "why": it.Why, "concrete": it.Concrete} {
			if strings.TrimSpace(tx.EN) == "" || !hasHan(tx.ZH) {
				t.Errorf("%s: %s must have English and Chinese wording, got %+v", it.ID, name, tx)
			}
		}
		if len(it.topics) == 0 || len(it.signals) == 0 {
			t.Errorf("%s: needs topics and signals to be matched", it.ID)
		}
		for _, s := range it.signals {
			if len(s.terms) == 0 && len(s.units) == 0 {
				t.Errorf("%s: a signal with neither terms nor units always holds", it.ID)
			}
		}
		for _, tr := range it.traps {
			if len(tr.when) == 0 && len(tr.neg) == 0 || tr.why.EN == "" || !hasHan(tr.why.ZH) {
				t.Errorf("%s: a trap needs phrases and a reason in both languages", it.ID)
			}
		}
		if got, ok := Lookup(it.ID); !ok || got.ID != it.ID {
			t.Errorf("Lookup(%s) failed", it.ID)
		}
	}
	total := 0
	for _, d := range Dimensions() {
		total += len(ByDimension(d))
		if d.Title().EN == "" || !hasHan(d.Title().ZH) {
			t.Errorf("dimension %s needs a title in both languages", d)
		}
	}
	if total != len(items) {
		t.Errorf("dimensions hold %d items, want %d", total, len(items))
	}
	items[0].ID = "changed"
	if Items()[0].ID != "hw.gpu_model" {
		t.Error("Items returned the package's own slice")
	}
}

func TestTermsAreNormalized(t *testing.T) {
	check := func(where string, terms []string) {
		for _, x := range terms {
			if x == "" || x == "$" {
				continue
			}
			if normalize(strings.Trim(x, "~")) != strings.Trim(x, "~") {
				t.Errorf("%s: term %q is not normalized (would never match)", where, x)
			}
		}
	}
	for _, it := range allItems() {
		check(it.ID+" topics", it.topics)
		for _, s := range it.signals {
			check(it.ID+" terms", s.terms)
			check(it.ID+" also", s.also)
		}
	}
	for _, f := range flags {
		check(f.id, f.triggers)
	}
	check("hedges", hedges)
}

func TestParseDimension(t *testing.T) {
	for in, want := range map[string]Dimension{"hardware": Hardware, "硬件": Hardware, "NET": Network, "计费": Billing, "运维": Operations, "安全合规": Security, "试用": Trial, "合同": Contract} {
		if got, ok := ParseDimension(in); !ok || got != want {
			t.Errorf("ParseDimension(%q) = %s, %v; want %s", in, got, ok, want)
		}
	}
	if _, ok := ParseDimension("pricing plans"); ok {
		t.Error(`ParseDimension("pricing plans") succeeded`)
	}
}

func hasHan(s string) bool {
	for _, r := range s {
		if r >= 0x4E00 && r <= 0x9FFF {
			return true
		}
	}
	return false
}

// TestDataRejectsBadRows breaks one row of checklist.json at a time: each
// must be refused with a message naming what is wrong, and the file as
// shipped must load.
func TestDataRejectsBadRows(t *testing.T) {
	if _, err := parseData(checklistJSON); err != nil {
		t.Fatalf("checklist.json: %v", err)
	}
	ptr := func(s string) *string { return &s }
	tests := []struct {
		name   string
		mutate func(f *dataFile)
		want   string
	}{
		{"id twice", func(f *dataFile) { f.Items[1].ID = f.Items[0].ID }, "listed twice"},
		{"unknown dimension", func(f *dataFile) { f.Items[0].Dimension = "hw" }, "dimension"},
		{"id not of its dimension", func(f *dataFile) { f.Items[0].Dimension = Network }, "does not match"},
		{"no Chinese question", func(f *dataFile) { f.Items[0].Question.ZH = "which GPU" }, "question must have English and Chinese"},
		{"no English name", func(f *dataFile) { f.Items[0].Name.EN = " " }, "name must have English and Chinese"},
		{"no topics", func(f *dataFile) { f.Items[0].Topics = nil }, "needs topics and signals"},
		{"no signals", func(f *dataFile) { f.Items[0].Signals = nil }, "needs topics and signals"},
		{"a signal that always holds", func(f *dataFile) { f.Items[0].Signals[0] = signalRow{Also: ptr("可以")} }, "always holds"},
		{"a trap's unless that always holds", func(f *dataFile) { f.Items[2].Traps[0].Unless = []signalRow{{Version: true}} }, "always holds"},
		{"a trap without phrases", func(f *dataFile) { f.Items[2].Traps[0].When, f.Items[2].Traps[0].Neg = nil, nil }, "trap needs phrases"},
		{"a trap without a Chinese reason", func(f *dataFile) { f.Items[2].Traps[0].Why.ZH = "" }, "trap must have"},
		{"unknown list", func(f *dataFile) { f.Items[0].Topics = ptr("a100|@units_gbs") }, "unknown list @units_gbs"},
		{"dimension without a row", func(f *dataFile) { f.Dimensions = f.Dimensions[1:] }, "dimension hardware has no row"},
		{"dimension without a Chinese title", func(f *dataFile) { f.Dimensions[0].Title.ZH = "Hardware" }, "hardware title"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var f dataFile
			if err := json.Unmarshal(checklistJSON, &f); err != nil {
				t.Fatal(err)
			}
			tt.mutate(&f)
			b, err := json.Marshal(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := parseData(b); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("parseData = %v, want an error containing %q", err, tt.want)
			}
		})
	}
	if _, err := parseData([]byte(`{"items": [], "typo": 1}`)); err == nil {
		t.Error("an unknown field was accepted")
	}
}
