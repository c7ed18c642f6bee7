package vendor_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gpuadvisor/infra/memstore"
	"gpuadvisor/internal/testkit"
)

// a100Box is a trial of eight A100 SXM4 with NVLink on a 10G intranet, as
// promised: every check passes.
func a100Box(t *testing.T) string {
	return testkit.Files(t, "../../advisor/trial/testdata", "smi_470_a100x8.txt", "topo_a100x8_nv12.txt", "iperf_tcp_p8_10g.txt", "iperf_udp_9g.txt", "allreduce_a100x8.txt")
}

// TestGoldenJudgment pins the comparison a reviewer reads when the trial
// decides: AcmeGPU is the cheapest and answered well, but its trial found
// seven PCIe cards where eight NVLink ones were sold, so it is ruled out;
// 酷算云 passed its trial and is recommended, with the SLA to negotiate
// next; 算力港 only priced. The workload is the latest saved quote's (4
// cards, 500 hours, 6 months, 3,000 GB of egress filled at the reference
// price). In both languages, short as chat shows it and in full.
func TestGoldenJudgment(t *testing.T) {
	promise := " gpu=A100-SXM4-80G cards=8 nvlink=yes intranet=10g "
	setup := []string{
		"checklist check vendor=AcmeGPU 8x A100 80GB SXM4 with NVLink 600GB/s, 7x24 support with 15 minute response, per-minute billing",
		"checklist check vendor=酷算云 8x A100 80GB SXM4 with NVLink 600GB/s, 7x24 support with 15 minute response, per-minute billing",
		"trial check vendor=AcmeGPU" + promise + pcieBox(t),
		"trial check vendor=酷算云" + promise + a100Box(t),
		"price set gpu=a100-80g monthly=4500 vendor=算力港 date=2026-12-22",
		"quote card=a100-80g cards=4 hours=500 months=6 egress_gb=3000 save=yes AcmeGPU: monthly=5000; 酷算云: price=12",
	}
	r := router(memstore.NewStore(func() time.Time { return now }))
	run(t, r, "C0123", setup...)
	for _, tt := range []struct{ name, text string }{
		{"en_judgment_short", "vendor compare"},
		{"zh_judgment_short", "供应商 对比"},
		{"en_judgment_full", "vendor compare --full"},
		{"zh_judgment_full", "供应商 对比 --full"},
		{"json_judgment", "vendor compare"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep := r.Handle(context.Background(), in("C0123", tt.text))
			if rep.Error != nil {
				t.Fatal(rep.Error)
			}
			if rep.Title != "Rent from 酷算云" && rep.Title != "建议选择：酷算云" {
				t.Errorf("title %q; want 酷算云 recommended", rep.Title)
			}
			out := testkit.Rendered(rep, strings.HasPrefix(tt.name, "json_"))
			testkit.Testdata(t, tt.name+".golden", out)
		})
	}
}

// BenchmarkCompare is vendor compare over eight vendors, each with a
// checklist check and a price, on the in-memory store: what a Slack or
// Feishu request runs before rendering.
func BenchmarkCompare(b *testing.B) {
	r := router(memstore.NewStore(func() time.Time { return now }))
	for i := range 8 {
		for _, l := range []string{
			fmt.Sprintf("checklist check vendor=V%d 8x A100 80GB SXM4 with NVLink 600GB/s, 7x24 support with 15 minute response", i),
			fmt.Sprintf("price set gpu=a100-80g monthly=%d vendor=V%d date=2026-12-20", 5000+100*i, i),
		} {
			if rep := r.Handle(context.Background(), req(l)); rep.Error != nil {
				b.Fatal(rep.Error)
			}
		}
	}
	testkit.Bench(b, r, req("vendor compare storage_gb=2000"), true)
}
