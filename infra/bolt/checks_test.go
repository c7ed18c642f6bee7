package bolt_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"gpuadvisor/infra/bolt"
	"gpuadvisor/infra/bolt/bolttest"
	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

// The file keeps at most store.KeepChecks checks per tenant: older ones are
// deleted, not only left unread.
func TestChecksAreDeletedPastKeepChecks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.db")
	s := bolttest.Open(t, path)
	at := time.Now().UTC().Add(-time.Hour)
	const extra = 3
	for i := range store.KeepChecks + extra {
		c := storetest.SampleCheck("slack:T1", "C1", "U1", fmt.Sprintf("k%03d", i), at.Add(time.Duration(i)*time.Second))
		if err := s.AddCheck(context.Background(), c); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddCheck(context.Background(), storetest.SampleCheck("slack:T2", "C1", "U1", "other", at)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := bbolt.Open(path, 0o600, &bbolt.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var keys []string
	db.View(func(tx *bbolt.Tx) error {
		return tx.Bucket([]byte("checks")).ForEach(func(k, _ []byte) error { keys = append(keys, string(k)); return nil })
	})
	// 100 of slack:T1 (k003 to k102) and T2's one
	if len(keys) != store.KeepChecks+1 {
		t.Fatalf("the bucket holds %d keys, want %d", len(keys), store.KeepChecks+1)
	}
	if want := "slack:T1\x00" + store.CheckTime(at.Add(extra*time.Second)) + "\x00k003"; keys[0] != want {
		t.Errorf("oldest key kept %q, want %q", keys[0], want)
	}
}

// BenchmarkChecks: adding a check to a tenant that has KeepChecks (one
// fsynced transaction that also deletes the oldest), and the home page's
// read of the five newest a person sees among them.
func BenchmarkChecks(b *testing.B) {
	s, err := bolt.Open(filepath.Join(b.TempDir(), "g.db"), bolt.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	at := time.Now().UTC().Add(-time.Hour)
	i := 0
	add := func() {
		i++
		c := storetest.SampleCheck("slack:T1", fmt.Sprintf("C%d", i%7), fmt.Sprintf("U%d", i%5), fmt.Sprintf("k%06d", i), at.Add(time.Duration(i)*time.Millisecond))
		if err := s.AddCheck(ctx, c); err != nil {
			b.Fatal(err)
		}
	}
	for range store.KeepChecks {
		add()
	}
	b.Run("add", func(b *testing.B) {
		for b.Loop() {
			add()
		}
	})
	b.Run("recent 5", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if cs, err := s.RecentChecks(ctx, store.Scope{Tenant: "slack:T1", Channel: "D1"}, "U3", 5); err != nil || len(cs) != 5 {
				b.Fatal(len(cs), err)
			}
		}
	})
}
