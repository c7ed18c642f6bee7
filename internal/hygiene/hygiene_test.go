// Package hygiene holds checks on the repository itself: what a fresh clone
// gets must be source, not build output.
package hygiene

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"gpuadvisor/internal/testkit"
)

// binaryMagic are the first bytes of the executable and object formats a
// build leaves behind (ELF, Mach-O in both byte orders and 64-bit, PE, wasm).
var binaryMagic = [][]byte{
	[]byte("\x7fELF"),
	{0xfe, 0xed, 0xfa, 0xce}, {0xce, 0xfa, 0xed, 0xfe},
	{0xfe, 0xed, 0xfa, 0xcf}, {0xcf, 0xfa, 0xed, 0xfe},
	[]byte("MZ"),
	[]byte("\x00asm"),
}

func isBinary(head []byte) bool {
	for _, m := range binaryMagic {
		if bytes.HasPrefix(head, m) {
			return true
		}
	}
	return false
}

func TestIsBinary(t *testing.T) {
	isBinaryText := func(head string) bool { return isBinary([]byte(head)) }
	testkit.Cases(t, "isBinary", isBinaryText, map[string]bool{
		"\x7fELF\x02\x01\x01":  true, // ELF
		"MZ\x90\x00":           true, // PE
		"\xcf\xfa\xed\xfe\x07": true, // Mach-O, 64-bit
		"package main\n":       false,
		"# gpuadvisor":         false,
		"":                     false,
	})
}

// TestNoCommittedBinaries fails when git tracks an executable or object
// file (a test binary left by `go test -c`, a built bootstrap).
func TestNoCommittedBinaries(t *testing.T) {
	root, files := tracked(t)
	for _, f := range files {
		fh, err := os.Open(filepath.Join(root, f))
		if err != nil {
			continue // deleted in the work tree, not yet committed
		}
		head := make([]byte, 8)
		n, _ := fh.Read(head)
		fh.Close()
		if isBinary(head[:n]) {
			t.Errorf("%s is a compiled binary: git rm --cached it and let .gitignore keep it out", f)
		}
	}
}
