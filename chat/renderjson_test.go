package chat

import (
	"strings"
	"testing"
)

func TestRenderJSONCharts(t *testing.T) {
	chart := Chart{ID: "c", Kind: ChartBar, Title: "T", Categories: []string{"a"}, Series: []Series{{Name: "s", Values: []float64{1.5}}}}
	// the chart as it is printed in every case below, indented by two
	const charts = `"charts": [
    {
      "id": "c",
      "kind": "bar",
      "title": "T",
      "categories": [
        "a"
      ],
      "series": [
        {
          "name": "s",
          "values": [
            1.5
          ]
        }
      ]
    }
  ]`
	type data struct {
		Command string `json:"command"`
		Total   int    `json:"total"`
	}
	type own struct {
		Charts string `json:"charts"`
	}
	for _, tt := range []struct {
		name string
		rep  Reply
		want string
	}{
		{"data keeps its fields, charts come last",
			Reply{Data: data{"billing", 3}, Charts: []Chart{chart}},
			"{\n  \"command\": \"billing\",\n  \"total\": 3,\n  " + charts + "\n}\n"},
		{"data without charts is unchanged",
			Reply{Data: data{"billing", 3}},
			"{\n  \"command\": \"billing\",\n  \"total\": 3\n}\n"},
		{"an empty object gets charts alone",
			Reply{Data: struct{}{}, Charts: []Chart{chart}},
			"{\n  " + charts + "\n}\n"},
		{"data with a charts field of its own keeps it",
			Reply{Data: own{"mine"}, Charts: []Chart{chart}},
			"{\n  \"charts\": \"mine\"\n}\n"},
		{"data that is not an object is left as it is",
			Reply{Data: []int{1, 2}, Charts: []Chart{chart}},
			"[\n  1,\n  2\n]\n"},
		{"an error carries no chart",
			Reply{Error: &Error{Code: CodeInvalid, Key: "hours", Message: "m"}, Charts: []Chart{chart}},
			"{\n  \"error\": {\n    \"code\": \"invalid_input\",\n    \"key\": \"hours\",\n    \"message\": \"m\"\n  }\n}\n"},
		{"a reply without data lists its charts with its parts",
			Reply{Command: "x", Charts: []Chart{chart}},
			"{\n  " + charts + ",\n  \"command\": \"x\",\n  \"deferred\": false,\n  \"facts\": null,\n  \"sections\": null,\n  \"summary\": \"\",\n  \"tables\": null,\n  \"title\": \"\",\n  \"warnings\": null\n}\n"},
		{"data that cannot be encoded is an internal error, charts or not",
			Reply{Data: map[string]any{"f": func() {}}, Charts: []Chart{chart}},
			`{"error":{"code":"internal","message":"reply could not be encoded: json: unsupported type: func()"}}` + "\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := string(RenderJSON(tt.rep)); got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestRenderJSONChartsEscapeLikeData(t *testing.T) {
	// MarshalIndent escapes <, > and & in Data; the charts, spliced in as
	// raw JSON, must read the same way.
	rep := Reply{Data: map[string]string{"a": "<b>"}, Charts: []Chart{{ID: "x&y", Kind: ChartLine, Title: "<t>"}}}
	got := string(RenderJSON(rep))
	for _, want := range []string{`"a": "\u003cb\u003e"`, `"id": "x\u0026y"`, `"title": "\u003ct\u003e"`} {
		if !strings.Contains(got, want) {
			t.Errorf("%s missing from\n%s", want, got)
		}
	}
}
