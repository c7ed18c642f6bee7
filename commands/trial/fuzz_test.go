package trial

import (
	"context"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

// FuzzTrialCheck sends any paste through the router: no panic (a recovered
// panic shows as an internal error, which fails here), and every reply
// renders.
func FuzzTrialCheck(f *testing.F) {
	for _, name := range []string{"smi_535_a100x8.txt", "topo_4090x8_pcie.txt", "iperf_udp_9g.txt", "allreduce_a100x8_cut.txt", "smiq_525_a100x8_ecc.txt"} {
		s := fixtures(f, name)
		f.Add("check gpu=A100-80G cards=8 nvlink=yes intranet=10g " + s)
		f.Add("check " + s[:len(s)/3])
	}
	f.Add("check gpu=\"H100 SXM 80G cards=8")
	f.Add("检查 卡数＝８ 内网=万兆 x")
	f.Add("cards=8 intranet=25g")
	r := router()
	f.Fuzz(func(t *testing.T, s string) {
		rep := r.Handle(context.Background(), chat.Request{Text: "trial " + s, Sync: true})
		if rep.Error != nil && rep.Error.Code == chat.CodeInternal {
			t.Fatalf("internal error for %q", s)
		}
		if rep.Error == nil && rep.Data == nil {
			t.Fatalf("a reply without data for %q", s)
		}
		_ = chat.RenderText(rep)
		if b := chat.RenderJSON(rep); !strings.Contains(string(b), `"command"`) && rep.Error == nil {
			t.Fatalf("JSON without command for %q", s)
		}
	})
}
