package testkit

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gpuadvisor/chat"
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

// GoldenExamples pins what render makes of every example of every command
// in cmds, in English and in Chinese: one golden file each in dir, named by
// name. render gets a subtest of its own and should answer with a fresh
// router and store, so that no file depends on another. A file in dir that
// no example makes any more fails the test; -update removes it.
func GoldenExamples(t *testing.T, dir string, cmds []*chat.Command, name func(Example) string, render func(*testing.T, Example) []byte) {
	t.Helper()
	made := map[string]bool{}
	for _, ex := range examplesOf(cmds) {
		file := name(ex)
		made[file] = true
		t.Run(strings.TrimSuffix(file, ".json"), func(t *testing.T) {
			Golden(t, filepath.Join(dir, file), render(t, ex))
		})
	}
	if len(made) == 0 {
		t.Fatal("no command has an example")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var stale []string
	for _, f := range files {
		if !made[filepath.Base(f)] {
			stale = append(stale, filepath.Base(f))
			if *Update {
				os.Remove(f)
			}
		}
	}
	if len(stale) > 0 && !*Update {
		t.Errorf("golden files for examples no longer registered: %v; run go test -update", stale)
	}
}
