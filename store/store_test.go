package store

import (
	"testing"

	"gpuadvisor/advisor/renewal"
)

func TestDigest(t *testing.T) {
	// sha256("abc") = ba7816bf 8f01cfea ... (FIPS 180-2's first example)
	testCases := []struct {
		prefix string
		data   string
		n      int
		want   string
	}{
		{"k-", "abc", 4, "k-ba7816bf"},
		{"", "abc", 1, "ba"},
		{"gpa-", "abc", 16, "gpa-ba7816bf8f01cfea414140de5dae2223"},
	}
	for _, tc := range testCases {
		if got := Digest(tc.prefix, []byte(tc.data), tc.n); got != tc.want {
			t.Errorf("Digest(%q, %q, %d) = %q, want %q", tc.prefix, tc.data, tc.n, got, tc.want)
		}
	}
}

func TestReminderIdempotencyKey(t *testing.T) {
	cycle, err := renewal.ParseDate("2027-03-01")
	if err != nil {
		t.Fatal(err)
	}
	k := ReminderKey{Tenant: "slack:T1", RenewalID: "r1", Cycle: cycle, Offset: 30}
	// sha256("slack:T1/r1/2027-03-01/30") begins 9f91dc863ce697cf04d3240b
	if got, want := k.IdempotencyKey(), "remind-9f91dc863ce697cf04d3240b"; got != want {
		t.Errorf("IdempotencyKey() = %q, want %q (a changed key would send a reminder twice)", got, want)
	}
}
