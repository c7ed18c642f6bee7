package advisor_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// allowedImport reports whether a package under advisor/ may import path: the
// standard library (no dot in the first path element, and not this module) or
// another advisor package.
func allowedImport(path string) bool {
	if path == "gpuadvisor/advisor" || strings.HasPrefix(path, "gpuadvisor/advisor/") {
		return true
	}
	first, _, _ := strings.Cut(path, "/")
	if first == "gpuadvisor" {
		return false
	}
	return !strings.Contains(first, ".")
}

func TestAllowedImport(t *testing.T) {
	for _, tc := range []struct {
		path string
		want bool
	}{
		{"fmt", true},
		{"encoding/json", true},
		{"gpuadvisor/advisor/catalog", true},
		{"gpuadvisor/chat", false},
		{"gpuadvisor/infra/slack", false},
		{"github.com/slack-go/slack", false},
		{"golang.org/x/text", false},
		{"go.etcd.io/bbolt", false},
	} {
		if got := allowedImport(tc.path); got != tc.want {
			t.Errorf("allowedImport(%q) = %v, want %v", tc.path, got, tc.want)
		}
	}
}

// TestStandardLibraryOnly parses every .go file under advisor/ (tests included)
// and fails on any import outside the standard library and advisor/...
func TestStandardLibraryOnly(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		files++
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				return err
			}
			if !allowedImport(p) {
				t.Errorf("%s imports %q: packages under advisor/ may import only the standard library and gpuadvisor/advisor/...", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walk advisor/: %v", err)
	}
	if files < 2 {
		t.Fatalf("walked %d .go files under advisor/; the walk is broken", files)
	}
}
