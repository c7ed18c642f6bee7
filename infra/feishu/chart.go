package feishu

import (
	"gpuadvisor/chat"
)

// maxCharts is the most chart components one card holds (Feishu advises at
// most five per card: open.feishu.cn, feishu-cards, content components, chart).
const maxCharts = 5

// cardChart is the card's chart component: a VChart spec
// (visactor.io/vchart/option) drawn by the client, card JSON 1.0.
type cardChart struct {
	Tag         string         `json:"tag"`
	AspectRatio string         `json:"aspect_ratio"`
	ColorTheme  string         `json:"color_theme"`
	Preview     bool           `json:"preview"`
	Spec        map[string]any `json:"chart_spec"`
}

// chartPoint is one value of the spec's data: category, series, value.
type chartPoint struct {
	// X is the category's name, or its number on a numeric (linear) axis.
	X      any     `json:"x"`
	Series string  `json:"series"`
	Y      float64 `json:"y"`
}

// chartElements draws a chart as a chart component followed by its Unicode
// bar line (a note: the numbers in words, and what an older client shows).
// A line chart is a VChart line chart, over a linear axis when the chart
// has numeric positions (hours), with the marks as vertical mark lines at
// their own positions; a bar chart is a bar chart, stacked when the chart
// is, with its limit series as a line over the bars (a VChart common chart).
// A chart that breaks the shared limits (chat.Chart.Check) is the line alone.
func (rr *renderer) chartElements(lang chat.Lang, c chat.Chart) []any {
	note := cardNote{Tag: "note", Elements: []cardText{plain(rr.clip(chat.BarLine(lang, c), maxLine))}}
	if c.Check() != nil {
		return []any{note}
	}
	// a line chart over numbers (busy hours) gets a linear axis, so hours
	// are spaced truly and the marks sit at their own hours
	numeric := c.Kind == chat.ChartLine && len(c.X) == len(c.Categories)
	var data, limits []chartPoint
	for _, s := range c.Series {
		for i, v := range s.Values {
			p := chartPoint{X: c.Categories[i], Series: s.Name, Y: v}
			if numeric {
				p.X = c.X[i]
			}
			if s.Limit {
				limits = append(limits, p)
			} else {
				data = append(data, p)
			}
		}
	}
	xAxis := "band"
	if numeric {
		xAxis = "linear"
	}
	axes := []map[string]any{
		{"orient": "bottom", "type": xAxis, "title": map[string]any{"visible": c.XLabel != "", "text": c.XLabel}},
		{"orient": "left", "type": "linear", "title": map[string]any{"visible": c.YLabel != "", "text": c.YLabel}},
	}
	spec := map[string]any{
		"title":   map[string]any{"visible": true, "text": c.Title},
		"legends": map[string]any{"visible": true, "orient": "bottom"},
		"axes":    axes,
	}
	switch {
	case c.Kind == chat.ChartLine:
		spec["type"] = "line"
		spec["data"] = []any{map[string]any{"id": "values", "values": data}}
		spec["xField"], spec["yField"], spec["seriesField"] = "x", "y", "series"
		var marks []any
		for _, m := range c.Marks {
			var at any = c.Categories[m.Category]
			switch {
			case numeric && m.At != nil:
				at = *m.At
			case numeric:
				at = c.X[m.Category]
			}
			marks = append(marks, map[string]any{"x": at,
				"label": map[string]any{"visible": true, "text": m.Label + " " + c.Where(m), "position": "end"}})
		}
		if len(marks) > 0 {
			spec["markLine"] = marks
		}
	case len(limits) > 0:
		spec["type"] = "common"
		spec["data"] = []any{map[string]any{"id": "parts", "values": data}, map[string]any{"id": "limit", "values": limits}}
		spec["series"] = []any{
			map[string]any{"type": "bar", "dataIndex": 0, "xField": []string{"x"}, "yField": "y", "seriesField": "series", "stack": c.Stacked},
			map[string]any{"type": "line", "dataIndex": 1, "xField": "x", "yField": "y", "seriesField": "series"},
		}
		axes[0]["seriesIndex"], axes[1]["seriesIndex"] = []int{0, 1}, []int{0, 1}
	default:
		spec["type"] = "bar"
		spec["data"] = []any{map[string]any{"id": "values", "values": data}}
		spec["xField"], spec["yField"], spec["seriesField"], spec["stack"] = "x", "y", "series", c.Stacked
	}
	return []any{cardChart{Tag: "chart", AspectRatio: "16:9", ColorTheme: "brand", Preview: true, Spec: spec}, note}
}
