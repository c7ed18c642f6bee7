package tier

import (
	"math"
	"slices"
	"strconv"

	"gpuadvisor/advisor/sizing"
	"gpuadvisor/chat"
)

// charts draws the memory one card needs, part by part, for the pick and its
// alternatives, against what each card may use (its capacity × the usable
// limit): a stacked bar per option and a limit line.
func charts(lang chat.Lang, adv sizing.Advice) []chat.Chart {
	type option struct {
		label string
		o     sizing.Option
		limit float64
	}
	opts := make([]option, 0, 1+len(adv.Alternatives))
	add := func(kind string, r sizing.Request, o sizing.Option) {
		if o.GPU == nil || o.Cards() == 0 || len(opts) == chat.MaxChartPoints {
			return
		}
		// every label says what the option changes first ("LoRA 1×a100-80g-pcie"),
		// so a bar is never read as the request itself on another card
		name := altName(lang, kind) + " "
		l := chat.Label(name + strconv.Itoa(o.Cards()) + "×" + o.GPU.ID)
		for n := 2; slices.ContainsFunc(opts, func(x option) bool { return x.label == l }); n++ {
			suffix := "~" + strconv.Itoa(n)
			l = chat.Truncate(name+strconv.Itoa(o.Cards())+"×"+o.GPU.ID, chat.MaxChartLabel-len(suffix)) + suffix
		}
		opts = append(opts, option{l, o, o.GPU.CapacityGB() * r.Utilization})
	}
	add("pick", adv.Request, adv.Pick)
	for _, a := range adv.Alternatives {
		add(a.Kind, a.Request, a.Option)
	}
	if len(opts) == 0 {
		return nil
	}
	c := chat.Chart{
		ID: "tier_memory", Kind: chat.ChartBar, Stacked: true,
		Title:  chat.T(lang, "Memory per card by part (GB)", "每卡显存分项（GB）"),
		XLabel: chat.T(lang, "option: what changes, cards × GPU (pick first)", "方案：改动、卡数 × GPU（首个为推荐）"),
		YLabel: chat.T(lang, "GB per card", "每卡 GB"),
	}
	c.Categories = make([]string, 0, len(opts))
	for _, x := range opts {
		c.Categories = append(c.Categories, x.label)
	}
	parts := []struct {
		en, zh string
		gb     func(sizing.Breakdown) float64
	}{
		{"weights", "权重", func(b sizing.Breakdown) float64 { return b.WeightsGB }},
		{"gradients", "梯度", func(b sizing.Breakdown) float64 { return b.GradientsGB }},
		{"optimizer", "优化器状态", func(b sizing.Breakdown) float64 { return b.OptimizerGB }},
		{"activations", "激活值", func(b sizing.Breakdown) float64 { return b.ActivationsGB }},
		{"KV cache", "KV 缓存", func(b sizing.Breakdown) float64 { return b.KVCacheGB }},
		{"overhead", "运行开销", func(b sizing.Breakdown) float64 { return b.OverheadGB }},
	}
	// every series' values in one array: series k writes its n values at k·n
	n := len(opts)
	values := make([]float64, (len(parts)+1)*n)
	c.Series = make([]chat.Series, 0, len(parts)+1)
	for k, p := range parts {
		s := chat.Series{Name: chat.T(lang, p.en, p.zh), Values: values[k*n : k*n : (k+1)*n]}
		any := false
		for _, x := range opts {
			v := math.Round(p.gb(x.o.Result.Memory)*1000) / 1000
			s.Values = append(s.Values, v)
			any = any || v > 0
		}
		if any {
			c.Series = append(c.Series, s)
		}
	}
	limit := chat.Series{Name: chat.T(lang, "usable per card", "每卡可用"), Limit: true, Values: values[len(parts)*n : len(parts)*n]}
	for _, x := range opts {
		limit.Values = append(limit.Values, math.Round(x.limit*100)/100)
	}
	if len(c.Series) >= chat.MaxChartSeries { // six parts and the limit: the last two parts share one series
		last := len(c.Series) - 1
		for i := range c.Series[last].Values {
			c.Series[last-1].Values[i] += c.Series[last].Values[i]
		}
		c.Series[last-1].Name += " + " + c.Series[last].Name
		c.Series = c.Series[:last]
	}
	c.Series = append(c.Series, limit)
	// no mark on the pick: its label already says so ("pick 1×rtx-3090"), and a
	// mark would repeat it ("pick 1×rtx-3090 pick")
	return []chat.Chart{c}
}

// altName is the short name of what an option changes against the
// request, for its chart label: the pick itself, LoRA instead of full
// training, and so on; an unnamed kind is shown as it is.
func altName(lang chat.Lang, kind string) string {
	switch kind {
	case "pick":
		return chat.T(lang, "pick", "推荐")
	case sizing.AltLoRA:
		return "LoRA"
	case sizing.AltQLoRA:
		return "QLoRA"
	case sizing.AltInt4:
		return "int4"
	case sizing.AltRecompute:
		return chat.T(lang, "recompute", "全重算")
	case sizing.AltCheaper:
		return chat.T(lang, "tight", "偏紧")
	case sizing.AltSafer:
		return chat.T(lang, "roomy", "宽裕")
	case sizing.AltMoreCards:
		return chat.T(lang, "more cards", "加卡")
	}
	return kind
}
