package choice

import (
	"fmt"
	"strings"

	"gpuadvisor/advisor"
	"gpuadvisor/advisor/sizing"
)

// The thresholds that call one option different from another.
const (
	// HeadroomStep is the difference in free memory per card worth naming
	// (10 points of the card).
	HeadroomStep = 0.1
	// RatioStep is the ratio of memory bandwidth or BF16 compute worth
	// naming: 1.2× more, or RatioLow (0.8×) as much.
	RatioStep = 1.2
	RatioLow  = 0.8
)

// Trade says what option o gives or takes against the pick: cards, memory
// headroom, interconnect, memory bandwidth and compute, in both languages.
func Trade(o, pick sizing.Option) advisor.Text {
	if o.GPU == nil || pick.GPU == nil || o.GPU.ID == pick.GPU.ID && o.Cards() == pick.Cards() {
		return advisor.Text{EN: "the pick", ZH: "所选方案"}
	}
	var en, zh []string
	add := func(e, z string) { en, zh = append(en, e), append(zh, z) }
	switch d := o.Cards() - pick.Cards(); {
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
