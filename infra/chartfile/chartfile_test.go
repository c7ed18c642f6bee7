package chartfile

import (
	"bytes"
	"strings"
	"testing"

	"gpuadvisor/chat"
)

func TestFormat(t *testing.T) {
	for path, want := range map[string]string{"a.svg": "svg", "B.PNG": "png", "c.jpg": "", "svg": "", "dir.svg/x": ""} {
		if got := Format(path); got != want {
			t.Errorf("Format(%q) = %q, want %q", path, got, want)
		}
	}
}

func TestWrite(t *testing.T) {
	line := chat.Chart{ID: "billing_cost", Kind: chat.ChartLine, Title: "每卡每月成本", Categories: []string{"0小时", "300小时", "720小时"}, X: []float64{0, 300, 720},
		Series: []chat.Series{{Name: "按需", Values: []float64{0, 10500, 25200}}, {Name: "包月", Values: []float64{15000, 15000, 15000}}},
		Marks:  []chat.Mark{{Category: 1, Label: "你们的时长"}}}
	bars := chat.Chart{ID: "tier_memory", Kind: chat.ChartBar, Stacked: true, Title: "Memory", Categories: []string{"2×a800", "1×l40s"},
		Series: []chat.Series{{Name: "weights", Values: []float64{40, 30}}, {Name: "KV", Values: []float64{10, 5}, Estimated: true}, {Name: "usable", Values: []float64{77, 43}, Limit: true}}}
	grouped := bars
	grouped.Stacked = false
	var svg bytes.Buffer
	if err := Write(&svg, "svg", []chat.Chart{line, bars, grouped}); err != nil {
		t.Fatal(err)
	}
	s := svg.String()
	for _, want := range []string{"<svg", ">每卡每月成本</text>", ">按需  </text>" /* two wide characters: two spaces of padding (legendName) */, "> 你们的时长 300小时</text>", ">Memory</text>", ">usable</text>"} {
		if !strings.Contains(s, want) {
			t.Errorf("svg lacks %q", want)
		}
	}
	var png bytes.Buffer
	if err := Write(&png, "png", []chat.Chart{bars}); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(png.Bytes(), []byte("\x89PNG")) {
		t.Error("not a PNG")
	}
	for _, bad := range [][]chat.Chart{nil, {{ID: "x", Kind: chat.ChartBar}}} {
		if err := Write(&bytes.Buffer{}, "svg", bad); err == nil {
			t.Errorf("Write(%v) drew a chart that breaks the limits", bad)
		}
	}
	if err := Write(&bytes.Buffer{}, "gif", []chat.Chart{bars}); err == nil {
		t.Error("Write drew a gif")
	}
}

// A value axis labels at least MinTicks round values, so a flat line at
// 15,000 between 0 and 25,000 can be read off it.
func TestTicksLabelEnoughValues(t *testing.T) {
	for _, r := range [][2]float64{{0, 28224}, {0, 5.3}, {0, 0.07}, {0, 1.2e6}, {0, 97}, {0, 101}, {0, 1}, {3, 4}} {
		var labels []string
		for _, tk := range (numTicks{}).Ticks(r[0], r[1]) {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
				if tk.Value < r[0] || tk.Value > r[1] {
					t.Errorf("range %v: tick %v outside it", r, tk.Value)
				}
			}
		}
		if len(labels) < MinTicks {
			t.Errorf("range %v: %d labelled ticks %v, want at least %d", r, len(labels), labels, MinTicks)
		}
		if len(labels) > 3*MinTicks {
			t.Errorf("range %v: %d labelled ticks %v, too many to read", r, len(labels), labels)
		}
	}
}

// The SVG names CJK font families for its Chinese labels, and stacked bars
// carry their totals.
func TestSVGFontsAndTotals(t *testing.T) {
	bars := chat.Chart{ID: "quote_tco", Kind: chat.ChartBar, Stacked: true, Title: "月度总成本分项（元）", Categories: []string{"B", "A"},
		Series: []chat.Series{{Name: "GPU 费用", Values: []float64{69600, 84000}}, {Name: "公网流量", Values: []float64{3100, 3000}}}}
	var svg bytes.Buffer
	if err := Write(&svg, "svg", []chat.Chart{bars}); err != nil {
		t.Fatal(err)
	}
	s := svg.String()
	for _, want := range []string{"Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", ">72,700<", ">87,000<"} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
}
