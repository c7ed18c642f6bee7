package bolt_test

import (
	"context"
	"errors"
	"path/filepath"
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
	got, err := s.GetRenewal(context.Background(), scope, "r1")
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

func TestUnreadableRecords(t *testing.T) {
	storetest.RunUnreadable(t, func(t *testing.T) (store.Store, storetest.Spoiler) {
		s := bolttest.Open(t, filepath.Join(t.TempDir(), "gpuadvisor.db"))
		t.Cleanup(func() { s.Close() })
		return s, bolttest.Spoiler{S: s}
	})
}
