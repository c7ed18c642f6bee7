package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

var chartDir = filepath.Join("testdata", "charts")

var unsafeName = regexp.MustCompile(`[^a-z0-9]+`)

// TestChartGolden pins every chart spec: each example of every command, in
// both languages, whose reply draws a chart, has its charts in
// testdata/charts/<command>_<n>_<lang>.json, and every chart keeps to the
// limits every surface shares (chat.Chart.Check). Run `go test ./commands
// -update` after an intended change and read the diff.
func TestChartGolden(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC) }
	router := New(Deps{Now: now})
	if *testkit.Update {
		if err := os.RemoveAll(chartDir); err != nil {
			t.Fatal(err)
		}
	}
	drawn := map[string]bool{}
	for _, cmd := range router.Commands() {
		for i, ex := range cmd.Examples {
			for _, lang := range []chat.Lang{chat.EN, chat.ZH} {
				rep := New(Deps{Now: now}).Handle(context.Background(), chat.Request{Text: ex, Lang: lang, Platform: "cli", Sync: true})
				if len(rep.Charts) == 0 {
					continue
				}
				drawn[cmd.Name] = true
				for _, c := range rep.Charts {
					if err := c.Check(); err != nil {
						t.Errorf("%s (%s): %v", ex, lang, err)
					}
				}
				var b bytes.Buffer
				enc := json.NewEncoder(&b)
				enc.SetEscapeHTML(false)
				enc.SetIndent("", "  ")
				if err := enc.Encode(rep.Charts); err != nil {
					t.Fatal(err)
				}
				name := fmt.Sprintf("%s_%d_%s.json", unsafeName.ReplaceAllString(strings.ToLower(cmd.Name), "_"), i+1, lang)
				testkit.Golden(t, filepath.Join(chartDir, name), b.Bytes())
			}
		}
	}
	for _, want := range []string{"billing", "quote", "tier"} {
		if !drawn[want] {
			t.Errorf("no example of %s draws a chart", want)
		}
	}
}
