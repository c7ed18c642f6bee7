package emf

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// parse checks one line against the EMF specification's rules and returns
// the document: one JSON object per line, _aws.Timestamp in milliseconds,
// every dimension a string member, every metric a number member.
func parse(t *testing.T, line string) map[string]any {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(line), &doc); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, line)
	}
	aws, _ := doc["_aws"].(map[string]any)
	if ts, _ := aws["Timestamp"].(float64); ts != float64(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC).UnixMilli()) {
		t.Errorf("_aws.Timestamp %v, want the clock in epoch milliseconds", aws["Timestamp"])
	}
	dirs, _ := aws["CloudWatchMetrics"].([]any)
	if len(dirs) != 1 {
		t.Fatalf("%d metric directives, want 1: %s", len(dirs), line)
	}
	dir := dirs[0].(map[string]any)
	if dir["Namespace"] != Namespace {
		t.Errorf("namespace %v, want %s", dir["Namespace"], Namespace)
	}
	for _, set := range dir["Dimensions"].([]any) {
		for _, d := range set.([]any) {
			if v, ok := doc[d.(string)].(string); !ok || v == "" {
				t.Errorf("dimension %v has no string value in %s", d, line)
			}
		}
	}
	for _, m := range dir["Metrics"].([]any) {
		name := m.(map[string]any)["Name"].(string)
		if _, ok := doc[name].(float64); !ok {
			t.Errorf("metric %s has no number value in %s", name, line)
		}
	}
	return doc
}

func TestEmitLines(t *testing.T) {
	clock := func() time.Time { return time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC) }
	tests := []struct {
		name  string
		emit  func(e *Emitter)
		lines int
		want  []map[string]any // members each line must have
	}{
		{"a command answered, and its latency", func(e *Emitter) { e.Command("tier", "answered", 1500*time.Microsecond) }, 2,
			[]map[string]any{{"Function": "slack", "Command": "tier", "Outcome": "answered", CommandsAnswered: 1.0},
				{"Function": "slack", "Command": "tier", CommandLatency: 1.5}}},
		{"a request that named no command", func(e *Emitter) { e.Command("", "duplicate", 0) }, 2,
			[]map[string]any{{"Command": "-", "Outcome": "duplicate", CommandsAnswered: 1.0}, {"Command": "-", CommandLatency: 0.0}}},
		{"a draft by the LLM", func(e *Emitter) { e.Draft(true) }, 1, []map[string]any{{"Writer": "llm", Drafts: 1.0}}},
		{"a template draft (the fallback)", func(e *Emitter) { e.Draft(false) }, 1, []map[string]any{{"Writer": "template", Drafts: 1.0}}},
		{"a reminder run", func(e *Emitter) { e.Reminders(12, 1) }, 1, []map[string]any{{RemindersSent: 12.0, RemindersFailed: 1.0}}},
		{"a store error", func(e *Emitter) { e.StoreError("throttled") }, 1, []map[string]any{{"Problem": "throttled", StoreErrors: 1.0}}},
		{"an empty dimension value gets a stand-in", func(e *Emitter) { e.StoreError("") }, 1, []map[string]any{{"Problem": "-"}}},
		{"a metric may not overwrite a dimension", func(e *Emitter) { e.Emit([]Dim{{"Command", "x"}}, Metric{"Command", Count, 1}) }, 0, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			e := &Emitter{W: &buf, Function: "slack", Now: clock}
			tc.emit(e)
			out := strings.TrimSuffix(buf.String(), "\n")
			var lines []string
			if out != "" {
				lines = strings.Split(out, "\n")
			}
			if len(lines) != tc.lines {
				t.Fatalf("%d lines, want %d:\n%s", len(lines), tc.lines, buf.String())
			}
			for i, l := range lines {
				doc := parse(t, l)
				for k, v := range tc.want[i] {
					if doc[k] != v {
						t.Errorf("line %d: %s = %v, want %v\n%s", i, k, doc[k], v, l)
					}
				}
			}
		})
	}
}

// A metric whose name is taken by a dimension is dropped, so no directive
// is left without its value; a nil emitter writes nothing.
func TestEmitNothing(t *testing.T) {
	var e *Emitter
	e.Command("tier", "answered", time.Second) // no panic
	var buf bytes.Buffer
	(&Emitter{W: &buf, Function: "f"}).Emit(nil)
	if buf.Len() != 0 {
		t.Errorf("a line without metrics: %q", buf.String())
	}
}

// lineByMarshal is Line as the document json.Marshal writes (a map of the
// members, the _aws metadata as structs): the bytes Line must write.
func lineByMarshal(e *Emitter, dims []Dim, ms ...Metric) []byte {
	type metricDef struct {
		Name string `json:"Name"`
		Unit string `json:"Unit"`
	}
	type directive struct {
		Namespace  string      `json:"Namespace"`
		Dimensions [][]string  `json:"Dimensions"`
		Metrics    []metricDef `json:"Metrics"`
	}
	type metadata struct {
		Timestamp         int64       `json:"Timestamp"`
		CloudWatchMetrics []directive `json:"CloudWatchMetrics"`
	}
	doc := map[string]any{"Function": e.Function}
	names := []string{"Function"}
	for _, d := range dims {
		if _, dup := doc[d.Name]; dup || d.Name == "" || d.Name == "_aws" {
			continue
		}
		v := d.Value
		if v == "" {
			v = "-"
		}
		names = append(names, d.Name)
		doc[d.Name] = v
	}
	dir := directive{Namespace: Namespace, Dimensions: [][]string{names}}
	for _, m := range ms {
		if _, taken := doc[m.Name]; taken || m.Name == "" || m.Name == "_aws" || math.IsNaN(m.Value) || math.IsInf(m.Value, 0) {
			continue
		}
		dir.Metrics = append(dir.Metrics, metricDef{Name: m.Name, Unit: m.Unit})
		doc[m.Name] = m.Value
	}
	if len(dir.Metrics) == 0 {
		return nil
	}
	doc["_aws"] = metadata{Timestamp: e.Now().UnixMilli(), CloudWatchMetrics: []directive{dir}}
	b, err := json.Marshal(doc)
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

// TestLineIsJSONMarshal compares Line with json.Marshal of the same
// document on names and values with every kind of character and number.
func TestLineIsJSONMarshal(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC) }
	words := []string{"", "Function", "_aws", "Command", "Outcome", "billing", "计费", "a\"b", `back\slash`, "<tag>&", "line\nbreak", "\u2028", "\x00", "\xff", "Zeta", "alpha", "CommandLatency", "-"}
	values := []float64{0, 1, -1, 0.5, 12.345, 1e-7, 1e-6, 9.99e-7, 1e20, 1e21, 1.5e300, -2.5e-9, 123456789, math.NaN(), math.Inf(1), math.MaxFloat64, math.SmallestNonzeroFloat64}
	rng := rand.New(rand.NewPCG(1, 2))
	pick := func() string { return words[rng.IntN(len(words))] }
	for i := range 20000 {
		e := &Emitter{Function: pick(), Now: now}
		var dims []Dim
		for range rng.IntN(4) {
			dims = append(dims, Dim{pick(), pick()})
		}
		var ms []Metric
		for range rng.IntN(4) {
			ms = append(ms, Metric{pick(), pick(), values[rng.IntN(len(values))] * float64(1+rng.IntN(3))})
		}
		got, want := e.Line(dims, ms...), lineByMarshal(e, dims, ms...)
		if !bytes.Equal(got, want) {
			t.Fatalf("case %d: Line(%q, %v) =\n%s\nwant\n%s", i, dims, ms, got, want)
		}
	}
}
