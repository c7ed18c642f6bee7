package slack

import (
	"slices"
	"strings"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/advisor"
	"gpuadvisor/chat"
)

// Native table limits (docs.slack.dev/reference/block-kit/blocks/table-block):
// Slack accepts one table block per message (only_one_table_allowed), of at
// most 100 rows of at most 20 cells.
const (
	MaxTableRows = 100
	MaxTableCols = 20
)

// chartBlocks draws a chart as Slack's native data_visualization block
// (docs.slack.dev/reference/block-kit/blocks/data-visualization-block)
// followed by its Unicode bar line as a context block: the text fallback for
// clients that do not draw charts, and the numbers for screen readers. A
// chart the block cannot hold (see chat.Chart.Check) is left as the text
// line alone. The block spaces categories evenly, so a chart over hours
// comes on an even grid (chat.Chart.Evenly); marked categories carry their
// mark in the label ("≈428.57h break-even" on the nearest grid point), as
// the block has no markers, and the exact hours are in the text line; a
// stacked bar chart is drawn grouped, the limit series as one more bar.
func chartBlocks(lang chat.Lang, c chat.Chart) []slackapi.Block {
	line, _ := fit(chat.BarLine(lang, c), MaxContextText)
	if strings.TrimSpace(line) == "" {
		return nil
	}
	text := slackapi.NewContextBlock("", mrkdwn(line))
	if c.Check() != nil {
		return []slackapi.Block{text}
	}
	cats := make([]string, len(c.Categories))
	for i, s := range c.Categories {
		cats[i] = chartText(s)
	}
	marked := make([]bool, len(cats))
	for _, m := range c.Marks {
		// a mark off the grid (428.57 h between 384 h and 432 h) labels the
		// nearest grid point as approximately there: the block spaces its
		// categories evenly, so the grid stays even and the lines straight
		l := chartText(chat.Label(c.Categories[m.Category] + " " + m.Label))
		if w := c.Where(m); w != c.Categories[m.Category] {
			l = chartText(chat.Label("≈" + w + " " + m.Label))
		}
		if !marked[m.Category] && !slices.Contains(cats, l) {
			cats[m.Category] = l
			marked[m.Category] = true
		}
	}
	axis := slackapi.NewDataVisualizationAxisConfig(cats...).
		WithXLabel(chartText(chat.ChartTitle(c.XLabel))).WithYLabel(chartText(chat.ChartTitle(c.YLabel)))
	var series []slackapi.DataVisualizationDataSeries
	for _, s := range c.Series {
		pts := make([]slackapi.DataVisualizationDataPoint, len(s.Values))
		for i, v := range s.Values {
			pts[i] = slackapi.NewDataVisualizationDataPoint(cats[i], v)
		}
		series = append(series, slackapi.NewDataVisualizationDataSeries(chartText(s.Name), pts...))
	}
	var chart slackapi.DataVisualizationChart = slackapi.NewDataVisualizationBarChart(axis, series...)
	if c.Kind == chat.ChartLine {
		chart = slackapi.NewDataVisualizationLineChart(axis, series...)
	}
	block := slackapi.NewDataVisualizationBlock(chartText(c.Title), chart)
	if block.Validate() != nil {
		return []slackapi.Block{text}
	}
	return []slackapi.Block{block, text}
}

// chartText keeps a chart label free of what Slack reads as markup: chart
// texts are shown as given, so <, > and & become look-alikes rather than
// entities.
func chartText(s string) string { return chartMarkup.Get().Replace(s) }

// chartMarkup is built once: a Replacer's tables cost more than its use.
var chartMarkup = advisor.Lazy[*strings.Replacer]{New: func() *strings.Replacer {
	return strings.NewReplacer("<", "‹", ">", "›", "&", "＆")
}}

// tableBlock renders a table as Slack's native table block: the header as
// the first row, every cell raw text (escaped, at most maxCell characters,
// "—" for an empty one, as Slack refuses empty cells), numbers aligned
// right. ok is false when the table is wider than MaxTableCols or longer
// than MaxTableRows: it is then shown as text, split over sections.
func tableBlock(t chat.Table, cut *bool) (slackapi.Block, bool) {
	cols := len(t.Header)
	for _, r := range t.Rows {
		cols = max(cols, len(r))
	}
	head := 0
	if len(t.Header) > 0 {
		head = 1
	}
	if cols == 0 || cols > MaxTableCols || head+len(t.Rows) > MaxTableRows {
		return nil, false
	}
	tb := slackapi.NewTableBlock("")
	row := func(cells []string) {
		out := make([]slackapi.TableCell, cols)
		for i := range out {
			c := ""
			if i < len(cells) {
				c = strings.ReplaceAll(cells[i], "\n", " ")
			}
			if strings.TrimSpace(c) == "" {
				c = "—"
			}
			text, cl := fit(c, maxCell)
			*cut = *cut || cl
			out[i] = slackapi.NewTableRawTextCell(text)
		}
		tb.AddRow(out...)
	}
	if len(t.Header) > 0 {
		row(t.Header)
	}
	for _, r := range t.Rows {
		row(r)
	}
	settings := make([]slackapi.ColumnSetting, cols)
	for i := range settings {
		settings[i] = slackapi.ColumnSetting{Align: slackapi.ColumnAlignmentLeft, IsWrapped: true}
		if numeric(t, i) {
			settings[i].Align = slackapi.ColumnAlignmentRight
		}
	}
	tb.WithColumnSettings(settings...)
	return tb, true
}

// numeric reports whether every filled cell of column i reads as a number
// (digits with , . % ¥ $ * and signs), so the column aligns right.
func numeric(t chat.Table, i int) bool {
	seen := false
	for _, r := range t.Rows {
		if i >= len(r) || strings.TrimSpace(r[i]) == "" || r[i] == "—" || r[i] == "-" {
			continue
		}
		if strings.Trim(r[i], "0123456789,.%¥$*+-−~ ") != "" {
			return false
		}
		seen = true
	}
	return seen
}
