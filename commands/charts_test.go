package commands

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

var chartDir = filepath.Join("testdata", "charts")

// TestChartGolden pins every chart spec: each example of every command, in
// both languages, whose reply draws a chart, has its charts in
// testdata/charts/<command>_<n>_<lang>.json, and every chart keeps to the
// limits every surface shares (chat.Chart.Check). Run `go test ./commands
// -update` after an intended change and read the diff.
func TestChartGolden(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) }
	if *testkit.Update {
		if err := os.RemoveAll(chartDir); err != nil {
			t.Fatal(err)
		}
	}
	drawn := map[string]bool{}
	for _, ex := range testkit.Examples(New(Deps{Now: now})) {
		rep := New(Deps{Now: now}).Handle(context.Background(), chat.Request{Text: ex.Text, Lang: ex.Lang, Platform: "cli", Sync: true})
		if len(rep.Charts) == 0 {
			continue
		}
		drawn[ex.Command] = true
		for _, c := range rep.Charts {
			if err := c.Check(); err != nil {
				t.Errorf("%s (%s): %v", ex.Text, ex.Lang, err)
			}
		}
		name := fmt.Sprintf("%s_%d_%s.json", testkit.Slug(ex.Command, "_"), ex.N, ex.Lang)
		testkit.Golden(t, filepath.Join(chartDir, name), testkit.JSON(t, rep.Charts))
	}
	for _, want := range []string{"billing", "quote", "tier"} {
		if !drawn[want] {
			t.Errorf("no example of %s draws a chart", want)
		}
	}
}
