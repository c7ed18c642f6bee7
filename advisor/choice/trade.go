package choice

import (
	"math"
	"strconv"
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
// It runs for every option that fits, so it appends into two buffers with
// strconv (the same digits as fmt's %d, %.0f and %.1f) rather than format
// each phrase apart.
func Trade(o, pick sizing.Option) advisor.Text {
	if o.GPU == nil || pick.GPU == nil || o.GPU.ID == pick.GPU.ID && o.Cards() == pick.Cards() {
		return advisor.Text{EN: "the pick", ZH: "所选方案"}
	}
	var ebuf, zbuf [tradeCap]byte // the lists are built on the stack
	t := trade{en: ebuf[:0], zh: zbuf[:0]}
	switch d := o.Cards() - pick.Cards(); {
	case d == -1:
		t = t.add("1 fewer card", "少 1 张卡")
	case d == 1:
		t = t.add("1 more card", "多 1 张卡")
	case d < 0:
		t = t.next()
		t.en = append(strconv.AppendInt(t.en, int64(-d), 10), " fewer cards"...)
		t.zh = append(strconv.AppendInt(append(t.zh, "少 "...), int64(-d), 10), " 张卡"...)
	case d > 0:
		t = t.next()
		t.en = append(strconv.AppendInt(t.en, int64(d), 10), " more cards"...)
		t.zh = append(strconv.AppendInt(append(t.zh, "多 "...), int64(d), 10), " 张卡"...)
	}
	if hu, pu := 1-o.Utilization, 1-pick.Utilization; hu-pu >= HeadroomStep {
		t = t.next()
		t.en = append(appendPct(append(t.en, "more memory headroom ("...), hu), " free)"...)
		t.zh = append(appendPct(append(t.zh, "显存余量更大（空闲 "...), hu), "）"...)
	} else if pu-hu >= HeadroomStep {
		t = t.next()
		t.en = append(appendPct(append(t.en, "less memory headroom ("...), hu), " free)"...)
		t.zh = append(appendPct(append(t.zh, "显存余量更小（空闲 "...), hu), "）"...)
	}
	switch fo, fp := o.FastLink(), pick.FastLink(); {
	case fo && !fp && o.Cards() == 1:
		t = t.add("one card: no traffic between cards, where the pick's split runs over PCIe", "单卡：没有卡间通信（所选方案的切分走 PCIe）")
	case fo && !fp:
		t = t.add("NVLink instead of PCIe between the split cards", "切分的卡之间用 NVLink 而非 PCIe")
	case !fo && fp:
		t = t.add("split over PCIe (slower)", "通过 PCIe 切分（更慢）")
	case o.GPU.MaxSplit() > pick.GPU.MaxSplit():
		t = t.add("a fuller NVLink", "NVLink 互联更完整")
	case o.GPU.MaxSplit() < pick.GPU.MaxSplit():
		t = t.add("a weaker card-to-card link", "卡间互联更弱")
	}
	if r := o.GPU.BandwidthGBs / pick.GPU.BandwidthGBs; r >= RatioStep {
		t = t.ratio(r, "× the memory bandwidth (faster decoding)", "显存带宽 ", " 倍（解码更快）")
	} else if r <= RatioLow {
		t = t.ratio(r, "× the memory bandwidth", "显存带宽 ", " 倍")
	}
	if r := o.GPU.BF16TFLOPS / pick.GPU.BF16TFLOPS; r >= RatioStep || r <= RatioLow {
		t = t.ratio(r, "× the BF16 compute", "BF16 算力 ", " 倍")
	}
	if len(t.en) == 0 {
		return advisor.Text{EN: "about the same card", ZH: "卡型相近"}
	}
	var b strings.Builder // one allocation for the two
	b.Grow(len(t.en) + len(t.zh))
	b.Write(t.en)
	b.Write(t.zh)
	both := b.String()
	return advisor.Text{EN: both[:len(t.en)], ZH: both[len(t.en):]}
}

// tradeCap is the room each language's list has on the stack before it
// grows: the longest lists (five phrases) take about 200 bytes, in Chinese
// too.
const tradeCap = 256

// trade builds Trade's two lists, phrases joined by ", " and "，".
type trade struct{ en, zh []byte }

// next starts a phrase: the separator after the first.
func (t trade) next() trade {
	if len(t.en) > 0 {
		t.en, t.zh = append(t.en, ", "...), append(t.zh, "，"...)
	}
	return t
}

// add appends a fixed phrase in both languages.
func (t trade) add(en, zh string) trade {
	t = t.next()
	t.en, t.zh = append(t.en, en...), append(t.zh, zh...)
	return t
}

// ratio appends "1.9× …" and "… 1.9 倍…" with r to one decimal.
func (t trade) ratio(r float64, en, zhBefore, zhAfter string) trade {
	t = t.next()
	t.en = append(appendTenths(t.en, r), en...)
	t.zh = append(appendTenths(append(t.zh, zhBefore...), r), zhAfter...)
	return t
}

// appendTenths appends r to one decimal, as strconv.AppendFloat(b, r, 'f',
// 1, 64) writes it. For 0 < r·10 < 2^40 the product r·10 is within 2^-13 of
// the exact one, so unless its fraction is within 0.001 of a half it rounds
// the way r's exact decimal value does; AppendFloat decides the others.
func appendTenths(b []byte, r float64) []byte {
	x := r * 10
	if !(x > 0 && x < 1<<40) {
		return strconv.AppendFloat(b, r, 'f', 1, 64)
	}
	fl := math.Floor(x)
	f := x - fl
	if f > 0.499 && f < 0.501 {
		return strconv.AppendFloat(b, r, 'f', 1, 64)
	}
	n := uint64(fl)
	if f > 0.5 {
		n++
	}
	return append(strconv.AppendUint(b, n/10, 10), '.', byte('0'+n%10))
}

// appendPct appends v as a whole percentage ("58%"), as fmt's %.0f%% writes 100·v.
func appendPct(b []byte, v float64) []byte {
	return append(appendWhole(b, 100*v), '%')
}

// appendWhole appends x rounded to a whole number, as
// strconv.AppendFloat(b, x, 'f', 0, 64) writes it: below 2^52 its fraction
// is exact, so only an exact half (rounded to even) and the values outside
// need AppendFloat.
func appendWhole(b []byte, x float64) []byte {
	if !(x > 0 && x < 1<<52) {
		return strconv.AppendFloat(b, x, 'f', 0, 64)
	}
	fl := math.Floor(x)
	f := x - fl
	if f == 0.5 {
		return strconv.AppendFloat(b, x, 'f', 0, 64)
	}
	n := uint64(fl)
	if f > 0.5 {
		n++
	}
	return strconv.AppendUint(b, n, 10)
}
