package checklist

import (
	"strings"
	"testing"
)

// wantIDs are the ids of docs/checklist.md, in order.
var wantIDs = []string{
	"hw.gpu_model", "hw.mem_bandwidth", "hw.interconnect", "hw.inter_node", "hw.host", "hw.software", "hw.refurb",
	"net.local_node", "net.latency", "net.intranet_bw", "net.public_bw",
	"bill.modes", "bill.granularity", "bill.stop_no_charge", "bill.egress", "bill.intranet_quota", "bill.storage", "bill.min_term", "bill.trial", "bill.extras",
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
	for _, it := range all {
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
