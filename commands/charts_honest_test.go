package commands

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
)

// chartsOf answers text in lang through the whole router and returns the
// reply's charts by id.
func chartsOf(t *testing.T, text string, lang chat.Lang) map[string]chat.Chart {
	t.Helper()
	now := func() time.Time { return time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) }
	rep := New(Deps{Now: now}).Handle(context.Background(), chat.Request{Text: text, Lang: lang, Platform: "cli", Sync: true})
	out := map[string]chat.Chart{}
	for _, c := range rep.Charts {
		if err := c.Check(); err != nil {
			t.Errorf("%s: %v", text, err)
		}
		out[c.ID] = c
	}
	return out
}

// The billing chart's hours are numbers on an even grid, so a surface that
// spaces categories evenly draws the on-demand line straight; the
// break-even and the team's hours are marks at their own hours.
func TestBillingChartHoursAreAnEvenGrid(t *testing.T) {
	for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
		c, ok := chartsOf(t, "billing ondemand=35 monthly=15000 hours=600,500,310,100", lang)["billing_cost"]
		if !ok {
			t.Fatalf("%s: no billing_cost chart", lang)
		}
		if len(c.X) != len(c.Categories) || !c.Evenly() {
			t.Errorf("%s: x positions %v are not an even grid over the categories %v", lang, c.X, c.Categories)
		}
		onDemand := c.Series[0]
		for i := 2; i < len(onDemand.Values); i++ {
			d1, d2 := onDemand.Values[i]-onDemand.Values[i-1], onDemand.Values[1]-onDemand.Values[0]
			if math.Abs(d1-d2) > 0.01 {
				t.Errorf("%s: on-demand line bends at %s: steps %v and %v", lang, c.Categories[i], d1, d2)
			}
		}
		want := map[float64]bool{428.57: true, 600: true, 500: true, 310: true, 100: true}
		for _, m := range c.Marks {
			if m.At == nil {
				t.Errorf("%s: mark %q has no hours of its own", lang, m.Label)
				continue
			}
			if !want[*m.At] {
				t.Errorf("%s: mark %q at %v h, want one of %v", lang, m.Label, *m.At, want)
			}
			delete(want, *m.At)
			if near := math.Abs(c.X[m.Category] - *m.At); near > (c.X[1]-c.X[0])/2 {
				t.Errorf("%s: mark %q at %v h tied to grid point %v h, not the nearest", lang, m.Label, *m.At, c.X[m.Category])
			}
			if !strings.Contains(chat.BarLine(lang, c), chat.Num(*m.At)) {
				t.Errorf("%s: the text line does not give the mark's hours %v: %s", lang, *m.At, chat.BarLine(lang, c))
			}
		}
		if len(want) > 0 {
			t.Errorf("%s: hours not marked: %v", lang, want)
		}
	}
}

// Every bar of the tier chart says what its option changes against the
// request, so a LoRA alternative is never read as full training on a
// smaller card.
func TestTierChartLabelsNameTheChange(t *testing.T) {
	for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
		c, ok := chartsOf(t, "tier model=qwen2.5-32b mode=full tokens=1b", lang)["tier_memory"]
		if !ok {
			t.Fatalf("%s: no tier_memory chart", lang)
		}
		pick := chat.T(lang, "pick ", "推荐 ")
		if !strings.HasPrefix(c.Categories[0], pick) {
			t.Errorf("%s: first bar %q does not say it is the pick", lang, c.Categories[0])
		}
		lora := false
		for _, cat := range c.Categories[1:] {
			if strings.HasPrefix(cat, pick) {
				t.Errorf("%s: alternative %q is labelled as the pick", lang, cat)
			}
			if !strings.Contains(cat, " ") {
				t.Errorf("%s: alternative %q names no change", lang, cat)
			}
			lora = lora || strings.HasPrefix(cat, "LoRA ")
		}
		if !lora {
			t.Errorf("%s: 32B full training's LoRA alternative is not labelled LoRA: %v", lang, c.Categories)
		}
	}
}

// The quote chart's bars are in the ranking's order and its axis says which
// ranking that is.
func TestQuoteChartSaysItsOrder(t *testing.T) {
	cases := []struct {
		name, text string
		lang       chat.Lang
		order      []string
		label      string
	}{
		{"by run", "quote hours=300 cards=8 run_tokens=2b A: price=35 tokens_s=21000; B: price=29 tokens_s=14000", chat.EN, []string{"A", "B"}, "whole run"},
		{"by month", "quote hours=300 cards=8 A: price=35; B: price=29", chat.EN, []string{"B", "A"}, "monthly TCO"},
		{"按整轮", "报价 时长=300 卡数=8 run_tokens=2b A: price=35 tokens_s=21000; B: price=29 tokens_s=14000", chat.ZH, []string{"A", "B"}, "整轮"},
	}
	for _, tc := range cases {
		c, ok := chartsOf(t, tc.text, tc.lang)["quote_tco"]
		if !ok {
			t.Fatalf("%s: no quote_tco chart", tc.name)
		}
		if strings.Join(c.Categories, ",") != strings.Join(tc.order, ",") {
			t.Errorf("%s: bars %v, want %v", tc.name, c.Categories, tc.order)
		}
		if !strings.Contains(c.XLabel, tc.label) {
			t.Errorf("%s: x label %q does not say the bars are ordered by %q", tc.name, c.XLabel, tc.label)
		}
	}
}
