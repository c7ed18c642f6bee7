package trial

import (
	"encoding/json"
	"strings"
	"testing"
)

// badRow is one way to break an embedded data file, and what the error
// must say.
type badRow struct {
	name   string
	mutate func(f map[string]any)
	want   string
}

// row is the i-th object of the list under key in a decoded JSON document.
func row(f map[string]any, key string, i int) map[string]any {
	return f[key].([]any)[i].(map[string]any)
}

// TestDataRejectsBadRows breaks one row of each embedded data file at a
// time: the file as shipped parses, and each broken copy is refused with a
// message naming what is wrong.
func TestDataRejectsBadRows(t *testing.T) {
	files := []struct {
		name  string
		data  []byte
		parse func([]byte) error
		bad   []badRow
	}{
		{"plan.json", planJSON, func(b []byte) error { _, err := parsePlan(b); return err }, []badRow{
			{"no id", func(f map[string]any) { delete(row(f, "steps", 0), "id") }, "needs an id"},
			{"no minutes", func(f map[string]any) { row(f, "steps", 0)["minutes"] = 0 }, "minutes"},
			{"no commands", func(f map[string]any) { row(f, "steps", 0)["commands"] = []any{} }, "commands"},
			{"no Chinese title", func(f map[string]any) { row(f, "steps", 0)["title"] = map[string]string{"en": "GPUs"} }, "lacks English or Chinese"},
			{"unknown placeholder", func(f map[string]any) {
				row(f, "steps", 0)["pass"] = map[string]string{"en": "{gpus} pass", "zh": "通过"}
			}, "unknown placeholder {gpus}"},
			{"misspelt key", func(f map[string]any) { row(f, "steps", 0)["minute"] = 5 }, "unknown field"},
		}},
		{"nvidia.json", nvidiaJSON, func(b []byte) error { _, err := parseNvidia(b); return err }, []badRow{
			{"a family twice", func(f map[string]any) { row(f, "families", 1)["name"] = "A100" }, `family "A100": needs a name of its own`},
			{"a family without patterns", func(f map[string]any) { row(f, "families", 0)["patterns"] = []string{} }, "patterns"},
			{"an unknown form factor", func(f map[string]any) { row(f, "families", 5)["only"] = "OAM" }, "form factor of SXM, PCIe, NVL"},
			{"a rated power of 0 W", func(f map[string]any) { row(f, "families", 0)["watts"] = []map[string]any{{"form": "SXM", "watts": 0}} }, "watts above 0"},
			{"an Xid twice", func(f map[string]any) { row(f, "xid", 1)["code"] = 48 }, "xid 48"},
			{"an Xid without Chinese", func(f map[string]any) { delete(row(f, "xid", 0), "zh") }, "both languages"},
			{"misspelt key", func(f map[string]any) { row(f, "families", 0)["nvlinks"] = true }, "unknown field"},
		}},
	}
	for _, file := range files {
		if err := file.parse(file.data); err != nil {
			t.Fatalf("%s: %v", file.name, err)
		}
		for _, tt := range file.bad {
			t.Run(file.name+"/"+tt.name, func(t *testing.T) {
				var f map[string]any
				if err := json.Unmarshal(file.data, &f); err != nil {
					t.Fatal(err)
				}
				tt.mutate(f)
				b, err := json.Marshal(f)
				if err != nil {
					t.Fatal(err)
				}
				if err := file.parse(b); err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Errorf("%s: parse = %v, want an error containing %q", file.name, err, tt.want)
				}
			})
		}
	}
}
