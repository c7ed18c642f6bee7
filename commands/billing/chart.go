package billing

import (
	"math"
	"sort"

	advisor "gpuadvisor/advisor/billing"
	"gpuadvisor/chat"
)

// chartStep is the spacing of the chart's busy-hour grid: 0, 80, … 720 h,
// ten points, leaving room for the marked hours within Slack's 20.
const chartStep = 80

// maxMarkedHours is how many distinct card hours the chart marks.
const maxMarkedHours = 4

// chart draws the cost of one card for a month against its busy hours: the
// on-demand line rises (price × hours), monthly and yearly are flat, spot
// rises with the lost work counted (price × factor × hours). The break-even
// (monthly ÷ on-demand) and the team's own hours are marked on the grid.
func (v view) chart(q query, a advisor.Advice) chat.Chart {
	in := q.in
	hours := map[float64]bool{}
	for h := 0.0; h <= advisor.MonthHours; h += chartStep {
		hours[h] = true
	}
	type mark struct {
		h     float64
		label string
	}
	var marks []mark
	if a.BreakEvenHours <= advisor.MonthHours {
		marks = append(marks, mark{a.BreakEvenHours, v.t("break-even", "盈亏平衡")})
	}
	seen := map[float64]bool{}
	for _, i := range a.ByHours {
		h := a.Cards[i].Hours
		if seen[h] || len(seen) == maxMarkedHours {
			continue
		}
		seen[h] = true
		marks = append(marks, mark{h, v.t("your hours", "你们的时长")})
	}
	for _, m := range marks {
		hours[m.h] = true
	}
	grid := make([]float64, 0, len(hours))
	for h := range hours {
		grid = append(grid, h)
	}
	sort.Float64s(grid)
	c := chat.Chart{
		ID:     "billing_cost",
		Kind:   chat.ChartLine,
		Title:  v.t("Cost per card per month by busy hours", "每卡每月成本与使用时长"),
		XLabel: v.t("busy hours per card per month", "每卡每月使用小时"),
		YLabel: v.t("cost per card per month", "每卡每月成本") + v.unit(),
	}
	at := map[float64]int{}
	for i, h := range grid {
		at[h] = i
		c.Categories = append(c.Categories, chat.Num(h)+v.t("h", "小时"))
		c.X = append(c.X, math.Round(h*100)/100)
	}
	line := func(name string, f func(h float64) float64) {
		s := chat.Series{Name: chat.Label(name)}
		for _, h := range grid {
			s.Values = append(s.Values, math.Round(f(h)*100)/100)
		}
		c.Series = append(c.Series, s)
	}
	line(v.t("on-demand", "按需"), func(h float64) float64 { return in.OnDemand * h })
	line(v.t("monthly", "包月"), func(float64) float64 { return in.Monthly })
	if in.Yearly != nil {
		line(v.t("yearly", "包年"), func(float64) float64 { return in.Monthly * (1 - in.Yearly.Discount) })
	}
	if in.Spot != nil {
		line(v.t("spot (lost work in)", "竞价（含中断损失）"), func(h float64) float64 { return in.Spot.Price * a.SpotFactor * h })
	}
	for _, m := range marks {
		c.Marks = append(c.Marks, chat.Mark{Category: at[m.h], Label: m.label})
	}
	return c
}

// unit is " (¥)" for a chart axis, "" when the currency was not said.
func (v view) unit() string {
	if m := v.money(0); m != "0" {
		return " (" + trimZero(m) + ")"
	}
	return ""
}

// trimZero drops the 0 of a formatted zero amount: "¥0" → "¥", "0 EUR" → "EUR".
func trimZero(m string) string {
	switch {
	case len(m) > 2 && m[:2] == "0 ":
		return m[2:]
	case len(m) > 1 && m[len(m)-1] == '0':
		return m[:len(m)-1]
	}
	return m
}
