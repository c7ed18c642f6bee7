package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/bolt/bolttest"
	"gpuadvisor/store"
)

// storeFile writes a store with n terminal renewals and returns its path.
func storeFile(t *testing.T, n int) string {
	return bolttest.RenewalsFile(t, n, func(r *renewal.Renewal) { r.Channel, r.Platform = "terminal", "cli" })
}

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestATornStoreIsExit1WithWhatToDo: issue 15, a store file truncated to
// half panicked the CLI, remind and serve on open.
func TestATornStoreIsExit1WithWhatToDo(t *testing.T) {
	path := storeFile(t, 600)
	fi, _ := os.Stat(path)
	if err := os.Truncate(path, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SLACK_BOT_TOKEN", "")
	for _, args := range [][]string{
		{"--db", path, "store", "check"},
		{"--db", path, "renewal", "list"},
		{"--db", path, "--json", "renewal", "list"},
		{"--db", path, "--lang", "zh", "续约", "列表"},
		{"--db", path, "remind", "--now", "2027-01-01"},
		{"--db", path, "store", "backup", filepath.Join(t.TempDir(), "b.db")},
		{"--db", path, "serve", "--addr", "127.0.0.1:0", "--insecure-dev"},
	} {
		done := make(chan struct{})
		var code int
		var out, errs string
		go func() { defer close(done); code, out, errs = runCLI(args...) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%v: still running on a torn store after 20 s", args)
		}
		all := out + errs
		if code != 1 {
			t.Errorf("%v: exit %d, want 1\n%s", args, code, all)
		}
		if !strings.Contains(all, path) || !strings.Contains(all, "mv "+path+" "+path+".damaged") {
			t.Errorf("%v: the message does not name the file and how to move it aside:\n%s", args, all)
		}
		if strings.Contains(all, "panic") || strings.Contains(all, "goroutine ") {
			t.Errorf("%v: panicked:\n%s", args, all)
		}
		if args[2] == "续约" && !strings.Contains(all, "已损坏") {
			t.Errorf("%v: not in Chinese:\n%s", args, all)
		}
	}
}

func TestStoreCheckAndBackup(t *testing.T) {
	path := storeFile(t, 25)
	code, out, errs := runCLI("--db", path, "store", "check")
	// 25 renewals, each with a next check day: 25 due-index entries.
	if code != 0 || !strings.Contains(out, "25 renewals (25 in the due index)") {
		t.Errorf("store check: exit %d\n%s%s", code, out, errs)
	}
	backup := filepath.Join(t.TempDir(), "backup.db")
	if code, out, errs := runCLI("--db", path, "store", "backup", backup); code != 0 || !strings.Contains(out, backup) {
		t.Fatalf("store backup: exit %d\n%s%s", code, out, errs)
	}
	st, err := bolt.Open(backup, bolt.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rs, err := st.ListRenewals(context.Background(), store.Scope{Tenant: "cli:local", Channel: "terminal"})
	if err != nil || len(rs) != 25 {
		t.Errorf("the backup holds %d renewals, %v; want 25", len(rs), err)
	}
	for _, args := range [][]string{{"store"}, {"store", "fix"}, {"store", "backup"}, {"store", "check", "extra"}} {
		if code, _, errs := runCLI(append([]string{"--db", path}, args...)...); code != 2 || !strings.Contains(errs, "store backup ./gpuadvisor-backup.db") {
			t.Errorf("%v: exit %d, want 2 with an example\n%s", args, code, errs)
		}
	}
	if code, _, errs := runCLI("--db", filepath.Join(t.TempDir(), "none.db"), "store", "check"); code != 1 || !strings.Contains(errs, "no store file") {
		t.Errorf("store check of a missing file: exit %d\n%s", code, errs)
	}
}
