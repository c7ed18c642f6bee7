package chat

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// Chart is one picture of a reply, described once and drawn by every surface:
// Slack's data_visualization block, a Feishu card chart element (VChart), an
// SVG or PNG file in the terminal (--chart FILE) and a compact Unicode bar
// line in the text. Values are plain numbers in the unit of YLabel.
type Chart struct {
	// ID names the chart for files and tests: billing_cost, quote_tco,
	// quote_per_mtok, tier_memory.
	ID string `json:"id"`
	// Kind is ChartLine (one line per series over Categories) or ChartBar
	// (one bar per category; Stacked adds the series up).
	Kind ChartKind `json:"kind"`
	// Stacked stacks a bar chart's data series; limit series are never stacked.
	Stacked bool `json:"stacked,omitempty"`
	// Title is at most MaxChartTitle characters.
	Title  string `json:"title"`
	XLabel string `json:"x_label,omitempty"`
	YLabel string `json:"y_label,omitempty"`
	// Categories are the x positions, at most MaxChartPoints, each at most
	// MaxChartLabel characters (Slack's data_visualization limits).
	Categories []string `json:"categories"`
	// X are the categories' positions on a numeric axis (busy hours), for
	// surfaces that can space them truly; nil when they are names.
	X []float64 `json:"x,omitempty"`
	// XUnit is written after a numeric position ("h"), for marks.
	XUnit string `json:"x_unit,omitempty"`
	// YSign is written before a value in text ("¥" for money: ¥79,200),
	// so that money is never shown without its currency.
	YSign string `json:"y_sign,omitempty"`
	// Series hold one value per category.
	Series []Series `json:"series"`
	// Marks point out categories (the break-even, the team's hours).
	Marks []Mark `json:"marks,omitempty"`
}

// ChartKind is how a chart is drawn.
type ChartKind string

// Chart kinds.
const (
	ChartLine ChartKind = "line"
	ChartBar  ChartKind = "bar"
)

// Series is one named row of values of a chart.
type Series struct {
	// Name is at most MaxChartLabel characters, unique in its chart.
	Name   string    `json:"name"`
	Values []float64 `json:"values"`
	// Estimated marks values the user did not give (drawn lighter).
	Estimated bool `json:"estimated,omitempty"`
	// Limit marks a ceiling drawn as a line over the bars, not stacked
	// (the usable memory of a card).
	Limit bool `json:"limit,omitempty"`
}

// Mark points out one category: the break-even, the team's hours. On a
// chart with numeric positions (X) a mark also has its own position At,
// which need not be on the grid (428.57 h between 384 h and 432 h):
// surfaces with a numeric axis draw it there, and Category is then the
// nearest grid point, for surfaces that only have categories.
type Mark struct {
	Category int    `json:"category"`
	Label    string `json:"label"`
	// At is the mark's position on the numeric axis; nil on a chart of
	// named categories.
	At *float64 `json:"at,omitempty"`
}

// Where is the mark's position written for a reader: its own position with
// the chart's unit when it has one ("428.57h"), else its category.
func (c Chart) Where(m Mark) string {
	if m.At != nil {
		return Num(*m.At) + c.XUnit
	}
	if m.Category >= 0 && m.Category < len(c.Categories) {
		return c.Categories[m.Category]
	}
	return ""
}

// Evenly reports whether the chart's numeric positions X are evenly
// spaced, as a category axis draws them: a surface that can only space
// categories evenly (Slack's chart block) draws such a chart truly.
func (c Chart) Evenly() bool {
	if len(c.X) < 3 {
		return true
	}
	step := c.X[1] - c.X[0]
	for i := 2; i < len(c.X); i++ {
		if math.Abs(c.X[i]-c.X[i-1]-step) > 1e-9*math.Max(1, math.Abs(step)) {
			return false
		}
	}
	return true
}

// Chart limits, Slack's data_visualization block's (docs.slack.dev/reference/
// block-kit/blocks/data-visualization-block): every surface keeps to them so
// one description fits all.
const (
	MaxChartTitle  = 50
	MaxChartLabel  = 20
	MaxChartPoints = 20
	MaxChartSeries = 6
)

// Check reports the first way the chart breaks its own rules or the limits
// above, nil when it is sound. Builders call it in tests.
func (c Chart) Check() error {
	if c.Kind != ChartLine && c.Kind != ChartBar {
		return fmt.Errorf("chart %s: kind %q", c.ID, c.Kind)
	}
	if c.Title == "" || utf8.RuneCountInString(c.Title) > MaxChartTitle {
		return fmt.Errorf("chart %s: title %q (1 to %d characters)", c.ID, c.Title, MaxChartTitle)
	}
	if n := len(c.Categories); n == 0 || n > MaxChartPoints {
		return fmt.Errorf("chart %s: %d categories (1 to %d)", c.ID, n, MaxChartPoints)
	}
	if n := len(c.Series); n == 0 || n > MaxChartSeries {
		return fmt.Errorf("chart %s: %d series (1 to %d)", c.ID, n, MaxChartSeries)
	}
	seen := map[string]bool{}
	for _, s := range c.Categories {
		if s == "" || utf8.RuneCountInString(s) > MaxChartLabel || seen[s] {
			return fmt.Errorf("chart %s: category %q empty, longer than %d or repeated", c.ID, s, MaxChartLabel)
		}
		seen[s] = true
	}
	seen = map[string]bool{}
	for _, s := range c.Series {
		if s.Name == "" || utf8.RuneCountInString(s.Name) > MaxChartLabel || seen[s.Name] {
			return fmt.Errorf("chart %s: series %q empty, longer than %d or repeated", c.ID, s.Name, MaxChartLabel)
		}
		seen[s.Name] = true
		if len(s.Values) != len(c.Categories) {
			return fmt.Errorf("chart %s: series %q has %d values for %d categories", c.ID, s.Name, len(s.Values), len(c.Categories))
		}
		for _, v := range s.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("chart %s: series %q holds %v", c.ID, s.Name, v)
			}
		}
	}
	if c.X != nil && len(c.X) != len(c.Categories) {
		return fmt.Errorf("chart %s: %d x positions for %d categories", c.ID, len(c.X), len(c.Categories))
	}
	for _, m := range c.Marks {
		if m.Category < 0 || m.Category >= len(c.Categories) || m.Label == "" {
			return fmt.Errorf("chart %s: mark %q at %d", c.ID, m.Label, m.Category)
		}
		if m.At != nil && (c.X == nil || *m.At < c.X[0] || *m.At > c.X[len(c.X)-1]) {
			return fmt.Errorf("chart %s: mark %q at %v outside the numeric axis", c.ID, m.Label, *m.At)
		}
	}
	return nil
}

// Label fits a name to a chart label: at most MaxChartLabel characters, cut
// with "…".
func Label(s string) string { return Truncate(strings.TrimSpace(s), MaxChartLabel) }

// ChartTitle fits a title to MaxChartTitle characters.
func ChartTitle(s string) string { return Truncate(strings.TrimSpace(s), MaxChartTitle) }

// Total is the height of a bar: its data series added up (limits left out).
func (c Chart) Total(i int) float64 {
	t := 0.0
	for _, s := range c.Series {
		if !s.Limit && i < len(s.Values) {
			t += s.Values[i]
		}
	}
	return t
}

// ticks are the eight heights of a Unicode bar, lowest first.
var ticks = []rune("▁▂▃▄▅▆▇█")

// BarLine is the chart as one compact line of text: for a line chart, each
// series as a sparkline over the categories; for a bar chart, each category's
// total as a block of its height with the number. All series share one
// scale, so heights compare.
func BarLine(lang Lang, c Chart) string {
	colon := T(lang, ": ", "：")
	if len(c.Categories) == 0 || len(c.Series) == 0 {
		return c.Title
	}
	top := 0.0
	for _, s := range c.Series {
		for i, v := range s.Values {
			if c.Kind == ChartBar && c.Stacked && !s.Limit {
				v = c.Total(i)
			}
			top = max(top, v)
		}
	}
	tick := func(v float64) string {
		if top <= 0 || v <= 0 {
			return string(ticks[0])
		}
		k := int(math.Round(v / top * float64(len(ticks)-1)))
		return string(ticks[min(max(k, 0), len(ticks)-1)])
	}
	var parts []string
	if c.Kind == ChartLine {
		for _, s := range c.Series {
			var b strings.Builder
			for _, v := range s.Values {
				b.WriteString(tick(v))
			}
			parts = append(parts, s.Name+" "+b.String())
		}
		span := c.Categories[0] + "–" + c.Categories[len(c.Categories)-1]
		var labels []string
		marked := map[string][]string{}
		for _, m := range c.Marks {
			if m.Category < 0 || m.Category >= len(c.Categories) {
				continue
			}
			if marked[m.Label] == nil {
				labels = append(labels, m.Label)
			}
			marked[m.Label] = append(marked[m.Label], c.Where(m))
		}
		for _, l := range labels {
			span += T(lang, "; ", "；") + l + " " + strings.Join(marked[l], T(lang, ", ", "、"))
		}
		return c.Title + colon + strings.Join(parts, " · ") + T(lang, " (", "（") + span + T(lang, ")", "）")
	}
	for i, cat := range c.Categories {
		v := c.Total(i)
		if !c.Stacked {
			v = at(c.Series[0], i)
		}
		p := cat + " " + tick(v) + " " + c.YSign + Num(v)
		for _, s := range c.Series {
			if s.Limit {
				p += " / " + c.YSign + Num(at(s, i))
			}
		}
		parts = append(parts, p)
	}
	return c.Title + colon + strings.Join(parts, " · ")
}

// at is the series' value at category i, 0 past its end (a chart that
// fails Check still prints).
func at(s Series, i int) float64 {
	if i < len(s.Values) {
		return s.Values[i]
	}
	return 0
}
