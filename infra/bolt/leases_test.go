package bolt

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"gpuadvisor/store"
	"gpuadvisor/store/storetest"
)

func openLeases(t testing.TB, path string, every time.Duration) (*Store, *Leases) {
	t.Helper()
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s, s.Leases(LeaseOptions{FlushEvery: every})
}

func TestLeasesContract(t *testing.T) {
	storetest.RunDeduper(t, func(t *testing.T) store.Deduper {
		s, l := openLeases(t, filepath.Join(t.TempDir(), "g.db"), 10*time.Millisecond)
		t.Cleanup(func() { l.Close(context.Background()); s.Close() })
		return l
	})
}

// onFile reads key's stored state straight from the file: "" when absent or
// expired.
func onFile(t *testing.T, s *Store, key string) string {
	t.Helper()
	var got string
	err := s.read(func(tx *bbolt.Tx) error {
		if st, live := dedupeState(tx.Bucket(bucketDedupe).Get([]byte(key)), time.Now()); live {
			got = string(st)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func lease(t *testing.T, l *Leases, key string, want store.Claim) {
	t.Helper()
	if got, err := l.Lease(context.Background(), key, time.Minute); err != nil || got != want {
		t.Errorf("Lease(%s) = %v, %v; want %v", key, got, err, want)
	}
}

func TestLeasesAcrossARestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "g.db")
	s, l := openLeases(t, path, time.Hour) // nothing is written before Close
	lease(t, l, "slack:answered", store.Claimed)
	if err := l.Done(ctx, "slack:answered", time.Hour); err != nil {
		t.Fatal(err)
	}
	lease(t, l, "slack:in-flight", store.Claimed) // the process stops while answering it
	if got := onFile(t, s, "slack:answered"); got != "" {
		t.Errorf("the done mark was on file before a flush: %q", got)
	}
	if err := l.Close(context.Background()); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := l.Lease(ctx, "x", time.Minute); !errors.Is(err, errClosed) {
		t.Errorf("Lease after Close: %v, want errClosed", err)
	}
	if got := onFile(t, s, "slack:answered"); got != string(dedupeDone) {
		t.Errorf("after Close the done mark reads %q, want it on file", got)
	}
	s.Close()

	s, l = openLeases(t, path, time.Hour)
	defer s.Close()
	defer l.Close(context.Background())
	lease(t, l, "slack:answered", store.Sent)     // a redelivery hours later is a duplicate
	lease(t, l, "slack:in-flight", store.Claimed) // its lease died with the process: answered now
}

func TestLeasesWriteBehind(t *testing.T) {
	ctx := context.Background()
	s, l := openLeases(t, filepath.Join(t.TempDir(), "g.db"), 5*time.Millisecond)
	defer s.Close()
	defer l.Close(context.Background())
	waitFor := func(key, want string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if onFile(t, s, key) == want {
				return
			}
		}
		t.Fatalf("%s on file: %q after 5 s, want %q", key, onFile(t, s, key), want)
	}
	lease(t, l, "feishu:e1", store.Claimed)
	if got := onFile(t, s, "feishu:e1"); got != "" {
		t.Errorf("a lease was written to the file: %q", got)
	}
	l.Done(ctx, "feishu:e1", time.Hour)
	waitFor("feishu:e1", string(dedupeDone))
	// Read back from the file once memory let go of it.
	lease(t, l, "feishu:e1", store.Sent)
	// Release deletes a written mark with the next batch.
	l.Release(ctx, "feishu:e1")
	lease(t, l, "feishu:e1", store.Claimed)
	waitFor("feishu:e1", "")
	// Claim is written as done.
	if ok, _ := l.Claim(ctx, "feishu:e2", time.Hour); !ok {
		t.Fatal("Claim of a new key refused")
	}
	waitFor("feishu:e2", string(dedupeDone))
	// A lease left in the file by an earlier process guards nothing; a done
	// mark written by the Store itself (the drafter) counts.
	s.Lease(ctx, "slack:old-lease", time.Hour)
	s.Claim(ctx, "drafter:done:j1", time.Hour)
	lease(t, l, "slack:old-lease", store.Claimed)
	lease(t, l, "drafter:done:j1", store.Sent)
}

// BenchmarkDedupe is one request's de-duplication, a lease then its done
// mark, on the Store (two fsynced transactions) and on Leases.
func BenchmarkDedupe(b *testing.B) {
	ctx := context.Background()
	for _, bc := range []struct {
		name string
		open func(b *testing.B) store.Deduper
	}{
		{"store", func(b *testing.B) store.Deduper {
			s, err := Open(filepath.Join(b.TempDir(), "g.db"), Options{})
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { s.Close() })
			return s
		}},
		{"leases", func(b *testing.B) store.Deduper {
			s, l := openLeases(b, filepath.Join(b.TempDir(), "g.db"), 0)
			b.Cleanup(func() { l.Close(context.Background()); s.Close() })
			return l
		}},
		// the disk full (ENOSPC injected): each done mark is appended to
		// the spill file and synced before Done returns
		{"leases on a full disk", func(b *testing.B) store.Deduper {
			s, err := Open(filepath.Join(b.TempDir(), "g.db"), Options{WriteFault: func() error { return syscall.ENOSPC }})
			if err != nil {
				b.Fatal(err)
			}
			l := s.Leases(LeaseOptions{FlushEvery: time.Millisecond, Log: slog.New(slog.DiscardHandler)})
			l.Done(ctx, "first", time.Hour)
			for l.Health() == "" {
				time.Sleep(time.Millisecond)
			}
			b.Cleanup(func() {
				c, cancel := context.WithTimeout(ctx, time.Millisecond)
				defer cancel()
				l.Close(c)
				s.Close()
			})
			return l
		}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			d := bc.open(b)
			b.RunParallel(func(pb *testing.PB) {
				for i := 0; pb.Next(); i++ {
					k := fmt.Sprintf("slack:%p-%d", pb, i)
					if _, err := d.Lease(ctx, k, time.Minute); err != nil {
						b.Fatal(err)
					}
					if err := d.Done(ctx, k, time.Hour); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}
