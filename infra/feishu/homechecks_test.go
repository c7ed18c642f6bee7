package feishu

import (
	"context"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store"
)

// TestHomeCardWithChecks: the menu's home (no chat: the person's own
// checks) lists five checks and a draft button per vendor, within the
// card's limits.
func TestHomeCardWithChecks(t *testing.T) {
	st := memstore.NewStore(nil)
	for i := range 6 {
		c := store.Check{ID: string(rune('a' + i)), Tenant: "feishu:tk", Channel: "oc_group", User: "ou_1", Private: i == 0,
			At: time.Now().Add(-time.Duration(i) * time.Minute), Vendor: strings.Repeat("酷", 39) + string(rune('A'+i)), Verdict: "avoid", Risk: 3,
			Ask: []string{"hw.gpu_model", "ops.night_response", "hw.interconnect", "bill.granularity", "bill.egress", "bill.storage", "ops.hw_replace", "sec.isolation"}}
		if err := st.AddCheck(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
	r := commands.New(commands.Deps{Renewals: st, Prices: st, Checks: st})
	rep := r.Handle(context.Background(), chat.Request{Text: "主页", Platform: Platform, Tenant: "feishu:tk", User: "ou_1"})
	s := RenderCard(rep)
	checkCard(t, s)
	for _, want := range []string{"最近的核查", strings.Repeat("酷", 39) + "A：建议放弃——答实 0，风险 3", "私密提问", "起草 问题 供应商=" + strings.Repeat("酷", 39) + "E hw.gpu_model"} {
		if !strings.Contains(s, want) {
			t.Errorf("card lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, strings.Repeat("酷", 39)+"F") {
		t.Error("the sixth check is listed")
	}
}
