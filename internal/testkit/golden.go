package testkit

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// Update is the -update flag of the test binary: `go test ./pkg -update`
// rewrites the golden files; review the diff before committing it.
var Update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// Golden compares got with the file at path, or rewrites the file under
// -update.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	if *Update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it, then review it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs from the golden file (run go test -update if the change is intended)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

// Testdata is Golden for the file testdata/name of the package under test.
func Testdata(t testing.TB, name string, got []byte) {
	t.Helper()
	Golden(t, filepath.Join("testdata", name), got)
}
