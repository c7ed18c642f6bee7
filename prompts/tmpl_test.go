package prompts

import "testing"

func TestTemplateEngine(t *testing.T) {
	set, err := parseTemplates(`{{define "a"}}Hi {{.Name}}{{if .Tags}}: {{range .Tags}}[{{.}}]{{end}}{{end}}
{{- if eq .Mode "x"}} X{{else if eq .Mode "y"}} Y{{else}} Z{{end}}{{end}}`)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		data any
		want string
	}{
		{struct {
			Name string
			Tags []string
			Mode string
		}{"Li", []string{"a", "b"}, "y"}, "Hi Li: [a][b] Y"},
		{map[string]any{"Name": "Wu", "Tags": []string{}, "Mode": "q"}, "Hi Wu Z"},
		{&struct {
			Name string
			Tags []int
			Mode string
		}{"K", nil, "x"}, "Hi K X"},
	}
	for _, tt := range tests {
		got, err := set.execute("a", tt.data)
		if err != nil || got != tt.want {
			t.Errorf("execute(%+v) = %q, %v; want %q", tt.data, got, err, tt.want)
		}
	}
	if _, err := set.execute("a", struct{ Name string }{"x"}); err == nil {
		t.Error("a missing field must be an error")
	}
	for _, bad := range []string{`{{define "b"}}{{if .X}}`, `{{define "c"}}{{.X | printf}}{{end}}`, `text{{define "d"}}{{end}}`, `{{define "e"}}{{end}}{{define "e"}}{{end}}`, `{{define "f"}}{{.X`} {
		if _, err := parseTemplates(bad); err == nil {
			t.Errorf("parseTemplates(%q): no error", bad)
		}
	}
}
