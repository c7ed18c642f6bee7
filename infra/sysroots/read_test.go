package sysroots

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// readBundle gives a bundle's bytes as os.ReadFile does, in either build
// (mapped in the Lambda functions' build: go test -tags lambda.norpc), and
// the error os.ReadFile gives for a file that is not there.
func TestReadBundleIsTheFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.pem")
	empty := filepath.Join(dir, "empty.pem")
	os.WriteFile(small, bytes.Repeat([]byte("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"), 300), 0o644)
	os.WriteFile(empty, nil, 0o644)
	files := []string{small, empty}
	for _, f := range goBundles {
		if _, err := os.Stat(f); err == nil {
			files = append(files, f)
		}
	}
	for _, f := range files {
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := readBundle(f)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: readBundle gave %d bytes (%v), want the file's %d", f, len(got), err, len(want))
		}
	}
	if _, err := readBundle(filepath.Join(dir, "missing.pem")); !os.IsNotExist(err) {
		t.Errorf("a missing file: %v, want a not-exist error", err)
	}
}
