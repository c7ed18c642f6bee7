package testkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Files reads the files names in dir and joins them, as one paste of
// several tools' output or one vendor's answer; a file that cannot be read
// fails the test. dir is relative to the package under test: "testdata",
// or another package's ("../../advisor/trial/testdata").
func Files(t testing.TB, dir string, names ...string) string {
	t.Helper()
	var b strings.Builder
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		b.Write(data)
	}
	return b.String()
}
