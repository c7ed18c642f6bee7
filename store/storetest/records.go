package storetest

import (
	"testing"
	"time"

	"gpuadvisor/store"
)

// Checks and trials are records of one kind (store/record.go): what their
// tests share is written once, here.

// idsOf lists the id of each record, in order (empty, never nil, for none).
func idsOf[T any](vs []T, id func(T) string) []string {
	out := []string{}
	for _, v := range vs {
		out = append(out, id(v))
	}
	return out
}

func checkID(c store.Check) string { return c.ID }
func trialID(t store.Trial) string { return t.ID }

// mustAdd adds a record of kind with add, or fails the test.
func mustAdd(t *testing.T, kind, tenant, id string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("Add%s(%s/%s): %v", kind, tenant, id, err)
	}
}

// refusesBadKeys checks that add (a store's AddCheck or AddTrial of a
// sample record) refuses a record without each field of its key, and one
// whose id or tenant holds a key separator.
func refusesBadKeys(t *testing.T, kind string, add func(tenant, channel, id string, at time.Time) error, at time.Time) {
	t.Helper()
	for _, bad := range []struct {
		name, tenant, channel, id string
		at                        time.Time
	}{
		{"no tenant", "", "C1", "k2", at},
		{"no channel", "slack:T1", "", "k2", at},
		{"no id", "slack:T1", "C1", "", at},
		{"an id with '#'", "slack:T1", "C1", "a#b", at},
		{"an id with NUL", "slack:T1", "C1", "a\x00b", at},
		{"a tenant with NUL", "slack:T1\x00x", "C1", "k2", at},
		{"no time", "slack:T1", "C1", "k2", time.Time{}},
	} {
		if err := add(bad.tenant, bad.channel, bad.id, bad.at); err == nil {
			t.Errorf("Add%s with %s (tenant %q, channel %q, id %q, at %v) = nil, want an error", kind, bad.name, bad.tenant, bad.channel, bad.id, bad.at)
		}
	}
}
