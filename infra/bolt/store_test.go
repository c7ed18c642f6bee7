package bolt_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/bolt/bolttest"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

func TestContract(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s := bolttest.Open(t, filepath.Join(t.TempDir(), "gpuadvisor.db"))
		t.Cleanup(func() { s.Close() })
		return s
	})
}

func TestRenewalsSurviveAReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "dir", "g.db")
	s := bolttest.Open(t, path)
	want := storetest.Sample("cli:local", "r1")
	if err := s.CreateRenewal(context.Background(), want); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = bolttest.Open(t, path)
	defer s.Close()
	got, err := s.GetRenewal(context.Background(), store.Scope{Tenant: "cli:local", Channel: storetest.SampleChannel}, "r1")
	if err != nil || got.Vendor != want.Vendor || got.Renews != want.Renews {
		t.Errorf("after reopen: %+v, %v", got, err)
	}
	if due, _ := s.DueRenewals(context.Background(), want.NextCheck, want.NextCheck); len(due) != 1 {
		t.Errorf("the due index did not survive the reopen: %d due", len(due))
	}
}

func TestASecondProcessIsToldTheFileIsLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	s := bolttest.Open(t, path)
	defer s.Close()
	// bbolt's lock is per open file description (flock), so a second Open in
	// this process contends the same way a second process would.
	_, err := bolt.Open(path, bolt.Options{Timeout: 100 * time.Millisecond})
	if !errors.Is(err, bolt.ErrLocked) {
		t.Errorf("second Open: got %v, want ErrLocked", err)
	}
}

func TestSweepDeletesExpiredKeys(t *testing.T) {
	now := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	s, err := bolt.Open(filepath.Join(t.TempDir(), "g.db"), bolt.Options{Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	s.Claim(ctx, "short", time.Minute)
	s.Claim(ctx, "long", 48*time.Hour)
	k := store.ReminderKey{Tenant: "t", RenewalID: "r", Offset: 1}
	s.ClaimReminder(ctx, k, "o", now, time.Minute, now.Add(time.Hour))
	n, err := s.Sweep(now.Add(2 * time.Hour))
	if err != nil || n != 2 {
		t.Errorf("Sweep = %d, %v; want 2 (the short key and the mark)", n, err)
	}
	if ok, _ := s.Claim(ctx, "long", time.Hour); ok {
		t.Error("Sweep deleted an unexpired key")
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
			r, err := s.GetRenewal(context.Background(), store.Scope{Tenant: "cli:local", Channel: storetest.SampleChannel}, id)
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
