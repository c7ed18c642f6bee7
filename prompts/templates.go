package prompts

import (
	"embed"
	"fmt"
	"strings"
	"text/template"
)

//go:embed templates/*.tmpl
var templateFS embed.FS

// templates holds every draft and prompt template, each a {{define}} named
// <kind>.<lang>[.<part>].
var templates = template.Must(template.New("prompts").Option("missingkey=error").ParseFS(templateFS, "templates/*.tmpl"))

// render executes the named template. The templates are fixed and tested, so
// an error is a programming error; it is still returned, never panicked.
func render(name string, data any) (string, error) {
	var b strings.Builder
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("render template %s: %w", name, err)
	}
	return b.String(), nil
}

func langOf(lang string) string {
	if lang == ZH {
		return ZH
	}
	return EN
}
