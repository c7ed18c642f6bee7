package bolt

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"gpuadvisor/internal/testkit"
	"gpuadvisor/store"
)

// fullDisk is a directory whose disk can be filled and freed: a 2 MB tmpfs
// when this process may mount one (root), filled for real with a file;
// otherwise a plain directory and an injected ENOSPC (Options.WriteFault).
type fullDisk struct {
	dir    string
	tmpfs  bool
	on     atomic.Bool
	filler string
}

func newFullDisk(t *testing.T) *fullDisk {
	t.Helper()
	d := &fullDisk{dir: filepath.Join(t.TempDir(), "disk")}
	if err := os.Mkdir(d.dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", d.dir).CombinedOutput(); err == nil {
		d.tmpfs = true
		t.Cleanup(func() { exec.Command("umount", "-l", d.dir).Run() })
	} else {
		t.Logf("no tmpfs (%v: %s): ENOSPC is injected", err, strings.TrimSpace(string(out)))
	}
	return d
}

// fault is the store's WriteFault: ENOSPC while the disk is full (injected).
func (d *fullDisk) fault() error {
	if !d.tmpfs && d.on.Load() {
		return &fs.PathError{Op: "write", Path: d.dir, Err: syscall.ENOSPC}
	}
	return nil
}

// fill fills the disk: a file as large as the free space (tmpfs), or the
// injected fault on.
func (d *fullDisk) fill(t *testing.T) {
	t.Helper()
	d.on.Store(true)
	if !d.tmpfs {
		return
	}
	d.filler = filepath.Join(d.dir, "filler")
	f, err := os.Create(d.filler)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return
		}
	}
}

func (d *fullDisk) free(t *testing.T) {
	t.Helper()
	d.on.Store(false)
	if d.filler != "" {
		if err := os.Remove(d.filler); err != nil {
			t.Fatal(err)
		}
	}
}

// Issue 25: a full disk made serve log an ERROR every 200 ms, lose the
// pending marks at shutdown and answer a request twice after the restart.
func TestLeasesOnAFullDisk(t *testing.T) {
	d := newFullDisk(t)
	path := filepath.Join(d.dir, "g.db")
	logs := &testkit.SyncBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, nil))
	s, err := Open(path, Options{WriteFault: d.fault})
	if err != nil {
		t.Fatal(err)
	}
	l := s.Leases(LeaseOptions{FlushEvery: 20 * time.Millisecond, Log: log})
	ctx := context.Background()
	if err := l.Done(ctx, "before", time.Hour); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the first mark on file", func() bool { return onFile(t, s, "before") == string(dedupeDone) })

	// Enough marks that the file must grow (bbolt reuses its freed pages
	// for small writes, which a full disk does not refuse).
	d.fill(t)
	for i := range 10 {
		for j := range 200 {
			if err := l.Done(ctx, key(i, j), time.Hour); err != nil {
				t.Fatalf("Done on a full disk: %v, want the mark kept (spilled, synced)", err)
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	waitFor(t, "a failed flush", func() bool { return l.Health() != "" })
	if n := logs.Count("ERROR", "dedupe marks not written"); n != 1 {
		t.Errorf("%d error lines in 500 ms of a full disk, want 1 for the streak:\n%s", n, logs.String())
	}
	if h := l.Health(); !strings.Contains(h, "full") || !strings.Contains(h, "free") {
		t.Errorf("Health = %q, want the disk full and how much is free", h)
	}
	if h := s.Health(); !strings.Contains(h, "full") {
		t.Errorf("store Health = %q, want the disk full", h)
	}
	var fe *store.FaultError
	big := store.TeamSettings{Market: "cn", UpdatedBy: strings.Repeat("u", 256<<10)} // new pages: the file must grow
	if err := s.PutSettings(ctx, "t", big); !errors.As(err, &fe) || fe.Problem != store.DiskFull || fe.Free < 0 {
		t.Errorf("a write on a full disk: %v, want a DiskFull FaultError with the free space", err)
	}

	// The shutdown keeps trying for its grace, then keeps the marks in the
	// spill file.
	cctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := l.Close(cctx); err != nil {
		t.Fatalf("Close on a full disk: %v, want the marks spilled", err)
	}
	if took := time.Since(start); took < 250*time.Millisecond {
		t.Errorf("Close gave up after %s, want it to keep trying for its grace (300 ms)", took)
	}
	if logs.Count("WARN", "kept in the spill file") != 1 {
		t.Errorf("the shutdown did not say what it could not write:\n%s", logs.String())
	}
	s.Close()

	// After the restart (space freed), the marks answered before the stop
	// are still duplicates, and reach the store file.
	d.free(t)
	s, err = Open(path, Options{WriteFault: d.fault})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l = s.Leases(LeaseOptions{FlushEvery: 20 * time.Millisecond, Log: log})
	for i := range 10 {
		k := key(i, 199)
		if c, err := l.Lease(ctx, k, time.Minute); err != nil || c != store.Sent {
			t.Errorf("after the restart, %s: %v, %v; want sent (a duplicate)", k, c, err)
		}
	}
	waitFor(t, "the spilled marks on file", func() bool { return onFile(t, s, key(9, 199)) == string(dedupeDone) })
	if h := l.Health(); h != "" {
		t.Errorf("Health after the disk was freed = %q, want healthy", h)
	}
	if err := l.Close(ctx); err != nil {
		t.Fatal(err)
	}
	sp, marks, err := openSpill(path + ".marks")
	if err != nil || len(marks) != 0 {
		t.Errorf("the spill file after the marks reached the store: %d marks, %v; want empty", len(marks), err)
	}
	sp.close()
}

// key is a delivery key as long as a real one.
func key(i, j int) string {
	return fmt.Sprintf("slack:T0001:event:Ev%08d%04d-%s", i, j, strings.Repeat("x", 24))
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
