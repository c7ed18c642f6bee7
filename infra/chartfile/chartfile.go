// Package chartfile draws a reply's charts (chat.Chart) into an SVG or PNG
// file for the terminal's --chart FILE, with gonum.org/v1/plot: a plotting
// library kept by the Gonum project, pure Go (no cgo, no browser), with
// native SVG and PNG back ends and tiling of several plots on one canvas.
//
// SVG keeps its text as <text> elements (font-family Liberation Sans, then
// the common CJK families), so a viewer draws Chinese labels with a CJK
// font. PNG is rasterised with
// the fonts gonum embeds, which have no CJK glyphs: callers draw PNG charts
// in English (see the gpuadvisor command).
package chartfile

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"gpuadvisor/chat"
)

// Size of one chart; several are stacked one under the other.
const (
	Width  = 8 * vg.Inch
	Height = 4.5 * vg.Inch
)

// Format is the file format a path asks for by its extension: "svg" or
// "png"; "" for any other.
func Format(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".svg":
		return "svg"
	case ".png":
		return "png"
	}
	return ""
}

// Write draws charts one under the other in format ("svg" or "png") to w.
func Write(w io.Writer, format string, charts []chat.Chart) error {
	if len(charts) == 0 {
		return fmt.Errorf("no chart to draw")
	}
	plots := make([][]*plot.Plot, len(charts))
	for i, c := range charts {
		p, err := Plot(c)
		if err != nil {
			return fmt.Errorf("chart %s: %w", c.ID, err)
		}
		plots[i] = []*plot.Plot{p}
	}
	h := Height * vg.Length(len(charts))
	var canvas vg.CanvasWriterTo
	switch format {
	case "svg":
		canvas = vgsvg.New(Width, h)
	case "png":
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(Width, h), vgimg.UseDPI(144), vgimg.UseBackgroundColor(color.White))}
	default:
		return fmt.Errorf("format %q: want svg or png", format)
	}
	dc := draw.New(canvas)
	tiles := draw.Tiles{Rows: len(charts), Cols: 1, PadTop: vg.Points(6), PadBottom: vg.Points(6), PadY: vg.Points(18), PadLeft: vg.Points(6), PadRight: vg.Points(12)}
	cells := plot.Align(plots, tiles, dc)
	for i := range plots {
		plots[i][0].Draw(cells[i][0])
	}
	if format == "svg" {
		// Liberation Sans is metric-compatible with Arial: naming Arial
		// next keeps the layout where Liberation is not installed; the CJK
		// families after them (svgFonts) draw Chinese labels, and
		// sans-serif lets the viewer pick any other.
		var buf bytes.Buffer
		if _, err := canvas.WriteTo(&buf); err != nil {
			return err
		}
		_, err := io.WriteString(w, strings.ReplaceAll(buf.String(), "font-family:Liberation Sans;", "font-family:"+svgFonts+";"))
		return err
	}
	_, err := canvas.WriteTo(w)
	return err
}

// svgFonts is the SVG's font-family list: the Latin font the layout was
// measured with, then the common CJK families of Linux (Noto / Source Han,
// WenQuanYi), macOS (PingFang) and Windows (Microsoft YaHei), so Chinese
// labels are drawn with a font that has them.
const svgFonts = "'Liberation Sans',Arial,Helvetica,'Noto Sans CJK SC','Source Han Sans SC','PingFang SC','Microsoft YaHei','WenQuanYi Micro Hei',sans-serif"

func init() {
	plot.DefaultFont = font.Font{Typeface: "Liberation", Variant: "Sans"}
}

// Plot builds one chart: lines over the categories (at their X positions
// when the chart has them) with the marks as dashed vertical lines, or bars
// (stacked when the chart is) with each limit as a dashed red tick over its
// bar.
func Plot(c chat.Chart) (*plot.Plot, error) {
	if err := c.Check(); err != nil {
		return nil, err
	}
	p := plot.New()
	p.Title.Text = c.Title
	p.X.Label.Text = c.XLabel
	p.Y.Label.Text = c.YLabel
	p.Y.Min = 0
	p.Legend.Top, p.Legend.Left = true, true
	p.Y.Tick.Marker = numTicks{}
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Legend.Padding = vg.Points(2) // room for a CJK font's taller glyphs in SVG
	p.Add(plotter.NewGrid())
	if c.Kind == chat.ChartLine {
		// lines rise to the right; the marks' labels take the top
		p.Legend.Top, p.Legend.Left = false, false
		p.Legend.YOffs = vg.Points(8)
		return p, lines(p, c)
	}
	return p, bars(p, c)
}

func lines(p *plot.Plot, c chat.Chart) error {
	x := func(i int) float64 {
		if len(c.X) == len(c.Categories) {
			return c.X[i]
		}
		return float64(i)
	}
	top := 0.0
	for k, s := range c.Series {
		xys := make(plotter.XYs, len(s.Values))
		for i, v := range s.Values {
			xys[i] = plotter.XY{X: x(i), Y: v}
			top = max(top, v)
		}
		l, err := plotter.NewLine(xys)
		if err != nil {
			return err
		}
		l.Color = plotutil.Color(k)
		l.Width = vg.Points(2)
		if s.Estimated {
			l.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		}
		p.Add(l)
		p.Legend.Add(legendName(s.Name), l)
	}
	if len(c.X) != len(c.Categories) {
		p.NominalX(c.Categories...)
	}
	var marks plotter.XYLabels
	for k, m := range c.Marks {
		at := x(m.Category)
		if m.At != nil {
			at = *m.At
		}
		l, err := plotter.NewLine(plotter.XYs{{X: at, Y: 0}, {X: at, Y: top * 1.05}})
		if err != nil {
			return err
		}
		l.Color = color.Gray{Y: 110}
		l.Dashes = []vg.Length{vg.Points(2), vg.Points(3)}
		p.Add(l)
		// labels step down so neighbouring marks do not overlap
		marks.XYs = append(marks.XYs, plotter.XY{X: at, Y: top * (1.05 - 0.08*float64(k%3))})
		marks.Labels = append(marks.Labels, " "+m.Label+" "+c.Where(m))
	}
	if len(marks.XYs) > 0 {
		lb, err := plotter.NewLabels(marks)
		if err != nil {
			return err
		}
		for i := range lb.TextStyle {
			lb.TextStyle[i].Font = font.Font{Typeface: "Liberation", Variant: "Sans", Size: vg.Points(9)}
		}
		p.Add(lb)
	}
	p.Y.Max = top * 1.12
	return nil
}

func bars(p *plot.Plot, c chat.Chart) error {
	var data []chat.Series
	for _, s := range c.Series {
		if !s.Limit {
			data = append(data, s)
		}
	}
	n := len(c.Categories)
	w := vg.Points(math.Min(48, 360/float64(n)))
	groups := 1
	if !c.Stacked {
		groups = len(data)
	}
	bw := w / vg.Length(groups)
	var below *plotter.BarChart
	for k, s := range data {
		b, err := plotter.NewBarChart(plotter.Values(s.Values), bw)
		if err != nil {
			return err
		}
		b.Color = plotutil.Color(k)
		b.LineStyle.Width = vg.Points(0.5)
		if s.Estimated { // estimates lighter: the colour half-way to white
			r, g, bl, _ := b.Color.RGBA()
			b.Color = color.RGBA{uint8((r>>8 + 255) / 2), uint8((g>>8 + 255) / 2), uint8((bl>>8 + 255) / 2), 255}
		}
		if c.Stacked {
			if below != nil {
				b.StackOn(below)
			}
			below = b
		} else {
			b.Offset = bw*vg.Length(k) - w/2 + bw/2
		}
		p.Add(b)
		p.Legend.Add(legendName(s.Name), b)
	}
	for _, s := range c.Series {
		if !s.Limit {
			continue
		}
		for i, v := range s.Values {
			l, err := plotter.NewLine(plotter.XYs{{X: float64(i) - 0.3, Y: v}, {X: float64(i) + 0.3, Y: v}})
			if err != nil {
				return err
			}
			l.Color = color.RGBA{R: 200, A: 255}
			l.Width = vg.Points(2)
			l.Dashes = []vg.Length{vg.Points(5), vg.Points(3)}
			p.Add(l)
			if i == 0 {
				p.Legend.Add(legendName(s.Name), l)
			}
		}
	}
	top := 0.0
	for i := range c.Categories {
		t := c.Total(i)
		if !c.Stacked {
			t = 0
			for _, s := range data {
				t = max(t, s.Values[i])
			}
		}
		top = max(top, t)
		for _, s := range c.Series {
			if s.Limit {
				top = max(top, s.Values[i])
			}
		}
	}
	if err := totals(p, c, data, w, bw); err != nil {
		return err
	}
	// room above the bars for their totals and the legend, about 6% of the
	// height a row
	p.Y.Max = top * (1.16 + 0.06*float64(len(c.Series)))
	p.NominalX(c.Categories...)
	p.X.Min, p.X.Max = -0.7, float64(n-1)+0.7
	return nil
}

// totals writes each bar's value over it: the stack's total on a stacked
// chart, each bar's own value on a grouped one, so a reader has the number
// without reading it off the axis.
func totals(p *plot.Plot, c chat.Chart, data []chat.Series, w, bw vg.Length) error {
	var l plotter.XYLabels
	var offs []vg.Length
	for i := range c.Categories {
		if c.Stacked {
			l.XYs = append(l.XYs, plotter.XY{X: float64(i), Y: c.Total(i)})
			l.Labels = append(l.Labels, chat.Num(c.Total(i)))
			offs = append(offs, 0)
			continue
		}
		for k, s := range data {
			l.XYs = append(l.XYs, plotter.XY{X: float64(i), Y: s.Values[i]})
			l.Labels = append(l.Labels, chat.Num(s.Values[i]))
			offs = append(offs, bw*vg.Length(k)-w/2+bw/2)
		}
	}
	if len(l.XYs) == 0 {
		return nil
	}
	if !c.Stacked && len(data) > 1 {
		// grouped bars: one Labels per offset, as Labels has one offset
		for k := range data {
			var one plotter.XYLabels
			for j := k; j < len(l.XYs); j += len(data) {
				one.XYs, one.Labels = append(one.XYs, l.XYs[j]), append(one.Labels, l.Labels[j])
			}
			if err := addTotals(p, one, offs[k]); err != nil {
				return err
			}
		}
		return nil
	}
	return addTotals(p, l, 0)
}

func addTotals(p *plot.Plot, l plotter.XYLabels, dx vg.Length) error {
	lb, err := plotter.NewLabels(l)
	if err != nil {
		return err
	}
	for i := range lb.TextStyle {
		lb.TextStyle[i].Font = font.Font{Typeface: "Liberation", Variant: "Sans", Size: vg.Points(8)}
		lb.TextStyle[i].XAlign = draw.XCenter
	}
	lb.Offset = vg.Point{X: dx, Y: vg.Points(2)}
	p.Add(lb)
	return nil
}

// numTicks label the value axis with at least MinTicks round values (1, 2,
// 2.5 or 5 times a power of ten apart), written the way replies write
// numbers: 25,000 rather than 25000.00. gonum's default ticks label as few
// as two values (0 and 25,000), which leaves a line at 15,000 unread.
type numTicks struct{}

// MinTicks is the fewest labelled ticks a value axis has.
const MinTicks = 4

func (numTicks) Ticks(min, max float64) []plot.Tick {
	if !(max > min) {
		return []plot.Tick{{Value: min, Label: chat.Num(min)}}
	}
	step := niceStep((max - min) / MinTicks)
	for (max-min)/step < MinTicks-1 {
		step = niceStep(step / 2.01)
	}
	var ts []plot.Tick
	start := math.Ceil(min/step-1e-9) * step
	for v := start; v <= max+step*1e-9; v += step {
		v = math.Round(v/step) * step
		ts = append(ts, plot.Tick{Value: v, Label: chat.Num(v)})
		// an unlabelled tick half-way, as gonum draws minor ticks
		if h := v + step/2; h < max {
			ts = append(ts, plot.Tick{Value: h})
		}
	}
	return ts
}

// niceStep is the largest of 1, 2, 2.5 and 5 times a power of ten that is at
// most x.
func niceStep(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{5, 2.5, 2, 1} {
		if m*p <= x {
			return m * p
		}
	}
	return p
}

// legendName pads a legend entry with one space per wide (CJK) character.
// gonum measures text with Liberation Sans, which has no CJK glyphs and
// counts each as three quarters of an em, where a viewer's CJK font draws a
// whole one; legend text is right-aligned against its sample, so it would
// run into it. The padding moves it left by about the difference, and SVG
// drops trailing spaces when it draws.
func legendName(s string) string {
	return s + strings.Repeat(" ", chat.Width(s)-utf8.RuneCountInString(s))
}
