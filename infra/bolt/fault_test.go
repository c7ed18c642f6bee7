package bolt_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/bolt/bolttest"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

const pageSize = 4096 // bbolt's page size is the OS page size: 4 KiB on the test machines

var scope = store.Scope{Tenant: "cli:local", Channel: storetest.SampleChannel}

var (
	fillOnce sync.Once
	fillData []byte
)

// filled returns the path of a new, closed store file holding 1,500
// renewals of varied sizes, so that it has many leaf and branch pages
// (written once, then copied).
func filled(t testing.TB) string {
	t.Helper()
	fillOnce.Do(func() {
		path := filepath.Join(t.TempDir(), "seed.db")
		s, err := bolt.Open(path, bolt.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 1500 {
			r := storetest.Sample("cli:local", fmt.Sprintf("r%05d", i))
			r.Vendor = strings.Repeat("酷算云", 1+i%50)
			if err := s.CreateRenewal(context.Background(), r); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		fillData, _ = os.ReadFile(path)
	})
	path := filepath.Join(t.TempDir(), "gpuadvisor.db")
	if err := os.WriteFile(path, fillData, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// scribble overwrites pages [from, to) of the file with pattern.
func scribble(t *testing.T, path string, from, to int64, pattern byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt(bytes.Repeat([]byte{pattern}, int((to-from)*pageSize)), from*pageSize); err != nil {
		t.Fatal(err)
	}
}

func size(t testing.TB, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// wantCorrupt checks that err says the file is damaged, names it and says
// what to do.
func wantCorrupt(t *testing.T, what string, err error, path string) {
	t.Helper()
	if !errors.Is(err, bolt.ErrCorrupt) {
		t.Fatalf("%s: got %v, want an error wrapping ErrCorrupt", what, err)
	}
	for _, s := range []string{path, "restore a backup", "move it aside", "mv " + path + " " + path + ".damaged"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("%s: the error does not say %q:\n%v", what, s, err)
		}
	}
}

func TestADamagedFileIsAnErrorNotAPanic(t *testing.T) {
	tests := []struct {
		name   string
		damage func(t *testing.T, path string)
	}{
		{"truncated to half", func(t *testing.T, path string) { os.Truncate(path, size(t, path)/2) }},
		{"truncated to the two meta pages", func(t *testing.T, path string) { os.Truncate(path, 2*pageSize) }},
		{"truncated inside a meta page", func(t *testing.T, path string) { os.Truncate(path, 100) }},
		{"data pages zeroed", func(t *testing.T, path string) { scribble(t, path, 4, size(t, path)/pageSize/2, 0) }},
		{"data pages full of 0xff", func(t *testing.T, path string) { scribble(t, path, 4, size(t, path)/pageSize, 0xff) }},
		{"one page of garbage in the middle", func(t *testing.T, path string) {
			mid := size(t, path) / pageSize / 2
			scribble(t, path, mid, mid+1, 0xa5)
		}},
		{"both meta pages zeroed", func(t *testing.T, path string) { scribble(t, path, 0, 2, 0) }},
		{"not a store file", func(t *testing.T, path string) {
			os.WriteFile(path, []byte(strings.Repeat("hello, not bbolt\n", 2000)), 0o600)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filled(t)
			if n := size(t, path); n < 64*pageSize {
				t.Fatalf("the test file is %d bytes: too small to damage pages in the middle", n)
			}
			tt.damage(t, path)
			s, err := bolt.Open(path, bolt.Options{Timeout: time.Second})
			if err == nil {
				s.Close()
				t.Fatalf("Open of a damaged file succeeded")
			}
			t.Logf("Open: %v", err)
			wantCorrupt(t, "Open", err, path)
			_, err = bolt.Inspect(path, time.Second)
			wantCorrupt(t, "Inspect", err, path)
		})
	}
}

// TestDamageWhileOpenIsAnError: a file damaged under a running process
// (a disk fault, another program writing it) makes every call, and the
// sweeper, return an error; none panics.
func TestDamageWhileOpenIsAnError(t *testing.T) {
	for _, pattern := range []byte{0, 0xff, 0x5a} {
		t.Run(fmt.Sprintf("pages of 0x%02x", pattern), func(t *testing.T) {
			path := filled(t)
			s := bolttest.Open(t, path)
			defer s.Close()
			scribble(t, path, 2, size(t, path)/pageSize, pattern) // the mapping is shared: the process sees it
			ctx := context.Background()
			calls := map[string]func() error{
				"ListRenewals": func() error { _, err := s.ListRenewals(ctx, scope); return err },
				"GetRenewal":   func() error { _, err := s.GetRenewal(ctx, scope, "r00700"); return err },
				"DueRenewals": func() error {
					_, err := s.DueRenewals(ctx, storetest.Sample("", "").NextCheck, storetest.Sample("", "").NextCheck)
					return err
				},
				"Sweep": func() error { _, err := s.Sweep(time.Now()); return err },
				"Check": s.Check,
			}
			for name, call := range calls {
				err := call()
				if err == nil {
					t.Errorf("%s on a damaged file: no error", name)
					continue
				}
				if !errors.Is(err, bolt.ErrCorrupt) && !strings.Contains(err.Error(), "decode") {
					t.Errorf("%s: got %v, want ErrCorrupt (or a decode error)", name, err)
				}
			}
		})
	}
}

func TestInspectCountsAHealthyFile(t *testing.T) {
	path := filled(t)
	rep, err := bolt.Inspect(path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	// 1,500 renewals, each with a next check: 1,500 keys in renewals and in due.
	if rep.Keys["renewals"] != 1500 || rep.Keys["due"] != 1500 || rep.Keys["marks"] != 0 || rep.Bytes != size(t, path) {
		t.Errorf("Inspect = %+v; want 1500 renewals, 1500 due, 0 marks, %d bytes", rep, size(t, path))
	}
	if _, err := bolt.Inspect(filepath.Join(t.TempDir(), "none.db"), time.Second); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Inspect of a missing file: got %v, want ErrNotExist", err)
	}
}

func TestBackupRestoresEverything(t *testing.T) {
	path := filled(t)
	s := bolttest.Open(t, path)
	backup := filepath.Join(t.TempDir(), "backup.db")
	n, err := s.BackupFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	if n != size(t, backup) {
		t.Errorf("BackupFile returned %d bytes, the file has %d", n, size(t, backup))
	}
	if _, err := s.BackupFile(path); err == nil {
		t.Errorf("a backup over the store itself was written")
	}
	s.Close()
	// The store is torn; the backup is put back in its place.
	os.Truncate(path, size(t, path)/2)
	if _, err := bolt.Open(path, bolt.Options{}); !errors.Is(err, bolt.ErrCorrupt) {
		t.Fatalf("torn store opened: %v", err)
	}
	if err := os.Rename(backup, path); err != nil {
		t.Fatal(err)
	}
	s = bolttest.Open(t, path)
	defer s.Close()
	rs, err := s.ListRenewals(context.Background(), scope)
	if err != nil || len(rs) != 1500 {
		t.Fatalf("after restoring the backup: %d renewals, %v; want 1500", len(rs), err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("the backup's mode is %v, want 0600 (it holds prices)", fi.Mode().Perm())
	}
}

// BenchmarkOpen is the cost of the check on open: a file of 1,500 renewals
// is read-only opened, checked page by page and value by
// value, then opened for writing.
func BenchmarkOpen(b *testing.B) {
	path := filled(b)
	for b.Loop() {
		s, err := bolt.Open(path, bolt.Options{})
		if err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// The de-duplication marks and the drafter jobs go through the guarded
// transactions too: each call, the first one on a file damaged while open,
// is an error, not a panic that takes serve down.
func TestDamagedMarksAndJobsAreErrors(t *testing.T) {
	ctx := context.Background()
	calls := map[string]func(s *bolt.Store) error{
		"Lease":     func(s *bolt.Store) error { _, err := s.Lease(ctx, "slack:T1:Ev1", time.Minute); return err },
		"Claim":     func(s *bolt.Store) error { _, err := s.Claim(ctx, "slack:T1:Ev2", time.Minute); return err },
		"Done":      func(s *bolt.Store) error { return s.Done(ctx, "slack:T1:Ev3", time.Minute) },
		"Release":   func(s *bolt.Store) error { return s.Release(ctx, "slack:T1:Ev4") },
		"PutJob":    func(s *bolt.Store) error { return s.PutJob(ctx, "job-1", []byte("{}")) },
		"DeleteJob": func(s *bolt.Store) error { return s.DeleteJob(ctx, "job-1") },
		"Jobs":      func(s *bolt.Store) error { _, err := s.Jobs(ctx); return err },
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			path := filled(t)
			s := bolttest.Open(t, path)
			defer s.Close()
			scribble(t, path, 2, size(t, path)/pageSize, 0xff)
			err := call(s)
			if err == nil {
				t.Fatalf("%s on a damaged file: no error", name)
			}
			if !errors.Is(err, bolt.ErrCorrupt) {
				t.Errorf("%s: got %v, want ErrCorrupt", name, err)
			}
		})
	}
}

// The crash test: a child process writes renewals as fast as it can and
// prints each id once CreateRenewal has returned; the parent kills it with
// SIGKILL mid-stream, reopens the file, and every acknowledged renewal must
// be there, whole, and the file must pass bbolt's consistency check.

const childEnv = "BOLTSTORE_CRASH_CHILD"

// TestMain runs the crash child when asked to, the tests otherwise.
func TestMain(m *testing.M) {
	if v := os.Getenv(childEnv); v != "" {
		crashChild(v)
		return
	}
	os.Exit(m.Run())
}

func crashChild(env string) {
	path, round, _ := strings.Cut(env, "|")
	s, err := bolt.Open(path, bolt.Options{})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	for i := 0; ; i++ {
		r := storetest.Sample("cli:local", fmt.Sprintf("r%s-%06d", round, i))
		r.Vendor = strings.Repeat("酷算云", 1+i%200) // values of varied size split pages
		if err := s.CreateRenewal(context.Background(), r); err != nil {
			fmt.Println("error", err)
			os.Exit(3)
		}
		fmt.Println("ok", r.ID)
	}
}

func TestKillMidWriteLosesNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "crash.db")
	for round := range 3 {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s|%d", childEnv, path, round))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var acked []string
		sc := bufio.NewScanner(out)
		for sc.Scan() && len(acked) < 150 {
			line := sc.Text()
			if id, ok := strings.CutPrefix(line, "ok "); ok {
				acked = append(acked, id)
			} else if strings.HasPrefix(line, "error") {
				t.Fatalf("round %d: child: %s", round, line)
			}
		}
		cmd.Process.Kill() // SIGKILL: no deferred close, no flush
		cmd.Wait()
		if len(acked) < 150 {
			t.Fatalf("round %d: the child acknowledged only %d writes", round, len(acked))
		}

		s := bolttest.Open(t, path)
		if err := s.Check(); err != nil {
			t.Fatalf("round %d: the file is inconsistent after SIGKILL: %v", round, err)
		}
		for _, id := range acked {
			r, err := s.GetRenewal(context.Background(), scope, id)
			if err != nil {
				t.Fatalf("round %d: acknowledged renewal %s lost after SIGKILL: %v", round, id, err)
			}
			if !strings.HasPrefix(r.Vendor, "酷算云") || r.Cards != 8 {
				t.Fatalf("round %d: renewal %s came back damaged: %+v", round, id, r)
			}
		}
		s.Close()
	}
}
