package feishu

import (
	"context"
	"strings"
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/commands"
	"gpuadvisor/infra/memstore"
	"gpuadvisor/store/storetest"
)

// TestHomeCardWithChecks: the menu's home (no chat: the person's own
// checks) lists five checks, and the vendors board each of the six vendors
// with its next step as a button, within the card's limits.
func TestHomeCardWithChecks(t *testing.T) {
	st := memstore.NewStore(nil)
	for _, c := range storetest.LongChecks("feishu:tk", "oc_group", "ou_1", 6) {
		if err := st.AddCheck(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
	r := commands.New(commands.Deps{Renewals: st, Prices: st, Checks: st, Trials: st})
	rep := r.Handle(context.Background(), chat.Request{Text: "主页", Platform: Platform, Tenant: "feishu:tk", User: "ou_1"})
	s := RenderCard(rep)
	checkCard(t, s)
	for _, want := range []string{"最近的核查", strings.Repeat("酷", 39) + "A：建议放弃——答实 0，风险 3", "私密提问", "起草 问题 供应商=" + strings.Repeat("酷", 39) + "F hw.interconnect", "不适合你们的任务：卡间互联"} {
		if !strings.Contains(s, want) {
			t.Errorf("card lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, strings.Repeat("酷", 39)+"F：") {
		t.Error("the sixth check is listed among the recent checks")
	}
}
