// Package bolttest opens embedded stores for tests.
package bolttest

import (
	"testing"

	"gpuadvisor/infra/bolt"
)

// Open opens the store file at path (created when missing) or fails the
// test. The caller closes it; tests that reopen a file close it first.
func Open(t testing.TB, path string) *bolt.Store {
	t.Helper()
	s, err := bolt.Open(path, bolt.Options{})
	if err != nil {
		t.Fatalf("open store %s: %v", path, err)
	}
	return s
}
