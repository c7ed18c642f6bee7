package prompts

import (
	"embed"
	"fmt"
	"io/fs"

	"gpuadvisor/advisor"
)

//go:embed templates/*.tmpl
var templateFS embed.FS

// templates holds every draft and prompt template, each a {{define}} named
// <kind>.<lang>[.<part>].
var templates = advisor.Lazy[tmplSet]{New: mustParse}

func mustParse() tmplSet {
	names, err := fs.Glob(templateFS, "templates/*.tmpl")
	if err != nil {
		panic(err)
	}
	var srcs []string
	for _, n := range names {
		b, err := templateFS.ReadFile(n)
		if err != nil {
			panic(err)
		}
		srcs = append(srcs, string(b))
	}
	set, err := parseTemplates(srcs...)
	if err != nil {
		panic("prompts: embedded templates do not parse: " + err.Error())
	}
	return set
}

// render executes the named template. The templates are fixed and tested, so
// an error is a programming error; it is still returned, never panicked.
func render(name string, data any) (string, error) {
	out, err := templates.Get().execute(name, data)
	if err != nil {
		return "", fmt.Errorf("render template %s: %w", name, err)
	}
	return out, nil
}

func langOf(lang string) string {
	if lang == ZH {
		return ZH
	}
	return EN
}
