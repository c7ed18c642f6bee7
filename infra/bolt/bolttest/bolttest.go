// Package bolttest opens embedded stores for tests.
package bolttest

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/store/storetest"
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

// RenewalsFile writes a store file of n sample renewals (ids r0000, r0001,
// …, vendors of varying length so that pages fill unevenly), each passed
// to edit first when edit is not nil, and returns its path, closed.
func RenewalsFile(t testing.TB, n int, edit func(*renewal.Renewal)) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "g.db")
	s := Open(t, path)
	for i := range n {
		r := storetest.Sample("cli:local", fmt.Sprintf("r%04d", i))
		r.Vendor = strings.Repeat("酷算云", 1+i%40)
		if edit != nil {
			edit(&r)
		}
		if err := s.CreateRenewal(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	return path
}
