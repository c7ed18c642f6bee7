package store_test

import (
	"testing"

	"gpuadvisor/advisor/renewal"
	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

func TestDigest(t *testing.T) {
	// sha256("abc") begins ba7816bf 8f01cfea 414140de 5dae2223 (FIPS 180-2's
	// first example)
	abc := func(n int) string { return store.Digest("k-", []byte("abc"), n) }
	testkit.Cases(t, "Digest(k-, abc, n)", abc, map[int]string{
		0: "k-", 1: "k-ba", 4: "k-ba7816bf", 16: "k-ba7816bf8f01cfea414140de5dae2223",
	})
}

// A reminder's key must never change: a changed key sends it twice.
func TestReminderIdempotencyKey(t *testing.T) {
	cycle, _ := renewal.ParseDate("2027-03-01")
	k := store.ReminderKey{Tenant: "slack:T1", RenewalID: "r1", Cycle: cycle, Offset: 30}
	// sha256("slack:T1/r1/2027-03-01/30") begins 9f91dc86 3ce697cf 04d3240b
	if got := k.IdempotencyKey(); got != "remind-9f91dc863ce697cf04d3240b" {
		t.Errorf("IdempotencyKey() = %q, want remind-9f91dc863ce697cf04d3240b", got)
	}
}
