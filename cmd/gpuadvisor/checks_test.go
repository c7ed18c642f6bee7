package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTerminalChecksShowOnHome: `checklist check` in the terminal records
// the check in the embedded store, and `home` lists it with the command
// drafting its questions.
func TestTerminalChecksShowOnHome(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	t.Setenv("USER", "alice")
	code, out, errOut := runCLI("--db", db, "checklist", "check", "vendor=FastCompute", "8x A100 80GB PCIe, no NVLink. Support is business hours only.")
	if code != 0 || strings.Contains(out, "Not saved") {
		t.Fatalf("check: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = runCLI("--db", db, "home")
	if code != 0 {
		t.Fatalf("home: exit %d\n%s", code, errOut)
	}
	// 1 covered (the card), 2 risks (no NVLink, business hours), 46 − 3 = 43
	// open. The vendor is on the vendors board, whose next step (the risks to
	// settle) stands for the check's own questions button.
	for _, want := range []string{"Recent checks", "FastCompute: avoid — 1 covered, 2 risk, 0 vague, 43 not asked yet",
		"FastCompute · asked", "Next: gpuadvisor draft questions vendor=FastCompute hw.interconnect ops.night_response"} {
		if !strings.Contains(out, want) {
			t.Errorf("home lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCLI("--db", db, "--json", "home")
	if code != 0 || !strings.Contains(out, `"recent_checks": [`) || !strings.Contains(out, `"verdict": "avoid"`) {
		t.Errorf("home --json: exit %d\n%s", code, out)
	}
}
