package billing

import (
	"math"

	advisor "gpuadvisor/advisor/billing"
	"gpuadvisor/chat"
)

// chartStep is the spacing of the chart's busy-hour grid: 0, 60, … 720 h,
// thirteen evenly spaced points (within Slack's 20), so that a surface that
// spaces categories evenly draws the hours truly and the on-demand line
// straight. 60 h is 2 hours a day over 30 days: every whole, even number of
// hours a day falls on the grid.
const chartStep = 60

// maxMarkedHours is how many distinct card hours the chart marks.
const maxMarkedHours = 4

// chart draws the cost of one card for a month against its busy hours: the
// on-demand line rises (price × hours), monthly and yearly are flat, spot
// rises with the lost work counted (price × factor × hours). The break-even
// (monthly ÷ on-demand) and the team's own hours are marks at their own
// hours (At), each also tied to the nearest grid point for surfaces that
// only have categories.
func (v view) chart(q query, a advisor.Advice) chat.Chart {
	in := q.in
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
		if seen[h] || len(seen) == maxMarkedHours || h > advisor.MonthHours {
			continue
		}
		seen[h] = true
		marks = append(marks, mark{h, v.t("your hours", "你们的时长")})
	}
	var grid []float64
	for h := 0.0; h <= advisor.MonthHours; h += chartStep {
		grid = append(grid, h)
	}
	c := chat.Chart{
		ID:     "billing_cost",
		Kind:   chat.ChartLine,
		Title:  v.t("Cost per card per month by busy hours", "每卡每月成本与使用时长"),
		XLabel: v.t("busy hours per card per month", "每卡每月使用小时"),
		YLabel: v.t("cost per card per month", "每卡每月成本") + v.unit(),
		XUnit:  v.t("h", "小时"),
	}
	for _, h := range grid {
		c.Categories = append(c.Categories, chat.Num(h)+c.XUnit)
		c.X = append(c.X, h)
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
		h := math.Round(m.h*100) / 100
		c.Marks = append(c.Marks, chat.Mark{Category: int(math.Round(h / chartStep)), Label: m.label, At: &h})
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
