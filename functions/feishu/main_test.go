package main

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestSetupRefusesWithoutSecrets(t *testing.T) {
	full := map[string]string{
		"FEISHU_APP_ID": "cli_x", "FEISHU_APP_SECRET": "s", "FEISHU_VERIFICATION_TOKEN": "v", "FEISHU_ENCRYPT_KEY": "k",
	}
	log := slog.New(slog.DiscardHandler)
	if _, err := setup(context.Background(), func(k string) string { return full[k] }, log); err != nil {
		t.Fatalf("setup with every variable: %v", err)
	}
	for _, drop := range []string{"FEISHU_ENCRYPT_KEY", "FEISHU_VERIFICATION_TOKEN"} {
		getenv := func(k string) string {
			if k == drop {
				return ""
			}
			return full[k]
		}
		if _, err := setup(context.Background(), getenv, log); err == nil || !strings.Contains(err.Error(), drop) {
			t.Errorf("without %s: setup error = %v, want it named", drop, err)
		}
	}
}

// TestBinaryExitsWithALogLine runs the built command with no configuration.
func TestBinaryExitsWithALogLine(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "bootstrap")
	goBin := "go" // the go on PATH, the one running this test
	if out, err := exec.Command(goBin, "build", "-tags", "lambda.norpc", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	cmd.Env = []string{"FEISHU_APP_ID=cli_x", "FEISHU_APP_SECRET=s"}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() == 0 {
		t.Fatalf("exit: %v, want a non-zero exit\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "cannot start") || !strings.Contains(out.String(), "FEISHU_ENCRYPT_KEY") {
		t.Errorf("output %q: want one clear line naming FEISHU_ENCRYPT_KEY", out.String())
	}
}
