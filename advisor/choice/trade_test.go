package choice

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/catalog"
	"gpuadvisor/advisor/sizing"
)

// fmtTrade is Trade as it was written with fmt.Sprintf and strings.Join
// (with the one-card and plural phrases since), kept here only to check
// that the appending version says the same.
func fmtTrade(o, pick sizing.Option) advisor.Text {
	if o.GPU == nil || pick.GPU == nil || o.GPU.ID == pick.GPU.ID && o.Cards() == pick.Cards() {
		return advisor.Text{EN: "the pick", ZH: "所选方案"}
	}
	var en, zh []string
	add := func(e, z string) { en, zh = append(en, e), append(zh, z) }
	switch d := o.Cards() - pick.Cards(); {
	case d == -1:
		add("1 fewer card", "少 1 张卡")
	case d == 1:
		add("1 more card", "多 1 张卡")
	case d < 0:
		add(fmt.Sprintf("%d fewer cards", -d), fmt.Sprintf("少 %d 张卡", -d))
	case d > 0:
		add(fmt.Sprintf("%d more cards", d), fmt.Sprintf("多 %d 张卡", d))
	}
	pct := func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }
	if hu, pu := 1-o.Utilization, 1-pick.Utilization; hu-pu >= HeadroomStep {
		add("more memory headroom ("+pct(hu)+" free)", "显存余量更大（空闲 "+pct(hu)+"）")
	} else if pu-hu >= HeadroomStep {
		add("less memory headroom ("+pct(hu)+" free)", "显存余量更小（空闲 "+pct(hu)+"）")
	}
	switch fo, fp := o.FastLink(), pick.FastLink(); {
	case fo && !fp && o.Cards() == 1:
		add("one card: no traffic between cards, where the pick's split runs over PCIe", "单卡：没有卡间通信（所选方案的切分走 PCIe）")
	case fo && !fp:
		add("NVLink instead of PCIe between the split cards", "切分的卡之间用 NVLink 而非 PCIe")
	case !fo && fp:
		add("split over PCIe (slower)", "通过 PCIe 切分（更慢）")
	case o.GPU.MaxSplit() > pick.GPU.MaxSplit():
		add("a fuller NVLink", "NVLink 互联更完整")
	case o.GPU.MaxSplit() < pick.GPU.MaxSplit():
		add("a weaker card-to-card link", "卡间互联更弱")
	}
	if r := o.GPU.BandwidthGBs / pick.GPU.BandwidthGBs; r >= RatioStep {
		add(fmt.Sprintf("%.1f× the memory bandwidth (faster decoding)", r), fmt.Sprintf("显存带宽 %.1f 倍（解码更快）", r))
	} else if r <= RatioLow {
		add(fmt.Sprintf("%.1f× the memory bandwidth", r), fmt.Sprintf("显存带宽 %.1f 倍", r))
	}
	if r := o.GPU.BF16TFLOPS / pick.GPU.BF16TFLOPS; r >= RatioStep || r <= RatioLow {
		add(fmt.Sprintf("%.1f× the BF16 compute", r), fmt.Sprintf("BF16 算力 %.1f 倍", r))
	}
	if len(en) == 0 {
		return advisor.Text{EN: "about the same card", ZH: "卡型相近"}
	}
	return advisor.Text{EN: strings.Join(en, ", "), ZH: strings.Join(zh, "，")}
}

// Trade says word for word what the fmt version said, for every pair of
// cards that fit a few real jobs (each other's pick), links and headroom
// included, and for made-up utilizations around the 10-point step.
func TestTradeAgreesWithFmt(t *testing.T) {
	c, err := catalog.Default()
	if err != nil {
		t.Fatal(err)
	}
	var opts []sizing.Option
	for _, r := range []struct {
		model string
		mode  sizing.Mode
	}{{"qwen2.5-14b", sizing.ModeLoRA}, {"qwen2.5-7b", sizing.ModeFull}, {"llama-2-70b", sizing.ModeInfer}, {"qwen2.5-72b", sizing.ModeFull}} {
		m, _ := c.ModelByID(r.model)
		a, err := sizing.Advise(sizing.Request{Model: m, Mode: r.mode, Seq: 4096, Zero: sizing.ZeroAuto}, c.GPUs())
		if err != nil {
			t.Fatal(err)
		}
		opts = append(opts, a.Fitting...)
	}
	for i, u := range []float64{0, 0.05, 0.1, 0.35, 0.355, 0.5, 0.605, 0.9, 1.2} {
		o := opts[i%len(opts)]
		o.Utilization = u
		opts = append(opts, o)
	}
	if len(opts) < 20 {
		t.Fatalf("only %d options to compare", len(opts))
	}
	n := 0
	for _, o := range opts {
		for _, pick := range opts {
			got, want := Trade(o, pick), fmtTrade(o, pick)
			if got != want {
				t.Fatalf("Trade(%d× %s, %d× %s) = %q / %q, want %q / %q", o.Cards(), o.GPU.ID, pick.Cards(), pick.GPU.ID, got.EN, got.ZH, want.EN, want.ZH)
			}
			n++
		}
	}
	t.Logf("%d pairs agree", n)
}

// BenchmarkTrade is one option's trade against the pick.
func BenchmarkTrade(b *testing.B) {
	c, _ := catalog.Default()
	g4090, _ := c.GPUByID("rtx-4090")
	h100, _ := c.GPUByID("h100-sxm")
	a := sizing.Option{GPU: &g4090, Utilization: 0.5, Result: sizing.Result{Layout: sizing.Layout{Cards: 2}}}
	o := sizing.Option{GPU: &h100, Utilization: 0.1, Result: sizing.Result{Layout: sizing.Layout{Cards: 1}}}
	b.ReportAllocs()
	for range b.N {
		_ = Trade(o, a)
	}
}

// A trade names the link only where there is one: a single card against a
// pick split over PCIe has no split cards; one card more or fewer is
// singular.
func TestTradeOneCard(t *testing.T) {
	g := gpus(t, "rtx-4090", "a800-80g-sxm")
	c, _ := catalog.Default()
	m, _ := c.ModelByID("qwen2.5-14b")
	a, err := sizing.Advise(sizing.Request{Model: m, Mode: sizing.ModeLoRA, Seq: 4096, Zero: sizing.ZeroAuto, GPU: "rtx-4090"}, g)
	if err != nil || !a.Fits || a.Pick.Cards() != 2 || a.Pick.FastLink() {
		t.Fatalf("want 2× rtx-4090 split over PCIe, got %d× fits %v err %v", a.Pick.Cards(), a.Fits, err)
	}
	one := sizing.Option{GPU: &g[1], Utilization: a.Pick.Utilization, Result: sizing.Result{Layout: sizing.Layout{Cards: 1}}}
	got := Trade(one, a.Pick)
	for _, tc := range []struct{ name, text, want, not string }{
		{"en", got.EN, "1 fewer card, one card: no traffic between cards", "between the split cards"},
		{"zh", got.ZH, "少 1 张卡，单卡：没有卡间通信", "切分的卡之间用 NVLink"},
	} {
		if !strings.Contains(tc.text, tc.want) || strings.Contains(tc.text, tc.not) {
			t.Errorf("%s: got %q, want %q and not %q", tc.name, tc.text, tc.want, tc.not)
		}
	}
}

// TestAppendTenthsAgrees compares the fast one-decimal and whole-number
// writers with strconv.AppendFloat on a million values: ratios and
// percentages as trades write them, exact halves, values around every
// tenth's half and ones outside the fast range.
func TestAppendTenthsAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vals := []float64{0, math.Copysign(0, -1), -1.25, 0.05, 0.15, 0.25, 0.35, 0.45, 1.05, 2.25, 0.5, 1.5, 2.5, 1e11, 1 << 40, 1 << 52, 1e300,
		math.Inf(1), math.NaN(), math.SmallestNonzeroFloat64, 0.04999999999999999, 0.9499999999999999}
	for range 1_000_000 {
		switch rng.IntN(4) {
		case 0:
			vals = append(vals, rng.Float64()*20)
		case 1:
			vals = append(vals, float64(rng.IntN(100000))/100+0.05) // near a tenth's half
		case 2:
			vals = append(vals, math.Nextafter(float64(rng.IntN(2000))/20, math.Inf(rng.IntN(2)*2-1)))
		default:
			vals = append(vals, rng.Float64()*1e13)
		}
	}
	for _, v := range vals {
		if got, want := string(appendTenths(nil, v)), strconv.FormatFloat(v, 'f', 1, 64); got != want {
			t.Fatalf("appendTenths(%v): got %q, want %q", v, got, want)
		}
		if got, want := string(appendWhole(nil, v*10)), strconv.FormatFloat(v*10, 'f', 0, 64); got != want {
			t.Fatalf("appendWhole(%v): got %q, want %q", v*10, got, want)
		}
	}
}
