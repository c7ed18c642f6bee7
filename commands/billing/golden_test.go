package billing

import (
	"testing"

	"gpuadvisor/chat"
	"gpuadvisor/internal/testkit"
)

// TestGolden renders replies as a reviewer reads them, for each case of
// testdata/cases.txt: terminal text in both languages and the JSON. Run
// `go test ./commands/billing -update` after an intended change and read
// the diff.
func TestGolden(t *testing.T) {
	testkit.GoldenCases(t, "cases.txt", func(t testing.TB, c testkit.Case) chat.Reply { return handle(t, c.Text) })
}
