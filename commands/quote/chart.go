package quote

import (
	"math"
	"slices"
	"sort"

	"gpuadvisor/advisor/tco"
	"gpuadvisor/chat"
)

// charts draws each vendor's monthly TCO as a stack of its line items, what
// the vendor quoted apart from what was estimated from the workload, cheapest
// first; and, when a throughput is known, each vendor's cost per 1M tokens.
func charts(lang chat.Lang, r tco.Result) []chat.Chart {
	cs := ranked(r)
	if len(cs) > chat.MaxChartPoints {
		cs = cs[:chat.MaxChartPoints]
	}
	tcoChart := chat.Chart{
		ID: "quote_tco", Kind: chat.ChartBar, Stacked: true,
		Title:  chat.T(lang, "Monthly TCO by line item (¥)", "月度总成本分项（元）"),
		XLabel: orderLabel(lang, r.Basis),
		YLabel: chat.T(lang, "¥ a month", "元/月"),
		YSign:  "¥",
	}
	for _, c := range cs {
		tcoChart.Categories = append(tcoChart.Categories, uniqueLabel(tcoChart.Categories, c.Name))
	}
	var all []chat.Series
	for i, l := range tco.Lines {
		quoted := chat.Series{Name: chat.Label(lineName(lang, l))}
		est := chat.Series{Name: chat.Label(lineName(lang, l) + chat.T(lang, " (est.)", "（估算）")), Estimated: true}
		for _, c := range cs {
			it := c.Items[i]
			q, e := 0.0, 0.0
			switch {
			case it.Unknown:
			case it.Estimated:
				e = it.Amount
			default:
				q = it.Amount
			}
			quoted.Values = append(quoted.Values, round2(q))
			est.Values = append(est.Values, round2(e))
		}
		for _, s := range []chat.Series{quoted, est} {
			if sum(s.Values) > 0 {
				all = append(all, s)
			}
		}
	}
	tcoChart.Series = fold(lang, all, len(cs))
	if len(tcoChart.Series) == 0 {
		return nil
	}
	out := []chat.Chart{tcoChart}
	tok := chat.Chart{
		ID: "quote_per_mtok", Kind: chat.ChartBar,
		Title:  chat.T(lang, "Cost per 1M tokens, all in (¥)", "每百万token成本，含隐性费用（元）"),
		XLabel: chat.T(lang, "vendor", "供应商"),
		YLabel: chat.T(lang, "¥ per 1M tokens", "元/百万token"),
		YSign:  "¥",
	}
	s := chat.Series{Name: chat.Label(chat.T(lang, "¥ per 1M tokens", "元/百万token"))}
	for _, c := range cs {
		if c.HasThroughput {
			tok.Categories = append(tok.Categories, uniqueLabel(tok.Categories, c.Name))
			s.Values = append(s.Values, math.Round(c.TCOPerMTok*1000)/1000)
		}
	}
	if len(tok.Categories) > 0 {
		tok.Series = []chat.Series{s}
		out = append(out, tok)
	}
	return out
}

// orderLabel says how the bars are ordered: by the basis the ranking used,
// which is not always the monthly TCO the bars show.
func orderLabel(lang chat.Lang, b tco.Basis) string {
	switch b {
	case tco.ByMonth:
		return chat.T(lang, "vendor, by monthly TCO, cheapest first", "供应商（按月度总成本由低到高）")
	case tco.ByRun:
		return chat.T(lang, "vendor, by cost of the whole run, cheapest first", "供应商（按整轮成本由低到高）")
	case tco.ByProject:
		return chat.T(lang, "vendor, by the project's total, cheapest first", "供应商（按项目总费用由低到高）")
	}
	return chat.T(lang, "vendor, in the ranking's order ("+string(b)+")", "供应商（按排名顺序）")
}

// fold keeps at most chat.MaxChartSeries series: past that, the smallest
// are added up into one "other" series.
func fold(lang chat.Lang, all []chat.Series, n int) []chat.Series {
	if len(all) <= chat.MaxChartSeries {
		return all
	}
	order := make([]int, len(all))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return sum(all[order[a]].Values) > sum(all[order[b]].Values) })
	keep := map[int]bool{}
	for _, i := range order[:chat.MaxChartSeries-1] {
		keep[i] = true
	}
	other := chat.Series{Name: chat.T(lang, "other items", "其他项目"), Values: make([]float64, n)}
	var out []chat.Series
	for i, s := range all {
		if keep[i] {
			out = append(out, s)
			continue
		}
		for j, v := range s.Values {
			other.Values[j] = round2(other.Values[j] + v)
		}
	}
	return append(out, other)
}

// uniqueLabel fits a vendor name to a chart label, numbering it when two
// long names cut to the same label.
func uniqueLabel(taken []string, name string) string {
	l := chat.Label(name)
	for n := 2; slices.Contains(taken, l); n++ {
		suffix := "~" + chat.Num(float64(n))
		l = chat.Truncate(name, chat.MaxChartLabel-len(suffix)) + suffix
	}
	return l
}

func sum(vs []float64) float64 {
	t := 0.0
	for _, v := range vs {
		t += v
	}
	return t
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }
