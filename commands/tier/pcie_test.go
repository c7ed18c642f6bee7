package tier

import (
	"context"
	"strings"
	"testing"

	"gpuadvisor/advisor/pricebook"
	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
	"gpuadvisor/infra/memstore"
)

// askWith asks text for a team whose price book has the given on-demand
// prices (CNY per card-hour), shared with every channel.
func askWith(t *testing.T, text string, prices map[string]float64) (chat.Reply, data) {
	t.Helper()
	st := memstore.NewStore(nil)
	i := 0
	for gpu, v := range prices {
		i++
		e := pricebook.Entry{ID: string(rune('a' + i)), GPU: gpu, OnDemand: v, Vendor: "V", Currency: "CNY", Date: "2026-12-01", Tenant: "slack:T1", Channel: "C1", TeamWide: true}
		if err := st.PutPrice(context.Background(), e); err != nil {
			t.Fatal(err)
		}
	}
	return ask(t, st, text)
}

// Tensor parallelism and ZeRO-3 over PCIe fit when memory fits; the
// interconnect is a stated efficiency and a warning, not a refusal.
func TestPCIeMultiCardFits(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		cards      int
		zero, tp   int
		eff        float64
	}{
		{"2x 4090 tensor parallel for a 32B int4 model", "tier model=deepseek-r1-distill-qwen-32b mode=infer precision=int4 gpu=4090 cards=2", 2, 0, 2, sizing.PCIeServingEfficiency},
		{"Qwen3-8B LoRA at 8k on 2x 4090 with ZeRO-3", "tier model=qwen3-8b mode=lora seq=8k gpu=4090 cards=2 zero=3", 2, 3, 1, sizing.PCIeTrainingEfficiency},
		{"Qwen3-8B full training on 8x 4090 with full recomputation: ZeRO-3 over PCIe", "显存 模型=Qwen3-8B 模式=全参 显卡=4090 卡数=8 重计算=full", 8, 3, 1, sizing.PCIeTrainingEfficiency},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := handle(t, tc.text)
			if rep.Error != nil {
				t.Fatalf("error %+v", rep.Error)
			}
			d := rep.Data.(data)
			if !d.Fits || d.Cards != tc.cards || d.Layout.Zero != tc.zero || d.Layout.TensorParallel != tc.tp {
				t.Fatalf("fits %v on %d cards, layout %+v; want a fit on %d with ZeRO-%d, TP %d", d.Fits, d.Cards, d.Layout, tc.cards, tc.zero, tc.tp)
			}
			if d.Interconnect.Link != sizing.LinkPCIe || d.InterconnectEfficiency != tc.eff {
				t.Errorf("interconnect %+v (efficiency %v), want PCIe at %v", d.Interconnect, d.InterconnectEfficiency, tc.eff)
			}
			warned := false
			for _, w := range d.Warnings {
				warned = warned || strings.Contains(w, "PCIe") && strings.Contains(w, "NVLink")
			}
			if !warned {
				t.Errorf("no PCIe warning naming the cost: %v", d.Warnings)
			}
		})
	}
}

// The interconnect shows in the job's time: the same run over PCIe takes
// 1 / PCIeTrainingEfficiency as long as the cards' peak alone says.
func TestPCIeSlowsTheRun(t *testing.T) {
	rep := handle(t, "tier model=qwen3-8b mode=full gpu=4090 cards=8 recompute=full tokens=100m")
	d := rep.Data.(data)
	if d.Job == nil || d.Job.Train == nil {
		t.Fatalf("no training job: %+v", d.Job)
	}
	j := d.Job.Train
	full := j.FLOPs / (8 * 165.2e12 * j.MFU) / 3600
	if got, want := j.Hours, full/sizing.PCIeTrainingEfficiency; got < want*0.999 || got > want*1.001 {
		t.Errorf("hours %v, want %v (the NVLink hours %v ÷ %v)", got, want, full, sizing.PCIeTrainingEfficiency)
	}
	if !strings.Contains(chat.RenderText(rep), "50%") {
		t.Error("the reply does not state the PCIe efficiency")
	}
}

// With equal money, NVLink wins, and the reply says why: per hour an
// option is ranked at what an hour of full-speed work costs on it.
func TestEqualMoneyNVLinkWins(t *testing.T) {
	// Two 48 GB cards at the same team price: the A6000 pair has an NVLink
	// bridge, the L20 pair talks over PCIe (¥6/h ÷ 75% = ¥8/h).
	rep, d := askWith(t, "tier model=qwen2.5-32b mode=infer only=rtx-a6000,l20", map[string]float64{"rtx-a6000": 3, "l20": 3})
	if d.GPU != "rtx-a6000" || d.Cards != 2 {
		t.Fatalf("pick %dx %s, want 2x rtx-a6000 (NVLink bridge) at the same price as 2x l20 (PCIe)", d.Cards, d.GPU)
	}
	if n := d.ChosenBy.Next; n == nil || n.GPU != "l20" || n.More != 2 || !strings.Contains(n.Why.EN, "split over PCIe (slower)") {
		t.Errorf("next %+v, want l20 at ¥2/h more of full-speed work, split over PCIe", n)
	}
	if !strings.Contains(chat.RenderText(rep), "(¥8/h of NVLink-speed work at 75% interconnect efficiency over PCIe)") {
		t.Error("the reply does not say why NVLink won")
	}
}

// Without recomputation Qwen3-8B does not fit 8x 4090 even sharded: ZeRO-3
// is applied all the same (no NVLink is no reason to skip it), and the
// alternative that fits is named.
func TestZeRO3AppliedOnPCIe(t *testing.T) {
	d := handle(t, "显存 模型=Qwen3-8B 模式=全参 显卡=4090 卡数=8").Data.(data)
	if d.Layout.Zero != 3 {
		t.Errorf("layout %+v, want ZeRO-3", d.Layout)
	}
	found := false
	for _, a := range d.Alternatives {
		found = found || a.Kind == sizing.AltRecompute && a.GPU == "rtx-4090" && a.UtilizationPct <= 90
	}
	if d.Fits || !found {
		t.Errorf("fits %v, alternatives %+v; want no fit and a recompute=full alternative on the 4090s that does", d.Fits, d.Alternatives)
	}
}
