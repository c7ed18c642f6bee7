package chat

import (
	"strings"
	"testing"
)

func TestBarLine(t *testing.T) {
	tests := []struct {
		name string
		c    Chart
		want string
	}{
		{
			// top = 80; 0 → ▁, 20/80×7 = 1.75 → ▃ (index 2), 40 → 3.5 → ▅ (4), 80 → █;
			// flat 50 → 4.375 → ▅ (4).
			name: "line",
			c: Chart{ID: "x", Kind: ChartLine, Title: "Cost", Categories: []string{"0h", "1h", "2h", "4h"},
				Series: []Series{{Name: "od", Values: []float64{0, 20, 40, 80}}, {Name: "mo", Values: []float64{50, 50, 50, 50}}},
				Marks:  []Mark{{Category: 2, Label: "break-even"}}},
			want: "Cost: od ▁▃▅█ · mo ▅▅▅▅ (0h–4h; break-even 2h)",
		},
		{
			// stacked totals 30+10 = 40 and 60+20 = 80, limit 90 is the top:
			// 40/90×7 = 3.1 → ▄ (3); 80/90×7 = 6.2 → ▇ (6).
			name: "stacked with limit",
			c: Chart{ID: "y", Kind: ChartBar, Stacked: true, Title: "Memory", Categories: []string{"A", "B"},
				Series: []Series{{Name: "w", Values: []float64{30, 60}}, {Name: "o", Values: []float64{10, 20}}, {Name: "cap", Values: []float64{90, 90}, Limit: true}}},
			want: "Memory: A ▄ 40 / 90 · B ▇ 80 / 90",
		},
		{
			// not stacked: the first series, 4.81 is the top → █; 3.84/4.81×7 = 5.6 → ▇ (6).
			name: "bar",
			c: Chart{ID: "z", Kind: ChartBar, Title: "Per 1M", Categories: []string{"B", "A"},
				Series: []Series{{Name: "¥", Values: []float64{4.81, 3.84}}}},
			want: "Per 1M: B █ 4.81 · A ▇ 3.84",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.c.Check(); err != nil {
				t.Fatal(err)
			}
			if got := BarLine(EN, tt.c); got != tt.want {
				t.Errorf("BarLine = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestChartCheck(t *testing.T) {
	ok := func() Chart {
		return Chart{ID: "c", Kind: ChartBar, Title: "T", Categories: []string{"a", "b"}, Series: []Series{{Name: "s", Values: []float64{1, 2}}}}
	}
	tests := []struct {
		name   string
		mutate func(*Chart)
		want   string
	}{
		{"kind", func(c *Chart) { c.Kind = "pie" }, "kind"},
		{"title too long", func(c *Chart) { c.Title = strings.Repeat("长", 51) }, "title"},
		{"label too long", func(c *Chart) { c.Categories[1] = strings.Repeat("x", 21) }, "category"},
		{"repeated category", func(c *Chart) { c.Categories[1] = "a" }, "category"},
		{"21 points", func(c *Chart) {
			c.Categories = nil
			c.Series[0].Values = nil
			for i := 0; i < 21; i++ {
				c.Categories = append(c.Categories, strings.Repeat("x", i+1)[:min(i+1, 20)]+string(rune('a'+i%26)))
				c.Series[0].Values = append(c.Series[0].Values, 1)
			}
		}, "categories"},
		{"values short", func(c *Chart) { c.Series[0].Values = []float64{1} }, "values"},
		{"seven series", func(c *Chart) {
			for i := 0; i < 6; i++ {
				c.Series = append(c.Series, Series{Name: string(rune('t' + i)), Values: []float64{1, 2}})
			}
		}, "series"},
		{"mark outside", func(c *Chart) { c.Marks = []Mark{{Category: 2, Label: "m"}} }, "mark"},
	}
	if err := (func() Chart { return ok() })().Check(); err != nil {
		t.Fatalf("sound chart: %v", err)
	}
	for _, tt := range tests {
		c := ok()
		tt.mutate(&c)
		err := c.Check()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Check() = %v, want an error about %s", tt.name, err, tt.want)
		}
	}
}
