package slack

import (
	"strings"
	"testing"

	slackapi "github.com/slack-go/slack"

	"gpuadvisor/chat"
)

// hoursChart is a billing chart as the billing command draws it: an even
// grid of busy hours, a break-even off the grid and the team's hours on it.
func hoursChart() chat.Chart {
	be, yours := 428.57, 300.0
	c := chat.Chart{ID: "billing_cost", Kind: chat.ChartLine, Title: "Cost per card per month by busy hours", XUnit: "h",
		Marks: []chat.Mark{{Category: 7, Label: "break-even", At: &be}, {Category: 5, Label: "your hours", At: &yours}}}
	od := chat.Series{Name: "on-demand"}
	mo := chat.Series{Name: "monthly"}
	for h := 0.0; h <= 720; h += 60 {
		c.Categories = append(c.Categories, chat.Num(h)+"h")
		c.X = append(c.X, h)
		od.Values = append(od.Values, 35*h)
		mo.Values = append(mo.Values, 15000)
	}
	c.Series = []chat.Series{od, mo}
	return c
}

// Slack's chart block spaces categories evenly: the hours stay an even
// grid, a mark off the grid labels the nearest point as approximately there
// and the text line under the chart gives its exact hours.
func TestChartHoursStayEvenOnSlack(t *testing.T) {
	c := hoursChart()
	blocks := chartBlocks(chat.EN, c)
	if len(blocks) != 2 {
		t.Fatalf("got %d blocks, want the chart and its text line", len(blocks))
	}
	dv, ok := blocks[0].(*slackapi.DataVisualizationBlock)
	if !ok {
		t.Fatalf("first block is %T, want the data_visualization block", blocks[0])
	}
	line, ok := dv.Chart.(*slackapi.DataVisualizationLineChart)
	if !ok {
		t.Fatalf("chart is %T, want a line chart", dv.Chart)
	}
	cats := line.AxisConfig.Categories
	if len(cats) != len(c.Categories) {
		t.Fatalf("%d categories, want the %d grid points", len(cats), len(c.Categories))
	}
	for i, want := range c.Categories {
		switch i {
		case 7:
			if cats[i] != "≈428.57h break-even" {
				t.Errorf("category 7 = %q, want the break-even as approximately there", cats[i])
			}
		case 5:
			if cats[i] != "300h your hours" {
				t.Errorf("category 5 = %q, want the team's hours on the grid point", cats[i])
			}
		default:
			if cats[i] != want {
				t.Errorf("category %d = %q, want the grid point %q", i, cats[i], want)
			}
		}
	}
	text := blocks[1].(*slackapi.ContextBlock).ContextElements.Elements[0].(*slackapi.TextBlockObject).Text
	if !strings.Contains(text, "break-even 428.57h") || !strings.Contains(text, "your hours 300h") {
		t.Errorf("text line lacks the exact hours: %s", text)
	}
}
