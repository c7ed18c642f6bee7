package storetest

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"gpuadvisor/store"
)

var t0 = time.Date(2027, 1, 16, 1, 0, 0, 0, time.UTC)

func key(id string, offset int) store.ReminderKey {
	return store.ReminderKey{Tenant: "slack:T1", RenewalID: id, Cycle: date("2027-03-01"), Offset: offset}
}

func claim(t *testing.T, s store.Store, k store.ReminderKey, owner string, now time.Time) store.Claim {
	t.Helper()
	c, err := s.ClaimReminder(ctx, k, owner, now, 5*time.Minute, now.Add(60*24*time.Hour))
	if err != nil {
		t.Fatalf("ClaimReminder(%s, %s): %v", k, owner, err)
	}
	return c
}

func testClaimLifecycle(t *testing.T, s store.Store) {
	k := key("r1", 14)
	if c := claim(t, s, k, "run-a", t0); c != store.Claimed {
		t.Fatalf("first claim: got %s, want claimed", c)
	}
	m, err := s.ReminderMark(ctx, k, t0)
	if err != nil || m.State != store.StateClaimed || m.Owner != "run-a" || !m.LeaseUntil.Equal(t0.Add(5*time.Minute)) {
		t.Errorf("ReminderMark after claim = %+v, %v", m, err)
	}
	if c := claim(t, s, k, "run-b", t0.Add(time.Second)); c != store.Held {
		t.Errorf("claim by another run within the lease: got %s, want held", c)
	}
	if err := s.MarkSent(ctx, k, "run-b", t0); !errors.Is(err, store.ErrConflict) {
		t.Errorf("MarkSent by a run without the claim: got %v, want ErrConflict", err)
	}
	if err := s.MarkSent(ctx, k, "run-a", t0.Add(2*time.Second)); err != nil {
		t.Fatalf("MarkSent by the owner: %v", err)
	}
	if err := s.MarkSent(ctx, k, "run-a", t0.Add(3*time.Second)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("second MarkSent: got %v, want ErrConflict", err)
	}
	for _, at := range []time.Duration{time.Second, time.Hour, 30 * 24 * time.Hour} {
		if c := claim(t, s, k, "run-c", t0.Add(at)); c != store.Sent {
			t.Errorf("claim %v after sending: got %s, want sent", at, c)
		}
	}
	m, err = s.ReminderMark(ctx, k, t0.Add(time.Hour))
	if err != nil || m.State != store.StateSent || !m.SentAt.Equal(t0.Add(2*time.Second)) {
		t.Errorf("ReminderMark after MarkSent = %+v, %v", m, err)
	}
	// Other offsets and cycles are other reminders.
	if c := claim(t, s, key("r1", 7), "run-c", t0); c != store.Claimed {
		t.Errorf("claim of another offset: got %s, want claimed", c)
	}
	next := k
	next.Cycle = date("2027-04-01")
	if c := claim(t, s, next, "run-c", t0); c != store.Claimed {
		t.Errorf("claim of the next cycle: got %s, want claimed", c)
	}
	if _, err := s.ReminderMark(ctx, key("r2", 14), t0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ReminderMark(never claimed): got %v, want ErrNotFound", err)
	}
}

func testLeaseTakeover(t *testing.T, s store.Store) {
	k := key("r1", 30)
	claim(t, s, k, "dead-run", t0)
	if c := claim(t, s, k, "run-b", t0.Add(5*time.Minute+time.Second)); c != store.Claimed {
		t.Fatalf("claim after the lease ran out: got %s, want claimed", c)
	}
	if err := s.MarkSent(ctx, k, "dead-run", t0.Add(6*time.Minute)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("MarkSent by the run that lost its lease: got %v, want ErrConflict", err)
	}
	if err := s.MarkSent(ctx, k, "run-b", t0.Add(6*time.Minute)); err != nil {
		t.Errorf("MarkSent by the new owner: %v", err)
	}
}

func testRelease(t *testing.T, s store.Store) {
	k := key("r1", 7)
	claim(t, s, k, "run-a", t0)
	if err := s.ReleaseReminder(ctx, k, "run-b"); err != nil {
		t.Fatalf("ReleaseReminder by another run: %v", err)
	}
	if c := claim(t, s, k, "run-b", t0); c != store.Held {
		t.Errorf("a release by a non-owner freed the claim: got %s, want held", c)
	}
	if err := s.ReleaseReminder(ctx, k, "run-a"); err != nil {
		t.Fatalf("ReleaseReminder: %v", err)
	}
	if c := claim(t, s, k, "run-b", t0.Add(time.Second)); c != store.Claimed {
		t.Errorf("claim after release: got %s, want claimed", c)
	}
	if err := s.MarkSent(ctx, k, "run-b", t0); err != nil {
		t.Fatal(err)
	}
	if err := s.ReleaseReminder(ctx, k, "run-b"); err != nil {
		t.Fatalf("ReleaseReminder of a sent mark: %v", err)
	}
	if c := claim(t, s, k, "run-c", t0.Add(time.Hour)); c != store.Sent {
		t.Errorf("releasing a sent mark unsent it: got %s, want sent", c)
	}
	if err := s.ReleaseReminder(ctx, key("never", 1), "run-a"); err != nil {
		t.Errorf("ReleaseReminder of no mark: %v", err)
	}
}

func testMarkExpiry(t *testing.T, s store.Store) {
	k := key("r1", 1)
	expires := t0.Add(48 * time.Hour)
	if c, err := s.ClaimReminder(ctx, k, "run-a", t0, time.Minute, expires); err != nil || c != store.Claimed {
		t.Fatalf("claim: %s, %v", c, err)
	}
	if err := s.MarkSent(ctx, k, "run-a", t0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ReminderMark(ctx, k, expires.Add(-time.Second)); err != nil {
		t.Errorf("mark read a second before it expires: %v", err)
	}
	if _, err := s.ReminderMark(ctx, k, expires.Add(time.Second)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("mark read after it expired: got %v, want ErrNotFound", err)
	}
	if c := claim(t, s, k, "run-b", expires.Add(time.Second)); c != store.Claimed {
		t.Errorf("claim after the mark expired: got %s, want claimed", c)
	}
}

func testConcurrentClaims(t *testing.T, s store.Store) {
	k := key("r1", 14)
	const n = 12
	var wg sync.WaitGroup
	results := make([]store.Claim, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			results[i], errs[i] = s.ClaimReminder(ctx, k, fmt.Sprintf("run-%d", i), t0, time.Minute, t0.Add(time.Hour))
		})
	}
	wg.Wait()
	won := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("claim %d: %v", i, errs[i])
		}
		if results[i] == store.Claimed {
			won++
		} else if results[i] != store.Held {
			t.Errorf("claim %d: got %s, want claimed or held", i, results[i])
		}
	}
	if won != 1 {
		t.Errorf("%d concurrent claims won, want exactly 1", won)
	}
}

func testDedupe(t *testing.T, s store.Deduper) {
	ok, err := s.Claim(ctx, "slack:Ev123", 1*time.Second)
	if err != nil || !ok {
		t.Fatalf("first Claim = %v, %v; want true", ok, err)
	}
	ok, err = s.Claim(ctx, "slack:Ev123", 1*time.Second)
	if err != nil || ok {
		t.Fatalf("second Claim = %v, %v; want false", ok, err)
	}
	if ok, _ := s.Claim(ctx, "feishu:Ev123", time.Hour); !ok {
		t.Errorf("another key was refused")
	}
	// Leases: a lease that is never marked done (the process died between
	// claim and reply) runs out and is taken again; a lease marked done is
	// a duplicate for its whole keep.
	lease := func(key string, d time.Duration, want store.Claim) {
		t.Helper()
		if got, err := s.Lease(ctx, key, d); err != nil || got != want {
			t.Errorf("Lease(%s) = %v, %v; want %v", key, got, err, want)
		}
	}
	lease("slack:crashed", time.Second, store.Claimed)
	lease("slack:crashed", time.Hour, store.Held)
	lease("slack:answered", time.Second, store.Claimed)
	if err := s.Done(ctx, "slack:answered", time.Hour); err != nil {
		t.Fatalf("Done: %v", err)
	}
	lease("slack:answered", time.Hour, store.Sent)
	lease("slack:Ev123", time.Hour, store.Sent) // Claim's key counts as done
	if ok, _ := s.Claim(ctx, "slack:answered", time.Hour); ok {
		t.Errorf("Claim took a key marked done")
	}
	lease("slack:failed", time.Hour, store.Claimed)
	if err := s.Release(ctx, "slack:failed"); err != nil {
		t.Fatalf("Release: %v", err)
	}
	lease("slack:failed", time.Second, store.Claimed) // a failed post: the retry does the work
	// Expiry is kept in whole seconds (DynamoDB TTL is epoch seconds):
	// after two seconds the one-second key must be free again.
	time.Sleep(2100 * time.Millisecond)
	ok, err = s.Claim(ctx, "slack:Ev123", time.Hour)
	if err != nil || !ok {
		t.Errorf("Claim after the key expired = %v, %v; want true", ok, err)
	}
	if ok, _ := s.Claim(ctx, "feishu:Ev123", time.Hour); ok {
		t.Errorf("an unexpired key was claimed twice")
	}
	lease("slack:crashed", time.Hour, store.Claimed) // the one-second lease ran out
	lease("slack:answered", time.Hour, store.Sent)   // done for an hour
	lease("slack:failed", time.Hour, store.Claimed)
	// A released key can be claimed again (the guarded work failed).
	if err := s.Release(ctx, "feishu:Ev123"); err != nil {
		t.Fatalf("Release: %v", err)
	}
	if ok, err := s.Claim(ctx, "feishu:Ev123", time.Hour); err != nil || !ok {
		t.Errorf("Claim after Release = %v, %v; want true", ok, err)
	}
	if err := s.Release(ctx, "never-claimed"); err != nil {
		t.Errorf("Release of an unknown key: %v", err)
	}
}

func testConcurrentDedupe(t *testing.T, s store.Deduper) {
	const n = 12
	var wg sync.WaitGroup
	var mu sync.Mutex
	won := 0
	for range n {
		wg.Go(func() {
			c, err := s.Lease(ctx, "feishu:evt-42", time.Hour)
			if err != nil {
				t.Errorf("Lease: %v", err)
			}
			if c == store.Claimed {
				mu.Lock()
				won++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if won != 1 {
		t.Errorf("%d concurrent dedupe claims won, want exactly 1", won)
	}
}
