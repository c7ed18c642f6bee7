package bolt

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	"go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"gpuadvisor/store"
)

// ErrCorrupt is wrapped by every error about a damaged store file: torn
// (truncated), with corrupted pages, or not a store file at all.
var ErrCorrupt = errors.New("the store file is damaged")

// CorruptError names the damaged file and says what to do about it.
type CorruptError struct {
	Path string
	// Err is what bbolt (or its check, or a fault reading the file) found.
	Err error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("store file %s is damaged (%v): restore a backup over it "+
		"(`gpuadvisor store backup FILE` makes one from a healthy store), or move it aside "+
		"(mv %s %s.damaged) to start with an empty store", e.Path, e.Err, e.Path, e.Path)
}

// Is makes errors.Is(err, ErrCorrupt) and errors.Is(err, store.ErrDamaged)
// true.
func (e *CorruptError) Is(target error) bool {
	return target == ErrCorrupt || target == store.ErrDamaged
}

func (e *CorruptError) Unwrap() error { return e.Err }

// File implements store.Damage.
func (e *CorruptError) File() string { return e.Path }

// faultError is a panic bbolt raised on a page it could not make sense of,
// or a memory fault reading past the end of a torn file, turned into an error.
type faultError struct{ v any }

func (e faultError) Error() string { return fmt.Sprintf("bbolt panicked: %v", e.v) }

// guard runs fn and turns a panic in it, or a fault reading the mapped
// file, into an error: bbolt panics on pages it cannot decode, and a
// truncated file faults when a page past its end is read.
func guard(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if v := recover(); v != nil {
			err = faultError{v}
		}
	}()
	return fn()
}

// damaged reports whether err says the file's content is bad, rather than
// that it could not be reached.
func damaged(err error) bool {
	var f faultError
	return errors.As(err, &f) || errors.Is(err, berrors.ErrInvalid) || errors.Is(err, berrors.ErrChecksum) ||
		errors.Is(err, berrors.ErrVersionMismatch) || errors.Is(err, berrors.ErrInvalidMapping)
}

// read is db.View that cannot panic: a damaged page is a *CorruptError.
func (s *Store) read(fn func(*bbolt.Tx) error) error {
	return explain(s.db.Path(), s.guarded(func() error { return s.db.View(fn) }))
}

// write is db.Update that cannot panic: a damaged page is a *CorruptError.
// A write whose cause is a fault of the disk (full, read-only) is
// remembered until a write succeeds, for Health.
func (s *Store) write(fn func(*bbolt.Tx) error) error {
	var err error
	if s.fault != nil {
		err = s.fault()
	}
	if err == nil {
		err = s.guarded(func() error { return s.db.Update(fn) })
	}
	err = explain(s.db.Path(), err)
	var fe *store.FaultError
	switch {
	case err == nil:
		s.lastFault.Store(nil)
	case errors.As(err, &fe) && (fe.Problem == store.DiskFull || fe.Problem == store.ReadOnly):
		s.lastFault.Store(fe)
	}
	return err
}

// Health says whether the store can be used: "" when it can, else why not
// (the file found damaged, or the last write failed on a full or read-only
// disk and none has succeeded since).
func (s *Store) Health() string {
	if err := s.broken.Load(); err != nil {
		return err.Error()
	}
	if fe := s.lastFault.Load(); fe != nil {
		return "writes fail: " + fe.Explain("en")
	}
	return ""
}

// viewBucket runs fn on the bucket name in a read transaction. A bucket that does
// not exist yet (it is created by its first write, so older files open
// unchanged) reads as empty: fn is not called.
func (s *Store) viewBucket(name []byte, fn func(*bbolt.Bucket) error) error {
	return s.read(func(tx *bbolt.Tx) error {
		if b := tx.Bucket(name); b != nil {
			return fn(b)
		}
		return nil
	})
}

// updateBucket runs fn on the bucket name in a write transaction, creating the
// bucket first if this is its first write.
func (s *Store) updateBucket(name []byte, fn func(*bbolt.Bucket) error) error {
	return s.write(func(tx *bbolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(name)
		if err != nil {
			return err
		}
		return fn(b)
	})
}

// guarded runs a transaction unless the file was found damaged before. A
// panic inside bbolt can leave its locks held, so after the first one the
// store answers every call with the same *CorruptError and never enters
// bbolt again: the process carries on (and says why) instead of hanging or
// dying.
func (s *Store) guarded(tx func() error) error {
	if err := s.broken.Load(); err != nil {
		return err
	}
	err := guard(tx)
	var f faultError
	if errors.As(err, &f) {
		ce := &CorruptError{Path: s.db.Path(), Err: err}
		s.broken.CompareAndSwap(nil, ce)
		return s.broken.Load()
	}
	return err
}

// Damaged is the *CorruptError a call on the open store ran into, or nil.
func (s *Store) Damaged() error {
	if err := s.broken.Load(); err != nil {
		return err
	}
	return nil
}

// check walks every page of the file (bbolt's Tx.Check) and reports the
// first inconsistency.
func check(db *bbolt.DB) error {
	return guard(func() error {
		return db.View(func(tx *bbolt.Tx) error {
			for err := range tx.Check() {
				return err
			}
			// Check follows the page tree; reading every value also catches a
			// leaf whose data lies past the end of a torn file.
			return tx.ForEach(func(_ []byte, b *bbolt.Bucket) error {
				return b.ForEach(func(k, v []byte) error { return nil })
			})
		})
	})
}

// Report is what Inspect found in a store file.
type Report struct {
	Path  string `json:"path"`
	Bytes int64  `json:"bytes"`
	// Keys counts the entries of each bucket.
	Keys map[string]int `json:"keys"`
	// Bad are the records that do not decode, in file order: the reads skip
	// them, `store salvage` leaves them out.
	Bad []store.Unreadable `json:"bad"`
}

// Inspect opens the store file at path read-only (beside a running
// process only if that process does not hold it), checks every page,
// counts its entries and decodes every value of every bucket. A damaged
// file is a *CorruptError; a missing one is an error wrapping
// fs.ErrNotExist; records that do not decode are in Report.Bad, with a nil
// error (the file itself is sound).
func Inspect(path string, timeout time.Duration) (Report, error) {
	return inspect(path, timeout, true)
}

// inspect is Inspect; decode=false only checks the pages (Open).
func inspect(path string, timeout time.Duration, decode bool) (Report, error) {
	rep := Report{Path: path, Keys: map[string]int{}, Bad: []store.Unreadable{}}
	fi, err := os.Stat(path)
	if err != nil {
		return rep, explain(path, fmt.Errorf("check store: %w", err))
	}
	rep.Bytes = fi.Size()
	if err := preflight(path); err != nil {
		return rep, err
	}
	db, err := openDB(path, &bbolt.Options{Timeout: timeout, ReadOnly: true})
	if err != nil {
		return rep, explain(path, err)
	}
	defer db.Close()
	if err := check(db); err != nil {
		return rep, &CorruptError{Path: path, Err: err}
	}
	err = guard(func() error {
		return db.View(func(tx *bbolt.Tx) error {
			return tx.ForEach(func(name []byte, b *bbolt.Bucket) error {
				dec := decoders[string(name)]
				n := 0
				err := b.ForEach(func(k, v []byte) error {
					n++
					if dec == nil || !decode {
						return nil
					}
					if err := dec(k, v); err != nil {
						rep.Bad = append(rep.Bad, store.NewUnreadable(path, string(name), store.PrintKey(k), err).Unreadable)
					}
					return nil
				})
				rep.Keys[string(name)] = n
				return err
			})
		})
	})
	if err != nil {
		return rep, &CorruptError{Path: path, Err: err}
	}
	return rep, nil
}

// openDB is bbolt.Open with its panics and format errors as *CorruptError
// and a held lock as ErrLocked.
func openDB(path string, o *bbolt.Options) (*bbolt.DB, error) {
	var db *bbolt.DB
	var file *os.File
	o.OpenFile = func(name string, flag int, perm os.FileMode) (*os.File, error) {
		f, err := os.OpenFile(name, flag, perm)
		file = f
		return f, err
	}
	err := guard(func() (err error) {
		db, err = bbolt.Open(path, 0o600, o)
		return err
	})
	var f faultError
	if errors.As(err, &f) && file != nil {
		file.Close() // bbolt panicked with the file open and locked: let go of both
	}
	switch {
	case err == nil:
		return db, nil
	case errors.Is(err, berrors.ErrTimeout):
		return nil, fmt.Errorf("open store %s: %w", path, ErrLocked)
	case damaged(err):
		return nil, &CorruptError{Path: path, Err: err}
	}
	return nil, fmt.Errorf("open store %s: %w", path, err)
}

// Backup writes a consistent copy of the store to w (one read transaction:
// writers carry on meanwhile) and returns its size.
func (s *Store) Backup(w io.Writer) (int64, error) {
	var n int64
	err := s.read(func(tx *bbolt.Tx) (err error) {
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("back up store %s: %w", s.Path(), err)
	}
	return n, nil
}

// BackupFile writes a consistent copy of the store to path: to a temporary
// file beside it, synced, then renamed over path, so that path is never a
// half-written backup. It refuses to write over the store itself.
func (s *Store) BackupFile(path string) (int64, error) {
	if same(path, s.Path()) {
		return 0, fmt.Errorf("back up store %s: the backup must be another file than the store", s.Path())
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return 0, fmt.Errorf("back up store to %s: %w", path, err)
	}
	defer os.Remove(f.Name())
	n, err := s.Backup(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(f.Name(), 0o600)
	}
	if err == nil {
		err = os.Rename(f.Name(), path)
	}
	if err != nil {
		return 0, fmt.Errorf("back up store to %s: %w", path, err)
	}
	return n, nil
}

func same(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	if err1 == nil && err2 == nil {
		return os.SameFile(fa, fb)
	}
	aa, _ := filepath.Abs(a)
	bb, _ := filepath.Abs(b)
	return aa == bb
}
