// Package golden is the golden-file check under its old name; it is
// internal/testkit's (one -update flag per test binary). New tests use
// testkit.Golden.
package golden

import (
	"testing"

	"gpuadvisor/internal/testkit"
)

// Update is testkit.Update.
var Update = testkit.Update

// Check is testkit.Golden.
func Check(t testing.TB, path string, got []byte) {
	t.Helper()
	testkit.Golden(t, path, got)
}
